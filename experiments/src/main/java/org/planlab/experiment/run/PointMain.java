package org.planlab.experiment.run;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.codegen.select.CostProfiles;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.lang.DmlException;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.experiment.peer.ChildProcesses;
import org.planlab.experiment.results.PointMetrics;
import org.planlab.experiment.results.PointsCsv;
import org.planlab.experiment.results.StatsFile;
import org.planlab.experiment.results.TimelineFile;
import org.planlab.workloads.Objective;

/**
 * The JVM of one point: {@code java ... PointMain SPEC.json}. Runs the script {@code warmup}
 * times unmeasured, then {@code repeat} times measured (each: compile and run with statistics
 * on), and writes one stats file per measured run atomically (and, with {@code timeline}, its
 * timeline beside it: {@link TimelineFile}). Exit code 0 when every run
 * finished; else 1, with the error as the last stderr line starting with {@link #ERROR_PREFIX}
 * (the first line of a script error, "FILE:LINE:COL: message").
 *
 * <p>The JVM does not outlive its runner nor its timeout ({@link PointWatchdog}): stdin is the
 * runner's lifeline (a pipe the runner holds open and never writes to), and the JVM ends with
 * {@link #EXIT_RUNNER_GONE} when it closes, with {@link #EXIT_TIMEOUT} past the spec's timeout.
 *
 * <p>With {@code machineReference}, the runs alternate with one unit of
 * {@link MachineWork#reference reference work}: reference, run, reference, run, ...,
 * reference. Each measured run records the process's CPU time while the script executed, the
 * mean CPU time of the two reference units around it, and their ratio ({@link PointMetrics}'s
 * {@code execute_per_reference}). Both are CPU times, so competing processes that stretch
 * elapsed time leave the ratio alone, while planlab doing more work (slower operators, more
 * interpretation, more allocation and collection) raises it.
 *
 * <p>A point of a variant with a reference engine ({@code engine: systemds-3.3.0}) runs
 * through that engine instead ({@link PeerPointRun}).
 *
 * <p>All runs of the point share one {@link Engine}, so the classes of fused operators are
 * compiled in its first run only — the warmup by default; with {@code warmup: 0} the first
 * measured run includes that compilation — and the fusion plan selector's plan cache serves the
 * later runs, as it serves later iterations of one run. A fresh JVM per point keeps points
 * independent of each other's JIT and heap as well.
 */
public final class PointMain {
  /** The prefix of the stderr line that carries a failed point's error message. */
  public static final String ERROR_PREFIX = "planlab-point-error: ";
  /** The exit code of a point JVM that ended itself because its runner is gone. */
  public static final int EXIT_RUNNER_GONE = 3;
  /** The exit code of a point JVM that ended itself past its timeout. */
  public static final int EXIT_TIMEOUT = 4;

  private PointMain() {
  }

  /**
   * Runs the point described by the JSON file {@code args[0]} and exits; ends at once when stdin
   * closes (the runner is gone) or the point's timeout passes.
   */
  public static void main(String[] args) {
    System.exit(run(Path.of(args[0])));
  }

  /** Runs the point of {@code specFile}, watched by a {@link PointWatchdog}; the exit code. */
  private static int run(Path specFile) {
    try {
      PointSpec spec = PointSpec.read(specFile);
      if (spec.peer() != null) {
        return runPeer(spec);
      }
      PointWatchdog.start(Duration.ofMillis(spec.timeoutMillis()), System.in, System.err);
      try (Engine engine = Engine.create(config(spec))) {
        runs(spec, engine);
      }
      System.out.flush();
      return 0;
    } catch (DmlException e) {
      System.out.flush();
      System.err.println(ERROR_PREFIX + firstLine(e.getMessage()));
      return 1;
    } catch (Exception | OutOfMemoryError | StackOverflowError e) {
      // not a script error: the trace goes to the point's log, the message to the runner
      System.out.flush();
      e.printStackTrace();
      System.err.println(ERROR_PREFIX + e.getClass().getSimpleName() + ": "
          + firstLine(String.valueOf(e.getMessage())));
      return 1;
    }
  }

  /**
   * A point a reference engine runs ({@link PeerPointRun}); the processes it starts end with
   * this JVM, also when the watchdog halts it.
   */
  private static int runPeer(PointSpec spec) throws Exception {
    ChildProcesses children = new ChildProcesses();
    PointWatchdog.start(Duration.ofMillis(spec.timeoutMillis()), System.in, System.err,
        children::killAll);
    try {
      new PeerPointRun(spec, children, System.out).run();
      System.out.flush();
      return 0;
    } catch (PeerPointRun.Failure e) {
      System.out.flush();
      System.err.println(ERROR_PREFIX + e.getMessage());
      return 1;
    } finally {
      children.killAll();
    }
  }

  /**
   * The warm-up and measured runs, each writing its stats file; with {@code machineReference},
   * alternating with reference work.
   */
  private static void runs(PointSpec spec, Engine engine) {
    double[] stream = spec.machineReference() ? MachineWork.referenceStream() : null;
    long before = stream == null ? 0 : MachineWork.reference(stream);
    for (int i = 1; i <= spec.warmup(); i++) {
      once(spec, engine, "warmup " + i);
      if (stream != null) {
        before = MachineWork.reference(stream);
      }
    }
    for (int rep = spec.firstRep(); rep < spec.firstRep() + spec.repeat(); rep++) {
      long t0 = System.nanoTime();
      Outcome o = once(spec, engine, "rep " + rep);
      long wall = System.nanoTime() - t0;
      PointMetrics.Reference reference = null;
      if (stream != null) {
        long after = MachineWork.reference(stream);
        reference = new PointMetrics.Reference(o.executeCpuNanos(), (before + after) / 2);
        before = after;
      }
      double objective = Objective.parse(o.output());
      if (spec.timeline()) {
        // before the stats file, which tells the runner the repetition is done
        TimelineFile.write(TimelineFile.path(Path.of(spec.runDir()), spec.point(), rep),
            o.result().statistics().timeline());
      }
      StatsFile.write(StatsFile.path(Path.of(spec.runDir()), spec.point(), rep),
          StatsFile.json(o.result().statistics(), spec.point(), spec.variant(), rep,
              spec.params(), spec.inputs(), objective, wall, PointsCsv.OK, "",
              PointMetrics.of(o.result().statistics(), wall, objective, reference)));
    }
  }

  /**
   * @param executeCpuNanos the process's CPU time (every thread) while the compiled script ran
   */
  private record Outcome(RunResult result, String output, long executeCpuNanos) {
  }

  /** The CPU time of this process, all threads, in nanoseconds. */
  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static Outcome once(PointSpec spec, Engine engine, String label) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RunResult r;
    long cpu;
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      CompiledScript compiled = engine.compile(Path.of(spec.script()), spec.args());
      long cpu0 = processCpuNanos();
      r = engine.run(compiled, Map.of(), out);
      cpu = processCpuNanos() - cpu0;
    } finally {
      // the script's output goes to the point's log, labelled by run
      System.out.println("=== " + label + " ===");
      System.out.print(bytes.toString(StandardCharsets.UTF_8));
    }
    return new Outcome(r, bytes.toString(StandardCharsets.UTF_8), cpu);
  }

  private static EngineConfig config(PointSpec spec) {
    EngineConfig.Builder b = EngineConfig.builder().fusion(spec.fusion())
        .ordering(spec.ordering()).parallelism(spec.threads()).statistics(true)
        .codegenCompiler(spec.codegenCompiler()).operatorCache(spec.operatorCache())
        .recycle(spec.recycle())
        .libraryRoots(spec.libraryRoots().stream().map(Path::of).toList())
        .workingDirectory(Path.of(spec.workingDirectory()))
        .exec(ExecMode.parse(spec.exec())).localMemoryBudget(spec.localBudget())
        .reuse(new ReuseConfig(ReuseMode.parse(spec.reuse()), spec.eviction(),
            spec.cacheBudget(), spec.reuseDelay(), true))
        .async(spec.async()).timeline(spec.timeline());
    if (!spec.backendType().equals(ExecType.CP.name())) {
      b.backend(ExecType.valueOf(spec.backendType()), spec.backend());
    }
    if (spec.costProfile() != null) {
      b.costConstants(CostProfiles.read(Path.of(spec.costProfile())));
    }
    return b.build();
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).strip();
  }
}
