package org.planlab.experiment.run;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import org.planlab.engine.codegen.runtime.VectorOps;
import org.planlab.engine.parallel.KernelPool;

/**
 * Fixed amounts of plain machine work: streaming over an array larger than the caches, and
 * multiply-add chains over an in-cache array. {@code planlab calibrate} turns their times into
 * the cost model's bandwidth and compute constants (fusion paper, sec. 4.2); a point whose
 * descriptor says {@code reference: machine} measures the CPU time of {@link #reference} between
 * its runs, as the same-run reference its own CPU time is divided by ({@link PointMain}).
 */
public final class MachineWork {
  /** Doubles of {@link #referenceStream}: 32 MB, beyond common last-level caches. */
  static final int REFERENCE_STREAM_DOUBLES = 1 << 22;
  /** Passes of {@link #reference} over its streamed array. */
  static final int REFERENCE_STREAM_PASSES = 4;
  /** Passes of {@link #reference}'s multiply-add loop. */
  static final int REFERENCE_FLOP_REPS = 60_000;
  /** The in-cache array of the multiply-add loops. */
  private static final int FLOP_ARRAY = 1024;

  private MachineWork() {
  }

  /** Writes 1.5 into every cell of {@code a}, split over the pool's threads. */
  public static void fill(double[] a, KernelPool pool) {
    pool.parallelFor(a.length, a.length, (from, to) -> Arrays.fill(a, from, to, 1.5));
  }

  /** The sum of {@code a}, read once, split over the pool's threads. */
  public static double sum(double[] a, KernelPool pool) {
    List<Double> parts = pool.mapChunks(a.length,
        Math.max(1, (a.length + pool.parallelism() - 1) / pool.parallelism()), a.length,
        (from, to) -> VectorOps.vectSum(a, from, to - from));
    double s = 0;
    for (double p : parts) {
      s += p;
    }
    return s;
  }

  /**
   * {@code reps} passes of 8 independent multiply-add chains over an in-cache array of
   * {@value #FLOP_ARRAY} doubles: 2 * reps * {@value #FLOP_ARRAY} floating-point operations on
   * one core. Returns the chains' sum, so that the JIT cannot drop the loop.
   */
  public static double multiplyAdds(int reps) {
    double[] x = new double[FLOP_ARRAY];
    Arrays.fill(x, 1.0000001);
    double a0 = 0;
    double a1 = 0;
    double a2 = 0;
    double a3 = 0;
    double a4 = 0;
    double a5 = 0;
    double a6 = 0;
    double a7 = 0;
    for (int r = 0; r < reps; r++) {
      for (int i = 0; i < x.length; i += 8) {
        a0 += x[i] * 0.999;
        a1 += x[i + 1] * 0.999;
        a2 += x[i + 2] * 0.999;
        a3 += x[i + 3] * 0.999;
        a4 += x[i + 4] * 0.999;
        a5 += x[i + 5] * 0.999;
        a6 += x[i + 6] * 0.999;
        a7 += x[i + 7] * 0.999;
      }
    }
    return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
  }

  /** Floating-point operations of {@link #multiplyAdds} with {@code reps} passes. */
  public static double multiplyAddFlops(int reps) {
    return 2.0 * reps * FLOP_ARRAY;
  }

  /**
   * One unit of reference work on the calling thread: {@value #REFERENCE_STREAM_PASSES} passes
   * over {@code stream} (memory bandwidth) and {@value #REFERENCE_FLOP_REPS} passes of the
   * multiply-add loop (compute), the two kinds of work a workload's operators do.
   *
   * <p>Measured in CPU time of the calling thread, not elapsed time: on a shared machine other
   * processes take turns on the cores, which stretches elapsed time by whatever share they get
   * at the moment, but not the CPU time of a fixed piece of work. What remains is what changes
   * the speed of the work itself (clock frequency, cache and memory-bus contention, another
   * machine kind), and that changes a workload's CPU time alike.
   *
   * @param stream the array to stream, {@link #referenceStream}'s
   * @return the calling thread's CPU nanoseconds for the work
   */
  public static long reference(double[] stream) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long t0 = threads.getCurrentThreadCpuTime();
    double sink = 0;
    KernelPool here = KernelPool.sequential();
    for (int p = 0; p < REFERENCE_STREAM_PASSES; p++) {
      sink += sum(stream, here);
    }
    sink += multiplyAdds(REFERENCE_FLOP_REPS);
    long cpu = threads.getCurrentThreadCpuTime() - t0;
    if (sink == 42) {
      // never true; uses the sums so that the JIT cannot drop the work
      System.out.print("");
    }
    return cpu;
  }

  /** A streamed array for {@link #reference}, filled so that its pages are touched. */
  public static double[] referenceStream() {
    double[] a = new double[REFERENCE_STREAM_DOUBLES];
    Arrays.fill(a, 1.5);
    return a;
  }
}
