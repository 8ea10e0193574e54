package org.planlab.datagen;

import java.util.List;
import org.planlab.datagen.gen.DenseNormal;
import org.planlab.datagen.gen.DenseUniform;
import org.planlab.datagen.gen.Generator;
import org.planlab.datagen.gen.LabelsFromModel;
import org.planlab.datagen.gen.LowRankPlusNoise;
import org.planlab.datagen.gen.NonNegSparse;
import org.planlab.datagen.gen.SparsePowerLaw;
import org.planlab.datagen.gen.SparseUniform;

/** One small instance of every generator (several blocks, a partial last block). */
public final class TestGenerators {
  private TestGenerators() {
  }

  public static final long ROWS = 2500;
  public static final int COLS = 37;

  public static List<Generator> all(long seed) {
    return List.of(
        new DenseUniform(ROWS, COLS, -1, 2, seed),
        new DenseNormal(ROWS, COLS, 0.5, 2, seed),
        new SparseUniform(ROWS, COLS, 0.05, 0, 1, seed),
        new SparsePowerLaw(new SparsePowerLaw.Params(ROWS, COLS, 0.1, 1.0, 0.5, seed)),
        new LabelsFromModel(new DenseUniform(ROWS, 7, -1, 1, seed + 1),
            new LabelsFromModel.Params(3, 0.1, seed)),
        new LowRankPlusNoise(new LowRankPlusNoise.Params(ROWS, COLS, 4, 0.3, 0.1, seed)),
        new NonNegSparse(ROWS, COLS, 0.02, 3, seed));
  }
}
