package org.planlab.datagen.gen;

import java.io.IOException;
import java.util.List;
import org.planlab.datagen.gen.GeneratorType.Option;

/**
 * The generators by name. Option defaults are part of the definition of the data (a descriptor
 * plus the commit determines every file), so change them deliberately.
 */
public final class Generators {
  private static final Option MIN = new Option("min", 0, false, "smallest value (inclusive)");
  private static final Option MAX = new Option("max", 1, false, "largest value (exclusive)");

  private static final List<GeneratorType> TYPES = List.of(
      new GeneratorType("dense-uniform", "dense X, cells from U[min, max) (= DML rand)",
          List.of(MIN, MAX), false,
          v -> new DenseUniform(v.rows(), v.cols(), v.get("min"), v.get("max"), v.seed())),
      new GeneratorType("dense-normal", "dense X, cells from N(mean, sd^2)",
          List.of(new Option("mean", 0, false, "mean of the cells"),
              new Option("sd", 1, false, "standard deviation of the cells")), false,
          v -> new DenseNormal(v.rows(), v.cols(), v.get("mean"), v.get("sd"), v.seed())),
      new GeneratorType("sparse-uniform",
          "X with uniformly placed non-zeros from U[min, max) (= DML rand with sparsity)",
          List.of(new Option("sparsity", 0.1, false, "fraction of non-zero cells"), MIN, MAX),
          false, v -> new SparseUniform(v.rows(), v.cols(), v.get("sparsity"), v.get("min"),
              v.get("max"), v.seed())),
      new GeneratorType("sparse-powerlaw",
          "rating-like X: Zipf row and column popularity, values 1..5",
          List.of(new Option("sparsity", 0.01, false, "expected fraction of non-zero cells"),
              new Option("exponent", 1.0, false, "Zipf exponent of column popularity"),
              new Option("row-exponent", 0.5, false, "Zipf exponent of row popularity")),
          false, v -> new SparsePowerLaw(new SparsePowerLaw.Params(v.rows(), v.cols(),
              v.get("sparsity"), v.get("exponent"), v.get("row-exponent"), v.seed()))),
      new GeneratorType("labels-from-model",
          "y = sign(X·w* + noise) for 2 classes, argmax(X·W* + noise) + 1 for more",
          List.of(new Option("classes", 2, true, "number of classes (2: labels -1/+1)"),
              new Option("noise", 0.1, false, "standard deviation of the score noise")),
          true, v -> new LabelsFromModel(v.input(),
              new LabelsFromModel.Params(v.getInt("classes"), v.get("noise"), v.seed()))),
      new GeneratorType("low-rank-plus-noise",
          "X = mask ⊙ (U·Vᵀ + N(0, noise^2)), mask of the given sparsity",
          List.of(new Option("rank", 10, true, "rank of U·Vᵀ"),
              new Option("sparsity", 1.0, false, "fraction of cells kept by the mask"),
              new Option("noise", 0.1, false, "standard deviation of the noise")),
          false, v -> new LowRankPlusNoise(new LowRankPlusNoise.Params(v.rows(), v.cols(),
              v.getInt("rank"), v.get("sparsity"), v.get("noise"), v.seed()))),
      new GeneratorType("nonneg-sparse",
          "non-negative sparse counts >= 1 (geometric) for PNMF",
          List.of(new Option("sparsity", 0.01, false, "fraction of non-zero cells"),
              new Option("mean", 2, false, "mean count (>= 1)")),
          false, v -> new NonNegSparse(v.rows(), v.cols(), v.get("sparsity"), v.get("mean"),
              v.seed())));

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
}
