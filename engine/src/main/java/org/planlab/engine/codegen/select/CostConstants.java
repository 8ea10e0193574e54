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
 * @param localMemoryFraction the local memory budget as a fraction of the JVM's maximum heap
 *     (the optimizer paper's CP budget, sec. 3.2): a fused operator whose materialized inputs
 *     and output together exceed it violates the memory constraint of the fusion paper's sec. 4.2
 *     and costs infinity
 */
public record CostConstants(double readBandwidth, double writeBandwidth, double flopsPerCore,
    int parallelism, double distributedReadBandwidth, double defaultSparsity,
    double localMemoryFraction) {

  /**
   * 30 GB/s read, 20 GB/s write, 8 GFLOP/s per core, 2 cores, 1 GB/s distributed reads, dense
   * unknowns: rounded from {@code planlab calibrate} on the 2-core machines planlab is developed
   * on (32 GB/s, 24 GB/s, 11.6 GFLOP/s); a local budget of 70% of the heap, as SystemML's.
   */
  public static final CostConstants DEFAULTS =
      new CostConstants(30e9, 20e9, 8e9, 2, 1e9, 1.0, 0.7);

  public CostConstants {
    if (!(readBandwidth > 0) || !(writeBandwidth > 0) || !(flopsPerCore > 0)
        || parallelism < 1 || !(distributedReadBandwidth > 0)
        || !(defaultSparsity > 0 && defaultSparsity <= 1)
        || !(localMemoryFraction > 0 && localMemoryFraction <= 1)) {
      throw new IllegalArgumentException("cost constants must be positive (sparsity and memory "
          + "fraction in (0,1]): read=" + readBandwidth + " write=" + writeBandwidth
          + " flops=" + flopsPerCore + " parallelism=" + parallelism + " distributed="
          + distributedReadBandwidth + " sparsity=" + defaultSparsity + " memoryFraction="
          + localMemoryFraction);
    }
  }

  /** These constants with another local memory budget fraction. */
  public CostConstants withLocalMemoryFraction(double fraction) {
    return new CostConstants(readBandwidth, writeBandwidth, flopsPerCore, parallelism,
        distributedReadBandwidth, defaultSparsity, fraction);
  }

  /** The local memory budget in bytes: the fraction of this JVM's maximum heap. */
  public double localMemoryBudget() {
    return localMemoryFraction * Runtime.getRuntime().maxMemory();
  }

  /** Peak compute of all cores, FLOP/s. */
  public double peakFlops() {
    return flopsPerCore * parallelism;
  }
}
