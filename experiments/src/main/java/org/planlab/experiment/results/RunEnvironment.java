package org.planlab.experiment.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where a run ran: the planlab commit (and whether the working tree had changes), the JVM, the
 * operating system, cores and memory. Recorded in run.json so that a result can be traced to
 * the code and machine that produced it.
 *
 * @param commit {@code git rev-parse HEAD}, or {@code unknown} outside a git checkout
 * @param dirty whether {@code git status --porcelain} listed changes (false when unknown)
 * @param javaVersion {@code java.version}
 * @param jvm VM name and version
 * @param os OS name, version and architecture
 * @param cores available processors
 * @param maxHeapBytes the runner JVM's maximum heap (points have their own, see run.json's
 *     descriptor {@code jvm.heap})
 * @param physicalMemoryBytes the machine's memory, -1 when the JVM cannot tell
 * @param planlabVersion the planlab version
 */
public record RunEnvironment(String commit, boolean dirty, String javaVersion, String jvm,
    String os, int cores, long maxHeapBytes, long physicalMemoryBytes, String planlabVersion) {

  /** The planlab version this build reports (as {@code planlab --version}). */
  public static final String PLANLAB_VERSION = "0.1.0-SNAPSHOT";
  /** The commit when it cannot be determined. */
  public static final String UNKNOWN = "unknown";

  /**
   * The environment of this JVM, with the git state of the checkout planlab's classes were
   * loaded from (a build in a checkout), else of the checkout containing {@code dir}.
   */
  public static RunEnvironment capture(Path dir) {
    Path codeDir = codeLocation();
    String commit = codeDir == null ? null : git(codeDir, "rev-parse", "HEAD");
    if (commit == null) {
      commit = git(dir, "rev-parse", "HEAD");
    } else {
      dir = codeDir;
    }
    boolean known = commit != null && commit.matches("[0-9a-f]{40}");
    String status = known ? git(dir, "status", "--porcelain") : null;
    long physical = -1;
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      physical = os.getTotalMemorySize();
    }
    return new RunEnvironment(known ? commit : UNKNOWN, status != null && !status.isBlank(),
        System.getProperty("java.version"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
            + System.getProperty("os.arch"),
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory(), physical,
        PLANLAB_VERSION);
  }

  /** As the {@code environment} object of run.json (the components by name, in order). */
  public ObjectNode toJson() {
    return new ObjectMapper().valueToTree(this);
  }

  /** Reads the {@code environment} object of run.json. */
  public static RunEnvironment fromJson(JsonNode o) {
    return new RunEnvironment(o.path("commit").asText(UNKNOWN), o.path("dirty").asBoolean(),
        o.path("javaVersion").asText(), o.path("jvm").asText(), o.path("os").asText(),
        o.path("cores").asInt(), o.path("maxHeapBytes").asLong(),
        o.path("physicalMemoryBytes").asLong(-1), o.path("planlabVersion").asText());
  }

  /** The folder of planlab's classes (a build folder in a checkout), or null. */
  private static Path codeLocation() {
    try {
      java.security.CodeSource cs = RunEnvironment.class.getProtectionDomain().getCodeSource();
      if (cs == null) {
        return null;
      }
      Path p = Path.of(cs.getLocation().toURI());
      return java.nio.file.Files.isDirectory(p) ? p : p.getParent();
    } catch (java.net.URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  /** The trimmed output of a git command in {@code dir}, or null when it fails. */
  private static String git(Path dir, String... args) {
    List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
    cmd.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(false)
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return null;
      }
      return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).trim() : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
