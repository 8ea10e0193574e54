package org.planlab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a JMH JSON result of the kernel benchmarks into a table of GFLOP/s and GB/s, with the
 * ratios that tell how close the kernels come to the machine, measured side by side in one run:
 * kernel vs hand-written loop bandwidth, and mmchain vs the two separate products.
 *
 * <p>Usage: {@code KernelBenchReport JMH_RESULT.json [REPORT.md]}.
 */
public final class KernelBenchReport {
  private KernelBenchReport() {
  }

  /** One measured benchmark: its name, parameters and mean time per operation in seconds. */
  record Row(String method, Map<String, String> params, double seconds, double errorSeconds) {
    double p(String name) {
      return Double.parseDouble(params.get(name));
    }
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: KernelBenchReport JMH_RESULT.json [REPORT.md]");
      System.exit(2);
    }
    String table = render(read(Path.of(args[0])));
    System.out.print(table);
    if (args.length > 1) {
      Path out = Path.of(args[1]);
      Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
      Files.writeString(tmp, table, StandardCharsets.UTF_8);
      Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
  }

  static Map<String, Row> read(Path json) throws IOException {
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    Map<String, Row> rows = new LinkedHashMap<>();
    for (JsonNode b : root) {
      String full = b.get("benchmark").asText();
      String method = full.substring(full.lastIndexOf('.') + 1);
      Map<String, String> params = new LinkedHashMap<>();
      b.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
      JsonNode pm = b.get("primaryMetric");
      double scale = unitToSeconds(pm.get("scoreUnit").asText());
      rows.put(method, new Row(method, params, pm.get("score").asDouble() * scale,
          pm.path("scoreError").asDouble(0) * scale));
    }
    return rows;
  }

  private static double unitToSeconds(String unit) {
    return switch (unit) {
      case "s/op" -> 1;
      case "ms/op" -> 1e-3;
      case "us/op" -> 1e-6;
      case "ns/op" -> 1e-9;
      default -> throw new IllegalArgumentException("unexpected JMH unit " + unit
          + " (the kernel benchmarks run in AverageTime mode)");
    };
  }

  /** Work of one operation: floating-point operations, or bytes moved for memory-bound ones. */
  static double work(Row r) {
    return switch (r.method()) {
      case "denseDense" -> 2 * Math.pow(r.p("n"), 3);
      case "sparseDense" -> 2 * r.p("rows") * r.p("cols") * r.p("sparsity") * r.p("k");
      case "tsmmLeft" -> r.p("rows") * r.p("tallCols") * (r.p("tallCols") + 1);
      case "sumKernel", "sumHandLoop", "mmchainKernel", "mmchainSeparate", "mmchainHandLoop" ->
          8 * r.p("rows") * r.p("cols");
      case "addRowVectorKernel", "addRowVectorHandLoop" -> 16 * r.p("rows") * r.p("cols");
      default -> Double.NaN;
    };
  }

  static boolean computeBound(Row r) {
    return r.method().equals("denseDense") || r.method().equals("sparseDense")
        || r.method().equals("tsmmLeft");
  }

  static String render(Map<String, Row> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("| benchmark | params | ms/op | rate |\n|---|---|---:|---:|\n");
    for (Row r : rows.values()) {
      double rate = work(r) / r.seconds() / 1e9;
      sb.append(String.format(Locale.ROOT, "| %s | %s | %.2f ± %.2f | %.2f %s |%n", r.method(),
          r.params(), r.seconds() * 1e3, r.errorSeconds() * 1e3, rate,
          computeBound(r) ? "GFLOP/s" : "GB/s"));
    }
    sb.append('\n');
    ratio(sb, rows, "sumKernel", "sumHandLoop", "full sum: kernel / hand-written loop bandwidth");
    ratio(sb, rows, "addRowVectorKernel", "addRowVectorHandLoop",
        "X + row vector: kernel / hand-written loop bandwidth");
    ratio(sb, rows, "mmchainKernel", "mmchainSeparate",
        "mmchain: speed-up over X·v then Xᵀ·(X·v)");
    ratio(sb, rows, "mmchainKernel", "mmchainHandLoop",
        "mmchain: kernel / hand-written one-pass loop bandwidth");
    return sb.toString();
  }

  private static void ratio(StringBuilder sb, Map<String, Row> rows, String a, String b,
      String what) {
    Row x = rows.get(a);
    Row y = rows.get(b);
    if (x != null && y != null) {
      sb.append(String.format(Locale.ROOT, "- %s: %.2f%n", what, y.seconds() / x.seconds()));
    }
  }
}
