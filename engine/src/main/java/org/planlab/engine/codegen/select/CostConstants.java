package org.planlab.engine.codegen.select;

/**
 * The constants of the fusion cost model (fusion paper, sec. 4.2, Eq. 3): times are estimated
 * from bytes read and written over peak memory bandwidth and from floating-point operations
 * over peak compute. Defaults describe a small 2-core machine like the ones planlab runs on;
 * {@code planlab calibrate} measures the local machine and writes a profile with these fields.
 *
 * <p>Operators that run distributed (sec. 4.2, "Constraints and Distributed Operations") read
 * their main input and joined side inputs at {@code distributedReadBandwidth} and pay for
 * shipping their broadcast side inputs to every one of {@code executors} executors at
 * {@code broadcastBandwidth} ({@link DistributedExecution}).
 *
 * @param readBandwidth peak read bandwidth of main memory, bytes per second (all cores)
 * @param writeBandwidth peak write bandwidth, bytes per second (all cores)
 * @param flopsPerCore peak floating-point operations per second of one core
 * @param parallelism cores the operators run on
 * @param distributedReadBandwidth read bandwidth of the inputs of distributed operators that
 *     are not broadcast (the main input, side inputs joined by block index), bytes per second
 * @param defaultSparsity sparsity assumed for a matrix whose nnz is unknown
 * @param localMemoryFraction the local memory budget as a fraction of the JVM's maximum heap
 *     (the optimizer paper's CP budget, sec. 3.2): a fused operator whose materialized inputs
 *     and output together exceed it violates the memory constraint of the fusion paper's sec. 4.2
 *     and costs infinity, unless it runs distributed
 * @param broadcastBandwidth bytes per second at which the driver ships a broadcast to one
 *     executor (serialization, network, deserialization)
 * @param executors executors a broadcast reaches: every one receives its own copy (fusion
 *     paper, sec. 5.5: broadcasts "to all 6 worker nodes"), so a broadcast costs
 *     {@code bytes * executors / broadcastBandwidth}
 */
public record CostConstants(double readBandwidth, double writeBandwidth, double flopsPerCore,
    int parallelism, double distributedReadBandwidth, double defaultSparsity,
    double localMemoryFraction, double broadcastBandwidth, int executors) {

  /**
   * 125 MB/s per executor, the line rate of 1 Gbit/s Ethernet (and about SystemML's broadcast
   * read bandwidth, a quarter of its 512 MB/s IO bandwidth); 2 executors, the default
   * {@code local[2]} master's.
   */
  public static final double DEFAULT_BROADCAST_BANDWIDTH = 125e6;
  /** The default of {@link #executors()}. */
  public static final int DEFAULT_EXECUTORS = 2;

  /**
   * 30 GB/s read, 20 GB/s write, 8 GFLOP/s per core, 2 cores, 1 GB/s distributed reads, dense
   * unknowns: rounded from {@code planlab calibrate} on the 2-core machines planlab is developed
   * on (32 GB/s, 24 GB/s, 11.6 GFLOP/s); a local budget of 70% of the heap, as SystemML's;
   * broadcasts at {@link #DEFAULT_BROADCAST_BANDWIDTH} to {@link #DEFAULT_EXECUTORS} executors.
   */
  public static final CostConstants DEFAULTS =
      new CostConstants(30e9, 20e9, 8e9, 2, 1e9, 1.0, 0.7);

  public CostConstants {
    if (!(readBandwidth > 0) || !(writeBandwidth > 0) || !(flopsPerCore > 0)
        || parallelism < 1 || !(distributedReadBandwidth > 0)
        || !(defaultSparsity > 0 && defaultSparsity <= 1)
        || !(localMemoryFraction > 0 && localMemoryFraction <= 1)
        || !(broadcastBandwidth > 0) || executors < 1) {
      throw new IllegalArgumentException("cost constants must be positive (sparsity and memory "
          + "fraction in (0,1]): read=" + readBandwidth + " write=" + writeBandwidth
          + " flops=" + flopsPerCore + " parallelism=" + parallelism + " distributed="
          + distributedReadBandwidth + " sparsity=" + defaultSparsity + " memoryFraction="
          + localMemoryFraction + " broadcast=" + broadcastBandwidth + " executors="
          + executors);
    }
  }

  /** Constants with the default broadcast bandwidth and executors. */
  public CostConstants(double readBandwidth, double writeBandwidth, double flopsPerCore,
      int parallelism, double distributedReadBandwidth, double defaultSparsity,
      double localMemoryFraction) {
    this(readBandwidth, writeBandwidth, flopsPerCore, parallelism, distributedReadBandwidth,
        defaultSparsity, localMemoryFraction, DEFAULT_BROADCAST_BANDWIDTH, DEFAULT_EXECUTORS);
  }

  /** These constants with another local memory budget fraction. */
  public CostConstants withLocalMemoryFraction(double fraction) {
    return new CostConstants(readBandwidth, writeBandwidth, flopsPerCore, parallelism,
        distributedReadBandwidth, defaultSparsity, fraction, broadcastBandwidth, executors);
  }

  /** These constants with another broadcast bandwidth (bytes per second) and executor count. */
  public CostConstants withBroadcast(double bandwidth, int executorCount) {
    return new CostConstants(readBandwidth, writeBandwidth, flopsPerCore, parallelism,
        distributedReadBandwidth, defaultSparsity, localMemoryFraction, bandwidth,
        executorCount);
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
