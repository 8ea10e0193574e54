package org.planlab.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.experiment.results.PointsCsv.Row;

class PointsCsvTest {
  @TempDir
  Path dir;

  private static Map<String, String> metrics(String wall, String extra) {
    Map<String, String> m = new LinkedHashMap<>();
    PointMetrics.COLUMNS.forEach(c -> m.put(c, ""));
    m.put("wall_s", wall);
    m.put("score_ms", extra);
    return m;
  }

  @Test
  void rowsRoundTripWithQuotedErrorsAndExtraMetricColumns() {
    Path csv = dir.resolve("points.csv");
    List<Row> rows = List.of(
        new Row("X.rows-1e3__FA", "l2svm", "FA", 1, "ok", "",
            Map.of("X.rows", "1000"), metrics("0.5", "1.25")),
        new Row("X.rows-1e3__FA", "l2svm", "FA", 2, "failed", "s.dml:3:3: a, \"b\"\nc",
            Map.of("X.rows", "1000"), metrics("", "")));
    PointsCsv.write(csv, rows);
    assertEquals(rows, PointsCsv.read(csv));
  }

  @Test
  void theHeaderHasFixedThenParamThenMetricColumns() throws IOException {
    Path csv = dir.resolve("points.csv");
    PointsCsv.write(csv, List.of(new Row("p", "w", "v", 1, "ok", "", Map.of("k", "1"),
        Map.of())));
    assertEquals("point,workload,variant,rep,status,error,engine,param:k,"
        + String.join(",", PointMetrics.COLUMNS), Files.readAllLines(csv).get(0));
  }

  @Test
  void aFileWithoutTheContractHeaderIsRejectedByName() throws IOException {
    Path csv = dir.resolve("other.csv");
    Files.writeString(csv, "a,b\n1,2\n");
    assertEquals(csv + ": not a points.csv (the header must start with point,workload,variant,"
        + "rep,status,error)",
        assertThrows(IllegalArgumentException.class, () -> PointsCsv.read(csv)).getMessage());
  }

  @Test
  void theEngineOfEachRowRoundTripsAfterTheFixedColumns() throws IOException {
    Path csv = dir.resolve("points.csv");
    PointsCsv.write(csv, List.of(
        new Row("a__planlab", "l2svm", "planlab", 1, "ok", "", Map.of(), Map.of()),
        new Row("a__SystemDS", "l2svm", "SystemDS", 1, "ok", "", Map.of(), Map.of(),
            "systemds-3.3.0")));
    assertEquals("point,workload,variant,rep,status,error,engine,",
        Files.readAllLines(csv).get(0).substring(0, 47));
    assertEquals(List.of("planlab", "systemds-3.3.0"),
        PointsCsv.read(csv).stream().map(Row::engine).toList());
  }

  @Test
  void aFileWrittenBeforeTheEngineColumnReadsAsPlanlabs() throws IOException {
    Path csv = dir.resolve("points.csv");
    Files.writeString(csv, "point,workload,variant,rep,status,error,param:k,wall_s\n"
        + "p,w,v,1,ok,,3,1.5\n");
    Row r = PointsCsv.read(csv).get(0);
    assertEquals("planlab", r.engine());
    assertEquals(Map.of("k", "3"), r.params());
    assertEquals(Map.of("wall_s", "1.5"), r.metrics());
  }
}
