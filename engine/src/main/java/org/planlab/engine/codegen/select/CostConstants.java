package org.planlab.engine.codegen.select;

/**
 * The constants of the fusion cost model (fusion paper, sec. 4.2, Eq. 3): times are estimated
 * from bytes read and written over peak memory bandwidth and from floating-point operations
 * over peak compute. Defaults describe a small 2-core machine like the ones planlab runs on;
 * {@code planlab calibrate} measures the local machine and writes a profile with these fields.
 *
 * @param readBandwidth peak read bandwidth of main memory, bytes per second (all cores)
 * @param writeBandwidth peak write bandwidth, bytes per second (all cores)
 * @param flopsPerCore peak floating-point operations per second of one core
 * @param parallelism cores the operators run on
 * @param distributedReadBandwidth read bandwidth of distributed inputs (broadcast/shuffle),
 *     bytes per second
 * @param defaultSparsity sparsity assumed for a matrix whose nnz is unknown
 */
public record CostConstants(double readBandwidth, double writeBandwidth, double flopsPerCore,
    int parallelism, double distributedReadBandwidth, double defaultSparsity) {

  /**
   * 30 GB/s read, 20 GB/s write, 8 GFLOP/s per core, 2 cores, 1 GB/s distributed reads, dense
   * unknowns: rounded from {@code planlab calibrate} on the 2-core machines planlab is developed
   * on (32 GB/s, 24 GB/s, 11.6 GFLOP/s).
   */
  public static final CostConstants DEFAULTS =
      new CostConstants(30e9, 20e9, 8e9, 2, 1e9, 1.0);

  public CostConstants {
    if (!(readBandwidth > 0) || !(writeBandwidth > 0) || !(flopsPerCore > 0)
        || parallelism < 1 || !(distributedReadBandwidth > 0)
        || !(defaultSparsity > 0 && defaultSparsity <= 1)) {
      throw new IllegalArgumentException("cost constants must be positive (sparsity in (0,1]): "
          + "read=" + readBandwidth + " write=" + writeBandwidth + " flops=" + flopsPerCore
          + " parallelism=" + parallelism + " distributed=" + distributedReadBandwidth
          + " sparsity=" + defaultSparsity);
    }
  }

  /** Peak compute of all cores, FLOP/s. */
  public double peakFlops() {
    return flopsPerCore * parallelism;
  }
}
