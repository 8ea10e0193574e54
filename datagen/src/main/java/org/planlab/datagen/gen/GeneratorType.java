package org.planlab.datagen.gen;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.io.RowBlocks;

/**
 * One entry of the generator registry: name, what it makes, the options it accepts (with
 * defaults), and how to make it from {@link GeneratorArgs}.
 *
 * @param takesInput whether the generator derives from an input matrix (its shape comes from it)
 */
public record GeneratorType(String name, String description, List<Option> options,
    boolean takesInput, Factory factory) {

  /** A numeric option with its default; {@code integer} options must be whole numbers. */
  public record Option(String name, double defaultValue, boolean integer, String description) {
  }

  /** Builds the generator from checked, defaulted values. */
  @FunctionalInterface
  public interface Factory {
    Generator create(Values values) throws IOException;
  }

  public GeneratorType {
    options = List.copyOf(options);
  }

  /** The names of this generator's options. */
  public List<String> optionNames() {
    return options.stream().map(Option::name).toList();
  }

  /**
   * Checks {@code args} against this generator (no unknown options, shape given unless taken
   * from the input, input given when needed) and creates the generator.
   */
  public Generator create(GeneratorArgs args) throws IOException {
    Map<String, Double> values = new HashMap<>();
    for (Option o : options) {
      values.put(o.name(), o.defaultValue());
    }
    for (Map.Entry<String, Double> e : args.options().entrySet()) {
      Option o = options.stream().filter(x -> x.name().equals(e.getKey())).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("option '" + e.getKey()
              + "' does not apply to " + name + (options.isEmpty() ? " (it takes no options)"
              : "; its options: " + String.join(", ", optionNames()))));
      double v = e.getValue();
      if (o.integer() && (v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE)) {
        throw new IllegalArgumentException(name + ": option '" + o.name()
            + "' must be a whole number, was " + v);
      }
      values.put(o.name(), v);
    }
    if (takesInput) {
      if (args.input() == null) {
        throw new IllegalArgumentException(name + " needs an input matrix (--of FILE)");
      }
      if (args.rows() != null && args.rows() != args.input().rows()) {
        throw new IllegalArgumentException(name + " takes its " + args.input().rows()
            + " rows from its input; rows=" + args.rows() + " disagrees");
      }
      if (args.cols() != null && args.cols() != 1) {
        throw new IllegalArgumentException(name + " makes one column; cols=" + args.cols()
            + " is not possible");
      }
    } else {
      if (args.input() != null) {
        throw new IllegalArgumentException(name + " takes no input matrix");
      }
      if (args.rows() == null || args.cols() == null) {
        throw new IllegalArgumentException(name + " needs both rows and cols");
      }
    }
    return factory.create(new Values(args, values));
  }

  /** The resolved arguments a {@link Factory} reads. */
  public static final class Values {
    private final GeneratorArgs args;
    private final Map<String, Double> values;

    Values(GeneratorArgs args, Map<String, Double> values) {
      this.args = args;
      this.values = values;
    }

    public long rows() {
      return args.rows();
    }

    public int cols() {
      return args.cols();
    }

    public long seed() {
      return args.seed();
    }

    public RowBlocks input() {
      return args.input();
    }

    /** Value of a declared option (given or default). */
    public double get(String option) {
      Double v = values.get(option);
      if (v == null) {
        throw new IllegalStateException("option '" + option + "' is not declared");
      }
      return v;
    }

    /** Value of a declared whole-number option. */
    public int getInt(String option) {
      return (int) get(option);
    }
  }
}
