package org.planlab.experiment.descriptor;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.planlab.datagen.gen.GeneratorArgs;
import org.planlab.datagen.gen.GeneratorType;
import org.planlab.datagen.gen.Generators;
import org.planlab.experiment.descriptor.ExperimentDescriptor.DataInput;

/**
 * Runs every generator's argument checks ({@link GeneratorType#check}) on every set of
 * arguments a study's grid gives its inputs, when the descriptor is loaded: a value that no
 * generator accepts is a descriptor error, not a failed point in the middle of a run.
 *
 * <p>The loader checks each literal value against its range where it reads it; what is left are
 * the values known only per grid point (references {@code $k}, {@code @X.rows}, {@code @X.cols})
 * and the rules between values ({@code min <= max}, a rank no larger than the shape). An input's
 * arguments depend only on its own lists, the parameters it refers to and, through shape
 * references, on the inputs it refers to; the check walks the cartesian product of exactly
 * those axes (the grid is a cartesian product, so this meets every combination a point can
 * have) and checks each distinct set of arguments once.
 */
final class GeneratorGridCheck {
  /**
   * A set of arguments no generator accepts.
   *
   * @param key the dotted key the problem belongs to, as parts ({@code [data, X, rows]},
   *     {@code [params, rank]}, {@code [data, X]})
   * @param message what is wrong, with the resolved values
   */
  record Problem(List<String> key, String message) {
  }

  private final Map<String, List<String>> params;
  private final Map<String, DataInput> inputs = new LinkedHashMap<>();

  private GeneratorGridCheck(Map<String, List<String>> params, List<DataInput> data) {
    this.params = params;
    data.forEach(d -> inputs.put(d.name(), d));
  }

  /**
   * The first problem of a study's inputs, in input order.
   *
   * @param params the study's parameters, each a list of values (defaults included)
   * @param data its inputs, whose references the loader has checked (they name parameters and
   *     earlier inputs)
   */
  static Optional<Problem> firstProblem(Map<String, List<String>> params, List<DataInput> data) {
    GeneratorGridCheck c = new GeneratorGridCheck(params, data);
    for (DataInput in : data) {
      Optional<Problem> p = c.check(in);
      if (p.isPresent()) {
        return p;
      }
    }
    return Optional.empty();
  }

  private Optional<Problem> check(DataInput in) {
    GeneratorType type = Generators.byName(in.generator());
    List<String> axes = new ArrayList<>(axes(in.name()));
    List<List<String>> values = axes.stream().map(this::valuesOf).toList();
    int[] choice = new int[axes.size()];
    Set<Map<String, String>> seen = new HashSet<>();
    while (true) {
      Map<String, String> point = new LinkedHashMap<>();
      for (int i = 0; i < axes.size(); i++) {
        point.put(axes.get(i), values.get(i).get(choice[i]));
      }
      Map<String, String> resolved = resolve(in, point);
      if (seen.add(resolved)) {
        Optional<Problem> p = check(in, type, point, resolved);
        if (p.isPresent()) {
          return p;
        }
      }
      int i = axes.size() - 1;
      while (i >= 0 && ++choice[i] == values.get(i).size()) {
        choice[i] = 0;
        i--;
      }
      if (i < 0) {
        return Optional.empty();
      }
    }
  }

  /**
   * One set of arguments: each value against its range, then the generator's rules.
   *
   * @param point the values of the axes, before references are replaced
   * @param args the arguments, references replaced
   */
  private Optional<Problem> check(DataInput in, GeneratorType type, Map<String, String> point,
      Map<String, String> args) {
    Long rows = null;
    Integer cols = null;
    long seed = 1;
    Map<String, Double> options = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : args.entrySet()) {
      String p = e.getKey();
      if (p.equals("of")) {
        continue;
      }
      String raw = point.get(in.name() + "." + p);
      GeneratorType.Range range = type.range(p);
      double v;
      try {
        v = range.integer() ? new BigDecimal(e.getValue().strip()).longValueExact()
            : Double.parseDouble(e.getValue().strip());
      } catch (NumberFormatException | ArithmeticException ex) {
        return Optional.of(valueProblem(in, p, raw, "'" + e.getValue() + "' is not "
            + (range.integer() ? "a whole number" : "a number")));
      }
      String problem = range.problem(v);
      if (problem != null) {
        return Optional.of(valueProblem(in, p, raw, problem));
      }
      switch (p) {
        case "rows" -> rows = (long) v;
        case "cols" -> cols = (int) v;
        case "seed" -> seed = (long) v;
        default -> options.put(p, v);
      }
    }
    try {
      type.check(new GeneratorArgs(rows, cols, seed, options, null));
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(new Problem(List.of("data", in.name()), e.getMessage() + " ("
          + String.join(", ", args.entrySet().stream().map(a -> a.getKey() + "="
              + a.getValue()).toList()) + ")"));
    }
  }

  /**
   * A value outside its range. A value from a parameter is the parameter's problem; one from a
   * shape reference or a literal (checked where read, so this is rare) belongs to the input.
   */
  private Problem valueProblem(DataInput in, String param, String raw, String problem) {
    if (raw.startsWith("$")) {
      return new Problem(List.of("params", raw.substring(1)), "input " + in.name() + "'s "
          + param + " (" + raw + ") " + problem);
    }
    String what = raw.startsWith("@") ? raw + " " : "";
    return new Problem(List.of("data", in.name(), param), what + problem);
  }

  /**
   * The axes an input's arguments depend on: {@code X.p} for its own parameters, {@code $k} for
   * the parameters it refers to, and the axes of the inputs it refers to.
   */
  private Set<String> axes(String input) {
    Set<String> axes = new LinkedHashSet<>();
    DataInput in = inputs.get(input);
    in.params().forEach((p, vs) -> {
      axes.add(input + "." + p);
      for (String v : vs) {
        if (v.startsWith("$") && params.containsKey(v.substring(1))) {
          axes.add(v);
        } else if (v.startsWith("@") && inputs.containsKey(referenced(v))) {
          axes.addAll(axes(referenced(v)));
        }
      }
    });
    return axes;
  }

  private List<String> valuesOf(String axis) {
    if (axis.startsWith("$")) {
      return params.get(axis.substring(1));
    }
    int dot = axis.indexOf('.');
    return inputs.get(axis.substring(0, dot)).params().get(axis.substring(dot + 1));
  }

  /** The input's arguments at one choice of its axes, references replaced. */
  private Map<String, String> resolve(DataInput in, Map<String, String> point) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String p : in.params().keySet()) {
      String v = point.get(in.name() + "." + p);
      if (v.startsWith("$") && params.containsKey(v.substring(1))) {
        v = point.get(v);
      } else if (v.startsWith("@") && !p.equals("of")) {
        long[] shape = shape(referenced(v), point);
        v = Long.toString(v.endsWith(".rows") ? shape[0] : shape[1]);
      }
      out.put(p, v);
    }
    return out;
  }

  /**
   * The shape of an earlier input at this choice of axes: its rows and cols, or for a generator
   * that derives from an input, that input's rows and one column (labels). The earlier input
   * was checked already, so its values are numbers.
   */
  private long[] shape(String input, Map<String, String> point) {
    DataInput in = inputs.get(input);
    Map<String, String> args = resolve(in, point);
    if (Generators.byName(in.generator()).takesInput()) {
      return new long[] {shape(referenced(args.get("of")), point)[0], 1};
    }
    return new long[] {new BigDecimal(args.get("rows").strip()).longValueExact(),
        new BigDecimal(args.get("cols").strip()).longValueExact()};
  }

  /** The input a reference names: {@code @X}, {@code @X.rows}, {@code @X.cols} -> X. */
  private static String referenced(String reference) {
    String name = reference.substring(1);
    if (name.endsWith(".rows") || name.endsWith(".cols")) {
      name = name.substring(0, name.length() - 5);
    }
    return name;
  }
}
