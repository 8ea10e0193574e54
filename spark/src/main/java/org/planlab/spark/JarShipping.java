package org.planlab.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The jars a driver ships to executors in other JVMs (DEPENDENCIES.md: without them executors
 * fail with ClassNotFoundException): the code sources of planlab's classes, and for classes
 * loaded from a build folder (tests, the development launcher) a jar packed from that folder.
 * A folder is packed once per {@code scratch} folder: the classes a JVM loaded do not change
 * while it runs, and every backend of the JVM ships the same jar.
 */
final class JarShipping {
  private JarShipping() {
  }

  /** Jar paths holding the classes {@code roots} and their modules. */
  static synchronized List<String> jarsOf(Path scratch, Class<?>... roots) {
    Set<Path> sources = new LinkedHashSet<>();
    for (Class<?> c : roots) {
      try {
        sources.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()));
      } catch (URISyntaxException | NullPointerException e) {
        throw new IllegalStateException("cannot locate the classes of " + c.getName()
            + " to ship them to executors", e);
      }
    }
    List<String> jars = new ArrayList<>();
    for (Path p : sources) {
      jars.add((Files.isDirectory(p) ? pack(p, scratch) : p).toAbsolutePath().toString());
    }
    return jars;
  }

  /** A jar of the class files under {@code folder}, packed into {@code scratch} unless it was. */
  private static Path pack(Path folder, Path scratch) {
    try {
      Files.createDirectories(scratch);
      Path jar = scratch.resolve("planlab-classes-"
          + Integer.toHexString(folder.toAbsolutePath().toString().hashCode()) + ".jar");
      if (Files.exists(jar)) {
        return jar;
      }
      Path partial = Files.createTempFile(scratch, "planlab-classes-", ".partial");
      try (OutputStream os = Files.newOutputStream(partial);
          JarOutputStream out = new JarOutputStream(os);
          Stream<Path> files = Files.walk(folder)) {
        for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
          out.putNextEntry(new JarEntry(folder.relativize(f).toString().replace('\\', '/')));
          Files.copy(f, out);
          out.closeEntry();
        }
      }
      return Files.move(partial, jar, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot pack " + folder + " into a jar for executors: "
          + e.getMessage(), e);
    }
  }
}
