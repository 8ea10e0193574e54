package org.planlab.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  private static final int SIZE = 50 << 20;

  @TempDir
  Path dir;

  @Test
  void aWriterKilledMidWriteLeavesOneCompleteVersion() throws Exception {
    Path file = dir.resolve("big.bin");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        AtomicRewriter.class.getName(), file.toString(), Integer.toString(SIZE))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line;
      // versions 1 and 2 are complete once version 3 is announced; kill it while it writes 3
      while ((line = out.readLine()) != null && !line.equals("writing 3")) {
        assertTrue(line.startsWith("writing "), line);
      }
      assertEquals("writing 3", line);
    } finally {
      p.destroyForcibly();
      p.waitFor();
    }

    byte[] bytes = Files.readAllBytes(file);
    assertEquals(SIZE, bytes.length);
    byte version = bytes[0];
    assertTrue(version == 2 || version == 3, "version " + version);
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] != version) {
        throw new AssertionError("byte " + i + " is " + bytes[i] + ", byte 0 is " + version);
      }
    }
    try (Stream<Path> s = Files.list(dir)) {
      for (Path other : s.filter(x -> !x.equals(file)).toList()) {
        String name = other.getFileName().toString();
        assertTrue(name.startsWith(".big.bin." + p.pid() + "-") && name.endsWith(".tmp"), name);
      }
    }

    // the killed writer's temporary goes with the next write of the same file
    AtomicFiles.writeString(file, "next");
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(file), s.toList());
    }
  }

  @Test
  void aWriteKeepsTheTemporaryOfAWriterThatStillRuns() throws IOException {
    Path file = dir.resolve("a.json");
    Path writing = dir.resolve(".a.json." + ProcessHandle.current().pid() + "-x1.tmp");
    Files.writeString(writing, "{\"par");
    AtomicFiles.writeString(file, "{}");
    assertTrue(Files.exists(writing));
  }

  @Test
  void writeReplacesTheFileAndLeavesNoTemporaryFile() throws IOException {
    Path file = dir.resolve("a.json");
    AtomicFiles.writeString(file, "one");
    AtomicFiles.writeString(file, "two");
    assertEquals("two", Files.readString(file));
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(file), s.toList());
    }
  }
}
