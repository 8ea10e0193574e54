package org.planlab.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A standalone Spark cluster run by {@code scripts/spark-cluster.sh}: started, inspected and
 * stopped through the script, every wait bounded. Remembers every process it saw (daemons and
 * the executors the workers forked) so a test can check that none outlives {@link #stop()}.
 */
final class ClusterScript implements AutoCloseable {
  private static final Duration START_TIMEOUT = Duration.ofMinutes(4);
  private static final Duration STOP_TIMEOUT = Duration.ofMinutes(1);

  private final Path script;
  private final Path dir;
  private final String masterUrl;
  // filled by the test thread and by a thread that injects failures
  private final Set<Long> seen = ConcurrentHashMap.newKeySet();
  private boolean stopped;

  private ClusterScript(Path script, Path dir, String masterUrl) {
    this.script = script;
    this.dir = dir;
    this.masterUrl = masterUrl;
  }

  /**
   * Starts a master and {@code workers} workers with state and logs in {@code dir}.
   *
   * @throws IllegalStateException with the script's output when it cannot start the cluster
   */
  static ClusterScript start(Path dir, int workers, String workerMemory) {
    Path script = locateScript();
    Result r = run(script, START_TIMEOUT, "start", "--workers", Integer.toString(workers),
        "--worker-memory", workerMemory, "--dir", dir.toString(), "--timeout", "90",
        "--classpath", libraryClassPath());
    String[] lines = r.stdout().strip().split("\\R");
    String url = lines[lines.length - 1].strip();
    if (r.exit() != 0 || !url.startsWith("spark://")) {
      // the script stops what it started when it fails; this also covers a start cut short
      run(script, STOP_TIMEOUT, "stop", "--dir", dir.toString());
      throw new IllegalStateException("scripts/spark-cluster.sh start failed (exit " + r.exit()
          + "):\n" + r.stdout() + r.stderr());
    }
    ClusterScript c = new ClusterScript(script, dir, url);
    c.seen.addAll(c.daemons().values());
    return c;
  }

  /** The master's URL, {@code spark://127.0.0.1:PORT}. */
  String masterUrl() {
    return masterUrl;
  }

  /** The daemons the script recorded, by role ({@code master}, {@code worker-1}, ...). */
  Map<String, Long> daemons() {
    Map<String, Long> pids = new LinkedHashMap<>();
    Path file = dir.resolve("pids");
    if (Files.exists(file)) {
      try {
        for (String line : Files.readAllLines(file)) {
          String[] parts = line.strip().split("\\s+");
          if (parts.length == 2) {
            pids.put(parts[0], Long.parseLong(parts[1]));
          }
        }
      } catch (IOException e) {
        throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
      }
    }
    return pids;
  }

  /** The executors {@code worker} runs now (the JVMs it forked). */
  List<ProcessHandle> executorsOf(String worker) {
    Long pid = daemons().get(worker);
    if (pid == null) {
      throw new IllegalArgumentException("no " + worker + " in " + daemons());
    }
    List<ProcessHandle> executors = ProcessHandle.of(pid).map(h -> h.descendants().toList())
        .orElse(List.of());
    executors.forEach(h -> seen.add(h.pid()));
    return executors;
  }

  /**
   * Kills {@code worker} and its executors with SIGKILL, as a machine failure would, and waits
   * (bounded) until they are gone.
   */
  void kill(String worker) {
    long pid = Objects.requireNonNull(daemons().get(worker), worker);
    List<ProcessHandle> victims = new ArrayList<>(executorsOf(worker));
    ProcessHandle.of(pid).ifPresent(victims::add);
    victims.forEach(ProcessHandle::destroyForcibly);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (victims.stream().anyMatch(h -> running(h.pid()))) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("killed " + worker + " but it still runs");
      }
      sleep(50);
    }
  }

  /** Records the executors every worker runs now, so that {@link #alive()} covers them. */
  void observe() {
    daemons().keySet().stream().filter(r -> r.startsWith("worker")).forEach(this::executorsOf);
  }

  /** The processes of this cluster ever seen that are still alive. */
  List<Long> alive() {
    return seen.stream().filter(ClusterScript::running).toList();
  }

  /**
   * Whether process {@code pid} runs: it exists and is not a zombie (an ended process whose
   * parent — for daemons the machine's init — has not collected its exit status yet).
   */
  static boolean running(long pid) {
    if (ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true)) {
      return false;
    }
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // the state follows the command name, which is in parentheses
      int close = stat.lastIndexOf(')');
      return close < 0 || stat.length() < close + 3 || stat.charAt(close + 2) != 'Z';
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The test JVM's class path without planlab's own classes and jars: Spark and the libraries
   * (the cluster gets planlab's classes from the driver). Surefire runs tests from a manifest
   * jar and gives the real class path as {@code surefire.test.class.path}.
   */
  static String libraryClassPath() {
    String cp = System.getProperty("surefire.test.class.path",
        System.getProperty("java.class.path"));
    java.util.List<String> keep = new java.util.ArrayList<>();
    for (String e : cp.split(java.io.File.pathSeparator)) {
      String n = e.replace('\\', '/');
      boolean planlab = n.contains("/org/planlab/") || n.matches(".*/planlab-[^/]*\\.jar")
          || n.endsWith("/target/classes") || n.endsWith("/target/test-classes")
          || n.endsWith("/target/classes/") || n.endsWith("/target/test-classes/");
      if (!e.isEmpty() && !planlab) {
        keep.add(e);
      }
    }
    return String.join(java.io.File.pathSeparator, keep);
  }

  /** What {@code scripts/spark-cluster.sh status} prints. */
  String status() {
    Result r = run(script, STOP_TIMEOUT, "status", "--dir", dir.toString());
    return r.stdout() + r.stderr();
  }

  /** Stops the cluster through the script (idempotent). */
  void stop() {
    if (stopped) {
      return;
    }
    observe();
    Result r = run(script, STOP_TIMEOUT, "stop", "--dir", dir.toString(), "--timeout", "20");
    stopped = true;
    if (r.exit() != 0) {
      throw new IllegalStateException("scripts/spark-cluster.sh stop failed (exit " + r.exit()
          + "):\n" + r.stdout() + r.stderr());
    }
  }

  @Override
  public void close() {
    stop();
  }

  /** The last lines of every log of the cluster, for failure messages. */
  String logTails() {
    StringBuilder sb = new StringBuilder();
    Path logs = dir.resolve("logs");
    if (!Files.isDirectory(logs)) {
      return "(no logs in " + dir + ")";
    }
    try (Stream<Path> files = Files.list(logs)) {
      for (Path f : files.sorted().toList()) {
        List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
        sb.append("--- ").append(f).append('\n');
        lines.subList(Math.max(0, lines.size() - 15), lines.size())
            .forEach(l -> sb.append(l).append('\n'));
      }
    } catch (IOException e) {
      sb.append("(cannot read the logs: ").append(e.getMessage()).append(")\n");
    }
    return sb.toString();
  }

  /** The script, found from the module folder Maven runs tests in or from the repository root. */
  private static Path locateScript() {
    Path cwd = Path.of("").toAbsolutePath();
    for (Path p = cwd; p != null; p = p.getParent()) {
      Path s = p.resolve("scripts").resolve("spark-cluster.sh");
      if (Files.isRegularFile(s)) {
        return s;
      }
    }
    throw new IllegalStateException("scripts/spark-cluster.sh not found above " + cwd);
  }

  private record Result(int exit, String stdout, String stderr) {
  }

  /** Runs the script with {@code args}, this JVM's Java as JAVA_HOME, bounded by {@code limit}. */
  private static Result run(Path script, Duration limit, String... args) {
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(args));
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("spark-cluster-", ".out");
      err = Files.createTempFile("spark-cluster-", ".err");
      ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile())
          .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(
              Path.of("/dev/null").toFile()));
      pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
      Process p;
      try {
        p = pb.start();
      } catch (IOException e) {
        throw new IllegalStateException("cannot run bash for scripts/spark-cluster.sh (a "
            + "standalone Spark cluster needs bash, java and mvn): " + e.getMessage(), e);
      }
      if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        p.waitFor(10, TimeUnit.SECONDS);
        throw new IllegalStateException("scripts/spark-cluster.sh " + String.join(" ", args)
            + " did not finish within " + limit.toSeconds() + " s:\n" + Files.readString(out)
            + Files.readString(err));
      }
      return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    } catch (IOException e) {
      throw new IllegalStateException("cannot run scripts/spark-cluster.sh: " + e.getMessage(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running scripts/spark-cluster.sh", e);
    } finally {
      deleteQuietly(out);
      deleteQuietly(err);
    }
  }

  private static void deleteQuietly(Path p) {
    if (p != null) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // a leftover temporary file is harmless
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
