package org.planlab.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import org.planlab.experiment.descriptor.DescriptorException;
import org.planlab.experiment.descriptor.DescriptorLoader;
import org.planlab.experiment.descriptor.ExperimentDescriptor;
import org.planlab.experiment.results.RunLock;
import org.planlab.experiment.run.ExperimentRunner;
import org.planlab.experiment.run.ForkedJvmLauncher;
import org.planlab.experiment.run.PointLauncher;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code planlab run DESCRIPTOR.yaml [--only GLOB] [--repeat N] [--warmup N] [--rounds N]
 * [--out DIR] [--results-root DIR] [--new] [--quiet]}: runs every point of an experiment's
 * grid, each in a fresh JVM, with a progress bar on stderr and one summary line per finished
 * point on stdout. Exit codes: 0 every point ok; 1 some point failed or timed out (after
 * running all), the run folder is in use by another run, or the run was stopped; 2 usage or
 * descriptor error.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Run an experiment: every point of its grid, each in a fresh JVM.",
    footer = {"",
        "Results go to RESULTS_ROOT/NAME/RUN_ID/ (run.json, points.csv, stats/, logs/);",
        "generated inputs are cached in RESULTS_ROOT/data-cache/ and reused by every run.",
        "Without --out or --new, the newest run of the same descriptor continues when it did",
        "not finish every point: finished points are skipped, failed ones run again.",
        "A run folder is used by one run at a time (its .lock names the owner); stopping a",
        "run (Ctrl-C, SIGTERM) stops its point's JVM and marks the run interrupted.",
        "The descriptor format: experiments/src/main/resources/org/planlab/experiment/"
            + "descriptor-reference.yaml",
        "Exit codes: 0 every point ok, 1 a point failed or timed out, the run folder is in "
            + "use or the run was stopped, 2 usage or descriptor error."})
final class RunCommand implements Callable<Integer> {
  private final PointLauncher launcher;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DESCRIPTOR", description = "the experiment (YAML)")
  Path descriptor;

  @Option(names = "--only", paramLabel = "GLOB",
      description = "run only the points whose id matches GLOB (e.g. '*__FA')")
  String only;

  @Option(names = "--repeat", paramLabel = "N",
      description = "measured runs per point, 1 to " + DescriptorLoader.MAX_REPEAT
          + " (default: the descriptor's repeat)")
  Integer repeat;

  @Option(names = "--warmup", paramLabel = "N",
      description = "unmeasured runs per point before the measured ones, 0 to "
          + DescriptorLoader.MAX_REPEAT + " (default: the descriptor's warmup)")
  Integer warmup;

  @Option(names = "--rounds", paramLabel = "N",
      description = "run the points N times round-robin, each time in a fresh JVM with the "
          + "warm-up and repeats, and pool their measured runs (1 to "
          + ExperimentDescriptor.MAX_ROUNDS + "; default: the descriptor's rounds); a slow "
          + "spell of a noisy machine then hits every variant alike")
  Integer rounds;

  @Option(names = "--out", paramLabel = "DIR",
      description = "the run folder (default: RESULTS_ROOT/NAME/RUN_ID); a folder holding a run "
          + "of the same descriptor is continued")
  Path out;

  @Option(names = "--results-root", paramLabel = "DIR", defaultValue = "results",
      description = "root of results and the data cache (default: ${DEFAULT-VALUE})")
  Path resultsRoot;

  @Option(names = "--new", description = "start a new run even if the last one can be resumed")
  boolean forceNew;

  @Option(names = "--quiet", description = "no progress bar and no per-point lines")
  boolean quiet;

  RunCommand() {
    this(new ForkedJvmLauncher());
  }

  /** With another point launcher (tests count launches). */
  RunCommand(PointLauncher launcher) {
    this.launcher = launcher;
  }

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    if (out != null && forceNew) {
      throw new CommandLine.ParameterException(cl, "--out and --new exclude each other");
    }
    OptionChecks.range(cl, "--repeat", repeat, 1, DescriptorLoader.MAX_REPEAT);
    OptionChecks.range(cl, "--warmup", warmup, 0, DescriptorLoader.MAX_REPEAT);
    OptionChecks.range(cl, "--rounds", rounds, 1, ExperimentDescriptor.MAX_ROUNDS);
    if (out != null) {
      OptionChecks.folder(cl, "--out", out);
    }
    OptionChecks.folder(cl, "--results-root", resultsRoot);
    ExperimentDescriptor d;
    try {
      d = DescriptorLoader.load(descriptor);
    } catch (DescriptorException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
    PrintWriter stdout = cl.getOut();
    PrintStream progressStream = new WriterPrintStream(cl.getErr());
    ProgressBar[] bar = new ProgressBar[1];
    ExperimentRunner.Listener listener = new ExperimentRunner.Listener() {
      @Override
      public void started(Path runDir, boolean resumed, int toRun, int skipped) {
        stdout.println((resumed ? "resuming " : "run ") + runDir + ": " + toRun + " point"
            + (toRun == 1 ? "" : "s") + " to run");
        if (skipped > 0) {
          stdout.println("skipped " + skipped + " finished point" + (skipped == 1 ? "" : "s"));
        }
        stdout.flush();
        // the bar redraws one line with carriage returns: only for a person at a terminal,
        // not for logs and pipes, which get the per-point lines alone
        if (!quiet && toRun > 0 && System.console() != null) {
          bar[0] = new ProgressBarBuilder().setTaskName(d.name()).setInitialMax(toRun)
              .setUnit(" points", 1).setConsumer(new ConsoleProgressBarConsumer(progressStream))
              .build();
        }
      }

      @Override
      public void pointFinished(ExperimentRunner.PointOutcome o) {
        if (bar[0] != null) {
          bar[0].step();
        }
        if (!quiet) {
          if (bar[0] != null) {
            // clear the bar's line so the summary line does not continue it
            progressStream.print("\r\033[K");
            progressStream.flush();
          }
          stdout.println(ExperimentRunner.summaryLine(o));
          stdout.flush();
        }
      }

      @Override
      public void notice(String message) {
        cl.getErr().println("planlab: " + message);
        cl.getErr().flush();
      }
    };
    ExperimentRunner.Summary s;
    try {
      s = new ExperimentRunner(launcher).run(d, new ExperimentRunner.Options(only, repeat, warmup,
          out, resultsRoot, forceNew, rounds), listener);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    } catch (RunLock.InUseException | UncheckedIOException e) {
      cl.getErr().println("planlab: " + e.getMessage());
      cl.getErr().flush();
      return 1;
    } finally {
      if (bar[0] != null) {
        bar[0].close();
      }
    }
    stdout.println("run folder: " + s.runDir());
    stdout.println("points:     " + s.pointsCsv());
    if (s.failed() > 0) {
      stdout.println(s.failed() + " of " + s.ran() + " point" + (s.ran() == 1 ? "" : "s")
          + " failed");
    }
    if (s.stopped()) {
      stdout.println("interrupted: run the same command again to continue");
    }
    stdout.flush();
    return s.failed() > 0 || s.stopped() ? 1 : 0;
  }
}
