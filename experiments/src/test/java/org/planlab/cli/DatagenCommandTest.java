package org.planlab.cli;

import static org.planlab.cli.CliRun.planlab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.io.MatrixRows;
import org.planlab.datagen.gen.DenseUniform;
import org.planlab.datagen.gen.Generators;
import org.planlab.datagen.gen.LabelsFromModel;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.MatrixMetadata;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;

class DatagenCommandTest {
  @TempDir
  Path dir;



  @Test
  void denseUniformWritesFileAndMtdAndExitsZero() throws IOException {
    Path f = dir.resolve("X");
    CliRun r = planlab("datagen", "dense-uniform", "--rows", "1000", "--cols", "10", "--out",
        f.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(Files.exists(f));
    assertTrue(Files.exists(MatrixMetadata.pathFor(f)));
    assertEquals(MatrixFormat.BINARY, MatrixMetadata.read(MatrixMetadata.pathFor(f)).format());
    TestMatrices.assertClose(MatrixRows.readAll(new DenseUniform(1000, 10, 0, 1, 1)),
        MatrixFiles.read(f), 0, "default seed 1, U[0,1)");
    assertTrue(r.out().startsWith("wrote " + f.toAbsolutePath() + ": 1000 x 10, nnz 10000, "),
        r.out());
    assertEquals("", r.err());
  }

  @Test
  void scientificNotationOptionsAndFormatByExtension() throws IOException {
    Path f = dir.resolve("s.csv");
    CliRun r = planlab("datagen", "sparse-uniform", "--rows", "2e3", "--cols", "1E1",
        "--sparsity", "0.2", "--min", "1", "--max", "2", "--seed", "7", "--threads", "2",
        "--out", f.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(MatrixFormat.CSV, MatrixMetadata.read(MatrixMetadata.pathFor(f)).format());
    MatrixBlock m = MatrixFiles.read(f);
    assertEquals("2000x10", m.shape());
    assertEquals(0.2, m.sparsity(), 0.02);
  }

  @Test
  void labelsFromModelReadsItsInputFile() throws IOException {
    Path x = dir.resolve("X.bin");
    Path y = dir.resolve("y.mtx");
    assertEquals(0, planlab("datagen", "dense-normal", "--rows", "1500", "--cols", "4", "--seed",
        "3", "--out", x.toString()).code());
    CliRun r = planlab("datagen", "labels-from-model", "--of", x.toString(), "--classes", "3",
        "--noise", "0", "--seed", "4", "--out", y.toString());
    assertEquals(0, r.code(), r.err());
    try (var in = MatrixFiles.open(x)) {
      LabelsFromModel expected = new LabelsFromModel(in, new LabelsFromModel.Params(3, 0, 4));
      TestMatrices.assertClose(MatrixRows.readAll(expected), MatrixFiles.read(y), 0, "labels");
    }
  }

  @Test
  void sameArgumentsGiveTheSameBytesWithAnyThreadCount() throws IOException {
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    String[] common = {"datagen", "sparse-powerlaw", "--rows", "3500", "--cols", "300",
        "--sparsity", "0.05", "--exponent", "1.2", "--format", "text"};
    assertEquals(0, planlab(concat(common, "--threads", "1", "--out", a.toString())).code());
    assertEquals(0, planlab(concat(common, "--threads", "2", "--out", b.toString())).code());
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void unknownGeneratorIsAUsageErrorListingTheValidNames() {
    CliRun r = planlab("datagen", "dense-uniformm", "--rows", "10", "--cols", "2", "--out",
        dir.resolve("z").toString());
    assertEquals(2, r.code());
    for (String n : Generators.names()) {
      assertTrue(r.err().contains(n), r.err());
    }
    assertTrue(r.err().contains("unknown generator 'dense-uniformm'"), r.err());
    assertFalse(Files.exists(dir.resolve("z")));
  }

  @Test
  void unknownFormatInapplicableOptionAndBadNumbersAreUsageErrors() {
    String out = dir.resolve("z").toString();
    CliRun fmt = planlab("datagen", "dense-uniform", "--rows", "10", "--cols", "2", "--format",
        "parquet", "--out", out);
    assertEquals(2, fmt.code());
    assertTrue(fmt.err().contains("valid formats: binary, csv, mm, text"), fmt.err());
    CliRun opt = planlab("datagen", "dense-uniform", "--rows", "10", "--cols", "2", "--rank", "3",
        "--out", out);
    assertEquals(2, opt.code());
    assertTrue(opt.err().contains("option 'rank' does not apply to dense-uniform"), opt.err());
    CliRun frac = planlab("datagen", "dense-uniform", "--rows", "1.5", "--cols", "2", "--out", out);
    assertEquals(2, frac.code());
    assertTrue(frac.err().contains("'1.5' is not a whole number"), frac.err());
    CliRun range = planlab("datagen", "sparse-uniform", "--rows", "10", "--cols", "2",
        "--sparsity", "2", "--out", out);
    assertEquals(2, range.code());
    assertTrue(range.err().startsWith("--sparsity must be in [0, 1], was 2\n"), range.err());
    CliRun missing = planlab("datagen", "dense-uniform", "--rows", "10", "--out", out);
    assertEquals(2, missing.code());
    assertTrue(missing.err().contains("needs both rows and cols"), missing.err());
  }

  @Test
  void unreadableInputIsAFailureWithOneLineAndNoStackTrace() throws IOException {
    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "1,2\n3\n");
    CliRun r = planlab("datagen", "labels-from-model", "--of", bad.toString(), "--out",
        dir.resolve("y").toString());
    assertEquals(1, r.code());
    assertEquals("planlab: " + bad + ", line 2: expected 2 fields, found 1",
        r.err().strip());
    CliRun missing = planlab("datagen", "labels-from-model", "--of", dir.resolve("nope").toString(),
        "--out", dir.resolve("y").toString());
    assertEquals(1, missing.code());
    assertTrue(missing.err().startsWith("planlab: "), missing.err());
    assertTrue(missing.err().contains("nope"), missing.err());
    assertFalse(missing.err().contains("\tat "), missing.err());
  }

  @Test
  void helpFooterMentionsEveryGeneratorAndListShowsThem() {
    CliRun help = planlab("datagen", "--help");
    assertEquals(0, help.code());
    for (String n : Generators.names()) {
      assertTrue(help.out().contains("  " + n + " "), n + " missing in help:\n" + help.out());
    }
    CliRun list = planlab("list");
    assertEquals(0, list.code());
    assertTrue(list.out().contains("generators:\n  dense-uniform      dense X"), list.out());
    assertTrue(list.out().contains(
        "\n      sparsity=0.1 (in [0, 1]): fraction of non-zero cells\n"), list.out());
    assertTrue(list.out().contains("formats:\n  binary\n  csv\n  mm\n  text\n"), list.out());
    assertTrue(list.out().contains("workloads:\n  l2svm\n"), list.out());
    assertTrue(list.out().contains("codegen compilers:\n  janino\n  javac\n"), list.out());
  }

  @Test
  void byteSizesArePrintedInBinaryUnits() {
    assertEquals("512 B", DatagenCommand.bytes(512));
    assertEquals("1.5 KiB", DatagenCommand.bytes(1536));
    assertEquals("2.0 MiB", DatagenCommand.bytes(2L << 20));
  }
}
