package org.planlab.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.experiment.descriptor.DescriptorLoader;
import org.planlab.experiment.descriptor.ExperimentDescriptor;
import org.planlab.experiment.peer.SystemDsData;
import org.planlab.experiment.results.PointsCsv;
import org.planlab.experiment.results.PointsCsv.Row;
import org.planlab.experiment.results.StatsFile;

/**
 * A tiny L2SVM point through the real Apache SystemDS 3.3.0 beside planlab's, through the
 * runner: its jars are resolved by Maven into the user's engine cache on first use (a minute,
 * once per machine), the inputs converted, and SystemDS's row lands in the same points.csv.
 */
class SystemDsPeerTest {
  @TempDir
  Path dir;

  /**
   * Both engines run the same driver and the same l2svm semantics (SystemDS's builtin and
   * planlab's library script) on the same values: the conversion hands doubles over in their
   * shortest round-trip notation, so no input value differs. What may differ is the order of
   * floating-point additions (planlab's blocked, threaded reductions; SystemDS's Kahan sums in
   * {@code tak+*}), a relative 1e-16 per sum; twenty CG iterations on a well-conditioned 200 x 5
   * problem grow that by a few orders of magnitude at most, far below 1e-9.
   */
  private static final double RELATIVE_TOLERANCE = 1e-9;

  @Test
  void l2svmThroughSystemDsGivesPlanlabsObjectiveInTheSamePointsCsv() throws IOException {
    Path f = dir.resolve("peer.yaml");
    Files.writeString(f, """
        name: tiny-peer
        workload: l2svm
        data:
          X: {rows: 200, cols: 5, seed: 7}
          Y: {seed: 11}
        variants:
          planlab: {}
          SystemDS: {engine: systemds-3.3.0, config: {codegen: true}}
        repeat: 1
        warmup: 0
        threads: 2
        timeout: 20m
        jvm: {heap: 1g}
        """);
    ExperimentDescriptor d = DescriptorLoader.load(f);
    ExperimentRunner.Summary s = new ExperimentRunner(new ForkedJvmLauncher()).run(d,
        new ExperimentRunner.Options(null, null, null, null, dir.resolve("results"), false),
        new ExperimentRunner.Listener() { });
    List<Row> rows = PointsCsv.read(s.pointsCsv());
    assertEquals(List.of("planlab", "SystemDS"), rows.stream().map(Row::point).toList());
    assertEquals(List.of("ok", "ok"), rows.stream().map(Row::status).toList(),
        () -> rows.stream().map(Row::error).toList().toString());
    assertEquals(List.of("planlab", "systemds-3.3.0"), rows.stream().map(Row::engine).toList());

    double planlab = Double.parseDouble(rows.get(0).metrics().get("objective"));
    double systemds = Double.parseDouble(rows.get(1).metrics().get("objective"));
    assertEquals(planlab, systemds, RELATIVE_TOLERANCE * Math.abs(planlab));

    Row sds = rows.get(1);
    for (String c : List.of("wall_s", "compile_s", "execute_s", "process_s", "cplans")) {
      assertFalse(sds.metrics().get(c).isEmpty(), c);
    }
    assertTrue(Double.parseDouble(sds.metrics().get("process_s"))
        > Double.parseDouble(sds.metrics().get("wall_s")));

    JsonNode stats = StatsFile.read(StatsFile.path(s.runDir(), "SystemDS", 1));
    assertEquals("systemds-3.3.0", stats.get("engine").asText());
    assertTrue(stats.get("command").asText().contains("org.apache.sysds.api.DMLScript"));
    Path x = Path.of(stats.get("inputs").get("X").asText());
    assertTrue(Files.isRegularFile(SystemDsData.target(x).resolveSibling(SystemDsData.MARKER)));
    assertTrue(Files.isRegularFile(dir.resolve("results/tiny-peer").resolve(
        s.runDir().getFileName()).resolve("logs/SystemDS.systemds/SystemDS-config.xml")));
  }
}
