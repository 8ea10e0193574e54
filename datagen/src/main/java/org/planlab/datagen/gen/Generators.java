package org.planlab.datagen.gen;

import java.io.IOException;
import java.util.List;
import org.planlab.datagen.gen.GeneratorType.Option;
import org.planlab.datagen.gen.GeneratorType.Range;
import org.planlab.datagen.gen.GeneratorType.Values;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * The generators by name. Option defaults are part of the definition of the data (a descriptor
 * plus the commit determines every file), so change them deliberately.
 */
public final class Generators {
  private static final Option MIN =
      new Option("min", 0, Range.finite(), "smallest value (inclusive)");
  private static final Option MAX =
      new Option("max", 1, Range.finite(), "largest value (exclusive)");
  private static final Range FRACTION = Range.between(0, 1);
  private static final Range NON_NEGATIVE = Range.atLeast(0);

  private static final List<GeneratorType> TYPES = List.of(
      new GeneratorType("dense-uniform", "dense X, cells from U[min, max) (= DML rand)",
          List.of(MIN, MAX), false, Generators::denseUniform, Generators::denseUniform),
      new GeneratorType("dense-normal", "dense X, cells from N(mean, sd^2)",
          List.of(new Option("mean", 0, Range.finite(), "mean of the cells"),
              new Option("sd", 1, NON_NEGATIVE, "standard deviation of the cells")), false,
          Generators::denseNormal, Generators::denseNormal),
      new GeneratorType("sparse-uniform",
          "X with uniformly placed non-zeros from U[min, max) (= DML rand with sparsity)",
          List.of(new Option("sparsity", 0.1, FRACTION, "fraction of non-zero cells"), MIN, MAX),
          false, Generators::sparseUniform, Generators::sparseUniform),
      new GeneratorType("sparse-powerlaw",
          "rating-like X: Zipf row and column popularity, values 1..5",
          List.of(new Option("sparsity", 0.01, FRACTION, "expected fraction of non-zero cells"),
              new Option("exponent", 1.0, NON_NEGATIVE, "Zipf exponent of column popularity"),
              new Option("row-exponent", 0.5, NON_NEGATIVE, "Zipf exponent of row popularity")),
          false, Generators::powerLaw, v -> new SparsePowerLaw(powerLaw(v))),
      new GeneratorType("labels-from-model",
          "y = sign(X·w* + noise) for 2 classes, argmax(X·W* + noise) + 1 for more",
          List.of(new Option("classes", 2, Range.whole(2, MatrixBlock.MAX_DENSE_CELLS),
                  "number of classes (2: labels -1/+1)"),
              new Option("noise", 0.1, NON_NEGATIVE, "standard deviation of the score noise")),
          true, Generators::labels, v -> new LabelsFromModel(v.input(), labels(v))),
      new GeneratorType("low-rank-plus-noise",
          "X = mask ⊙ (U·Vᵀ + N(0, noise^2)), mask of the given sparsity",
          List.of(new Option("rank", 10, Range.whole(1, MatrixBlock.MAX_DENSE_CELLS),
                  "rank of U·Vᵀ, at most min(rows, cols)"),
              new Option("sparsity", 1.0, FRACTION, "fraction of cells kept by the mask"),
              new Option("noise", 0.1, NON_NEGATIVE, "standard deviation of the noise")),
          false, Generators::lowRank, v -> new LowRankPlusNoise(lowRank(v))),
      new GeneratorType("nonneg-sparse",
          "non-negative sparse counts >= 1 (geometric) for PNMF",
          List.of(new Option("sparsity", 0.01, FRACTION, "fraction of non-zero cells"),
              new Option("mean", 2, Range.atLeast(1), "mean count")),
          false, Generators::nonNegSparse, Generators::nonNegSparse));

  private Generators() {
  }

  /** All generator types, in a fixed order. */
  public static List<GeneratorType> all() {
    return TYPES;
  }

  /** All generator names. */
  public static List<String> names() {
    return TYPES.stream().map(GeneratorType::name).toList();
  }

  /** The generator type called {@code name}; an error listing the valid names otherwise. */
  public static GeneratorType byName(String name) {
    for (GeneratorType t : TYPES) {
      if (t.name().equals(name)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown generator '" + name + "'; valid generators: "
        + String.join(", ", names()));
  }

  /** Creates the generator {@code name} from generic arguments ({@link GeneratorType#create}). */
  public static Generator create(String name, GeneratorArgs args) throws IOException {
    return byName(name).create(args);
  }

  // The typed parameters of each generator from resolved values. Their constructors check the
  // rules between values and compute nothing, so they serve as each type's Checker as well:
  // building them is the check a generator makes at generation time, without generating.

  private static DenseUniform denseUniform(Values v) {
    return new DenseUniform(v.rows(), v.cols(), v.get("min"), v.get("max"), v.seed());
  }

  private static DenseNormal denseNormal(Values v) {
    return new DenseNormal(v.rows(), v.cols(), v.get("mean"), v.get("sd"), v.seed());
  }

  private static SparseUniform sparseUniform(Values v) {
    return new SparseUniform(v.rows(), v.cols(), v.get("sparsity"), v.get("min"), v.get("max"),
        v.seed());
  }

  private static SparsePowerLaw.Params powerLaw(Values v) {
    return new SparsePowerLaw.Params(v.rows(), v.cols(), v.get("sparsity"), v.get("exponent"),
        v.get("row-exponent"), v.seed());
  }

  private static LabelsFromModel.Params labels(Values v) {
    return new LabelsFromModel.Params(v.getInt("classes"), v.get("noise"), v.seed());
  }

  private static LowRankPlusNoise.Params lowRank(Values v) {
    return new LowRankPlusNoise.Params(v.rows(), v.cols(), v.getInt("rank"), v.get("sparsity"),
        v.get("noise"), v.seed());
  }

  private static NonNegSparse nonNegSparse(Values v) {
    return new NonNegSparse(v.rows(), v.cols(), v.get("sparsity"), v.get("mean"), v.seed());
  }
}
