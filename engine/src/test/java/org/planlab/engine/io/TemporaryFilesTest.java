package org.planlab.engine.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.matrix.MatrixBlock;

class TemporaryFilesTest {
  @TempDir
  Path dir;

  /** The id of a process that has ended (and was reaped). */
  static long deadPid() throws IOException, InterruptedException {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-version").redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    p.waitFor();
    return p.pid();
  }

  private List<String> names(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aNameCarriesTheTargetTheSuffixAndThisProcess() {
    String n = TemporaryFiles.nameFor(dir.resolve("X.bin"), ".mtd").getFileName().toString();
    assertTrue(n.startsWith(".X.bin.mtd." + ProcessHandle.current().pid() + "-"), n);
    assertTrue(n.endsWith(".tmp"), n);
    assertTrue(TemporaryFiles.isTemporary(n));
    assertFalse(TemporaryFiles.isStale(n), "this process runs");
  }

  @Test
  void deleteStaleRemovesTheTargetsTemporariesOfEndedWritersOnly() throws Exception {
    long dead = deadPid();
    long live = ProcessHandle.current().pid();
    for (String n : List.of(".X.bin." + dead + "-k3.tmp", ".X.bin.mtd." + dead + "-a1.tmp",
        ".X.bin.5f3a9c.tmp", ".X.bin." + live + "-q7.tmp", ".Y.bin." + dead + "-k3.tmp",
        "X.bin")) {
      Files.writeString(dir.resolve(n), n);
    }
    assertEquals(3, TemporaryFiles.deleteStale(dir.resolve("X.bin")));
    assertEquals(List.of(".X.bin." + live + "-q7.tmp", ".Y.bin." + dead + "-k3.tmp", "X.bin"),
        names(dir));
  }

  @Test
  void deleteStaleBelowSweepsSubfoldersAndKeepsResults() throws Exception {
    long dead = deadPid();
    Files.createDirectories(dir.resolve("stats"));
    Files.writeString(dir.resolve("stats/.a-r1.json." + dead + "-z9.tmp"), "partial");
    Files.writeString(dir.resolve(".points.csv.0c1d.tmp"), "partial");
    Files.writeString(dir.resolve("stats/a-r1.json"), "{}");
    Files.writeString(dir.resolve(".lock"), "pid=1");
    assertEquals(2, TemporaryFiles.deleteStaleBelow(dir));
    assertEquals(List.of(".lock", "stats"), names(dir));
    assertEquals(List.of("a-r1.json"), names(dir.resolve("stats")));
  }

  @Test
  void aWriteDeletesTheTemporariesAKilledWriteOfTheSameFileLeft() throws Exception {
    Path target = dir.resolve("X.csv");
    Path left = dir.resolve(".X.csv." + deadPid() + "-k3.tmp");
    Files.writeString(left, "1,2\n3,");
    MatrixFiles.write(MatrixBlock.dense(1, 2, new double[] {1, 2}), target, MatrixFormat.CSV,
        WriteOptions.defaults());
    assertEquals(List.of("X.csv", "X.csv.mtd"), names(dir));
  }
}
