package org.planlab.cli;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;

/**
 * The launcher's class path with Janino's jars replaced by unsigned copies and picocli's jar
 * first (a step of {@code ./planlab}, see README "Start-up").
 *
 * <p>Janino's jars on Maven Central are signed. The JDK checks every class it loads from a
 * signed jar against the jar's signature, and class-data sharing does not archive classes of
 * signed jars at all (JDK CDS skips them), so the compiler every fused operator goes through
 * would be loaded the slow way in every fresh JVM. The copies hold the same entries; only the
 * signature files and the manifest's per-entry digests are left out. Only Janino's jars are
 * copied: other signed jars may need their signature (a JCE provider does), and none of them is
 * on the path of a compilation.
 *
 * <p>Usage: {@code UnsignedJars CLASS_PATH DIR OUT}: reads the class path ({@code :}-separated)
 * from the file CLASS_PATH, writes the copies into DIR (a copy at least as new as its jar is
 * kept) and the class path with the copies to the file OUT. Exit code 0, or 1 with a message on
 * standard error; the launcher then keeps the original class path.
 */
public final class UnsignedJars {
  /** File name prefixes of the jars that are copied when signed. */
  private static final List<String> COPIED = List.of("janino-", "commons-compiler-");

  /**
   * File name prefixes of the jars put first on the class path: picocli's, whose classes are
   * compiled for Java 5, which class-data sharing does not archive (JDK 17 CDS skips classes
   * older than Java 6). Every JVM loads its classes from the jar, and the loader finds a class
   * by opening the jars of the class path in order: at the end of the path, each command line
   * would open the hundred and more jars before it (Spark's) first.
   */
  static final List<String> FIRST = List.of("picocli-");

  private UnsignedJars() {
  }

  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: UnsignedJars CLASS_PATH DIR OUT");
      System.exit(2);
    }
    try {
      String classPath = Files.readString(Path.of(args[0]), StandardCharsets.UTF_8).strip();
      String launch = classPath(classPath, Path.of(args[1]));
      writeAtomically(Path.of(args[2]), launch.getBytes(StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      System.err.println("planlab: cannot prepare unsigned copies of Janino's jars: " + e);
      System.exit(1);
    }
  }

  /**
   * {@code classPath} with each signed Janino jar replaced by its unsigned copy in {@code dir}
   * (created or refreshed as needed), and the jars of {@link #FIRST} moved to the front.
   */
  static String classPath(String classPath, Path dir) throws IOException {
    List<String> first = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    for (String entry : classPath.split(File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path jar = Path.of(entry);
      String launched = copied(jar) && isSigned(jar) ? unsignedCopy(jar, dir).toString() : entry;
      (isJar(jar, FIRST) ? first : rest).add(launched);
    }
    first.addAll(rest);
    return String.join(File.pathSeparator, first);
  }

  private static boolean copied(Path jar) {
    return isJar(jar, COPIED) && Files.isRegularFile(jar);
  }

  /** Whether {@code entry} is a jar whose file name starts with one of {@code prefixes}. */
  private static boolean isJar(Path entry, List<String> prefixes) {
    String name = entry.getFileName() == null ? "" : entry.getFileName().toString();
    return name.endsWith(".jar") && prefixes.stream().anyMatch(name::startsWith);
  }

  /** Whether the jar has signature files (what makes the JDK verify it). */
  static boolean isSigned(Path jar) throws IOException {
    try (JarFile f = new JarFile(jar.toFile(), false)) {
      Enumeration<JarEntry> entries = f.entries();
      while (entries.hasMoreElements()) {
        if (isSignatureFile(entries.nextElement().getName())) {
          return true;
        }
      }
    }
    return false;
  }

  /** The signature-related files of a jar (JAR File Specification, "Signed JAR File"). */
  static boolean isSignatureFile(String name) {
    String n = name.toUpperCase(Locale.ROOT);
    if (!n.startsWith("META-INF/") || n.indexOf('/', "META-INF/".length()) >= 0) {
      return false;
    }
    String file = n.substring("META-INF/".length());
    return file.endsWith(".SF") || file.endsWith(".RSA") || file.endsWith(".DSA")
        || file.endsWith(".EC") || file.startsWith("SIG-");
  }

  /** The unsigned copy of {@code jar} in {@code dir}, written unless one at least as new is. */
  static Path unsignedCopy(Path jar, Path dir) throws IOException {
    Path copy = dir.resolve(jar.getFileName().toString());
    FileTime source = Files.getLastModifiedTime(jar);
    if (Files.isRegularFile(copy) && Files.getLastModifiedTime(copy).compareTo(source) >= 0) {
      return copy;
    }
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, copy.getFileName().toString(), ".tmp");
    try {
      try (JarFile in = new JarFile(jar.toFile(), false);
          JarOutputStream out = new JarOutputStream(Files.newOutputStream(tmp),
              mainAttributesOnly(in.getManifest()))) {
        Enumeration<JarEntry> entries = in.entries();
        while (entries.hasMoreElements()) {
          JarEntry e = entries.nextElement();
          if (isSignatureFile(e.getName()) || e.getName().equals(JarFile.MANIFEST_NAME)) {
            continue;
          }
          out.putNextEntry(new ZipEntry(e.getName()));
          try (InputStream data = in.getInputStream(e)) {
            data.transferTo(out);
          }
          out.closeEntry();
        }
      }
      Files.setLastModifiedTime(tmp, source);
      move(tmp, copy);
    } finally {
      Files.deleteIfExists(tmp);
    }
    return copy;
  }

  /** The manifest's main section: the per-entry digests only serve the signature. */
  private static Manifest mainAttributesOnly(Manifest m) {
    Manifest out = new Manifest();
    if (m != null) {
      out.getMainAttributes().putAll(m.getMainAttributes());
    }
    out.getMainAttributes().putIfAbsent(Attributes.Name.MANIFEST_VERSION, "1.0");
    return out;
  }

  private static void writeAtomically(Path file, byte[] bytes) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path tmp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        out.write(bytes);
      }
      move(tmp, file);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** Renames {@code from} to {@code to}, readable by all as a build output (temp files are not). */
  private static void move(Path from, Path to) throws IOException {
    try {
      Files.setPosixFilePermissions(from, PosixFilePermissions.fromString("rw-r--r--"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: its default permissions apply
    }
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
