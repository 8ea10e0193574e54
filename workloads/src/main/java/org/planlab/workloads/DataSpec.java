package org.planlab.workloads;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * How to generate a workload input with the {@code datagen} module: a generator name (e.g.
 * {@code dense-uniform}, see WORKLOADS.md) and its parameters, by the names of the generator's
 * options ({@code rows}, {@code cols}, {@code sparsity}, {@code min}, {@code max}, {@code seed},
 * {@code of}, {@code classes}, {@code rank}, ...).
 *
 * <p>Parameter values are text. Besides literals ({@code 1000}, {@code 0.01}) a value may refer
 * to what is known only when the experiment runs:
 * <ul>
 *   <li>{@code @X} — the file of input {@code X} (e.g. {@code of: @X} for labels made from X);
 *   <li>{@code @X.rows}, {@code @X.cols} — the dimensions of input {@code X};
 *   <li>{@code $k} — the value of the workload parameter {@code k}.
 * </ul>
 * {@link #resolve} replaces them; inputs must be generated in an order in which every referenced
 * input comes first (the catalogue lists inputs in such an order).
 *
 * @param generator the generator name
 * @param params the generator parameters, in a stable order (unmodifiable)
 */
public record DataSpec(String generator, Map<String, String> params) {

  /** Checks the arguments and freezes the parameters. */
  public DataSpec {
    requireNonNull(generator, "generator is null");
    requireNonNull(params, "params is null");
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  /** A spec from alternating parameter names and values: {@code of("dense-uniform", "rows", "10")}. */
  public static DataSpec of(String generator, String... namesAndValues) {
    if (namesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("parameters of " + generator
          + " must come as name-value pairs, got " + namesAndValues.length + " strings");
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      if (params.put(namesAndValues[i], namesAndValues[i + 1]) != null) {
        throw new IllegalArgumentException("parameter " + namesAndValues[i] + " of " + generator
            + " is given twice");
      }
    }
    return new DataSpec(generator, params);
  }

  /** The same spec with one parameter added or replaced (e.g. an experiment's row count). */
  public DataSpec with(String name, String value) {
    Map<String, String> copy = new LinkedHashMap<>(params);
    copy.put(name, value);
    return new DataSpec(generator, copy);
  }

  /** The names of the inputs this spec refers to ({@code @X}, {@code @X.rows}, ...). */
  public Set<String> inputReferences() {
    Set<String> names = new LinkedHashSet<>();
    for (String value : params.values()) {
      if (value.startsWith("@")) {
        names.add(inputName(value));
      }
    }
    return Collections.unmodifiableSet(names);
  }

  /** The names of the workload parameters this spec refers to ({@code $k}). */
  public Set<String> parameterReferences() {
    Set<String> names = new LinkedHashSet<>();
    for (String value : params.values()) {
      if (value.startsWith("$")) {
        names.add(value.substring(1));
      }
    }
    return Collections.unmodifiableSet(names);
  }

  /**
   * The parameters with every reference replaced.
   *
   * @param inputFiles file (path text) per already generated input
   * @param inputShapes {rows, cols} per already generated input
   * @param args workload argument values, as command-line text (defaults included)
   * @throws IllegalArgumentException naming the parameter and reference that cannot be resolved
   */
  public Map<String, String> resolve(Map<String, String> inputFiles, Map<String, long[]> inputShapes,
      Map<String, String> args) {
    Map<String, String> out = new LinkedHashMap<>();
    params.forEach((name, value) -> out.put(name, resolveValue(name, value, inputFiles, inputShapes, args)));
    return Collections.unmodifiableMap(out);
  }

  private String resolveValue(String name, String value, Map<String, String> inputFiles,
      Map<String, long[]> inputShapes, Map<String, String> args) {
    if (value.startsWith("$")) {
      String arg = args.get(value.substring(1));
      if (arg == null) {
        throw unresolved(name, value, "no such workload argument");
      }
      return arg;
    }
    if (!value.startsWith("@")) {
      return value;
    }
    String input = inputName(value);
    if (value.endsWith(".rows") || value.endsWith(".cols")) {
      long[] shape = inputShapes.get(input);
      if (shape == null) {
        throw unresolved(name, value, "the shape of input " + input + " is not known yet");
      }
      return Long.toString(value.endsWith(".rows") ? shape[0] : shape[1]);
    }
    String file = inputFiles.get(input);
    if (file == null) {
      throw unresolved(name, value, "input " + input + " has no file yet");
    }
    return file;
  }

  private IllegalArgumentException unresolved(String name, String value, String why) {
    return new IllegalArgumentException("cannot resolve " + name + "=" + value + " of generator "
        + generator + ": " + why);
  }

  private static String inputName(String reference) {
    String name = reference.substring(1);
    if (name.endsWith(".rows") || name.endsWith(".cols")) {
      name = name.substring(0, name.length() - 5);
    }
    return name;
  }
}
