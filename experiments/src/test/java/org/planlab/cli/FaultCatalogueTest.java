package org.planlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.experiment.report.ResultsFixture;

/**
 * The catalogue of faults a user can hand planlab, each through the command line as a user
 * would meet it: corrupt and truncated matrix files and {@code .mtd} files, metadata that
 * contradicts the data, a directory or an unreadable file where a file belongs, descriptors with
 * unknown keys or values out of range, options out of range, and corrupt results for
 * {@code compare} (exit 2: unusable input, never the exit 1 of a regression) and {@code report}.
 *
 * <p>Every fault must end with its documented exit code and one message on stderr whose first
 * line names the file (and line, byte offset or key) and what is wrong: no stack trace, no Java
 * exception name, no "null". A file the user may not read is refused by the kernel for root as
 * well ({@link RefusedPaths}).
 */
class FaultCatalogueTest {

  /**
   * One fault: builds its files in a fresh folder, then the command line and what it must
   * answer.
   */
  @FunctionalInterface
  interface Fault {
    Expectation setUp(Path dir) throws IOException;
  }

  /**
   * The command line to run and its answer.
   *
   * @param args the arguments of {@code planlab}
   * @param code the exit code
   * @param firstLine what the first line of stderr must start with
   * @param contains what it must contain besides (the key and problem of a descriptor error,
   *     after its line and column)
   */
  record Expectation(List<String> args, int code, String firstLine, String contains) {
  }

  private static Expectation expect(int code, String firstLine, Object... args) {
    return new Expectation(Stream.of(args).map(Object::toString).toList(), code, firstLine, "");
  }

  private static Path write(Path dir, String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
    return f;
  }

  /** A 2500 x 3 binary matrix file with its .mtd (three 1000-row blocks). */
  private static Path binary(Path dir, String name) throws IOException {
    Path f = dir.resolve(name);
    double[][] rows = new double[2500][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = new double[] {i, 1, 2};
    }
    MatrixFiles.write(MatrixBlock.of(rows), f, MatrixFormat.BINARY,
        WriteOptions.defaults().withBlocksize(1000));
    return f;
  }

  /** {@code exec} of a script reading {@code file}: exit 1, "SCRIPT:1:5: error: " + message. */
  private static Expectation execRead(Path dir, Path file, String message) throws IOException {
    Path s = write(dir, "read.dml", "X = read(\"" + file + "\")\nprint(sum(X))\n");
    return expect(1, s + ":1:5: error: " + message, "exec", s);
  }

  /** {@code run} of a descriptor (script s.dml): exit 2, "FILE:" then the key and message. */
  private static Expectation descriptor(Path dir, String yaml, String keyAndMessage)
      throws IOException {
    write(dir, "s.dml", "print(1)\n");
    Path f = write(dir, "exp.yaml", yaml);
    return new Expectation(List.of("run", f.toString(), "--results-root",
        dir.resolve("results").toString(), "--quiet"), 2, f + ":", keyAndMessage);
  }

  /** A baseline tracking Base over Gen wall time. */
  private static Path baseline(Path dir) throws IOException {
    return write(dir, "b.json", """
        {"tracked": [{"name": "speed-up", "numerator": {"where": {"variant": "Base"},
          "metric": "wall_s"}, "denominator": {"where": {"variant": "Gen"}, "metric": "wall_s"},
          "expected": 2, "tolerance": 0.5, "better": "higher"}]}
        """);
  }

  /** A run folder whose points.csv is {@code csv}. */
  private static Path results(Path dir, String csv) throws IOException {
    Path run = dir.resolve("exp/20240101T000000Z");
    write(dir, "exp/20240101T000000Z/points.csv", csv);
    return run;
  }

  private static final String HEADER = "point,workload,variant,rep,status,error,wall_s\n";

  private static Stream<Named<Fault>> faults() {
    List<Named<Fault>> f = new ArrayList<>();
    // ------------------------------------------------------------ matrix files
    f.add(Named.of("binary file shorter than its header", dir -> {
      Path bin = write(dir, "g.bin", "garbage");
      write(dir, "g.bin.mtd", "{\"data_type\":\"matrix\",\"format\":\"binary\",\"rows\":2,"
          + "\"cols\":2}");
      return execRead(dir, bin, "I/O error: " + bin + ", byte offset 7: truncated file: 7 "
          + "bytes, shorter than the 52-byte header");
    }));
    f.add(Named.of("binary file cut off inside its blocks", dir -> {
      Path bin = binary(dir, "t.bin");
      long size = Files.size(bin);
      try (RandomAccessFile raf = new RandomAccessFile(bin.toFile(), "rw")) {
        raf.setLength(500);
      }
      return execRead(dir, bin, "I/O error: " + bin + ", byte offset 500: truncated file: 500 "
          + "bytes, the header promises " + size);
    }));
    f.add(Named.of(".mtd whose shape contradicts the binary header", dir -> {
      Path bin = binary(dir, "n.bin");
      write(dir, "n.bin.mtd", "{\"data_type\":\"matrix\",\"format\":\"binary\",\"rows\":3000,"
          + "\"cols\":3}");
      return execRead(dir, bin, "I/O error: " + bin + ", byte offset 16: header says 2500x3, "
          + "n.bin.mtd says 3000x3");
    }));
    f.add(Named.of(".mtd whose nnz contradicts the csv data", dir -> {
      Path csv = write(dir, "c.csv", "1,2\n3,4\n");
      write(dir, "c.csv.mtd", "{\"format\":\"csv\",\"rows\":2,\"cols\":2,\"nnz\":3}");
      return execRead(dir, csv, "I/O error: " + csv + ": the data holds 4 non-zeros, "
          + "c.csv.mtd says nnz=3");
    }));
    f.add(Named.of(".mtd that is not JSON", dir -> {
      Path csv = write(dir, "j.csv", "1,2\n");
      write(dir, "j.csv.mtd", "{ \"rows\": 2, \"cols\": oops");
      return execRead(dir, csv, "I/O error: " + csv + ".mtd, line 1: not valid JSON");
    }));
    f.add(Named.of(".mtd with an unknown key", dir -> {
      Path csv = write(dir, "k.csv", "1,2\n");
      write(dir, "k.csv.mtd", "{\"rows\":1,\"cols\":2,\"format\":\"csv\",\"colour\":1}");
      return execRead(dir, csv, "I/O error: " + csv + ".mtd: unknown key \"colour\"");
    }));
    f.add(Named.of(".mtd that is a directory", dir -> {
      Path csv = write(dir, "m.csv", "1,2\n");
      Files.createDirectories(dir.resolve("m.csv.mtd"));
      return execRead(dir, csv, "I/O error: " + csv + ".mtd: is a directory");
    }));
    f.add(Named.of("csv with a non-numeric cell", dir -> {
      Path csv = write(dir, "x.csv", "1,2\n3,x\n");
      return execRead(dir, csv, "I/O error: " + csv + ", line 2: non-numeric cell in column 2 "
          + "'x'");
    }));
    f.add(Named.of("csv with a short row, as datagen's input", dir -> {
      Path csv = write(dir, "r.csv", "1,2\n3\n");
      return expect(1, "planlab: " + csv + ", line 2: expected 2 fields, found 1", "datagen",
          "labels-from-model", "--of", csv, "--out", dir.resolve("y.csv"));
    }));
    f.add(Named.of("MatrixMarket entry outside the matrix", dir -> {
      Path mm = write(dir, "m.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n"
          + "3 1 5\n");
      return execRead(dir, mm, "I/O error: " + mm + ", line 3: row index 3 is out of range 1..2");
    }));
    f.add(Named.of("MatrixMarket file with fewer entries than announced", dir -> {
      Path mm = write(dir, "t.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 2\n"
          + "1 1 5\n");
      return execRead(dir, mm, "I/O error: " + mm + ", line 3: found 1 of the 2 entries");
    }));
    f.add(Named.of("file of no known format", dir -> {
      Path x = write(dir, "x.dat", "garbage");
      return execRead(dir, x, "I/O error: " + x + ": cannot tell the format");
    }));
    f.add(Named.of("directory as the input of read()", dir -> {
      Path d = Files.createDirectories(dir.resolve("d.csv"));
      return execRead(dir, d, "cannot read " + d + ": is a directory");
    }));
    f.add(Named.of("directory as datagen's input", dir -> {
      Path d = Files.createDirectories(dir.resolve("d.bin"));
      return expect(1, "planlab: cannot read " + d + ": is a directory", "datagen",
          "labels-from-model", "--of", d, "--out", dir.resolve("y.csv"));
    }));
    f.add(Named.of("missing input file", dir -> {
      Path m = dir.resolve("missing.csv");
      return execRead(dir, m, "file not found: " + m);
    }));
    f.add(Named.of("missing datagen input", dir -> {
      Path m = dir.resolve("missing.bin");
      return expect(1, "planlab: cannot read " + m + ": no such file", "datagen",
          "labels-from-model", "--of", m, "--out", dir.resolve("y.csv"));
    }));
    f.add(Named.of("unreadable input file", dir -> {
      Path csv = RefusedPaths.unreadableFile(dir);
      return expect(1, "planlab: cannot read " + csv + ": permission denied", "datagen",
          "labels-from-model", "--of", csv, "--out", dir.resolve("y.csv"));
    }));
    f.add(Named.of("cost profile that is a directory", dir -> {
      Path s = write(dir, "s.dml", "print(1)\n");
      Path d = Files.createDirectories(dir.resolve("profile.json"));
      return expect(2, "cost profile " + d + " is a directory", "exec", s, "--cost-profile",
          d);
    }));
    // ------------------------------------------------------------ descriptors
    f.add(Named.of("descriptor: not YAML", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nparams: {n: [1, 2}\n", "not valid YAML")));
    f.add(Named.of("descriptor: unknown key", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nrepeats: 3\n", "key 'repeats': unknown key; valid keys: ")));
    f.add(Named.of("descriptor: duplicate key", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nrepeat: 3\nrepeat: 4\n", "not valid YAML: Duplicate field")));
    f.add(Named.of("descriptor: threads beyond the maximum", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nthreads: 40000\n",
        "key 'threads': must be in [1, 1024], was 40000")));
    f.add(Named.of("descriptor: threads 0", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nthreads: 0\n", "key 'threads': must be in [1, 1024], was 0")));
    f.add(Named.of("descriptor: variant threads beyond the maximum", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nvariants:\n  A: {threads: 32768}\n",
        "key 'variants.A.threads': must be in [1, 1024], was 32768")));
    f.add(Named.of("descriptor: reuse delay 0", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nvariants:\n  A: {reuse: full, reuseDelay: 0}\n",
        "key 'variants.A.reuseDelay': must be in [1, 1000], was 0")));
    f.add(Named.of("descriptor: unknown reuse mode", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nvariants:\n  A: {reuse: always}\n",
        "key 'variants.A.reuse': unknown reuse mode 'always'; valid modes: none, trace, full, "
            + "multilevel")));
    f.add(Named.of("descriptor: repeat 0", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nrepeat: 0\n", "key 'repeat': must be >= 1, was 0")));
    f.add(Named.of("descriptor: zero timeout", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ntimeout: 0s\n", "key 'timeout': the timeout must be positive")));
    f.add(Named.of("descriptor: unknown generator", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-unifrom, rows: 10, cols: 2}\n",
        "key 'data.X.generator': unknown generator 'dense-unifrom'")));
    f.add(Named.of("descriptor: option the generator does not take", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-uniform, rows: 10, cols: 2, "
            + "rank: 3}\n", "key 'data.X.rank': generator dense-uniform has no parameter "
            + "'rank'")));
    f.add(Named.of("descriptor: sparsity above 1", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: sparse-uniform, rows: 10, cols: 2, "
            + "sparsity: 1.5}\n", "key 'data.X.sparsity': must be in [0, 1], was 1.5")));
    f.add(Named.of("descriptor: negative rows in a list", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-uniform, rows: [-10], cols: 2}\n",
        "key 'data.X.rows[0]': must be a whole number in [1, 1000000000000], was -10")));
    f.add(Named.of("descriptor: zero rows", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-uniform, rows: 0, cols: 2}\n",
        "key 'data.X.rows': must be a whole number in [1, 1000000000000], was 0")));
    f.add(Named.of("descriptor: more columns than an array holds", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-uniform, rows: 1, cols: 1e10}\n",
        "key 'data.X.cols': must be a whole number in [1, 2147483639], was 10000000000")));
    f.add(Named.of("descriptor: fractional rows", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-uniform, rows: 10.5, cols: 2}\n",
        "key 'data.X.rows': '10.5' is not a whole number")));
    f.add(Named.of("descriptor: one class of labels", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-uniform, rows: 10, cols: 2}\n"
            + "  Y: {generator: labels-from-model, of: X, classes: 1}\n",
        "key 'data.Y.classes': must be a whole number in [2, 2147483639], was 1")));
    f.add(Named.of("descriptor: negative noise", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: low-rank-plus-noise, rows: 10, "
            + "cols: 5, rank: 2, noise: -1}\n", "key 'data.X.noise': must be >= 0, was -1")));
    f.add(Named.of("descriptor: mean count below 1", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: nonneg-sparse, rows: 10, cols: 5, "
            + "mean: 0.5}\n", "key 'data.X.mean': must be >= 1, was 0.5")));
    f.add(Named.of("descriptor: min above max", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-uniform, rows: 10, cols: 2, "
            + "min: [0, 5], max: 2}\n", "key 'data.X': dense-uniform: min must be <= max, was "
            + "min=5.0 max=2.0 (rows=10, cols=2, min=5, max=2)")));
    f.add(Named.of("descriptor: rank above the columns", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: low-rank-plus-noise, rows: 100, "
            + "cols: 10, rank: 50}\n", "key 'data.X': low-rank-plus-noise: rank must be <= "
            + "min(rows, cols) = 10, was 50")));
    f.add(Named.of("descriptor: a parameter reference out of range", dir -> descriptor(dir,
        "name: s\nscript: s.dml\nparams: {n: [10, -3]}\ndata:\n"
            + "  X: {generator: dense-uniform, rows: $n, cols: 2}\n",
        "key 'params.n': input X's rows ($n) must be a whole number in [1, 1000000000000], "
            + "was -3")));
    f.add(Named.of("descriptor: a shape reference breaking a rule", dir -> descriptor(dir,
        "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-uniform, rows: 100, cols: 4}\n"
            + "  Y: {generator: low-rank-plus-noise, rows: 100, cols: 8, rank: \"@X.rows\"}\n",
        "key 'data.Y': low-rank-plus-noise: rank must be <= min(rows, cols) = 8, was 100")));
    f.add(Named.of("descriptor: workload parameter feeding a generator", dir -> descriptor(dir,
        "name: a\nworkload: autoencoder_2layer\nparams: {H1: 0}\n", "key 'params.H1': input "
            + "W1's rows ($H1) must be a whole number in [1, 1000000000000], was 0")));
    f.add(Named.of("descriptor that is a directory", dir -> {
      Path d = Files.createDirectories(dir.resolve("exp.yaml"));
      return expect(2, d + ": cannot read the descriptor: is a directory", "run", d);
    }));
    // ------------------------------------------------------------ options
    f.add(Named.of("exec --threads beyond the maximum", dir -> expect(2,
        "--threads must be in [1, 1024], was 32768", "exec", write(dir, "s.dml", "print(1)\n"),
        "--threads", "32768")));
    f.add(Named.of("run --rounds 0", dir -> {
      write(dir, "s.dml", "print(1)\n");
      return expect(2, "--rounds must be in [1, 1000], was 0", "run",
          write(dir, "exp.yaml", "name: s\nscript: s.dml\n"), "--rounds", "0");
    }));
    f.add(Named.of("calibrate --mb too small", dir -> expect(2,
        "--mb must be in [16, 16383], was 1", "calibrate", "--mb", "1", "--out",
        dir.resolve("p.json"))));
    f.add(Named.of("datagen --cols 0", dir -> expect(2,
        "--cols must be a whole number in [1, 2147483639], was 0", "datagen", "dense-uniform",
        "--rows", "10", "--cols", "0", "--out", dir.resolve("x.csv"))));
    f.add(Named.of("datagen --classes 1", dir -> {
      Path x = binary(dir, "x.bin");
      return expect(2, "--classes must be a whole number in [2, 2147483639], was 1", "datagen",
          "labels-from-model", "--of", x, "--classes", "1", "--out", dir.resolve("y.csv"));
    }));
    f.add(Named.of("datagen --min above --max", dir -> expect(2,
        "dense-uniform: min must be <= max, was min=3.0 max=1.0", "datagen", "dense-uniform",
        "--rows", "10", "--cols", "2", "--min", "3", "--out", dir.resolve("x.csv"))));
    // ------------------------------------------------------------ compare and report
    f.add(Named.of("compare: a cell that is not a number", dir -> {
      Path run = results(dir, HEADER + "a,w,Base,1,ok,,1.5\na,w,Gen,1,ok,,fast\n");
      return expect(2, "planlab: " + run.resolve("points.csv") + ", line 3: column 'wall_s': "
          + "'fast' is not a number", "compare", baseline(dir), run);
    }));
    f.add(Named.of("compare: a row with too few cells", dir -> {
      Path run = results(dir, HEADER + "a,w,Base,1,ok,,1.5\na,w,Gen,1\n");
      return expect(2, "planlab: " + run.resolve("points.csv") + ", line 3: 4 cells, but the "
          + "header has 7", "compare", baseline(dir), run);
    }));
    f.add(Named.of("compare: a repetition that is not a whole number", dir -> {
      Path run = results(dir, HEADER + "a,w,Base,one,ok,,1.5\n");
      return expect(2, "planlab: " + run.resolve("points.csv") + ", line 2: column 'rep': "
          + "'one' is not a whole number", "compare", baseline(dir), run);
    }));
    f.add(Named.of("compare: points.csv without its columns", dir -> {
      Path run = results(dir, "point,workload\n");
      return expect(2, "planlab: " + run.resolve("points.csv") + ": missing column 'variant'",
          "compare", baseline(dir), run);
    }));
    f.add(Named.of("compare: an empty points.csv", dir -> {
      Path run = results(dir, "");
      return expect(2, "planlab: " + run.resolve("points.csv") + ": missing column 'point'",
          "compare", baseline(dir), run);
    }));
    f.add(Named.of("compare: run.json that is not JSON", dir -> {
      Path run = results(dir, HEADER + "a,w,Base,1,ok,,1.5\n");
      write(dir, "exp/20240101T000000Z/run.json", "{\"name\": ");
      return expect(2, "planlab: " + run.resolve("run.json") + ": not valid JSON", "compare",
          baseline(dir), run);
    }));
    f.add(Named.of("compare: a folder without runs", dir -> {
      Path empty = Files.createDirectories(dir.resolve("empty"));
      return expect(2, "planlab: no points.csv in " + empty, "compare", baseline(dir), empty);
    }));
    f.add(Named.of("compare: a baseline that is not JSON", dir -> {
      Path run = ResultsFixture.standard().write(dir.resolve("exp/20240101T000000Z"), "exp",
          "Base");
      Path b = write(dir, "b.json", "{\"tracked\": [");
      return expect(2, "planlab: " + b + ": not valid JSON at line", "compare", b, run);
    }));
    f.add(Named.of("compare: a missing baseline", dir -> {
      Path run = ResultsFixture.standard().write(dir.resolve("exp/20240101T000000Z"), "exp",
          "Base");
      Path b = dir.resolve("none.json");
      return expect(2, "planlab: baseline " + b + " does not exist", "compare", b, run);
    }));
    f.add(Named.of("compare: a results folder that does not exist", dir -> expect(2,
        "results folder " + dir.resolve("nope") + " does not exist", "compare", baseline(dir),
        dir.resolve("nope"))));
    f.add(Named.of("report: a cell that is not a number", dir -> {
      Path run = results(dir, HEADER + "a,w,Base,1,\"failed\",\"two\nlines\",\n"
          + "a,w,Gen,1,ok,,fast\n");
      return expect(1, "planlab: " + run.resolve("points.csv") + ", line 4: column 'wall_s': "
          + "'fast' is not a number", "report", run);
    }));
    f.add(Named.of("report: --out is a file", dir -> {
      Path run = ResultsFixture.standard().write(dir.resolve("exp/20240101T000000Z"), "exp",
          "Base");
      Path out = write(dir, "out", "x");
      return expect(1, "planlab: cannot write " + out.resolve("report.md") + ": " + out
          + " is not a directory", "report", run, "--format", "md", "--out", out);
    }));
    return f.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("faults")
  void isReportedWithItsExitCodeAndOneMessage(Fault fault, @TempDir Path dir)
      throws IOException {
    Expectation e = fault.setUp(dir);
    CliRun r = CliRun.planlab(e.args().toArray(String[]::new));
    String first = r.err().lines().findFirst().orElse("");
    assertEquals(e.code(), r.code(), r.err());
    assertTrue(first.startsWith(e.firstLine()) && first.contains(e.contains()),
        "expected a first line starting with\n  " + e.firstLine() + "\ncontaining\n  "
            + e.contains() + "\nbut stderr was\n  " + r.err());
    for (String s : List.of(r.err(), r.out())) {
      assertFalse(s.contains("\tat "), s);
      assertFalse(s.contains("Exception"), s);
      assertFalse(s.contains(": null"), s);
    }
  }
}
