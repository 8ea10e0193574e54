package org.planlab.datagen.gen;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.planlab.engine.io.RowBlocks;

/**
 * Generic arguments of a generator, as the command line or an experiment descriptor gives them:
 * shape, seed, named numeric options, and an input matrix for generators that derive from one.
 *
 * @param rows number of rows, or null when the generator takes them from its input
 * @param cols number of columns, or null when the generator takes them from its input
 * @param seed the seed
 * @param options option name to value (e.g. "sparsity", "min"); absent ones take defaults
 * @param input the input matrix (labels-from-model), or null
 */
public record GeneratorArgs(Long rows, Integer cols, long seed, Map<String, Double> options,
    RowBlocks input) {

  public GeneratorArgs {
    options = Collections.unmodifiableMap(new TreeMap<>(options));
  }

  /** Shape and seed, no options, no input. */
  public static GeneratorArgs of(long rows, int cols, long seed) {
    return new GeneratorArgs(rows, cols, seed, Map.of(), null);
  }

  /** Input-derived shape (labels-from-model), no options. */
  public static GeneratorArgs ofInput(RowBlocks input, long seed) {
    return new GeneratorArgs(null, null, seed, Map.of(), input);
  }

  /** These arguments with one more option. */
  public GeneratorArgs with(String option, double value) {
    Map<String, Double> m = new TreeMap<>(options);
    m.put(option, value);
    return new GeneratorArgs(rows, cols, seed, m, input);
  }
}
