package org.planlab.cli;

import static org.planlab.cli.CliRun.planlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.experiment.report.ResultsFixture;

class CompareCommandTest {
  @TempDir
  Path dir;



  /** FA's speed-up over Base at 1e5 (expected deliberately off: --write-baseline fixes it). */
  private static final String TRACKED = """
      {"description": "test",
       "tracked": [{"name": "FA speed-up 1e5",
                    "numerator": {"where": {"variant": "Base", "X.rows": "1e5"},
                                  "metric": "wall_s"},
                    "denominator": {"where": {"point": "l2svm_1e5*_FA"}, "metric": "wall_s"},
                    "expected": 1.0, "tolerance": 0.2, "better": "higher"},
                   {"name": "Gen plans", "numerator": {"where": {"variant": "Gen"},
                    "metric": "plans_evaluated"}, "expected": 1, "tolerance": 0,
                    "better": "equal"}]}
      """;

  private Path run() {
    return ResultsFixture.standard().write(dir.resolve("exp/20240101T000000Z"), "exp", "Base");
  }

  private Path file(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  /** A baseline written by --write-baseline from the run. */
  private Path writtenBaseline(Path run) throws IOException {
    Path out = dir.resolve("ci.json");
    CliRun w = planlab("compare", file("tracked.json", TRACKED).toString(), run.toString(),
        "--write-baseline", out.toString());
    assertEquals(0, w.code(), w.err());
    assertTrue(w.out().endsWith("baseline: " + out + "\n"), w.out());
    return out;
  }

  @Test
  void baselineWrittenFromARunPassesOnThatRun() throws IOException {
    Path run = run();
    CliRun r = planlab("compare", writtenBaseline(run).toString(), dir.resolve("exp").toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("""
        name             expected  actual  change  tolerance  verdict
        FA speed-up 1e5         2       2   +0.0%      20.0%  ok
        Gen plans              12      12   +0.0%       0.0%  ok
        """, r.out());
    assertEquals("", r.err());
  }

  @Test
  void slowerFusedRunBeyondToleranceIsARegressionNamingTheRatio() throws IOException {
    Path run = run();
    Path baseline = writtenBaseline(run);
    // FA at 1e5 three times slower: speed-up 2.0 -> 0.667, far below 2.0 * (1 - 0.2)
    Path csv = run.resolve("points.csv");
    String text = Files.readString(csv);
    for (String v : new String[] {"0.9", "0.8", "0.85"}) {
      text = text.replace(",1e5,10,20," + v + ",", ",1e5,10,20," + Double.parseDouble(v) * 3
          + ",");
    }
    Files.writeString(csv, text);
    CliRun r = planlab("compare", baseline.toString(), run.toString());
    assertEquals(1, r.code(), r.out());
    assertTrue(r.out().contains("FA speed-up 1e5         2  0.6667  -66.7%      20.0%  "
        + "REGRESSION\n"), r.out());
    assertTrue(r.err().startsWith("planlab: regression beyond tolerance: FA speed-up 1e5 "),
        r.err());
  }

  @Test
  void ratioWithoutMatchingRowsFailsNamingRatioAndWhere() throws IOException {
    Path run = run();
    Path b = file("b.json", TRACKED.replace("\"variant\": \"Gen\"", "\"variant\": \"FNR\""));
    CliRun r = planlab("compare", b.toString(), run.toString());
    assertEquals(1, r.code());
    assertEquals("planlab: tracked ratio 'Gen plans': no ok rows with a value of plans_evaluated"
        + " match numerator where {variant=FNR}\n", r.err());
  }

  @Test
  void baselineWithUnknownKeyIsExitTwoNamingFileAndKey() throws IOException {
    Path b = file("bad.json", TRACKED.replace("\"tolerance\": 0.2", "\"tolerence\": 0.2"));
    CliRun r = planlab("compare", b.toString(), run().toString());
    assertEquals(2, r.code());
    assertEquals("planlab: " + b + ": tracked[0].tolerence: unknown key; valid keys: name, "
        + "numerator, denominator, expected, tolerance, better\n", r.err());
  }

  @Test
  void runsOfSeveralFoldersAreCombined() throws IOException {
    Path run = run();
    Path other = dir.resolve("other");
    Files.createDirectories(other);
    Files.writeString(other.resolve("points.csv"),
        "point,workload,variant,rep,status,error,kernels\np_FNR,sum,FNR,1,ok,,5\n");
    Path b = file("b.json", """
        {"tracked": [{"name": "kernels per plan",
          "numerator": {"where": {"variant": "FNR"}, "metric": "kernels"},
          "denominator": {"where": {"variant": "FA", "X.rows": "1e5"},
                          "metric": "plans_evaluated"},
          "expected": 0.714, "tolerance": 0.01, "better": "lower"}]}
        """);
    CliRun r = planlab("compare", b.toString(), run.toString(), other.toString());
    assertEquals(0, r.code(), r.err() + r.out());
    assertTrue(r.out().contains("kernels per plan     0.714  0.7143   +0.0%       1.0%  ok"), r.out());
  }
}
