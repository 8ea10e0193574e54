package org.planlab.experiment.run;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.experiment.peer.ChildProcesses;
import org.planlab.experiment.peer.PeerPointSpec;
import org.planlab.experiment.peer.SystemDsCommand;
import org.planlab.experiment.peer.SystemDsData;
import org.planlab.experiment.peer.SystemDsJars;
import org.planlab.experiment.peer.SystemDsOutput;
import org.planlab.experiment.results.PointsCsv;
import org.planlab.experiment.results.StatsFile;

/**
 * A point that a reference engine runs, inside the point's JVM ({@link PointMain}): resolves
 * SystemDS's jars (once per machine), converts the point's inputs to SystemDS's binary format
 * (once per data-cache entry), writes the variant's {@code SystemDS-config.xml}, then runs the
 * same DML driver through SystemDS — the warm-up runs and the measured runs, each a JVM of its
 * own with the descriptor's heap — and writes each measured run's stats file from what SystemDS
 * printed ({@link SystemDsOutput}), as planlab's runs write theirs.
 *
 * <p>Each SystemDS run starts a JVM, so unlike planlab's runs its measured runs do not follow
 * its warm-up in the same JVM; its {@code wall_s} is SystemDS's own "Total elapsed time", which
 * leaves the JVM's start-up out ({@code process_s} has it).
 */
final class PeerPointRun {
  /** How long Maven may take to resolve the jars. */
  static final Duration RESOLVE_TIMEOUT = Duration.ofMinutes(15);
  /** The folder of a point's SystemDS files (config, scratch space) inside the run's logs. */
  static final String WORK_SUFFIX = ".systemds";

  /** A run that failed, with the message the runner records for the point. */
  static final class Failure extends Exception {
    private static final long serialVersionUID = 1L;

    Failure(String message) {
      super(message);
    }
  }

  private final PointSpec spec;
  private final PeerPointSpec peer;
  private final ChildProcesses children;
  private final PrintStream out;

  PeerPointRun(PointSpec spec, ChildProcesses children, PrintStream out) {
    this.spec = requireNonNull(spec, "spec is null");
    this.peer = requireNonNull(spec.peer(), "spec.peer is null");
    this.children = requireNonNull(children, "children is null");
    this.out = requireNonNull(out, "out is null");
  }

  /** Runs the point's warm-up and measured runs, writing a stats file per measured run. */
  void run() throws IOException, InterruptedException, Failure {
    SystemDsJars jars = new SystemDsJars(Path.of(peer.engineCache()), RESOLVE_TIMEOUT, children);
    if (!jars.resolved()) {
      out.println("resolving SystemDS 3.3.0's jars with Maven into " + jars.lib() + " ...");
    }
    SystemDsCommand cmd = new SystemDsCommand(SystemDsCommand.currentJava(), peer.heap(),
        peer.jvmOptions(), jars.resolve());
    Duration timeout = Duration.ofMillis(spec.timeoutMillis());
    Map<String, Path> inputs = new LinkedHashMap<>();
    spec.inputs().forEach((k, v) -> inputs.put(k, Path.of(v)));
    List<String> pending = SystemDsData.pending(inputs);
    if (!pending.isEmpty()) {
      out.println("converting inputs " + pending + " to SystemDS's binary format ...");
    }
    Map<String, Path> converted = new SystemDsData(cmd, children, timeout, spec.threads())
        .convertAll(inputs);
    Map<String, String> args = new LinkedHashMap<>(spec.args());
    converted.forEach((k, v) -> args.put(k, v.toString()));
    Path work = Path.of(spec.runDir()).resolve(ExperimentRunner.LOGS)
        .resolve(spec.point() + WORK_SUFFIX);
    Path config = peer.config().write(work);
    List<String> command = cmd.command(Path.of(spec.script()), peer.config(), config, args);
    out.println("SystemDS: " + String.join(" ", command));
    try {
      for (int i = 1; i <= spec.warmup(); i++) {
        once(command, work, "warmup " + i, timeout);
      }
      for (int rep = spec.firstRep(); rep < spec.firstRep() + spec.repeat(); rep++) {
        SystemDsOutput r = once(command, work, "rep " + rep, timeout);
        String wall = r.metrics().get("wall_s");
        long wallNanos = wall.isEmpty() ? 0L
            : Math.round(Double.parseDouble(wall) * 1e9);
        ObjectNode json = StatsFile.json(null, spec.point(), spec.variant(), rep, spec.params(),
            spec.inputs(), r.objective(), wallNanos, PointsCsv.OK, "", r.metrics());
        json.put("engine", peer.engine());
        json.put("command", String.join(" ", command));
        StatsFile.write(StatsFile.path(Path.of(spec.runDir()), spec.point(), rep), json);
      }
    } finally {
      // SystemDS's scratch space and temporary files of the runs, never results
      SystemDsJars.deleteTree(work.resolve("scratch_space"));
      SystemDsJars.deleteTree(work.resolve("tmp"));
    }
  }

  /** One SystemDS run; its output goes to the point's log, labelled. */
  private SystemDsOutput once(List<String> command, Path work, String label, Duration timeout)
      throws IOException, InterruptedException, Failure {
    Path stdout = work.resolve("run.out");
    Path stderr = work.resolve("run.err");
    ChildProcesses.Ended e = children.run(command, work, Map.of(), stdout, stderr, timeout);
    String o = Files.readString(stdout, StandardCharsets.UTF_8);
    String err = Files.readString(stderr, StandardCharsets.UTF_8);
    out.println("=== " + label + " ===");
    out.print(o);
    out.flush();
    System.err.print(err);
    if (e.timedOut()) {
      throw new Failure("SystemDS " + label + " timed out after " + timeout.toSeconds() + " s");
    }
    SystemDsOutput r;
    try {
      r = SystemDsOutput.parse(o, err, e.nanos());
    } catch (IllegalArgumentException ex) {
      throw new Failure("SystemDS " + label + ": " + ex.getMessage());
    }
    if (r.error().isPresent() || e.exit() != 0) {
      throw new Failure("SystemDS " + label + " failed: " + r.error().orElse("exit code "
          + e.exit() + lastLine(err)));
    }
    return r;
  }

  private static String lastLine(String text) {
    List<String> lines = text.lines().map(String::strip).filter(l -> !l.isEmpty())
        .filter(l -> !l.contains("ANTLR") && !l.contains(" WARN ")).toList();
    return lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1);
  }
}
