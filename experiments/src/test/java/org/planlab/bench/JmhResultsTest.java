package org.planlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JmhResults on a hand-written JMH JSON fixture (the structure JMH 1.37 writes: benchmark, mode,
 * forks, jvmArgs, params, primaryMetric with score, scoreError and scoreUnit): the exact
 * points.csv rows, the run.json fields, the error for an unknown benchmark method, and atomic
 * output.
 */
class JmhResultsTest {
  private static final String RUN_ID = "20240501T120000Z";
  private static final JmhResults.Host HOST = new JmhResults.Host(
      "0123456789abcdef0123456789abcdef01234567", true, "Linux 6.1 amd64", 2, 16L << 30,
      "0.1.0-SNAPSHOT");

  @TempDir
  Path dir;

  private static String result(String method, String params, String score, String error,
      String unit) {
    return """
        {
          "jmhVersion" : "1.37",
          "benchmark" : "org.planlab.bench.FusedPatternBench.%s",
          "mode" : "avgt",
          "threads" : 1,
          "forks" : 1,
          "jvm" : "/usr/lib/jvm/java-17/bin/java",
          "jvmArgs" : [ "-Xmx12g", "--add-modules=jdk.incubator.vector", \
        "-Xmx8g --add-modules=jdk.incubator.vector" ],
          "jdkVersion" : "17.0.9",
          "vmName" : "OpenJDK 64-Bit Server VM",
          "vmVersion" : "17.0.9+9",
          "warmupIterations" : 1,
          "warmupTime" : "1 s",
          "warmupBatchSize" : 1,
          "measurementIterations" : 2,
          "measurementTime" : "1 s",
          "measurementBatchSize" : 1,
          "params" : { %s },
          "primaryMetric" : {
            "score" : %s,
            "scoreError" : %s,
            "scoreConfidence" : [ 0, 0 ],
            "scorePercentiles" : { "0.0" : 1.0, "100.0" : 1.0 },
            "scoreUnit" : "%s",
            "rawData" : [ [ 1.0, 1.0 ] ]
          },
          "secondaryMetrics" : { }
        }""".formatted(method, params, score, error, unit);
  }

  private static final String CELLS =
      "\"rows\" : \"1000\", \"cols\" : \"100\", \"sparsity\" : \"0.1\", \"threads\" : \"2\"";
  private static final String OUTER =
      "\"outerN\" : \"2000\", \"rank\" : \"20\", \"outerSparsity\" : \"0.01\", \"threads\" : \"2\"";

  private Path fixture(String... results) throws IOException {
    Path json = dir.resolve("jmh.json");
    Files.writeString(json, "[\n" + String.join(",\n", results) + "\n]\n");
    Files.setLastModifiedTime(json, FileTime.from(Instant.parse("2024-05-01T11:59:30Z")));
    return json;
  }

  private Path threeResults() throws IOException {
    return fixture(result("sumXyzGen", CELLS, "2.4", "0.5", "ms/op"),
        result("sumXyzSparseHand", CELLS, "0.8", "0.1", "ms/op"),
        result("outerUnfused", OUTER, "1.25", "\"NaN\"", "s/op"));
  }

  @Test
  void pointsCsvHasOneRowPerResultWithPatternFormatParamsAndMetrics() throws IOException {
    Path run = JmhResults.write(threeResults(), dir.resolve("results"), "fusion-patterns", RUN_ID,
        HOST);
    // dense sum(X*Y*Z) reads 24 bytes per cell: 24 * 1000 * 100 B in 2.4 ms = 1.0 GB/s
    assertEquals(List.of(
        "point,workload,variant,rep,status,error,param:pattern,param:format,param:cols,"
            + "param:outerN,param:outerSparsity,param:rank,param:rows,param:sparsity,"
            + "param:threads,score_ms,score_error_ms,wall_s,gb_per_s",
        "sumXyz_dense_cols-100_rows-1000_sparsity-0.1_threads-2_gen,FusedPatternBench,gen,1,ok,,"
            + "sumXyz,dense,100,,,,1000,0.1,2,2.4,0.5,0.0024,1.0",
        "sumXyz_sparse_cols-100_rows-1000_sparsity-0.1_threads-2_hand,FusedPatternBench,hand,1,"
            + "ok,,sumXyz,sparse,100,,,,1000,0.1,2,0.8,0.1,8.0E-4,",
        "outerLog_sparse_outerN-2000_outerSparsity-0.01_rank-20_threads-2_unfused,"
            + "FusedPatternBench,unfused,1,ok,,outerLog,sparse,,2000,0.01,20,,,2,1250.0,,1.25,"),
        Files.readAllLines(run.resolve("points.csv")));
  }

  @Test
  void runJsonRecordsTheRunTheBenchmarkJvmAndTheHost() throws IOException,
      NoSuchAlgorithmException {
    Path json = threeResults();
    Path run = JmhResults.write(json, dir.resolve("results"), "fusion-patterns", RUN_ID, HOST);
    assertEquals(dir.resolve("results").resolve("fusion-patterns").resolve(RUN_ID), run);
    JsonNode r = new ObjectMapper().readTree(run.resolve("run.json").toFile());
    assertEquals("fusion-patterns", r.get("name").asText());
    assertEquals(RUN_ID, r.get("runId").asText());
    assertEquals("complete", r.get("status").asText());
    assertEquals("unfused", r.get("baselineVariant").asText());
    assertTrue(r.get("start").isNull());
    assertEquals("2024-05-01T11:59:30Z", r.get("end").asText());
    assertEquals(json.toAbsolutePath().toString(), r.get("descriptorFile").asText());
    assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
        .digest(Files.readAllBytes(json))), r.get("descriptorSha256").asText());
    JsonNode d = r.get("descriptor");
    assertEquals("jmh", d.get("kind").asText());
    assertEquals("avgt", d.get("mode").asText());
    assertEquals(2, d.get("measurementIterations").asInt());
    assertEquals(3, d.get("results").asInt());
    JsonNode env = r.get("environment");
    assertEquals("0123456789abcdef0123456789abcdef01234567", env.get("commit").asText());
    assertTrue(env.get("dirty").asBoolean());
    assertEquals("17.0.9", env.get("javaVersion").asText());
    assertEquals("OpenJDK 64-Bit Server VM 17.0.9+9", env.get("jvm").asText());
    assertEquals("Linux 6.1 amd64", env.get("os").asText());
    assertEquals(2, env.get("cores").asInt());
    // the last -Xmx of the benchmark JVM's arguments wins, as in the JVM
    assertEquals(8L << 30, env.get("maxHeapBytes").asLong());
    assertEquals(16L << 30, env.get("physicalMemoryBytes").asLong());
    assertEquals("0.1.0-SNAPSHOT", env.get("planlabVersion").asText());
  }

  @Test
  void outputIsWrittenAtomicallyWithoutTemporaryFilesLeft() throws IOException {
    Path run = JmhResults.write(threeResults(), dir.resolve("results"), "fusion-patterns", RUN_ID,
        HOST);
    try (Stream<Path> files = Files.list(run)) {
      assertEquals(List.of("points.csv", "run.json"),
          files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()));
    }
  }

  @Test
  void unknownBenchmarkMethodIsNamedWithTheKnownOnesAndNothingIsWritten() throws IOException {
    Path json = fixture(result("sumXyzGen", CELLS, "2.4", "0.5", "ms/op"),
        result("sumXyzTurbo", CELLS, "1.0", "0.1", "ms/op"));
    Path results = dir.resolve("results");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> JmhResults.write(json, results, "fusion-patterns", RUN_ID, HOST));
    String known = FusedPatternMethods.METHODS.stream().map(FusedPatternMethods.Method::name)
        .collect(Collectors.joining(", "));
    assertEquals(json + ": unknown benchmark method"
        + " org.planlab.bench.FusedPatternBench.sumXyzTurbo (not a FusedPatternBench benchmark"
        + " in FusedPatternMethods); known: " + known, e.getMessage());
    assertFalse(Files.exists(results));
  }

  @Test
  void anExistingRunFolderIsNotOverwritten() throws IOException {
    Path json = threeResults();
    Path results = dir.resolve("results");
    JmhResults.write(json, results, "fusion-patterns", RUN_ID, HOST);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> JmhResults.write(json, results, "fusion-patterns", RUN_ID, HOST));
    assertEquals("run folder " + results.resolve("fusion-patterns").resolve(RUN_ID)
        + " exists already", e.getMessage());
  }

  @Test
  void aThroughputScoreIsRejectedNamingTheBenchmark() throws IOException {
    Path json = fixture(result("maggGen", CELLS, "400", "1", "ops/s"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> JmhResults.write(json, dir.resolve("results"), "x", RUN_ID, HOST));
    assertEquals(json + ": org.planlab.bench.FusedPatternBench.maggGen: unexpected JMH unit"
        + " ops/s (the fusion benchmarks run in AverageTime mode)", e.getMessage());
  }

  @Test
  void pointIdsAreFileNameSafe() {
    FusedPatternMethods.Method m = FusedPatternMethods.of("outerDenseGen");
    assertEquals("outerLog_dense_a-1.0E-4_b-x-y_gen",
        JmhResults.pointId(m, Map.of("b", "x/y", "a", "1.0E-4")));
  }
}
