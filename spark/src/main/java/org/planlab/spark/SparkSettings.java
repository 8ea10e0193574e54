package org.planlab.spark;

import java.util.List;
import org.planlab.engine.config.ByteSize;
import org.planlab.engine.spi.PluginOption;
import org.planlab.engine.spi.PluginOptions;

/**
 * The options of the Spark backend ({@code spark:master=spark://127.0.0.1:7077,blockSize=1000}).
 *
 * @param master the Spark master URL: {@code local[K]}, {@code local-cluster[...]} or
 *     {@code spark://host:port}
 * @param blockSize side of the square blocks of distributed matrices
 * @param executorMemory heap of each executor in bytes (cluster masters)
 * @param parallelism partitions of parallelized matrices and shuffles (0: Spark's default)
 * @param broadcastBudget largest matrix broadcast to executors, in bytes (Spark paper, sec. 3.2:
 *     a broadcast must fit in the driver and in every executor)
 * @param driverBudget largest matrix collected into the driver, in bytes
 * @param checkpointDepth operations after which a lineage is cut by a checkpoint
 * @param smallInDriver whether the {@code spark} mode keeps operations over driver data that fit
 *     one block in the driver
 * @param reuseBudget bytes of Spark's storage memory the lineage cache keeps RDDs in (MEMPHIS
 *     sec. 4.1); 0: {@link #REUSE_FRACTION} of Spark's storage memory
 * @param checkpointDir folder or URL under which checkpoints of lineages are written, on a file
 *     system every executor reaches (a cluster's workers on other machines need a shared one);
 *     empty: the backend's scratch folder on the driver's machine
 */
public record SparkSettings(String master, int blockSize, long executorMemory, int parallelism,
    long broadcastBudget, long driverBudget, int checkpointDepth, boolean smallInDriver,
    long reuseBudget, String checkpointDir) {

  /**
   * The share of Spark's storage memory the lineage cache uses for RDDs (MEMPHIS sec. 4.1: the
   * rest is left to broadcasts and checkpoints).
   */
  public static final double REUSE_FRACTION = 0.8;

  /** The default master: two local executor threads. */
  public static final String DEFAULT_MASTER = "local[2]";

  public SparkSettings {
    if (master == null || master.isBlank()) {
      throw new IllegalArgumentException("master must be a Spark master URL, was empty");
    }
    if (!(master.startsWith("local") || master.startsWith("spark://"))) {
      throw new IllegalArgumentException("master must be local[K], local-cluster[N,C,M] or "
          + "spark://host:port, was '" + master + "'");
    }
    if (blockSize < 1 || blockSize > 46340) {
      throw new IllegalArgumentException("blockSize must be in [1, 46340], was " + blockSize);
    }
    if (executorMemory < (64L << 20)) {
      throw new IllegalArgumentException("executorMemory must be at least 64m, was "
          + ByteSize.format(executorMemory));
    }
    if (parallelism < 0) {
      throw new IllegalArgumentException("parallelism must be >= 0, was " + parallelism);
    }
    if (broadcastBudget < 0 || driverBudget < 0) {
      throw new IllegalArgumentException("budgets must be >= 0 bytes");
    }
    if (reuseBudget < 0) {
      throw new IllegalArgumentException("reuseBudget must be >= 0 bytes (0: "
          + Math.round(REUSE_FRACTION * 100) + "% of Spark's storage memory), was "
          + reuseBudget);
    }
    if (checkpointDepth < 1) {
      throw new IllegalArgumentException("checkpointDepth must be >= 1, was " + checkpointDepth);
    }
    if (checkpointDir == null) {
      throw new IllegalArgumentException("checkpointDir is null (empty: the scratch folder)");
    }
  }

  /**
   * Settings whose RDD reuse budget is derived from Spark's storage memory and whose checkpoints
   * go to the scratch folder.
   */
  public SparkSettings(String master, int blockSize, long executorMemory, int parallelism,
      long broadcastBudget, long driverBudget, int checkpointDepth, boolean smallInDriver) {
    this(master, blockSize, executorMemory, parallelism, broadcastBudget, driverBudget,
        checkpointDepth, smallInDriver, 0, "");
  }

  /** The options the provider declares. */
  static List<PluginOption> options() {
    return List.of(
        PluginOption.string("master", DEFAULT_MASTER,
            "Spark master: local[K], local-cluster[N,C,M] or spark://host:port"),
        PluginOption.integer("blockSize", 1000, "side of the square blocks of distributed "
            + "matrices"),
        PluginOption.string("executorMemory", "1g", "heap of each executor on a cluster"),
        PluginOption.integer("parallelism", 0, "partitions of parallelized matrices and "
            + "shuffles (0: Spark's default)"),
        PluginOption.string("broadcastBudget", "", "largest broadcast matrix, e.g. 200m "
            + "(default: 35% of the smaller of executor memory and the driver's budget)"),
        PluginOption.integer("checkpointDepth", 20, "operations after which a distributed "
            + "matrix's lineage is cut by a checkpoint"),
        PluginOption.string("checkpointDir", "", "folder or URL for the checkpoints, on a file "
            + "system every executor reaches, e.g. hdfs://namenode/tmp or a shared mount "
            + "(default: the driver's scratch folder, for local masters and workers on the "
            + "driver's machine)"),
        PluginOption.bool("smallInDriver", true, "in the spark mode, keep operations whose "
            + "inputs are in the driver and that fit one block in the driver"),
        PluginOption.string("reuseBudget", "", "Spark storage memory the lineage cache keeps "
            + "RDDs in, e.g. 2g (default: 80% of Spark's storage memory; in local mode that "
            + "memory is in the driver's heap)"));
  }

  /**
   * Settings from provider options.
   *
   * @param localBudget the engine's local (CP) budget: the largest collect
   */
  static SparkSettings of(PluginOptions o, long localBudget) {
    long executorMemory = bytes(o.string("executorMemory"), "executorMemory");
    String bb = o.string("broadcastBudget");
    String master = o.string("master");
    // in local mode the executors are threads of the driver: its heap bounds broadcasts
    long executorHeap = master.startsWith("local[") || master.equals("local")
        ? localBudget : executorMemory;
    long broadcast = bb.isEmpty() ? (long) (0.35 * Math.min(executorHeap, localBudget))
        : bytes(bb, "broadcastBudget");
    String rb = o.string("reuseBudget");
    return new SparkSettings(master, o.integer("blockSize"), executorMemory,
        o.integer("parallelism"), broadcast, localBudget, o.integer("checkpointDepth"),
        o.bool("smallInDriver"), rb.isEmpty() ? 0 : bytes(rb, "reuseBudget"),
        o.string("checkpointDir").trim());
  }

  private static long bytes(String text, String option) {
    try {
      return ByteSize.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
    }
  }

  /** Whether the master runs executors in other JVMs (they need planlab's jars shipped). */
  public boolean remoteExecutors() {
    return !master.startsWith("local[") && !master.equals("local");
  }
}
