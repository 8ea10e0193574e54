package org.planlab.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.CostProfiles;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.experiment.run.MachineWork;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code planlab calibrate}: measures this machine's peak read and write bandwidth (all cores,
 * streaming over arrays far larger than the caches) and one core's floating-point rate (an
 * in-cache multiply-add loop with independent accumulators), and writes them as a cost-model
 * profile that {@code exec --cost-profile FILE} loads (fusion paper, sec. 4.2: the cost model's
 * peak bandwidth and compute constants).
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Measure memory bandwidth and FLOP rate; write a cost-model profile.",
    footer = {"", "Exit codes: 0 success, 2 usage error."})
final class CalibrateCommand implements Callable<Integer> {
  /** The smallest streamed array: larger than the last-level caches of common machines. */
  static final int MIN_MB = 16;
  /** The largest streamed array: one Java array of doubles holds at most 2^31-9 of them. */
  static final int MAX_MB = 16_383;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--out", paramLabel = "FILE", defaultValue = "results/cost-profile.json",
      description = "where to write the profile (default: ${DEFAULT-VALUE})")
  Path out;

  @Option(names = "--threads", paramLabel = "T",
      description = "cores to measure bandwidth with, 1 to " + KernelPool.MAX_PARALLELISM
          + " (default: all)")
  Integer threads;

  @Option(names = "--mb", paramLabel = "MB", defaultValue = "512",
      description = "size of the streamed array in MB, " + MIN_MB + " to " + MAX_MB
          + " (default: ${DEFAULT-VALUE})")
  int megabytes;

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    OptionChecks.range(cl, "--threads", threads, 1, KernelPool.MAX_PARALLELISM);
    int t = threads == null
        ? Math.min(Runtime.getRuntime().availableProcessors(), KernelPool.MAX_PARALLELISM)
        : threads;
    OptionChecks.range(cl, "--mb", megabytes, MIN_MB, MAX_MB);
    OptionChecks.file(cl, "--out", out);
    int n = (int) Math.min(Integer.MAX_VALUE - 8, megabytes * (1L << 20) / 8);
    double[] data = new double[n];
    double read;
    double write;
    try (KernelPool pool = new KernelPool(t)) {
      write = best(3, () -> MachineWork.fill(data, pool));
      write = 8.0 * n / write;
      double r = best(5, () -> MachineWork.sum(data, pool));
      read = 8.0 * n / r;
    }
    double flops = flopsPerCore();
    CostConstants c = new CostConstants(read, write, flops, t,
        CostConstants.DEFAULTS.distributedReadBandwidth(),
        CostConstants.DEFAULTS.defaultSparsity(), CostConstants.DEFAULTS.localMemoryFraction());
    CostProfiles.write(c, out);
    cl.getOut().printf(Locale.ROOT, "read bandwidth   %.1f GB/s (%d threads)%n", read / 1e9, t);
    cl.getOut().printf(Locale.ROOT, "write bandwidth  %.1f GB/s%n", write / 1e9);
    cl.getOut().printf(Locale.ROOT, "compute          %.2f GFLOP/s per core%n", flops / 1e9);
    cl.getOut().printf("profile written to %s (use: planlab exec --cost-profile %s ...)%n", out,
        out);
    cl.getOut().flush();
    return 0;
  }

  /** Smallest of {@code runs} timings in seconds, after one warm-up. */
  private static double best(int runs, Runnable r) {
    r.run();
    double best = Double.MAX_VALUE;
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      r.run();
      best = Math.min(best, (System.nanoTime() - t0) / 1e9);
    }
    return best;
  }

  /** One core's multiply-add rate, the best of six runs of {@link MachineWork#multiplyAdds}. */
  private static double flopsPerCore() {
    int reps = 20_000;
    double sink = 0;
    double best = Double.MAX_VALUE;
    for (int run = 0; run < 6; run++) {
      long t0 = System.nanoTime();
      sink += MachineWork.multiplyAdds(reps);
      best = Math.min(best, (System.nanoTime() - t0) / 1e9);
    }
    if (sink == 42) {
      // never true; uses the sums so that the JIT cannot drop the work
      System.out.print("");
    }
    return MachineWork.multiplyAddFlops(reps) / best;
  }
}
