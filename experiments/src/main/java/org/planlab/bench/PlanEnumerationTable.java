package org.planlab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.config.EngineConfig;
import org.planlab.experiment.report.Charts;
import org.planlab.experiment.results.AtomicFiles;
import org.planlab.workloads.Workload;
import org.planlab.workloads.WorkloadCatalog;

/**
 * The fusion paper's Fig. 15 as a table: per workload, the fusion plans cost-based selection
 * would evaluate without partitioning (2^|M'| per DAG), with partitioning (sum of 2^|M'_i|),
 * and evaluated with partitioning and pruning by {@code mpskip}, over all DAGs optimized while
 * compiling and running the workload's driver (inputs written from its data spec).
 *
 * <p>{@code java -cp ... org.planlab.bench.PlanEnumerationTable [rows [OUT_DIR]]} prints the
 * table; with {@code OUT_DIR} it also writes it as {@code plan-enumeration.md} and the figure
 * (log-scale bars per workload) as {@code plan-enumeration.png} there
 * ({@code scripts/fig-plan-enumeration.sh}).
 */
public final class PlanEnumerationTable {
  /** The workloads of the table. */
  public static final List<String> WORKLOADS =
      List.of("l2svm", "multiLogReg", "alsCG", "pnmf", "autoencoder_2layer", "kmeans");

  private PlanEnumerationTable() {
  }

  /** One workload's row: the selection counters of compiling its driver under mpskip. */
  public record Row(String workload, Map<String, Long> counters) {
    long get(String name) {
      return counters.getOrDefault(name, 0L);
    }
  }

  public static void main(String[] args) throws IOException {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 2000;
    List<Row> measured = measure(rows);
    String table = format(measured);
    System.out.print(table);
    if (args.length > 1) {
      Path out = Path.of(args[1]);
      Path md = out.resolve("plan-enumeration.md");
      Path png = out.resolve("plan-enumeration.png");
      AtomicFiles.write(md, ("# Fusion plans evaluated (fusion paper Fig. 15), " + rows
          + " rows\n\n" + table).getBytes(StandardCharsets.UTF_8));
      AtomicFiles.write(png, figure(measured));
      System.out.println("table: " + md);
      System.out.println("figure: " + png);
    }
  }

  /**
   * Fig. 15 as grouped bars on a log axis: per workload the plans of the search space without
   * partitioning, with partitioning, and those evaluated with partitioning and pruning (a
   * saturated count of the unpartitioned space is drawn at Long.MAX_VALUE).
   */
  public static byte[] figure(List<Row> rows) {
    List<String> names = new ArrayList<>();
    Map<String, List<Double>> series = new LinkedHashMap<>();
    series.put("all", new ArrayList<>());
    series.put("partition", new ArrayList<>());
    series.put("partition+prune", new ArrayList<>());
    for (Row r : rows) {
      names.add(r.workload());
      // log axes cannot show 0: an empty search space is drawn as one plan
      series.get("all").add((double) Math.max(1, r.get("PLANS_ALL")));
      series.get("partition").add((double) Math.max(1, r.get("PLANS_PARTITIONED")));
      series.get("partition+prune").add((double) Math.max(1, r.get("PLANS_EVALUATED")));
    }
    return Charts.bars("Fusion plans evaluated (Fig. 15)", "workload", "plans", names, series,
        true);
  }

  /** The rows for every workload of {@link #WORKLOADS}. */
  public static List<Row> measure(long rows) throws IOException {
    List<Row> out = new ArrayList<>();
    for (String name : WORKLOADS) {
      out.add(measure(name, rows));
    }
    return out;
  }

  static Row measure(String name, long rows) throws IOException {
    WorkloadCatalog catalog = WorkloadCatalog.standard();
    Workload w = catalog.byName(name);
    Path dir = Files.createTempDirectory("planlab-enumeration-");
    try {
      Map<String, String> args = new LinkedHashMap<>(w.defaultArgs());
      args.putAll(CodegenTimeBench.generateInputs(w, dir, rows, args));
      EngineConfig config = EngineConfig.builder().parallelism(1)
          .libraryRoots(List.of(catalog.libraryFolder())).workingDirectory(dir)
          .fusion("mpskip").build();
      // a fresh engine per workload: the counts do not depend on what ran before in the JVM
      try (Engine engine = Engine.create(config);
          java.io.PrintStream sink = new java.io.PrintStream(
              java.io.OutputStream.nullOutputStream())) {
        CompiledScript s = engine.compile(catalog.driverScript(w), args, Pipeline.defaults());
        // run it too: dynamic recompilation optimizes the DAGs whose sizes were unknown
        engine.run(s, sink);
        return new Row(name, s.statistics().snapshot().selection());
      }
    } finally {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Markdown table of the rows. */
  public static String format(List<Row> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("| workload | DAGs | partitions | interesting points | plans: all | partition "
        + "| partition+prune | large partitions (>= 8 points): plans / evaluated | select ms |\n");
    sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Row r : rows) {
      sb.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %s | %d | %d | %d: %d / %d | %.1f |%n",
          r.workload(), r.get("DAGS"), r.get("PARTITIONS"), r.get("INTERESTING_POINTS"),
          SelectionStats.formatCount(r.get("PLANS_ALL")),
          r.get("PLANS_PARTITIONED"), r.get("PLANS_EVALUATED"), r.get("LARGE_PARTITIONS"),
          r.get("PLANS_PARTITIONED_LARGE"), r.get("PLANS_EVALUATED_LARGE"),
          r.get("SELECT_NANOS") / 1e6));
    }
    return sb.toString();
  }
}
