package org.planlab.datagen.gen;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.io.RowBlocks;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * One entry of the generator registry: name, what it makes, the options it accepts (with
 * defaults and ranges), how to check arguments and how to make the generator from
 * {@link GeneratorArgs}.
 *
 * <p>Arguments are checked in two steps, both before anything is generated: each value against
 * its documented {@link Range} ({@link #range}: rows, cols, seed and every option), then the
 * generator's own rules between values ({@code min <= max}, a rank no larger than the shape) by
 * its {@link Checker}. {@link #check} runs both without an input matrix, so that an experiment
 * descriptor can check every value of its grid before any point runs; {@link #create} runs them
 * again and makes the generator.
 *
 * @param takesInput whether the generator derives from an input matrix (its shape comes from it:
 *     as many rows, one column)
 * @param checker the rules between values, run on the resolved values without generating
 */
public record GeneratorType(String name, String description, List<Option> options,
    boolean takesInput, Checker checker, Factory factory) {
  /** The most rows of a generated matrix: its 1000-row blocks are counted by an int. */
  public static final long MAX_ROWS = 1_000_000_000_000L;
  /** The most columns of a generated matrix: a row is one Java array. */
  public static final long MAX_COLS = MatrixBlock.MAX_DENSE_CELLS;
  /** The range of {@code rows} (an empty matrix is no benchmark input). */
  public static final Range ROWS = Range.whole(1, MAX_ROWS);
  /** The range of {@code cols}. */
  public static final Range COLS = Range.whole(1, MAX_COLS);
  /** The range of {@code seed}: any long. */
  public static final Range SEED = Range.whole(Long.MIN_VALUE, Long.MAX_VALUE);

  /**
   * The values a parameter accepts: [min, max] (either end may be infinite), whole numbers only
   * when {@code integer}; values are always finite (an infinite end means no bound).
   */
  public record Range(double min, double max, boolean integer) {
    /** Checks that the range is not empty. */
    public Range {
      if (!(min <= max)) {
        throw new IllegalArgumentException("empty range [" + min + ", " + max + "]");
      }
    }

    /** Any finite number. */
    public static Range finite() {
      return new Range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, false);
    }

    /** Finite numbers >= {@code min}. */
    public static Range atLeast(double min) {
      return new Range(min, Double.POSITIVE_INFINITY, false);
    }

    /** Numbers in [min, max]. */
    public static Range between(double min, double max) {
      return new Range(min, max, false);
    }

    /** Whole numbers in [min, max]. */
    public static Range whole(double min, double max) {
      return new Range(min, max, true);
    }

    /** Whether {@code v} is a finite value in the range. */
    public boolean contains(double v) {
      return Double.isFinite(v) && v >= min && v <= max && (!integer || v == Math.rint(v));
    }

    /**
     * Checks {@code v}.
     *
     * @param what how the message names the value: {@code --sparsity}, {@code sparse-uniform:
     *     sparsity}
     * @throws IllegalArgumentException "WHAT must be RANGE, was V" when {@code v} is outside
     */
    public void check(String what, double v) {
      String problem = problem(v);
      if (problem != null) {
        throw new IllegalArgumentException(what + " " + problem);
      }
    }

    /** {@code must be RANGE, was V} when {@code v} is outside, else null. */
    public String problem(double v) {
      return contains(v) ? null : "must be " + this + ", was " + number(v);
    }

    /** {@code in [0, 1]}, {@code >= 0}, {@code a finite number}, {@code a whole number >= 2}. */
    @Override
    public String toString() {
      boolean low = min > Double.NEGATIVE_INFINITY && min > -Long.MAX_VALUE;
      boolean high = max < Double.POSITIVE_INFINITY && max < Long.MAX_VALUE;
      String bounds = low && high ? "in [" + number(min) + ", " + number(max) + "]"
          : low ? ">= " + number(min) : high ? "<= " + number(max) : "";
      if (integer) {
        return bounds.isEmpty() ? "a whole number" : "a whole number " + bounds;
      }
      return bounds.isEmpty() ? "a finite number" : bounds;
    }

    /** A value as messages show it: whole ones without a fraction ({@code 2}, not {@code 2.0}). */
    public static String number(double v) {
      return v == Math.rint(v) && Math.abs(v) < 1e18 ? Long.toString((long) v)
          : Double.toString(v);
    }
  }

  /** A numeric option with its default and the range of values it accepts. */
  public record Option(String name, double defaultValue, Range range, String description) {
    /** Checks that the default is in the range. */
    public Option {
      if (!range.contains(defaultValue)) {
        throw new IllegalArgumentException("default " + defaultValue + " of option " + name
            + " is not " + range);
      }
    }

    /** Whether values must be whole numbers. */
    public boolean integer() {
      return range.integer();
    }
  }

  /**
   * The generator's rules between resolved values, checked without generating anything (for a
   * generator that derives from an input, without the input: its rows and cols are unknown).
   */
  @FunctionalInterface
  public interface Checker {
    /** @throws IllegalArgumentException naming the values that do not go together */
    void check(Values values);
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
   * The range of a parameter: {@code rows}, {@code cols}, {@code seed} or an option.
   *
   * @throws IllegalArgumentException for a name that is none of them
   */
  public Range range(String parameter) {
    return switch (parameter) {
      case "rows" -> ROWS;
      case "cols" -> COLS;
      case "seed" -> SEED;
      default -> option(parameter).range();
    };
  }

  /**
   * Checks {@code args} against this generator without generating anything: no unknown
   * options, every value in its range, shape given unless taken from the input (which may be
   * absent here), and the generator's rules between values.
   *
   * @throws IllegalArgumentException naming the generator, the value and what it must be
   */
  public void check(GeneratorArgs args) {
    checkRules(new Values(args, values(args)));
  }

  /**
   * Checks {@code args} as {@link #check} does, requires the input matrix of a generator that
   * derives from one, and creates the generator.
   */
  public Generator create(GeneratorArgs args) throws IOException {
    Map<String, Double> values = values(args);
    if (takesInput && args.input() == null) {
      throw new IllegalArgumentException(name + " needs an input matrix (--of FILE)");
    }
    Values v = new Values(args, values);
    checkRules(v);
    return factory.create(v);
  }

  /** The checker's rules, its messages prefixed with this generator's name. */
  private void checkRules(Values v) {
    try {
      checker.check(v);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
    }
  }

  /** The options' values (given or default), every given value and the shape checked. */
  private Map<String, Double> values(GeneratorArgs args) {
    Map<String, Double> values = new HashMap<>();
    for (Option o : options) {
      values.put(o.name(), o.defaultValue());
    }
    for (Map.Entry<String, Double> e : args.options().entrySet()) {
      Option o = option(e.getKey());
      double v = e.getValue();
      if (o.integer() && v != Math.rint(v)) {
        throw new IllegalArgumentException(name + ": option '" + o.name()
            + "' must be a whole number, was " + v);
      }
      o.range().check(name + ": option '" + o.name() + "'", v);
      values.put(o.name(), v);
    }
    if (takesInput) {
      if (args.input() != null && args.rows() != null && args.rows() != args.input().rows()) {
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
      ROWS.check(name + ": rows", args.rows());
      COLS.check(name + ": cols", args.cols());
    }
    return values;
  }

  private Option option(String optionName) {
    return options.stream().filter(x -> x.name().equals(optionName)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("option '" + optionName
            + "' does not apply to " + name + (options.isEmpty() ? " (it takes no options)"
            : "; its options: " + String.join(", ", optionNames()))));
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

    /** The input matrix; null when only checking, or for a generator without one. */
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
