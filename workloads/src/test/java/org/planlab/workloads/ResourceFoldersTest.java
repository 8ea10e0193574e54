package org.planlab.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResourceFoldersTest {
  @TempDir
  Path tmp;

  @Test
  void folderOnDiskIsUsedInPlace() throws IOException {
    Path classes = Files.createDirectories(tmp.resolve("classes/lib/scripts"));
    Files.writeString(classes.resolve("a.dml"), "m_a = function() {}");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {tmp.resolve("classes").toUri().toURL()}, null)) {
      assertEquals(classes.toRealPath(), ResourceFolders.materialize(loader, "lib/scripts", tmp.resolve("cache")).toRealPath());
    }
    assertTrue(Files.notExists(tmp.resolve("cache")));
  }

  @Test
  void folderInAJarIsCopiedOnceByContent() throws IOException {
    Path jar = jar(tmp.resolve("v1.jar"), Map.of("lib/scripts/a.dml", "m_a = function() {}",
        "lib/scripts/sub/b.dml", "m_b = function() {}", "lib/other.txt", "not copied"));
    Path cache = tmp.resolve("cache");
    Path first;
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      first = ResourceFolders.materialize(loader, "lib/scripts", cache);
      assertEquals("m_a = function() {}", Files.readString(first.resolve("a.dml")));
      assertEquals("m_b = function() {}", Files.readString(first.resolve("sub/b.dml")));
      assertTrue(Files.notExists(first.resolve("other.txt")));
      Files.writeString(first.resolve("marker"), "kept");
      assertEquals(first, ResourceFolders.materialize(loader, "lib/scripts", cache));
      assertTrue(Files.exists(first.resolve("marker")), "an existing copy is reused, not rewritten");
    }
    Path changed = jar(tmp.resolve("v2.jar"), Map.of("lib/scripts/a.dml", "m_a = function() { x = 1 }"));
    try (URLClassLoader loader = new URLClassLoader(new URL[] {changed.toUri().toURL()}, null)) {
      Path second = ResourceFolders.materialize(loader, "lib/scripts", cache);
      assertNotEquals(first, second);
      assertEquals("m_a = function() { x = 1 }", Files.readString(second.resolve("a.dml")));
    }
    try (Stream<Path> entries = Files.list(cache)) {
      assertTrue(entries.noneMatch(p -> p.getFileName().toString().contains("staging")), "staging folders remain");
    }
  }

  @Test
  void missingFolderIsAnError() throws IOException {
    try (URLClassLoader loader = new URLClassLoader(new URL[] {tmp.toUri().toURL()}, null)) {
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> ResourceFolders.materialize(loader, "no/such/folder", tmp.resolve("cache")));
      assertTrue(e.getMessage().contains("no/such/folder"), e.getMessage());
    }
  }

  /** A jar with directory entries, as Maven's jar plugin writes them. */
  private static Path jar(Path file, Map<String, String> files) throws IOException {
    try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out)) {
      java.util.Set<String> dirs = new java.util.TreeSet<>();
      for (String name : files.keySet()) {
        for (int i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
          dirs.add(name.substring(0, i + 1));
        }
      }
      for (String dir : dirs) {
        jar.putNextEntry(new JarEntry(dir));
        jar.closeEntry();
      }
      for (Map.Entry<String, String> f : new java.util.TreeMap<>(files).entrySet()) {
        jar.putNextEntry(new JarEntry(f.getKey()));
        jar.write(f.getValue().getBytes(StandardCharsets.UTF_8));
        jar.closeEntry();
      }
    }
    return file;
  }
}
