package org.planlab.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineTest {
  @TempDir
  Path dir;

  private static final String VALID = """
      {"description": "ci",
       "tracked": [{"name": "FA speed-up",
                    "numerator": {"where": {"variant": "Base", "point": "l2svm*"},
                                  "metric": "wall_s"},
                    "denominator": {"where": {"variant": "FA"}, "metric": "wall_s"},
                    "expected": 2.0, "tolerance": 0.25, "better": "higher"},
                   {"name": "plans", "numerator": {"where": {"X.rows": 1e5},
                    "metric": "plans_evaluated"}, "expected": 12, "tolerance": 0,
                    "better": "equal"}]}
      """;

  private Path file(String json) throws IOException {
    Path f = dir.resolve("baseline.json");
    Files.writeString(f, json);
    return f;
  }

  private String error(String json) throws IOException {
    Path f = file(json);
    return assertThrows(BaselineException.class, () -> Baseline.read(f)).getMessage()
        .substring(f.toString().length());
  }

  @Test
  void validBaselineIsReadInFileOrder() throws IOException {
    Baseline b = Baseline.read(file(VALID));
    assertEquals("ci", b.description());
    assertEquals(new TrackedRatio("FA speed-up",
        new RatioSide(Map.of("variant", "Base", "point", "l2svm*"), "wall_s"),
        Optional.of(new RatioSide(Map.of("variant", "FA"), "wall_s")), 2.0, 0.25,
        Better.HIGHER), b.tracked().get(0));
    assertEquals(List.of("variant", "point"),
        List.copyOf(b.tracked().get(0).numerator().where().keySet()));
    assertEquals(Optional.empty(), b.tracked().get(1).denominator());
    assertEquals("100000.0", b.tracked().get(1).numerator().where().get("X.rows"));
  }

  @Test
  void writtenBaselineReadsBackWithTheNewExpectedValues() throws IOException {
    Baseline b = Baseline.read(file(VALID)).withExpected(List.of(2.125, 7.0));
    Path out = dir.resolve("out/new.json");
    b.write(out);
    assertEquals(b, Baseline.read(out));
  }

  @Test
  void unknownKeyNamesItsPathAndTheValidKeys() throws IOException {
    assertEquals(": tracked[0].numerator.wher: unknown key; valid keys: where, metric",
        error(VALID.replace("\"where\": {\"variant\": \"Base\"", "\"wher\": {\"variant\": \"Base\"")));
  }

  @Test
  void missingKeyIsNamed() throws IOException {
    assertEquals(": tracked[1].tolerance: missing key",
        error(VALID.replace("\"tolerance\": 0,", "")));
  }

  @Test
  void unknownBetterListsTheValidValues() throws IOException {
    assertEquals(": tracked[0].better: unknown value 'up'; valid values: higher, lower, equal",
        error(VALID.replace("\"higher\"", "\"up\"")));
  }

  @Test
  void expectedMustBeANumber() throws IOException {
    assertEquals(": tracked[0].expected: must be a number, was \"2\"",
        error(VALID.replace("\"expected\": 2.0", "\"expected\": \"2\"")));
  }

  @Test
  void invalidJsonNamesTheLine() throws IOException {
    String m = error("{\"tracked\": [\n  {\"name\": }]}");
    assertEquals(": not valid JSON at line 2, column 12: ", m.substring(0, 39));
  }
}
