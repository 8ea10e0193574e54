package org.planlab.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data archive a point JVM gets from its runner: passed on when there is one, and a
 * JVM whose archive is missing, stale or not an archive at all runs as without one, printing
 * nothing about it.
 */
class ClassDataFlagsTest {
  @TempDir
  Path dir;

  @Test
  void withoutAnArchiveFileThereAreNoFlags() {
    assertEquals(List.of(), ForkedJvmLauncher.classDataFlags(null));
    assertEquals(List.of(), ForkedJvmLauncher.classDataFlags(" "));
    assertEquals(List.of(), ForkedJvmLauncher.classDataFlags(dir.resolve("none.jsa").toString()));
    assertEquals(List.of(), ForkedJvmLauncher.classDataFlags(dir.toString()));
    assertEquals(List.of(), ForkedJvmLauncher.classDataFlags("bad\0path"));
  }

  @Test
  void anArchiveIsMappedQuietlyAndPassedOnToTheNextJvms() throws IOException {
    Path archive = Files.writeString(dir.resolve("a.jsa"), "x");
    List<String> flags = ForkedJvmLauncher.classDataFlags(archive.toString());
    assertEquals(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:cds=off",
        "-Xlog:cds+dynamic=off", "-D" + ForkedJvmLauncher.CLASS_DATA_ARCHIVE + "=" + archive),
        flags);
  }

  /** A JVM's exit code, standard output and standard error. */
  private record Ran(int exit, String out, String err) {
  }

  private Ran java(List<String> options, Path classPath) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(options);
    cmd.add("-cp");
    cmd.add(classPath.toString());
    cmd.add(CdsProbe.class.getName());
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
        .start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the JVM ended");
    return new Ran(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** A jar holding {@link CdsProbe} (class-data archives need a class path of jars). */
  private Path probeJar() throws IOException {
    String entry = CdsProbe.class.getName().replace('.', '/') + ".class";
    Path jar = dir.resolve("probe.jar");
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file);
        InputStream in = CdsProbe.class.getClassLoader().getResourceAsStream(entry)) {
      out.putNextEntry(new JarEntry(entry));
      in.transferTo(out);
      out.closeEntry();
    }
    return jar;
  }

  @Test
  void aJvmWhoseArchiveIsMissingStaleOrBrokenRunsAndSaysNothingAboutIt() throws Exception {
    Path jar = probeJar();
    Path archive = dir.resolve("probe.jsa");
    Ran dump = java(List.of("-XX:ArchiveClassesAtExit=" + archive, "-Xlog:cds=off",
        "-Xlog:cds+dynamic=off"), jar);
    assertEquals(0, dump.exit(), dump.err());
    assertTrue(Files.size(archive) > 0);
    Ran ok = java(ForkedJvmLauncher.classDataFlags(archive.toString()), jar);
    assertEquals(new Ran(0, "probe ran\n", ""), ok);
    assertEquals(0, java(List.of("-Xshare:on", "-XX:SharedArchiveFile=" + archive), jar).exit(),
        "the archive is usable");

    // a rebuilt jar: the archive no longer matches the class path
    Files.setLastModifiedTime(jar, FileTime.fromMillis(
        Files.getLastModifiedTime(jar).toMillis() + 10_000));
    assertNotEquals(0, java(List.of("-Xshare:on", "-XX:SharedArchiveFile=" + archive), jar)
        .exit(), "the archive is stale");
    assertEquals(new Ran(0, "probe ran\n", ""),
        java(flags(archive), jar), "stale");

    Path garbage = Files.writeString(dir.resolve("garbage.jsa"), "not an archive",
        StandardCharsets.UTF_8);
    assertEquals(new Ran(0, "probe ran\n", ""), java(flags(garbage), jar), "not an archive");
    Path missing = dir.resolve("missing.jsa");
    assertEquals(new Ran(0, "probe ran\n", ""), java(flags(missing), jar), "missing");
  }

  /** The launcher's flags for a file that exists when they are made (it may vanish later). */
  private static List<String> flags(Path archive) throws IOException {
    boolean existed = Files.exists(archive);
    if (!existed) {
      Files.writeString(archive, "");
    }
    List<String> flags = ForkedJvmLauncher.classDataFlags(archive.toString());
    if (!existed) {
      Files.delete(archive);
    }
    return flags;
  }
}
