package org.planlab.bench;

import static org.planlab.bench.FusedPatternMethods.DENSE;
import static org.planlab.bench.FusedPatternMethods.GEN;
import static org.planlab.bench.FusedPatternMethods.HAND;
import static org.planlab.bench.FusedPatternMethods.KERNEL;
import static org.planlab.bench.FusedPatternMethods.MAGG;
import static org.planlab.bench.FusedPatternMethods.MMCHAIN;
import static org.planlab.bench.FusedPatternMethods.MMCHAIN_P2;
import static org.planlab.bench.FusedPatternMethods.OUTER_LOG;
import static org.planlab.bench.FusedPatternMethods.OUTER_RIGHT;
import static org.planlab.bench.FusedPatternMethods.SPARSE;
import static org.planlab.bench.FusedPatternMethods.SUM_XYZ;
import static org.planlab.bench.FusedPatternMethods.UNFUSED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.planlab.bench.CodegenTimeBench.Compile;
import org.planlab.bench.CodegenTimeBench.Result;
import org.planlab.bench.KernelBenchReport.Row;

/**
 * Turns the results of {@link FusedPatternBench} (JMH JSON) and {@link CodegenTimeBench} (JSON
 * lines) into markdown: per fused pattern, format (dense X or sparse X) and size the times of
 * gen, unfused and the hand-written loop (and, for the matrix-vector chain, the mmchain kernel in
 * a row of its own) measured side by side in one run, bandwidths of the dense memory-bound
 * patterns, the ratios against the fusion paper's Fig. 9/10 targets, and the code generator's
 * compile times with a cold and a warm operator cache. Benchmark methods are looked up in
 * {@link FusedPatternMethods}.
 *
 * <p>Usage: {@code FusionBenchReport JMH_RESULT.json CODEGEN.jsonl [REPORT.md]} (either input
 * may be "-" to leave its table out).
 */
public final class FusionBenchReport {
  private FusionBenchReport() {
  }

  /**
   * One table row group: a pattern and format of {@link FusedPatternMethods}, its title, the
   * variant it is compared with besides unfused ({@code hand} or {@code kernel}; null: none),
   * the parameters shown, and the target ratios (NaN: none).
   */
  record Pattern(String name, String pattern, String format, String reference,
      List<String> shown, double minGenOverReference, double minSpeedup) {
    String method(String variant) {
      return FusedPatternMethods.find(pattern, format, variant).map(FusedPatternMethods.Method::name)
          .orElseThrow(() -> new IllegalStateException("no " + variant + " method for " + name));
    }

    String referenceName() {
      return FusedPatternMethods.KERNEL.equals(reference) ? "mmchain kernel" : reference;
    }
  }

  private static final List<String> DENSE_CELLS = List.of("rows", "cols", "threads");
  private static final List<String> SPARSE_CELLS = List.of("rows", "cols", "sparsity", "threads");
  private static final List<String> DENSE_CHAINS = List.of("chainRows", "chainCols", "threads");
  private static final List<String> SPARSE_CHAINS =
      List.of("chainRows", "chainCols", "chainSparsity", "threads");

  static final List<Pattern> PATTERNS = List.of(
      new Pattern("sum(X*Y*Z) dense", SUM_XYZ, DENSE, HAND, DENSE_CELLS, 0.85, 3),
      new Pattern("sum(X*Y*Z) sparse X", SUM_XYZ, SPARSE, HAND, SPARSE_CELLS, Double.NaN,
          Double.NaN),
      new Pattern("MAgg sum(X*Y), sum(X*Z) dense", MAGG, DENSE, HAND, DENSE_CELLS, Double.NaN,
          Double.NaN),
      new Pattern("MAgg sum(X*Y), sum(X*Z) sparse X", MAGG, SPARSE, HAND, SPARSE_CELLS,
          Double.NaN, Double.NaN),
      new Pattern("t(X)%*%(w*(X%*%v)) dense", MMCHAIN, DENSE, HAND, DENSE_CHAINS, Double.NaN,
          1.8),
      new Pattern("t(X)%*%(w*(X%*%v)) dense", MMCHAIN, DENSE, KERNEL, DENSE_CHAINS, Double.NaN,
          Double.NaN),
      new Pattern("t(X)%*%(w*(X%*%v)) sparse X", MMCHAIN, SPARSE, HAND, SPARSE_CHAINS,
          Double.NaN, Double.NaN),
      new Pattern("t(X)%*%(w*(X%*%v)) sparse X", MMCHAIN, SPARSE, KERNEL, SPARSE_CHAINS,
          Double.NaN, Double.NaN),
      new Pattern("t(X)%*%(W*(X%*%V)) dense", MMCHAIN_P2, DENSE, HAND,
          List.of("chainRows", "chainCols", "p", "threads"), Double.NaN, Double.NaN),
      new Pattern("t(X)%*%(W*(X%*%V)) sparse X", MMCHAIN_P2, SPARSE, HAND,
          List.of("chainRows", "chainCols", "chainSparsity", "p", "threads"), Double.NaN,
          Double.NaN),
      new Pattern("sum(X*log(U%*%t(V)+1e-15)) sparse X", OUTER_LOG, SPARSE, HAND,
          List.of("outerN", "rank", "outerSparsity", "threads"), Double.NaN, Double.NaN),
      new Pattern("sum(X*log(U%*%t(V)+1e-15)) dense X", OUTER_LOG, DENSE, HAND,
          List.of("outerN", "rank", "threads"), Double.NaN, Double.NaN),
      new Pattern("(X*(U%*%t(V)))%*%V sparse X", OUTER_RIGHT, SPARSE, HAND,
          List.of("outerN", "rank", "outerSparsity", "threads"), Double.NaN, Double.NaN));

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: FusionBenchReport JMH_RESULT.json CODEGEN.jsonl [REPORT.md]");
      System.exit(2);
    }
    StringBuilder sb = new StringBuilder();
    if (!args[0].equals("-")) {
      sb.append(renderPatterns(read(Path.of(args[0]))));
    }
    if (!args[1].equals("-")) {
      sb.append(renderCodegen(readCodegen(Path.of(args[1]))));
    }
    String table = sb.toString();
    System.out.print(table);
    if (args.length > 2) {
      Path out = Path.of(args[2]);
      Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
      Files.writeString(tmp, table, StandardCharsets.UTF_8);
      Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
  }

  /** Every benchmark result, keyed by method and then by its parameters. */
  static Map<String, Map<Map<String, String>, Row>> read(Path json) throws IOException {
    Map<String, Map<Map<String, String>, Row>> byMethod = new LinkedHashMap<>();
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    for (JsonNode b : root) {
      String full = b.get("benchmark").asText();
      String method = full.substring(full.lastIndexOf('.') + 1);
      Map<String, String> params = new LinkedHashMap<>();
      b.path("params").fields()
          .forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
      JsonNode pm = b.get("primaryMetric");
      double scale = unitToSeconds(pm.get("scoreUnit").asText());
      byMethod.computeIfAbsent(method, k -> new LinkedHashMap<>()).put(params,
          new Row(method, params, pm.get("score").asDouble() * scale,
              pm.path("scoreError").asDouble(0) * scale));
    }
    return byMethod;
  }

  static double unitToSeconds(String unit) {
    return switch (unit) {
      case "s/op" -> 1;
      case "ms/op" -> 1e-3;
      case "us/op" -> 1e-6;
      case "ns/op" -> 1e-9;
      default -> throw new IllegalArgumentException("unexpected JMH unit " + unit
          + " (the fusion benchmarks run in AverageTime mode)");
    };
  }

  static List<Result> readCodegen(Path jsonl) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    List<Result> results = new ArrayList<>();
    for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        results.add(mapper.readValue(line, Result.class));
      }
    }
    return results;
  }

  static String renderPatterns(Map<String, Map<Map<String, String>, Row>> rows) {
    StringBuilder sb = new StringBuilder();
    List<String> verdicts = new ArrayList<>();
    sb.append("### Fused operators (ms/op, mean ± 99.9% CI;"
            + " GB/s = bytes of input read / time)\n\n")
        .append("| pattern | params | gen ms | unfused ms | reference ms | gen GB/s | reference"
            + " GB/s | gen / ref bandwidth | unfused / gen speed-up |\n")
        .append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Pattern p : PATTERNS) {
      Map<Map<String, String>, Row> gens = rows.getOrDefault(p.method(GEN), Map.of());
      for (Map.Entry<Map<String, String>, Row> e : gens.entrySet()) {
        Row gen = e.getValue();
        Row unfused = rows.getOrDefault(p.method(UNFUSED), Map.of()).get(e.getKey());
        Row ref = p.reference() == null ? null
            : rows.getOrDefault(p.method(p.reference()), Map.of()).get(e.getKey());
        double bytes = FusedPatternMethods.bytesRead(FusedPatternMethods.of(p.method(GEN)),
            e.getKey());
        double genBw = bytes / gen.seconds() / 1e9;
        double refBw = ref == null ? Double.NaN : bytes / ref.seconds() / 1e9;
        double genOverRef = ref == null ? Double.NaN : ref.seconds() / gen.seconds();
        double speedup = unfused == null ? Double.NaN : unfused.seconds() / gen.seconds();
        sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
            p.name(), params(e.getKey(), p.shown()), time(gen), time(unfused),
            ref == null ? "" : time(ref) + " (" + p.referenceName() + ")", num(genBw),
            num(refBw), num(genOverRef), num(speedup)));
        String what = p.name() + " " + params(e.getKey(), p.shown());
        if (!Double.isNaN(p.minGenOverReference()) && !Double.isNaN(genOverRef)) {
          verdicts.add(verdict(what, "gen / " + p.referenceName() + " bandwidth", genOverRef,
              p.minGenOverReference()));
        }
        if (!Double.isNaN(p.minSpeedup()) && !Double.isNaN(speedup)) {
          verdicts.add(verdict(what, "unfused / gen speed-up", speedup, p.minSpeedup()));
        }
        if (KERNEL.equals(p.reference()) && ref != null) {
          verdicts.add(String.format(Locale.ROOT, "- %s: gen / mmchain kernel speed: %.2f%n",
              what, genOverRef));
        }
      }
    }
    sb.append("\nTargets:\n\n");
    verdicts.forEach(sb::append);
    sb.append('\n');
    return sb.toString();
  }

  private static String verdict(String what, String ratio, double value, double min) {
    return String.format(Locale.ROOT, "- %s: %s %.2f (needs >= %.2f): %s%n", what, ratio, value,
        min, value >= min ? "met" : "NOT met");
  }

  /**
   * The parameters that matter for the pattern (a state's other parameters, e.g. the sparse X's
   * sparsity for the dense patterns, do not change what it measures).
   */
  private static String params(Map<String, String> params, List<String> shown) {
    List<String> parts = new ArrayList<>();
    for (String k : shown) {
      if (params.containsKey(k)) {
        parts.add(k + "=" + params.get(k));
      }
    }
    return String.join(" ", parts);
  }

  private static String time(Row r) {
    if (r == null) {
      return "";
    }
    // a single measurement iteration has no confidence interval (JMH reports NaN)
    return Double.isNaN(r.errorSeconds()) ? String.format(Locale.ROOT, "%.2f", r.seconds() * 1e3)
        : String.format(Locale.ROOT, "%.2f ± %.2f", r.seconds() * 1e3, r.errorSeconds() * 1e3);
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.2f", v);
  }

  static String renderCodegen(List<Result> results) {
    StringBuilder sb = new StringBuilder();
    sb.append("### Code generation at compile time, fuse-all (ms; cold = first compile in a fresh"
        + " JVM, warm = median of the next compiles in the same JVM)\n\n")
        .append("| workload | input rows | DAGs | CPlans | classes (cold)"
            + " | cache hits (cold / warm)"
            + " | explore cold / warm | select cold / warm | construct cold / warm"
            + " | compile cold / warm | codegen total cold / warm | parse cold / warm"
            + " | whole compile cold / warm | distinct CPlans: compile in a warm JVM |\n")
        .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Result r : results) {
      Compile c = r.cold();
      Compile w = r.warm();
      sb.append(String.format(Locale.ROOT,
          "| %s | %d | %d | %d | %d | %d / %d | %s | %s | %s | %s | %s | %s | %s | %d: %.1f |%n",
          r.workload(), r.rows(), c.dags(), c.cplans(), c.classes(), c.cacheHits(),
          w.cacheHits(), pair(c.exploreMs(), w.exploreMs()), pair(c.selectMs(), w.selectMs()),
          pair(c.constructMs(), w.constructMs()), pair(c.compileMs(), w.compileMs()),
          pair(codegen(c), codegen(w)), pair(c.parseMs(), w.parseMs()),
          pair(c.totalCompileMs(), w.totalCompileMs()), r.distinctPlans(),
          r.freshCacheCompileMs()));
    }
    sb.append("\nThe last column: the distinct CPlans of one compile generated and compiled"
        + " again into a fresh operator cache after the compiles above (median ms): the cost of"
        + " a cold cache without the JVM's own warm-up (class loading, JIT of the compiler).\n\n");
    return sb.toString();
  }

  private static double codegen(Compile c) {
    return c.exploreMs() + c.selectMs() + c.constructMs() + c.compileMs();
  }

  private static String pair(double cold, double warm) {
    return String.format(Locale.ROOT, "%.1f / %.1f", cold, warm);
  }
}
