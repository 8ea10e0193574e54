package org.planlab.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * A class-path folder of scripts as a folder on disk, which the DML front end needs (it resolves
 * {@code source} paths and the builtin library by file). From a build's {@code classes} folder the
 * folder is used in place; from a jar its files are copied once into a cache folder named by a
 * hash of their names and contents, so different versions never share a folder and an existing
 * copy is reused.
 */
final class ResourceFolders {
  private ResourceFolders() {
  }

  /**
   * The folder {@code resourceFolder} (e.g. {@code org/planlab/workloads/builtins}) of the class
   * path of {@code loader} on disk.
   *
   * @param cacheRoot where copies out of jars go (created when missing)
   * @throws IllegalStateException when the folder is not on the class path
   * @throws UncheckedIOException when reading the jar or writing the copy fails
   */
  static Path materialize(ClassLoader loader, String resourceFolder, Path cacheRoot) {
    URL url = loader.getResource(resourceFolder);
    if (url == null) {
      throw new IllegalStateException("resource folder " + resourceFolder + " is not on the class path");
    }
    try {
      return switch (url.getProtocol()) {
        case "file" -> Path.of(url.toURI());
        case "jar" -> extract(url, resourceFolder, cacheRoot);
        default -> throw new IllegalStateException("resource folder " + resourceFolder
            + " is at " + url + ", which is neither a folder nor inside a jar");
      };
    } catch (URISyntaxException e) {
      throw new IllegalStateException("resource folder " + resourceFolder + " has a malformed URL " + url, e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy resource folder " + resourceFolder + " out of " + url, e);
    }
  }

  private static Path extract(URL url, String resourceFolder, Path cacheRoot) throws IOException {
    JarURLConnection connection = (JarURLConnection) url.openConnection();
    connection.setUseCaches(false); // a cached JarFile would stay open after close()
    Map<String, byte[]> files = new TreeMap<>();
    String prefix = resourceFolder.endsWith("/") ? resourceFolder : resourceFolder + "/";
    try (JarFile jar = connection.getJarFile()) {
      for (JarEntry entry : jar.stream().toList()) {
        String name = entry.getName();
        if (!entry.isDirectory() && name.startsWith(prefix)) {
          try (InputStream in = jar.getInputStream(entry)) {
            files.put(name.substring(prefix.length()), in.readAllBytes());
          }
        }
      }
    }
    String leaf = Path.of(resourceFolder).getFileName().toString();
    Path target = cacheRoot.resolve(leaf + "-" + contentHash(files));
    if (Files.isDirectory(target)) {
      return target;
    }
    Files.createDirectories(cacheRoot);
    Path staging = Files.createTempDirectory(cacheRoot, leaf + "-staging-");
    try {
      for (Map.Entry<String, byte[]> file : files.entrySet()) {
        Path path = staging.resolve(file.getKey());
        Files.createDirectories(path.getParent());
        Files.write(path, file.getValue());
      }
      // the folder appears complete or not at all
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      // a concurrent extraction of the same content may have won the race to the name
      if (!Files.isDirectory(target)) {
        throw e;
      }
    } finally {
      deleteRecursively(staging);
    }
    return target;
  }

  /** SHA-256 over the sorted file names and contents, first 16 hex digits. */
  private static String contentHash(Map<String, byte[]> files) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (Map.Entry<String, byte[]> file : files.entrySet()) {
        digest.update(file.getKey().getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(Long.toString(file.getValue().length).getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(file.getValue());
      }
      return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  private static void deleteRecursively(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
