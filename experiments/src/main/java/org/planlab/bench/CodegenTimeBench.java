package org.planlab.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.planlab.datagen.gen.Generator;
import org.planlab.datagen.gen.GeneratorArgs;
import org.planlab.datagen.gen.Generators;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.gen.OperatorCache;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.MatrixSource;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.stats.CodegenCounter;
import org.planlab.engine.stats.CompilePhase;
import org.planlab.engine.stats.StatisticsSnapshot;
import org.planlab.workloads.DataSpec;
import org.planlab.workloads.Input;
import org.planlab.workloads.Workload;
import org.planlab.workloads.WorkloadCatalog;

/**
 * Compile-time overhead of operator fusion (fusion paper, sec. 5.3) for one workload driver:
 * generates small inputs into a temporary folder, compiles the driver with the fuse-all
 * selector ({@code fa}) and reads the code generator's counters and times.
 *
 * <p>Run it in a fresh JVM per workload: the first compile of a fresh {@link Engine} sees a COLD
 * operator cache, and in a fresh JVM it also pays class loading and JIT warm-up of the compiler
 * itself, as a real first compile does. The following compiles of the same script on that engine
 * find every operator in its cache (WARM); the median of each time is reported. Last, the
 * distinct CPlans seen are compiled into fresh {@link OperatorCache}s: a cold cache in a warm JVM,
 * measured on the plans alone, without the rest of compilation.
 *
 * <p>Usage: {@code CodegenTimeBench WORKLOAD OUT.jsonl [ROWS] [WARM_COMPILES]} appends one JSON
 * line to OUT.jsonl. ROWS (default 2000) caps the rows of generated inputs given as literals
 * and {@link #MAX_COLS} their columns: sizes change which operators fuse only at thresholds, and
 * the compile-time measurement needs inputs that are quick to write, not big ones.
 */
public final class CodegenTimeBench {
  /** Cap on the literal column counts of generated inputs. */
  static final long MAX_COLS = 200;

  private CodegenTimeBench() {
  }

  /** Counters and times of one compile; times in milliseconds. */
  public record Compile(long dags, long cplans, long classes, long cacheHits, long failures,
      double exploreMs, double selectMs, double constructMs, double compileMs, double parseMs,
      double totalCompileMs) {

    static Compile of(StatisticsSnapshot s) {
      Map<CodegenCounter, Long> c = s.codegen();
      return new Compile(n(c, CodegenCounter.DAGS_OPTIMIZED), n(c, CodegenCounter.CPLANS_BUILT),
          n(c, CodegenCounter.CLASSES_COMPILED), n(c, CodegenCounter.CACHE_HITS),
          n(c, CodegenCounter.COMPILE_FAILURES), ms(n(c, CodegenCounter.EXPLORE_NANOS)),
          ms(n(c, CodegenCounter.SELECT_NANOS)), ms(n(c, CodegenCounter.CONSTRUCT_NANOS)),
          ms(n(c, CodegenCounter.COMPILE_NANOS)),
          ms(s.compileNanos().getOrDefault(CompilePhase.PARSE, 0L)),
          ms(s.totalCompileNanos()));
    }

    private static long n(Map<CodegenCounter, Long> c, CodegenCounter k) {
      return c.getOrDefault(k, 0L);
    }

    private static double ms(long nanos) {
      return nanos / 1e6;
    }

    /**
     * The counters of the last compile with each time the median over {@code all} (the times
     * are noisy independently of each other: GC and JIT pauses hit one phase at a time).
     */
    static Compile median(List<Compile> all) {
      Compile last = all.get(all.size() - 1);
      return new Compile(last.dags, last.cplans, last.classes, last.cacheHits, last.failures,
          median(all, Compile::exploreMs), median(all, Compile::selectMs),
          median(all, Compile::constructMs), median(all, Compile::compileMs),
          median(all, Compile::parseMs), median(all, Compile::totalCompileMs));
    }

    private static double median(List<Compile> all, ToDoubleFunction<Compile> f) {
      return CodegenTimeBench.median(all.stream().mapToDouble(f).sorted().toArray());
    }
  }

  /**
   * One workload's result: the cold compile, the median warm one, and the distinct CPlans of a
   * compile generated and compiled again into fresh operator caches in the now warm JVM (median
   * milliseconds over {@code warmCompiles} fresh caches): the class-compilation cost without the
   * JVM's own warm-up, which a first compile in a long-running JVM pays.
   */
  public record Result(String workload, long rows, Compile cold, Compile warm, int warmCompiles,
      int distinctPlans, double freshCacheCompileMs) {
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: CodegenTimeBench WORKLOAD OUT.jsonl [ROWS] [WARM_COMPILES]");
      System.exit(2);
    }
    long rows = args.length > 2 ? Long.parseLong(args[2]) : 2000;
    int warm = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    if (rows < 1 || warm < 1) {
      throw new IllegalArgumentException("ROWS and WARM_COMPILES must be >= 1, were " + rows
          + " and " + warm);
    }
    Result r = measure(args[0], rows, warm);
    String line = new ObjectMapper().writeValueAsString(r) + "\n";
    Files.writeString(Path.of(args[1]), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    System.out.print(line);
  }

  static Result measure(String name, long rows, int warmCompiles) throws IOException {
    WorkloadCatalog catalog = WorkloadCatalog.standard();
    Workload w = catalog.byName(name);
    Path dir = Files.createTempDirectory("planlab-codegen-bench-");
    try {
      Map<String, String> args = new LinkedHashMap<>(w.defaultArgs());
      args.putAll(generateInputs(w, dir, rows, args));
      EngineConfig config = EngineConfig.builder().parallelism(1)
          .libraryRoots(List.of(catalog.libraryFolder())).workingDirectory(dir)
          .fusion("fa").statistics(true).build();
      Path script = catalog.driverScript(w);
      Set<CPlan> plans = new LinkedHashSet<>();
      Compile cold;
      List<Compile> warm = new ArrayList<>();
      try (Engine engine = Engine.create(config)) {
        cold = compile(engine, script, args, plans);
        for (int i = 0; i < warmCompiles; i++) {
          warm.add(compile(engine, script, args, plans));
        }
      }
      double[] fresh = new double[warmCompiles];
      for (int i = 0; i < warmCompiles; i++) {
        OperatorCache cache = new OperatorCache();
        long t0 = System.nanoTime();
        plans.forEach(cache::getOrCompile);
        fresh[i] = (System.nanoTime() - t0) / 1e6;
      }
      Arrays.sort(fresh);
      return new Result(name, rows, cold, Compile.median(warm), warmCompiles, plans.size(),
          median(fresh));
    } finally {
      deleteTree(dir);
    }
  }

  /** One compile through the default pipeline, adding the CPlans it fused to {@code plans}. */
  private static Compile compile(Engine engine, Path script, Map<String, String> args,
      Set<CPlan> plans) {
    CompiledScript s = engine.compile(script, args, Pipeline.defaults(),
        r -> r.compiled().forEach(op -> plans.add(op.plan())));
    return Compile.of(s.statistics().snapshot());
  }

  /** The median of sorted values. */
  static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /**
   * Writes every input of {@code w} as a binary matrix (with .mtd, so sizes are known at compile
   * time), literal rows capped at {@code maxRows} and literal columns at {@link #MAX_COLS};
   * returns the argument name to file of each.
   */
  static Map<String, String> generateInputs(Workload w, Path dir, long maxRows,
      Map<String, String> args) throws IOException {
    Map<String, String> files = new LinkedHashMap<>();
    Map<String, long[]> shapes = new LinkedHashMap<>();
    for (Input in : w.inputs()) {
      DataSpec spec = cap(cap(in.data(), "rows", maxRows), "cols", MAX_COLS);
      Map<String, String> p = spec.resolve(files, shapes, args);
      Path file = dir.resolve(in.name() + ".bin");
      Map<String, Double> options = new LinkedHashMap<>();
      p.forEach((k, v) -> {
        if (!List.of("rows", "cols", "seed", "of").contains(k)) {
          options.put(k, Double.parseDouble(v));
        }
      });
      Long r = p.containsKey("rows") ? (long) Double.parseDouble(p.get("rows")) : null;
      Integer c = p.containsKey("cols") ? (int) Double.parseDouble(p.get("cols")) : null;
      long seed = p.containsKey("seed") ? Long.parseLong(p.get("seed")) : 1;
      try (MatrixSource of = p.containsKey("of") ? MatrixFiles.open(Path.of(p.get("of"))) : null) {
        Generator g = Generators.create(spec.generator(), new GeneratorArgs(r, c, seed, options,
            of));
        MatrixFiles.write(g, file, MatrixFormat.BINARY, WriteOptions.defaults(), 1, n -> {
        });
        shapes.put(in.name(), new long[] {g.rows(), g.cols()});
      }
      files.put(in.name(), file.toString());
    }
    return files;
  }

  /** The spec with a literal {@code param} lowered to at most {@code max}. */
  private static DataSpec cap(DataSpec spec, String param, long max) {
    String v = spec.params().get(param);
    if (v == null || v.startsWith("@") || v.startsWith("$")) {
      return spec;
    }
    return Long.parseLong(v) <= max ? spec : spec.with(param, Long.toString(max));
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
