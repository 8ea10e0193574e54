package org.planlab.experiment.peer;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.planlab.experiment.results.AtomicFiles;

/**
 * SystemDS 3.3.0's jars (the release jar and its ~260 runtime dependencies), resolved by Maven
 * into {@code <cache>/systemds-3.3.0/lib/} on first use: a small pom naming the release is
 * written and {@code mvn dependency:copy-dependencies} copies its runtime class path. The
 * resolution happens in a hidden folder beside the entry that is renamed into place with its
 * marker file, so a killed or failed resolution leaves no entry that looks complete, and later
 * runs (of any experiment, from any checkout) skip it.
 *
 * <p>JCuda is added to the pom: SystemDS declares it {@code provided} (its binary release ships
 * it), yet its code generator's Janino compiler loads classes whose signatures name
 * {@code jcuda.Pointer}, so code generation fails with {@code NoClassDefFoundError} without it.
 * Only the Java classes are needed (no native library is loaded on the CPU).
 */
public final class SystemDsJars {
  /** The marker file of a complete entry: the jar names, one a line. */
  public static final String MARKER = "resolved.txt";
  /** The Maven plugin that copies the class path, pinned so that every machine runs the same. */
  static final String COPY_GOAL =
      "org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies";
  /** The release jar, whose presence tells a usable resolution. */
  static final String RELEASE_JAR = "systemds-3.3.0.jar";

  private final Path root;
  private final Duration timeout;
  private final ChildProcesses children;

  /**
   * Jars below {@code root} (the engine cache, see {@link #defaultRoot}).
   *
   * @param timeout how long Maven may take
   * @param children where the Maven process is registered, so it ends with the point
   */
  public SystemDsJars(Path root, Duration timeout, ChildProcesses children) {
    this.root = root.toAbsolutePath();
    this.timeout = requireNonNull(timeout, "timeout is null");
    this.children = requireNonNull(children, "children is null");
  }

  /**
   * The engine cache of this user: {@code $PLANLAB_ENGINE_CACHE}, else
   * {@code $XDG_CACHE_HOME/planlab/engines}, else {@code ~/.cache/planlab/engines}. Outside the
   * repository (its 250 MB are never committed) and shared by every checkout and results folder.
   */
  public static Path defaultRoot(Map<String, String> env, String userHome) {
    String own = env.get("PLANLAB_ENGINE_CACHE");
    if (own != null && !own.isBlank()) {
      return Path.of(own);
    }
    String xdg = env.get("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(userHome, ".cache");
    return base.resolve("planlab").resolve("engines");
  }

  /** The entry's folder, {@code <root>/systemds-3.3.0}. */
  public Path folder() {
    return root.resolve(PeerEngines.SYSTEMDS_3_3_0);
  }

  /** The folder of the jars. */
  public Path lib() {
    return folder().resolve("lib");
  }

  /** Whether the jars are there (the marker file exists). */
  public boolean resolved() {
    return Files.isRegularFile(folder().resolve(MARKER));
  }

  /** The pom that names the release (and JCuda, see the class comment). */
  static String pom() {
    return """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <!-- written by planlab: the runtime class path of Apache SystemDS 3.3.0 -->
          <groupId>org.planlab.peer</groupId>
          <artifactId>systemds-runtime</artifactId>
          <version>3.3.0</version>
          <packaging>pom</packaging>
          <dependencies>
            <dependency>
              <groupId>org.apache.systemds</groupId>
              <artifactId>systemds</artifactId>
              <version>3.3.0</version>
            </dependency>
            <dependency>
              <groupId>org.jcuda</groupId>
              <artifactId>jcuda</artifactId>
              <version>10.2.0</version>
              <exclusions>
                <exclusion>
                  <groupId>org.jcuda</groupId>
                  <artifactId>jcuda-natives</artifactId>
                </exclusion>
              </exclusions>
            </dependency>
          </dependencies>
        </project>
        """;
  }

  /**
   * The jar folder, resolving it first when needed.
   *
   * @throws IOException naming the Maven command, its exit and its last lines when it fails,
   *     or the folder when it cannot be written
   * @throws InterruptedException when interrupted while Maven runs (Maven is killed)
   */
  public Path resolve() throws IOException, InterruptedException {
    if (resolved()) {
      return lib();
    }
    Files.createDirectories(root);
    Path tmp = root.resolve("." + PeerEngines.SYSTEMDS_3_3_0 + "." + ProcessHandle.current().pid()
        + "." + System.nanoTime());
    Files.createDirectory(tmp);
    try {
      AtomicFiles.writeString(tmp.resolve("pom.xml"), pom());
      List<String> cmd = List.of("mvn", "-B", "-q", COPY_GOAL,
          "-DoutputDirectory=" + tmp.resolve("lib"), "-DincludeScope=runtime");
      Path log = tmp.resolve("maven.log");
      ChildProcesses.Ended e;
      try {
        e = children.run(cmd, tmp, Map.of(), log, log, timeout);
      } catch (IOException ex) {
        throw new IOException("cannot run Maven ('mvn' on the PATH) to resolve SystemDS 3.3.0's "
            + "jars: " + ex.getMessage(), ex);
      }
      if (!e.ok() || !Files.isRegularFile(tmp.resolve("lib").resolve(RELEASE_JAR))) {
        throw new IOException("Maven could not resolve SystemDS 3.3.0's jars into " + lib()
            + " (" + String.join(" ", cmd.subList(0, 4)) + " "
            + (e.timedOut() ? "timed out after " + timeout.toSeconds() + " s"
                : "exited with code " + e.exit()) + ")" + tail(log));
      }
      List<String> jars;
      try (Stream<Path> s = Files.list(tmp.resolve("lib"))) {
        jars = s.map(p -> p.getFileName().toString()).sorted().toList();
      }
      AtomicFiles.writeString(tmp.resolve(MARKER), String.join("\n", jars) + "\n");
      try {
        Files.move(tmp, folder(), StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException ex) {
        // another point resolved the same jars meanwhile; a folder without the marker is an
        // abandoned attempt of an older planlab and is replaced
        if (!resolved()) {
          deleteTree(folder());
          Files.move(tmp, folder(), StandardCopyOption.ATOMIC_MOVE);
        }
      }
      return lib();
    } finally {
      deleteTree(tmp);
    }
  }

  /** The last lines of Maven's log, for the error message. */
  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
          .map(String::strip).filter(l -> !l.isEmpty()).toList();
      List<String> last = lines.subList(Math.max(0, lines.size() - 3), lines.size());
      return last.isEmpty() ? "" : ": " + String.join(" / ", last);
    } catch (IOException e) {
      return "";
    }
  }

  /** Deletes {@code dir} and everything below it, if it exists. */
  public static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
