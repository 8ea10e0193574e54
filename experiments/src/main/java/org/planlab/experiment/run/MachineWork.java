package org.planlab.experiment.run;

import java.util.Arrays;
import java.util.List;
import org.planlab.engine.codegen.runtime.VectorOps;
import org.planlab.engine.parallel.KernelPool;

/**
 * Fixed amounts of plain machine work: streaming over an array larger than the caches on a
 * {@link KernelPool}'s threads, and multiply-add chains over an in-cache array. {@code planlab
 * calibrate} turns their times into the cost model's bandwidth and compute constants (fusion
 * paper, sec. 4.2); a point whose descriptor says {@code reference: machine} times
 * {@link #reference} between its runs, as the same-run reference its algorithm time is divided
 * by ({@link ReferenceTimes}).
 */
public final class MachineWork {
  /** Doubles of {@link #referenceStream}: 32 MB, beyond common last-level caches. */
  static final int REFERENCE_STREAM_DOUBLES = 1 << 22;
  /** Passes of {@link #reference} over its streamed array. */
  static final int REFERENCE_STREAM_PASSES = 20;
  /** Passes of {@link #reference}'s multiply-add loop per pool thread. */
  static final int REFERENCE_FLOP_REPS = 15_000;
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
   * One unit of reference work: {@value #REFERENCE_STREAM_PASSES} parallel passes over
   * {@code stream} (memory bandwidth, all the pool's threads) and {@value #REFERENCE_FLOP_REPS}
   * passes of the multiply-add loop on every pool thread (compute). A workload's run mixes
   * both, on the same number of threads, so what slows the machine down for the workload
   * (another process on the cores, a slower clock, a busy memory bus) slows this work down too.
   *
   * @param stream the array to stream, {@link #referenceStream}'s
   * @return the elapsed nanoseconds
   */
  public static long reference(double[] stream, KernelPool pool) {
    long t0 = System.nanoTime();
    double sink = 0;
    for (int p = 0; p < REFERENCE_STREAM_PASSES; p++) {
      sink += sum(stream, pool);
    }
    for (double s : pool.mapChunks(pool.parallelism(), 1, Long.MAX_VALUE,
        (from, to) -> multiplyAdds(REFERENCE_FLOP_REPS))) {
      sink += s;
    }
    long elapsed = System.nanoTime() - t0;
    if (sink == 42) {
      // never true; uses the sums so that the JIT cannot drop the work
      System.out.print("");
    }
    return elapsed;
  }

  /** A streamed array for {@link #reference}, filled (so its pages are touched) by the pool. */
  public static double[] referenceStream(KernelPool pool) {
    double[] a = new double[REFERENCE_STREAM_DOUBLES];
    fill(a, pool);
    return a;
  }
}
