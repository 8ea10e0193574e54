package org.planlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import org.planlab.datagen.gen.Generator;
import org.planlab.datagen.gen.GeneratorArgs;
import org.planlab.datagen.gen.GeneratorType;
import org.planlab.datagen.gen.Generators;
import org.planlab.engine.config.ByteSize;
import org.planlab.engine.io.FileErrors;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.MatrixFormatException;
import org.planlab.engine.io.MatrixSource;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.io.WriteResult;
import org.planlab.engine.parallel.KernelPool;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code planlab datagen GENERATOR --rows R --cols C [...] --out FILE}: writes a generator's
 * matrix and {@code FILE.mtd}. Exit codes: 0 written; 2 usage error (unknown generator or
 * format, an option the generator does not take, a bad value); 1 failure while reading the
 * input or writing (message "planlab: ...", no stack trace).
 */
@Command(name = "datagen", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Write a seeded synthetic matrix (and FILE.mtd) in a chosen format.",
    footer = {"",
        "Generators (options beyond --rows --cols --seed, defaults in brackets):",
        "  dense-uniform        --min [0] --max [1]",
        "  dense-normal         --mean [0] --sd [1]",
        "  sparse-uniform       --sparsity [0.1] --min [0] --max [1]",
        "  sparse-powerlaw      --sparsity [0.01] --exponent [1.0] --row-exponent [0.5]",
        "  labels-from-model    --of INPUT_FILE --classes [2] --noise [0.1]",
        "                       (rows from the input; output INPUT_ROWS x 1)",
        "  low-rank-plus-noise  --rank [10] --sparsity [1.0] --noise [0.1]",
        "  nonneg-sparse        --sparsity [0.01] --mean [2]",
        "Ranges: --rows 1 to 10^12, --cols 1 to 2^31-9, --sparsity 0 to 1, --min <= --max,",
        "  --sd --noise --exponent --row-exponent >= 0, --classes >= 2,",
        "  --rank 1 to min(rows, cols), --mean (nonneg-sparse) >= 1, --threads 1 to "
            + KernelPool.MAX_PARALLELISM + ".",
        "Formats: binary, csv, mm, text; by default chosen by the extension of --out",
        "  (.csv, .mtx or .mm, .ijv, .bin), else binary.",
        "Numbers accept 1e6-style notation. The same arguments give the same bytes,",
        "with any number of --threads.",
        "Exit codes: 0 written, 1 failure, 2 usage error."})
final class DatagenCommand implements Callable<Integer> {
  /** Outputs above this many cells get a progress bar. */
  static final long PROGRESS_CELLS = 1_000_000;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "GENERATOR", description = "the generator, see below")
  String generator;

  @Option(names = "--rows", paramLabel = "R", converter = WholeNumber.class,
      description = "number of rows")
  Long rows;

  @Option(names = "--cols", paramLabel = "C", converter = WholeNumber.class,
      description = "number of columns")
  Long cols;

  @Option(names = "--sparsity", paramLabel = "S", description = "fraction of non-zero cells")
  Double sparsity;

  @Option(names = "--seed", paramLabel = "N", converter = WholeNumber.class, defaultValue = "1",
      description = "seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--format", paramLabel = "F",
      description = "binary, csv, mm or text (default: by the extension of --out, else binary)")
  String format;

  @Option(names = "--threads", paramLabel = "T", converter = WholeNumber.class,
      description = "generating threads, 1 to " + KernelPool.MAX_PARALLELISM
          + " (default: the number of cores)")
  Long threads;

  @Option(names = "--min", description = "smallest value") Double min;
  @Option(names = "--max", description = "largest value (exclusive)") Double max;
  @Option(names = "--mean", description = "mean (dense-normal), mean count (nonneg-sparse)")
  Double mean;
  @Option(names = "--sd", description = "standard deviation (dense-normal)") Double sd;
  @Option(names = "--rank", converter = WholeNumber.class,
      description = "rank (low-rank-plus-noise)")
  Long rank;
  @Option(names = "--noise", description = "noise standard deviation") Double noise;
  @Option(names = "--classes", converter = WholeNumber.class,
      description = "number of classes (labels-from-model)")
  Long classes;
  @Option(names = "--exponent", description = "Zipf exponent of columns (sparse-powerlaw)")
  Double exponent;
  @Option(names = "--row-exponent", description = "Zipf exponent of rows (sparse-powerlaw)")
  Double rowExponent;

  @Option(names = "--of", paramLabel = "INPUT_FILE",
      description = "input matrix of labels-from-model (any format)")
  Path of;

  @Option(names = "--header", description = "csv: write a header line")
  boolean header;

  @Option(names = "--sep", paramLabel = "SEP", defaultValue = ",",
      description = "csv: separator (default: ${DEFAULT-VALUE})")
  String sep;

  @Option(names = "--mm-layout", paramLabel = "L", defaultValue = "auto",
      description = "mm: auto, coordinate or array (default: ${DEFAULT-VALUE})")
  String mmLayout;

  @Option(names = "--no-progress", description = "no progress bar")
  boolean noProgress;

  @Option(names = "--out", paramLabel = "FILE", required = true, description = "output file")
  Path out;

  @Override
  public Integer call() throws IOException {
    GeneratorType type = usage(() -> Generators.byName(generator));
    MatrixFormat fmt = format != null ? usage(() -> MatrixFormat.byName(format))
        : MatrixFormat.fromExtension(out).orElse(MatrixFormat.BINARY);
    WriteOptions opts = usage(() -> WriteOptions.defaults().withHeader(header).withSep(sep)
        .withMmLayout(layout(mmLayout)));
    int nThreads = threads == null
        ? Math.min(Runtime.getRuntime().availableProcessors(), KernelPool.MAX_PARALLELISM)
        : usage(() -> KernelPool.checkParallelism("--threads", threads));
    Map<String, Double> options = options();
    usage(() -> checkRanges(type, options));
    Integer nCols = cols == null ? null : cols.intValue();
    try (MatrixSource input = of == null ? null : input(of)) {
      Generator g = usage(() -> type.create(new GeneratorArgs(rows, nCols, seed, options, input)));
      long t0 = System.nanoTime();
      WriteResult r;
      boolean progress = !noProgress && (double) g.rows() * g.cols() > PROGRESS_CELLS;
      if (progress) {
        try (ProgressBar pb = new ProgressBarBuilder().setTaskName("datagen " + g.name())
            .setInitialMax(g.rows()).setUnit(" rows", 1).hideEta()
            .setConsumer(new ConsoleProgressBarConsumer(System.err)).build()) {
          r = write(g, fmt, opts, nThreads, pb::stepTo);
        }
      } else {
        LongConsumer none = n -> {
        };
        r = write(g, fmt, opts, nThreads, none);
      }
      double secs = (System.nanoTime() - t0) / 1e9;
      PrintWriter w = spec.commandLine().getOut();
      w.printf(Locale.ROOT, "wrote %s: %d x %d, nnz %d, %s %s, %.2f s%n", r.file(), r.rows(),
          r.cols(), r.nnz(), bytes(r.bytes()), r.format(), secs);
      w.flush();
    }
    return 0;
  }

  /** The {@code --of} matrix; a message with the reason when it cannot be read. */
  private static MatrixSource input(Path file) throws IOException {
    try {
      return MatrixFiles.open(file);
    } catch (MatrixFormatException e) {
      throw e; // names the file and the line or byte offset already
    } catch (IOException e) {
      throw new UncheckedIOException(FileErrors.cannotRead(file, e), e);
    }
  }

  /** Writes {@code --out}; a message with the reason, for the user's path, when it fails. */
  private WriteResult write(Generator g, MatrixFormat fmt, WriteOptions opts, int nThreads,
      LongConsumer rowsDone) throws IOException {
    try {
      return MatrixFiles.write(g, out, fmt, opts, nThreads, rowsDone);
    } catch (MatrixFormatException e) {
      throw e; // an input read while generating, named with its place
    } catch (IOException e) {
      throw new UncheckedIOException(FileErrors.cannotWrite(out, e), e);
    }
  }

  private Map<String, Double> options() {
    Map<String, Double> m = new LinkedHashMap<>();
    put(m, "sparsity", sparsity);
    put(m, "min", min);
    put(m, "max", max);
    put(m, "mean", mean);
    put(m, "sd", sd);
    put(m, "rank", rank == null ? null : rank.doubleValue());
    put(m, "noise", noise);
    put(m, "classes", classes == null ? null : classes.doubleValue());
    put(m, "exponent", exponent);
    put(m, "row-exponent", rowExponent);
    return m;
  }

  private static void put(Map<String, Double> m, String k, Double v) {
    if (v != null) {
      m.put(k, v);
    }
  }

  private static WriteOptions.MmLayout layout(String s) {
    for (WriteOptions.MmLayout l : WriteOptions.MmLayout.values()) {
      if (l.name().equalsIgnoreCase(s)) {
        return l;
      }
    }
    throw new IllegalArgumentException("unknown --mm-layout '" + s
        + "'; valid layouts: auto, coordinate, array");
  }

  /**
   * Each given value against its documented range, named as the option it came from (the
   * generator checks them again, and the rules between them, when it is created).
   */
  private Void checkRanges(GeneratorType type, Map<String, Double> options) {
    if (rows != null) {
      GeneratorType.ROWS.check("--rows", rows);
    }
    if (cols != null) {
      GeneratorType.COLS.check("--cols", cols);
    }
    for (Map.Entry<String, Double> e : options.entrySet()) {
      if (type.optionNames().contains(e.getKey())) {
        type.range(e.getKey()).check("--" + e.getKey(), e.getValue());
      }
    }
    return null;
  }

  static String bytes(long b) {
    return ByteSize.format(b);
  }

  /** A value computed from arguments, whose IllegalArgumentException is a usage error (exit 2). */
  @FunctionalInterface
  private interface ArgumentStep<T> {
    T get() throws IOException;
  }

  private <T> T usage(ArgumentStep<T> step) throws IOException {
    try {
      return step.get();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }

  /** Integers in plain or 1e6-style notation; a fraction is an error. */
  static final class WholeNumber implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      try {
        return new BigDecimal(value.strip()).longValueExact();
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException("'" + value + "' is not a number");
      } catch (ArithmeticException e) {
        throw new CommandLine.TypeConversionException("'" + value
            + "' is not a whole number in the range of a long");
      }
    }
  }
}
