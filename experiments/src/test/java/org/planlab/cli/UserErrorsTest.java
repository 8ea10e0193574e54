package org.planlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.cli.CliRun.planlab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.experiment.report.ResultsFixture;
import org.planlab.experiment.run.PointLauncher;
import picocli.CommandLine;

/**
 * User mistakes through the command line, one test per kind: out-of-range thread counts and
 * generator arguments, file-system errors that must keep their reason and name the user's path,
 * a directory where a file belongs, corrupt results for {@code compare} and {@code report}. Each
 * asserts the exit code, the message and that no stack trace or "null" is printed.
 *
 * <p>Permission errors are real refusals of the kernel, for root as well ({@link
 * RefusedPaths}).
 */
class UserErrorsTest {
  @TempDir
  Path dir;

  private static void assertClean(CliRun r) {
    for (String s : List.of(r.err(), r.out())) {
      assertFalse(s.contains("\tat "), s);
      assertFalse(s.contains("Exception"), s);
      assertFalse(s.contains(": null"), s);
    }
  }

  /** Exit {@code code} and a first line of stderr equal to {@code line}. */
  private static void assertFirstLine(CliRun r, int code, String line) {
    assertEquals(code, r.code(), r.err());
    assertEquals(line, r.err().lines().findFirst().orElse(""), r.err());
    assertClean(r);
  }

  private Path file(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
    return f;
  }

  /** "LINE:COL" of the first {@code token} in {@code text} (1-based, as descriptor errors). */
  private static String at(String text, String token) {
    int i = text.indexOf(token);
    int line = (int) text.substring(0, i).chars().filter(c -> c == '\n').count() + 1;
    int col = i - text.lastIndexOf('\n', i - 1);
    return line + ":" + col;
  }

  /** {@code planlab run} with a launcher that counts the points it is asked to start. */
  private CliRun run(AtomicInteger launches, String... args) {
    PointLauncher counting = request -> {
      launches.incrementAndGet();
      return new PointLauncher.Result(PointLauncher.Status.OK, "");
    };
    return CliRun.of(new CommandLine(new RunCommand(counting)), args);
  }

  /** A descriptor running s.dml; results below dir/results. */
  private CliRun runDescriptor(String yaml, AtomicInteger launches) throws IOException {
    file("s.dml", "print(1)\n");
    Path d = file("exp.yaml", yaml);
    return run(launches, d.toString(), "--results-root", dir.resolve("results").toString());
  }

  // ---------------------------------------------------------------- thread counts

  @Test
  void threadCountsBeyondTheMaximumAreUsageErrorsNamingTheRange() throws IOException {
    Path s = file("s.dml", "print(1)\n");
    for (String t : List.of("32768", "40000", "0")) {
      assertFirstLine(planlab("exec", s.toString(), "--threads", t), 2,
          "--threads must be in [1, 1024], was " + t);
    }
    assertFirstLine(planlab("datagen", "dense-uniform", "--rows", "10", "--cols", "2",
        "--threads", "40000", "--out", dir.resolve("x.csv").toString()), 2,
        "--threads must be in [1, 1024], was 40000");
    assertFalse(Files.exists(dir.resolve("x.csv")));
    assertFirstLine(planlab("calibrate", "--threads", "32768", "--out",
        dir.resolve("p.json").toString()), 2, "--threads must be in [1, 1024], was 32768");
  }

  @Test
  void descriptorThreadCountsBeyondTheMaximumAreDescriptorErrors() throws IOException {
    AtomicInteger launches = new AtomicInteger();
    String top = "name: s\nscript: s.dml\nthreads: 40000\n";
    assertFirstLine(runDescriptor(top, launches), 2, dir.resolve("exp.yaml") + ":"
        + at(top, "threads") + ": key 'threads': must be in [1, 1024], was 40000");
    String variant = "name: s\nscript: s.dml\nvariants:\n  A: {threads: 32768}\n";
    assertFirstLine(runDescriptor(variant, launches), 2, dir.resolve("exp.yaml") + ":"
        + at(variant, "threads") + ": key 'variants.A.threads': must be in [1, 1024], was 32768");
    assertEquals(0, launches.get());
  }

  @Test
  void parforParBeyondTheMaximumIsAScriptError() throws IOException {
    Path s = file("p.dml", "parfor (i in 1:4, par=40000) { print(i) }\n");
    CliRun r = planlab("exec", s.toString());
    assertFirstLine(r, 1, s + ":1:14: error: parfor option par must be in [1, 1024], was "
        + "40000");
    assertEquals("", r.out());
  }

  // ---------------------------------------------------------------- file-system errors

  @Test
  void unreadableInputSaysPermissionDenied() throws IOException {
    Path in = RefusedPaths.unreadableFile(dir);
    Path s = file("r.dml", "X = read(\"" + in + "\", format=\"csv\")\nprint(sum(X))\n");
    assertFirstLine(planlab("exec", s.toString()), 1, s + ":1:5: error: cannot read "
        + in + ": permission denied");
    assertFirstLine(planlab("datagen", "labels-from-model", "--of", in.toString(), "--out",
        dir.resolve("y.csv").toString()), 1, "planlab: cannot read " + in
        + ": permission denied");
  }

  @Test
  void aReadOnlyFolderNamesTheUsersFileAndTheReasonNeverTheTemporary() throws IOException {
    Path ro = RefusedPaths.unwritableFolder(dir);
    Path out = ro.resolve("x.csv");
    CliRun r = planlab("datagen", "dense-uniform", "--rows", "10", "--cols", "2", "--out",
        out.toString());
    assertFirstLine(r, 1, "planlab: cannot write " + out + ": permission denied");
    ResultsFixture.standard().write(dir.resolve("exp/20240101T000000Z"), "exp", "Base");
    CliRun report = planlab("report", dir.resolve("exp").toString(), "--format", "md",
        "--out", ro.toString());
    assertFirstLine(report, 1, "planlab: cannot write " + ro.resolve("report.md")
        + ": permission denied");
  }

  @Test
  void outPointingAtAFileIsNamedAsSuch() throws IOException {
    Path f = file("X", "not a folder\n");
    AtomicInteger launches = new AtomicInteger();
    file("s.dml", "print(1)\n");
    Path d = file("exp.yaml", "name: s\nscript: s.dml\n");
    assertFirstLine(run(launches, d.toString(), "--out", f.toString()), 2,
        "--out " + f + " is a file, not a folder");
    assertFirstLine(run(launches, d.toString(), "--results-root", f.resolve("r").toString()), 2,
        "--results-root " + f.resolve("r") + ": " + f + " is a file, not a folder");
    assertEquals(0, launches.get());
    // report writes through the atomic writer: the reason names the file in the way
    ResultsFixture.standard().write(dir.resolve("exp/20240101T000000Z"), "exp", "Base");
    assertFirstLine(planlab("report", dir.resolve("exp").toString(), "--format", "md", "--out",
        f.toString()), 1, "planlab: cannot write " + f.resolve("report.md") + ": " + f
        + " is not a directory");
    assertFirstLine(planlab("datagen", "dense-uniform", "--rows", "10", "--cols", "2", "--out",
        f.resolve("x.csv").toString()), 1, "planlab: cannot write " + f.resolve("x.csv") + ": "
        + f + " is not a directory");
    assertFirstLine(planlab("calibrate", "--out", f.resolve("p.json").toString()), 2,
        "--out " + f.resolve("p.json") + ": " + f + " is a file, not a folder");
    assertEquals("not a folder\n", Files.readString(f));
  }

  @Test
  void writingIntoAMissingFolderOrOntoAFolderSaysSo() throws IOException {
    Path out = dir.resolve("no").resolve("x.csv");
    assertFirstLine(planlab("datagen", "dense-uniform", "--rows", "10", "--cols", "2", "--out",
        out.toString()), 1, "planlab: cannot write " + out + ": the folder " + out.getParent()
        + " does not exist");
    Path folder = Files.createDirectories(dir.resolve("folder"));
    assertFirstLine(planlab("datagen", "dense-uniform", "--rows", "10", "--cols", "2", "--out",
        folder.toString()), 1, "planlab: cannot write " + folder + ": is a directory");
    try (var left = Files.list(dir)) {
      assertEquals(List.of(folder), left.toList(), "no temporary left behind");
    }
  }

  // ---------------------------------------------------------------- a directory as input

  @Test
  void aDirectoryGivenAsAnInputFileIsReportedAsADirectory() throws IOException {
    Path in = Files.createDirectories(dir.resolve("data.csv"));
    Path s = file("r.dml", "X = read(\"" + in + "\")\nprint(sum(X))\n");
    assertFirstLine(planlab("exec", s.toString()), 1, s + ":1:5: error: cannot read "
        + in + ": is a directory");
    assertFirstLine(planlab("datagen", "labels-from-model", "--of", in.toString(), "--out",
        dir.resolve("y.csv").toString()), 1, "planlab: cannot read " + in
        + ": is a directory");
    assertFirstLine(planlab("exec", s.toString(), "--cost-profile", in.toString()), 2,
        "cost profile " + in + " is a directory");
    assertFirstLine(planlab("run", in.toString()), 2, in
        + ": cannot read the descriptor: is a directory");
    ResultsFixture.standard().write(dir.resolve("exp/20240101T000000Z"), "exp", "Base");
    assertFirstLine(planlab("compare", in.toString(), dir.resolve("exp").toString()), 2,
        "planlab: baseline " + in + " is a directory");
  }

  // ---------------------------------------------------------------- generator arguments

  @Test
  void outOfRangeGeneratorArgumentsAreDescriptorErrorsBeforeAnyPoint() throws IOException {
    AtomicInteger launches = new AtomicInteger();
    Path f = dir.resolve("exp.yaml");
    String sparsity = "name: s\nscript: s.dml\ndata:\n"
        + "  X: {generator: sparse-uniform, rows: 10, cols: 5, sparsity: 1.5}\n";
    assertFirstLine(runDescriptor(sparsity, launches), 2, f + ":" + at(sparsity, "sparsity: 1")
        + ": key 'data.X.sparsity': must be in [0, 1], was 1.5");
    String rows = "name: s\nscript: s.dml\ndata:\n"
        + "  X: {generator: dense-uniform, rows: [100, -10], cols: 5}\n";
    assertFirstLine(runDescriptor(rows, launches), 2, f + ":" + at(rows, "-10")
        + ": key 'data.X.rows[1]': must be a whole number in [1, 1000000000000], was -10");
    String rank = "name: s\nscript: s.dml\ndata:\n"
        + "  X: {generator: low-rank-plus-noise, rows: 1000, cols: [50, 10], rank: 20}\n";
    assertFirstLine(runDescriptor(rank, launches), 2, f + ":" + at(rank, "X:")
        + ": key 'data.X': low-rank-plus-noise: rank must be <= min(rows, cols) = 10, was 20"
        + " (rows=1000, cols=10, rank=20)");
    String ref = "name: s\nscript: s.dml\nparams: {n: [10, 0]}\ndata:\n"
        + "  X: {generator: dense-uniform, rows: 100, cols: $n}\n";
    assertFirstLine(runDescriptor(ref, launches), 2, f + ":" + at(ref, "n:")
        + ": key 'params.n': input X's cols ($n) must be a whole number in [1, 2147483639],"
        + " was 0");
    String shape = "name: s\nscript: s.dml\ndata:\n"
        + "  X: {generator: dense-uniform, rows: 100, cols: 5, min: 2}\n";
    assertFirstLine(runDescriptor(shape, launches), 2, f + ":" + at(shape, "X:")
        + ": key 'data.X': dense-uniform: min must be <= max, was min=2.0 max=1.0 (rows=100,"
        + " cols=5, min=2)");
    assertEquals(0, launches.get());
    assertFalse(Files.exists(dir.resolve("results")), "no run folder");
  }

  @Test
  void datagenRejectsAnEmptyShapeAndARankAboveIt() {
    String out = dir.resolve("x.csv").toString();
    assertFirstLine(planlab("datagen", "dense-uniform", "--rows", "0", "--cols", "3", "--out",
        out), 2, "--rows must be a whole number in [1, 1000000000000], was 0");
    assertFirstLine(planlab("datagen", "low-rank-plus-noise", "--rows", "100", "--cols", "10",
        "--rank", "50", "--out", out), 2,
        "low-rank-plus-noise: rank must be <= min(rows, cols) = 10, was 50");
    assertFirstLine(planlab("datagen", "sparse-uniform", "--rows", "10", "--cols", "3",
        "--sparsity", "1.5", "--out", out), 2, "--sparsity must be in [0, 1], was 1.5");
    assertFalse(Files.exists(dir.resolve("x.csv")));
  }

  // ---------------------------------------------------------------- results

  /** A points.csv whose quoted error spans two lines, so line numbers differ from row numbers. */
  private Path corruptRun() throws IOException {
    Path run = dir.resolve("exp/20240101T000000Z");
    file("exp/20240101T000000Z/points.csv", """
        point,workload,variant,rep,status,error,wall_s
        a__Base,w,Base,1,failed,"first line
        second line",
        a__Base,w,Base,2,ok,,1.5
        a__Gen,w,Gen,1,ok,,abc
        """);
    return run;
  }

  @Test
  void compareExitsTwoOnCorruptResultsAndOneOnlyOnARegression() throws IOException {
    Path run = corruptRun();
    Path baseline = file("b.json", """
        {"tracked": [{"name": "speed-up", "numerator": {"where": {"variant": "Base"},
          "metric": "wall_s"}, "denominator": {"where": {"variant": "Gen"}, "metric": "wall_s"},
          "expected": 2, "tolerance": 0.5, "better": "higher"}]}
        """);
    assertFirstLine(planlab("compare", baseline.toString(), run.toString()), 2, "planlab: "
        + run.resolve("points.csv") + ", line 5: column 'wall_s': 'abc' is not a number");
    Files.writeString(run.resolve("points.csv"), "point,workload\n");
    assertFirstLine(planlab("compare", baseline.toString(), run.toString()), 2, "planlab: "
        + run.resolve("points.csv") + ": missing column 'variant' (columns: point,workload)");
    Files.writeString(run.resolve("points.csv"), "point,workload,variant,rep,status,error,"
        + "wall_s\nb,w,Base,1,ok,,1.0\ng,w,Gen,1,ok,,2.0\n");
    CliRun regression = planlab("compare", baseline.toString(), run.toString());
    assertEquals(1, regression.code(), regression.err());
    assertTrue(regression.err().startsWith("planlab: regression beyond tolerance: speed-up"),
        regression.err());
  }

  @Test
  void reportNamesTheFileLineOfABadRow() throws IOException {
    Path run = corruptRun();
    assertFirstLine(planlab("report", run.toString()), 1, "planlab: "
        + run.resolve("points.csv") + ", line 5: column 'wall_s': 'abc' is not a number");
  }
}
