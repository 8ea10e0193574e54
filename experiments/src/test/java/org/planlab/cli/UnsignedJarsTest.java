package org.planlab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's class path with unsigned copies of Janino's signed jars. */
class UnsignedJarsTest {
  private static final byte[] CLASS = {(byte) 0xCA, (byte) 0xFE, 1, 2, 3};

  @TempDir
  Path dir;

  /** A jar with a class, a resource and, if signed, the files of a jar signature. */
  private Path jar(String name, boolean signed) throws IOException {
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().putValue("Automatic-Module-Name", "org.example");
    if (signed) {
      Attributes digest = new Attributes();
      digest.putValue("SHA-256-Digest", "abc=");
      m.getEntries().put("org/example/A.class", digest);
    }
    Path jar = dir.resolve(name);
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file, m)) {
      put(out, "org/example/A.class", CLASS);
      put(out, "META-INF/services/org.example.S", "org.example.A\n".getBytes(
          StandardCharsets.UTF_8));
      if (signed) {
        put(out, "META-INF/SIGNER.SF", new byte[] {1});
        put(out, "META-INF/SIGNER.RSA", new byte[] {2});
      }
    }
    return jar;
  }

  private static void put(JarOutputStream out, String name, byte[] data) throws IOException {
    out.putNextEntry(new JarEntry(name));
    out.write(data);
    out.closeEntry();
  }

  private static List<String> entries(Path jar) throws IOException {
    try (JarFile f = new JarFile(jar.toFile())) {
      List<String> names = new ArrayList<>(Collections.list(f.entries()).stream()
          .map(JarEntry::getName).toList());
      Collections.sort(names);
      return names;
    }
  }

  @Test
  void signatureFilesAreTheJarSpecificationsOnes() {
    assertTrue(UnsignedJars.isSignatureFile("META-INF/UNKRIG.SF"));
    assertTrue(UnsignedJars.isSignatureFile("META-INF/unkrig.rsa"));
    assertTrue(UnsignedJars.isSignatureFile("META-INF/A.DSA"));
    assertTrue(UnsignedJars.isSignatureFile("META-INF/A.EC"));
    assertTrue(UnsignedJars.isSignatureFile("META-INF/SIG-X"));
    assertFalse(UnsignedJars.isSignatureFile("META-INF/MANIFEST.MF"));
    assertFalse(UnsignedJars.isSignatureFile("META-INF/services/A.SF"));
    assertFalse(UnsignedJars.isSignatureFile("org/A.SF"));
  }

  @Test
  void signedJaninoJarsAreReplacedByUnsignedCopiesAndTheRestIsKept() throws IOException {
    Path janino = jar("janino-9.9.jar", true);
    Path compiler = jar("commons-compiler-9.9.jar", true);
    Path otherSigned = jar("provider-1.0.jar", true);
    Path unsignedJanino = Files.createDirectories(dir.resolve("plain"))
        .resolve("janino-9.8.jar");
    Files.move(jar("janino-9.8.jar", false), unsignedJanino);
    Path copies = dir.resolve("copies");
    String cp = String.join(File.pathSeparator, dir.resolve("classes").toString(),
        janino.toString(), otherSigned.toString(), compiler.toString(),
        unsignedJanino.toString());
    String launch = UnsignedJars.classPath(cp, copies);
    assertEquals(String.join(File.pathSeparator, dir.resolve("classes").toString(),
        copies.resolve("janino-9.9.jar").toString(), otherSigned.toString(),
        copies.resolve("commons-compiler-9.9.jar").toString(), unsignedJanino.toString()),
        launch);
    Path copy = copies.resolve("janino-9.9.jar");
    assertTrue(UnsignedJars.isSigned(janino));
    assertFalse(UnsignedJars.isSigned(copy));
    assertEquals(List.of("META-INF/MANIFEST.MF", "META-INF/services/org.example.S",
        "org/example/A.class"), entries(copy));
    try (JarFile f = new JarFile(copy.toFile())) {
      assertArrayEquals(CLASS, f.getInputStream(f.getEntry("org/example/A.class"))
          .readAllBytes());
      Manifest m = f.getManifest();
      assertEquals("org.example", m.getMainAttributes().getValue("Automatic-Module-Name"));
      assertEquals(Map.of(), m.getEntries(), "no per-entry digests");
      assertNull(f.getJarEntry("META-INF/SIGNER.SF"));
    }
  }

  @Test
  void picocliGoesFirstAndTheOthersKeepTheirOrder() throws IOException {
    Path a = jar("a-1.0.jar", false);
    Path picocli = jar("picocli-4.7.7.jar", false);
    Path b = jar("b-2.0.jar", false);
    String cp = String.join(File.pathSeparator, dir.resolve("classes").toString(), a.toString(),
        b.toString(), picocli.toString());
    assertEquals(String.join(File.pathSeparator, picocli.toString(),
        dir.resolve("classes").toString(), a.toString(), b.toString()),
        UnsignedJars.classPath(cp, dir.resolve("copies")));
  }

  /** Why picocli goes first: its classes are older than Java 6, which CDS does not archive. */
  @Test
  void picocliOnTheClassPathIsCompiledForJava5() throws Exception {
    try (InputStream in = picocli.CommandLine.class.getResourceAsStream("CommandLine.class")) {
      byte[] head = in.readNBytes(8);
      assertEquals(49, ((head[6] & 0xff) << 8) | (head[7] & 0xff), "class file major version");
    }
  }

  @Test
  void aCopyAsNewAsItsJarIsKeptAndANewerJarIsCopiedAgain() throws IOException {
    Path janino = jar("janino-9.9.jar", true);
    Path copies = dir.resolve("copies");
    Path copy = UnsignedJars.unsignedCopy(janino, copies);
    assertEquals(Files.getLastModifiedTime(janino), Files.getLastModifiedTime(copy));
    Files.writeString(copy, "kept");
    assertEquals(copy, UnsignedJars.unsignedCopy(janino, copies));
    assertEquals("kept", Files.readString(copy));
    Files.setLastModifiedTime(janino, FileTime.fromMillis(
        Files.getLastModifiedTime(janino).toMillis() + 10_000));
    UnsignedJars.unsignedCopy(janino, copies);
    assertEquals(List.of("META-INF/MANIFEST.MF", "META-INF/services/org.example.S",
        "org/example/A.class"), entries(copy));
  }

  @Test
  void theJaninoOnTheClassPathIsSignedAndItsCopyLoadsWithoutSigners() throws Exception {
    Path janino = Path.of(org.codehaus.janino.Parser.class.getProtectionDomain().getCodeSource()
        .getLocation().toURI());
    assertTrue(UnsignedJars.isSigned(janino), "why the launcher copies it: " + janino);
    Path copy = UnsignedJars.unsignedCopy(janino, dir);
    assertFalse(UnsignedJars.isSigned(copy));
    try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
        new java.net.URL[] {copy.toUri().toURL()}, null)) {
      Class<?> parser = Class.forName("org.codehaus.janino.Scanner", false, loader);
      assertNull(parser.getSigners());
    }
  }
}
