package org.planlab.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.backend.LocalCopies;
import org.planlab.engine.config.ByteSize;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.engine.stats.Statistics;
import scala.Tuple2;

/**
 * The Spark backend (ARCHITECTURE.md, "Backends"; Spark paper, sec. 3-4): matrices as pair RDDs
 * of square blocks ({@link BlockedMatrix}), the paper's physical operators ({@link SparkOps}),
 * and the moves between the driver and the cluster — parallelize, broadcast, collect — with the
 * driver's budget checked before anything is collected.
 *
 * <p>The SparkContext starts at the first operation that needs it, so an engine in hybrid mode
 * whose operations all fit the driver never pays for a session; engines of one JVM share it
 * ({@link SparkContexts}). It runs on loopback
 * (DEPENDENCIES.md) and, for a cluster master, ships planlab's jars and Spark's Java 17 flags to
 * the executors. A result is persisted unless one later Spark operation alone reads it, and its
 * blocks are unpersisted once no variable, cache entry or uncomputed result can read them
 * ({@link BlockedMatrix}); broadcasts and the RDD objects themselves are cleaned lazily by
 * Spark's context cleaner, which tracks them by reference and runs after the driver's garbage
 * collections.
 */
public final class SparkBackend implements Backend {
  /** The backend's name and the location of its matrices. */
  public static final String NAME = "spark";

  /**
   * Spark's JVM flags for Java 17 (DEPENDENCIES.md): every JVM that runs Spark code — drivers,
   * executors, cluster daemons — gets them.
   */
  public static final List<String> JAVA17_FLAGS = List.of(
      "-XX:+IgnoreUnrecognizedVMOptions",
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED", "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
      "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
      "--add-opens=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
      "-Dio.netty.tryReflectionSetAccessible=true", "-Djdk.reflect.useDirectMethodHandle=false");

  /** JVM flags of executors: Spark's flags and the Vector API module of planlab's kernels. */
  static final String EXECUTOR_FLAGS = "--add-modules=jdk.incubator.vector "
      + String.join(" ", JAVA17_FLAGS);

  /** Spark's call sites of the backend's transfers ({@link CallSites}). */
  private static final String PARALLELIZE = "planlab parallelize";
  private static final String COLLECT = "planlab collect";
  private static final String BROADCAST = "planlab broadcast";

  /** Aggregates whose block partials combine exactly into the whole (sum, min, max). */
  static final Set<AggregateOp> AGGREGATES = Set.of(AggregateOp.SUM, AggregateOp.SUM_SQ,
      AggregateOp.MIN, AggregateOp.MAX, AggregateOp.MEAN);

  private final SparkSettings settings;
  private final SparkCounters counters = new SparkCounters();
  private final Path scratch;
  private final java.util.Map<Statistics, SparkCounters.Snapshot> runs =
      java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());
  private final LocalCopies<BlockedMatrix> copies = new LocalCopies<>();
  private final LocalCopies<Broadcast<PartitionedMatrix>> broadcasts = new LocalCopies<>();
  private final Set<Integer> persisted = java.util.concurrent.ConcurrentHashMap.newKeySet();
  /** Whether the operation running on a thread persists its results ({@link #persisting}). */
  private final ThreadLocal<Boolean> persistResults = ThreadLocal.withInitial(() -> true);
  private volatile JavaSparkContext context;
  private org.apache.spark.scheduler.SparkListener listener;
  /** The folder Spark made for this backend's checkpoints under a given checkpointDir. */
  private String ownCheckpoints;
  private volatile boolean closed;

  SparkBackend(SparkSettings settings, Path scratch) {
    this.settings = Objects.requireNonNull(settings, "settings is null");
    this.scratch = Objects.requireNonNull(scratch, "scratch is null");
  }

  public SparkSettings settings() {
    return settings;
  }

  /** Counters of this backend's data movement and of Spark's shuffles since it started. */
  public SparkCounters counters() {
    return counters;
  }

  @Override
  public void runStarted(Statistics stats) {
    runs.put(stats, counters.snapshot());
  }

  /**
   * Adds what Spark did during the run: jobs, stages, shuffle bytes (from the listener bus,
   * drained first), and the backend's own parallelize, broadcast and collect counts and bytes.
   * Runs of one engine that overlap see each other's Spark work in these counters.
   */
  @Override
  public void runFinished(Statistics stats) {
    SparkCounters.Snapshot before = runs.remove(stats);
    if (before == null) {
      return;
    }
    JavaSparkContext sc = context;
    if (sc != null && !sc.sc().isStopped()) {
      try {
        sc.sc().listenerBus().waitUntilEmpty(10_000);
      } catch (java.util.concurrent.TimeoutException e) {
        // the counters then miss the last events; they are statistics, not results
      }
    }
    counters.snapshot().minus(before).addTo(stats);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public ExecType execType() {
    return ExecType.SPARK;
  }

  /**
   * The operators of {@link SparkOps}: element-wise (matrix-matrix, matrix-vector,
   * matrix-scalar), unary, sum/min/max/mean aggregates in every direction, every matrix
   * multiplication, transpose, right and left indexing, cbind/rbind, rand/seq generated on
   * executors, and generated fused operators whose side inputs have a block-local form
   * ({@link FusedSparkOps}). Everything else stays in CP.
   */
  @Override
  public boolean supports(Hop hop) {
    return switch (hop.op()) {
      case UNARY -> hop.isMatrix() && hop.inputs().size() == 1;
      case BINARY -> hop.isMatrix() && hop.inputs().size() == 2;
      case AGGREGATE -> hop.input(0).isMatrix()
          && AGGREGATES.contains(hop.param(HopParam.Aggregate.class).op());
      case MATMULT, TRANSPOSE, RIGHT_INDEX, RAND, SEQ, FILL, READ_FILE -> hop.isMatrix();
      case LEFT_INDEX -> hop.isMatrix() && hop.input(0).isMatrix();
      case CBIND, RBIND -> hop.isMatrix() && hop.inputs().stream().allMatch(Hop::isMatrix);
      case NARY_MINMAX -> hop.isMatrix();
      case TABLE -> isOneHotTable(hop);
      case FUSED -> FusedSparkOps.supports(hop);
      default -> false;
    };
  }

  /**
   * {@code table(seq(1, ...), y, w, rows, cols)} with a scalar weight: the one-hot idiom, which
   * runs block by block when the sequence turns out to be 1..nrow(y) ({@link SparkOps#oneHot}).
   */
  static boolean isOneHotTable(Hop hop) {
    return hop.isMatrix() && hop.inputs().size() == 5 && hop.input(0).op() == OpCode.SEQ
        && hop.input(0).input(0).numericLiteral().orElse(0) == 1 && hop.input(1).isMatrix()
        && hop.input(2).isScalar();
  }

  /** The settings' broadcast budget, which the fusion cost model's broadcasts must fit. */
  @Override
  public long broadcastBudget() {
    return settings.broadcastBudget();
  }

  /**
   * The settings' reuse budget, else {@link SparkSettings#REUSE_FRACTION} of Spark's storage
   * memory (MEMPHIS sec. 4.1): the sum of the block managers' maximum memory, which in local
   * mode is the share of the driver's heap Spark reserves for storage.
   */
  @Override
  public long reuseBudget() {
    if (settings.reuseBudget() > 0) {
      return settings.reuseBudget();
    }
    long storage = 0;
    for (var status : scala.jdk.javaapi.CollectionConverters.asJava(
        context().sc().getExecutorMemoryStatus()).values()) {
      storage += (Long) status._1();
    }
    return (long) (SparkSettings.REUSE_FRACTION * storage);
  }

  @Override
  public int blockSize() {
    return settings.blockSize();
  }

  /** One block: an operation over driver data that fits one block is not worth a job. */
  @Override
  public long driverLocalBytes() {
    return settings.smallInDriver() ? 8L * settings.blockSize() * settings.blockSize() : 0;
  }

  @Override
  public Instruction instruction(Hop hop, MatMultInstruction.Kind physical, int[] inputs,
      int output) {
    return instruction(hop, physical, inputs, output, false);
  }

  @Override
  public Instruction instruction(Hop hop, MatMultInstruction.Kind physical, int[] inputs,
      int output, boolean readOnce) {
    return new SparkInstruction(this, hop, physical, inputs, output, readOnce);
  }

  /**
   * Runs {@code work}, an operation on the current thread, with its results persisted or, when
   * {@code persist} is false, left lazy: computed inside the job that reads them, once.
   */
  <T> T persisting(boolean persist, java.util.function.Supplier<T> work) {
    boolean before = persistResults.get();
    persistResults.set(persist);
    try {
      return work.get();
    } finally {
      persistResults.set(before);
    }
  }

  /**
   * Moves a local block to Spark as a blocked RDD, persisted so that its blocks are created
   * once; a block moved here before, or collected from here, returns its existing RDD.
   *
   * <p>The RDD is made only when an operator asks for it. Operators read a matrix with a local
   * copy as a broadcast when it fits the broadcast budget (Spark paper, sec. 3.2): vectors,
   * small factors, and in hybrid plans the n x 1 vectors the driver computes. Parallelizing such
   * a matrix up front would ship it twice, as a parallelized RDD no operator reads and then as
   * the broadcast, on every transfer, which in a loop is every iteration.
   *
   * <p>Until then the matrix holds its local block, so it is recorded as the block's copy only
   * once parallelized ({@link #parallelize(BlockedMatrix, MatrixBlock)}): the record would
   * otherwise keep the block, and with it every block moved but never parallelized, alive.
   */
  @Override
  public MatrixData fromLocal(MatrixBlock block, ExecutionContext ctx) {
    BlockedMatrix known = copies.get(block);
    if (known != null && !known.isReleased()) {
      return known;
    }
    return new BlockedMatrix(this, block,
        new BlockGeometry(block.rows(), block.cols(), settings.blockSize()));
  }

  /** How many local blocks have a recorded copy here that is still reachable. */
  int localCopies() {
    return copies.size();
  }

  /** Parallelizes the local block of {@code m}, moved from the driver, as its RDD. */
  JavaPairRDD<BlockIndex, MatrixBlock> parallelize(BlockedMatrix m, MatrixBlock local) {
    JavaPairRDD<BlockIndex, MatrixBlock> rdd = parallelize(local, m.geometry());
    copies.put(local, m);
    return rdd;
  }

  /**
   * The blocks of a local matrix as a persisted RDD partitioned by the grid's partitioner.
   *
   * <p>Each partition's blocks travel as one broadcast that the partition's task reads. A
   * parallelized collection would carry its blocks inside its partition objects, and Spark
   * serializes a task's partition with the partitions of its narrow ancestors: every later task
   * over this matrix, or over any result derived from it without a shuffle, would ship these
   * blocks again. A broadcast reaches each executor once (in local mode the driver's copy).
   */
  private JavaPairRDD<BlockIndex, MatrixBlock> parallelize(MatrixBlock block, BlockGeometry g) {
    List<Tuple2<BlockIndex, MatrixBlock>> blocks = Blocks.split(block, g);
    blocks.replaceAll(SizedBlock::of);
    // the blocks in row-major order: partition p holds the partitioner's range of p
    BlockPartitioner partitioner = partitioner(g);
    int parts = partitioner.numPartitions();
    JavaSparkContext sc = context();
    JavaPairRDD<BlockIndex, MatrixBlock> rdd = labelled(PARALLELIZE, () -> {
      ArrayList<Broadcast<ArrayList<Tuple2<BlockIndex, MatrixBlock>>>> shipped =
          new ArrayList<>(parts);
      List<Integer> ids = new ArrayList<>(parts);
      for (int p = 0; p < parts; p++) {
        int to = (int) (p + 1 < parts ? partitioner.start(p + 1) : partitioner.blocks());
        shipped.add(sc.broadcast(new ArrayList<>(blocks.subList((int) partitioner.start(p),
            to))));
        ids.add(p);
      }
      return assumePartitioned(Rdds.flatMapToPair(sc.parallelize(ids, parts),
          p -> shipped.get(p).value().iterator()), partitioner);
    });
    rdd.persist(StorageLevel.MEMORY_AND_DISK());
    persisted.add(rdd.id());
    counters.parallelized(block.serializedSize());
    return rdd;
  }

  @Override
  public MatrixValue toLocal(MatrixData m) {
    return new MatrixValue(m.acquireLocal());
  }

  @Override
  public void release(MatrixData m) {
    m.free();
  }

  /**
   * Collects a blocked matrix into one local block.
   *
   * @throws MatrixSizeException when its size exceeds the driver's budget, before any job runs
   */
  MatrixBlock collect(BlockedMatrix m) {
    long bytes = m.localBytes();
    if (bytes > settings.driverBudget()) {
      throw new MatrixSizeException("collecting a " + m.rows() + "x" + m.cols() + " matrix ("
          + ByteSize.format(bytes) + ") into the driver would exceed its memory budget of "
          + ByteSize.format(settings.driverBudget()) + "; keep its consumers on Spark or give "
          + "the driver more memory");
    }
    List<Tuple2<BlockIndex, MatrixBlock>> blocks = labelled(COLLECT, () -> Rdds.collect(m.rdd()));
    MatrixBlock b = Blocks.assemble(m.geometry(), blocks);
    counters.collected(b.serializedSize());
    copies.put(b, m);
    return b;
  }

  /**
   * Broadcasts a matrix's blocks to every executor (collecting it first if needed); a local
   * block broadcast before is not broadcast again while it lives.
   */
  Broadcast<PartitionedMatrix> broadcast(MatrixData m, ExecutionContext ctx) {
    return broadcast(m.acquireLocal(), ctx);
  }

  /**
   * The broadcast of {@code local}, made once: an operator and a broadcast prepared ahead on a
   * prefetch thread (MEMPHIS sec. 5.1) take turns, so the later finds the earlier's broadcast.
   */
  private Broadcast<PartitionedMatrix> broadcast(MatrixBlock local, ExecutionContext ctx) {
    synchronized (broadcasts) {
      return broadcastOnce(local, ctx);
    }
  }

  private Broadcast<PartitionedMatrix> broadcastOnce(MatrixBlock local, ExecutionContext ctx) {
    Broadcast<PartitionedMatrix> known = broadcasts.get(local);
    if (known != null && known.isValid()) {
      return known;
    }
    BlockGeometry g = new BlockGeometry(local.rows(), local.cols(), settings.blockSize());
    PartitionedMatrix p = new PartitionedMatrix(g, Blocks.split(local, g));
    long bytes = local.serializedSize();
    counters.broadcast(bytes);
    ctx.statistics().recordTransfer(MatrixData.LOCAL, NAME + " broadcast", bytes);
    JavaSparkContext sc = context();
    Broadcast<PartitionedMatrix> b = labelled(BROADCAST, () -> sc.broadcast(p));
    broadcasts.put(local, b);
    return b;
  }

  /** Operators broadcast local matrices within the broadcast budget (mapmm, vectors, sides). */
  @Override
  public boolean preparesBroadcasts() {
    return true;
  }

  @Override
  public void prepareBroadcast(MatrixBlock local, ExecutionContext ctx) {
    if (fitsBroadcast(new MatrixValue(local))) {
      broadcast(local, ctx);
    }
  }

  /** Whether {@code m} fits the broadcast budget (Spark paper, sec. 3.2). */
  boolean fitsBroadcast(MatrixData m) {
    return m.localBytes() <= settings.broadcastBudget();
  }

  /**
   * A result RDD as a matrix of this backend: persisted in memory (spilling to disk) unless the
   * running operation's result is read once ({@link #persisting}), and checkpointed when its
   * lineage has grown {@link SparkSettings#checkpointDepth()} operations deep, which bounds the
   * lineage of values carried around loops.
   */
  BlockedMatrix result(JavaPairRDD<BlockIndex, MatrixBlock> blocks, BlockGeometry g, long nnz,
      int depth) {
    // kept as blocks that tell Spark's memory store their size
    int d = depth;
    boolean checkpoint = d >= settings.checkpointDepth();
    if (!checkpoint && !persistResults.get()) {
      return new BlockedMatrix(this, blocks, g, nnz, d, null);
    }
    JavaPairRDD<BlockIndex, MatrixBlock> rdd = Rdds.mapPartitionsToPair(blocks, SizedBlock::all,
        true);
    rdd.persist(StorageLevel.MEMORY_AND_DISK());
    persisted.add(rdd.id());
    if (checkpoint) {
      rdd.checkpoint();
      d = 0;
    }
    return new BlockedMatrix(this, rdd, g, nnz, d, null);
  }

  /**
   * {@code rdd}, whose partition p holds the blocks {@code partitioner} assigns to p, declared
   * partitioned by it (no data move). Every matrix a source creates — parallelize, read, rand,
   * seq — is partitioned so; operators that keep keys keep the partitioner, and joins of matrices
   * of the same grid (element-wise operations, aligned side inputs of fused operators) need no
   * shuffle (Spark paper, sec. 4.1).
   */
  <V> JavaPairRDD<BlockIndex, V> assumePartitioned(JavaPairRDD<BlockIndex, V> rdd,
      BlockPartitioner partitioner) {
    return new JavaPairRDD<>(new AssumePartitioned<>(rdd.rdd(), partitioner), rdd.kClassTag(),
        rdd.vClassTag());
  }

  /**
   * The inner join of two matrices' blocks by index. When both have the same
   * {@link BlockPartitioner}, partition p of each holds the same keys: the partitions are zipped
   * and joined with a hash map per task, no shuffle and no spillable cogroup map (whose size
   * tracking walks every block), and the result keeps the partitioner. Otherwise Spark's join
   * onto the grid's partitioner.
   */
  <V, W> JavaPairRDD<BlockIndex, Tuple2<V, W>> join(JavaPairRDD<BlockIndex, V> a,
      JavaPairRDD<BlockIndex, W> b, BlockGeometry g) {
    var pa = a.partitioner();
    var pb = b.partitioner();
    if (pa.isPresent() && pb.isPresent() && pa.get() instanceof BlockPartitioner bp
        && bp.equals(pb.get())) {
      JavaRDD<Tuple2<BlockIndex, Tuple2<V, W>>> zipped = Rdds.zipPartitions(a, b, (ia, ib) -> {
        java.util.Map<BlockIndex, W> right = new java.util.HashMap<>();
        ib.forEachRemaining(t -> right.put(t._1(), t._2()));
        List<Tuple2<BlockIndex, Tuple2<V, W>>> out = new java.util.ArrayList<>();
        while (ia.hasNext()) {
          Tuple2<BlockIndex, V> t = ia.next();
          W w = right.get(t._1());
          if (w != null) {
            out.add(new Tuple2<>(t._1(), new Tuple2<>(t._2(), w)));
          }
        }
        return out.iterator();
      });
      return assumePartitioned(JavaPairRDD.fromJavaRDD(zipped), bp);
    }
    return Rdds.join(a, b, partitioner(g));
  }

  /**
   * {@code work} with the Spark work of the current thread described as {@code description}
   * ({@link CallSites}); before the context has started, {@code work} as it is (it does not
   * start the context).
   */
  <T> T labelled(String description, java.util.function.Supplier<T> work) {
    return CallSites.labelled(context, description, work);
  }

  /** The partitioner of every matrix of grid {@code g} on this backend. */
  BlockPartitioner partitioner(BlockGeometry g) {
    return new BlockPartitioner(g, partitions(g, Math.max(1, g.blocks())));
  }

  /** Partitions for an RDD of {@code blocks} blocks of geometry {@code g}. */
  int partitions(BlockGeometry g, long blocks) {
    int p = settings.parallelism() > 0 ? settings.parallelism()
        : context().defaultParallelism();
    return (int) Math.max(1, Math.min(blocks, p));
  }

  /** The SparkContext, started on first use. */
  JavaSparkContext context() {
    JavaSparkContext sc = context;
    if (sc == null) {
      synchronized (this) {
        if (closed) {
          throw new IllegalStateException("the Spark backend is closed");
        }
        sc = context;
        if (sc == null) {
          sc = start();
          context = sc;
        }
      }
    }
    return sc;
  }

  private JavaSparkContext start() {
    SparkConf conf = new SparkConf().setMaster(settings.master()).setAppName("planlab")
        .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.ui.enabled", "false")
        .set("spark.executor.memory", Long.toString(settings.executorMemory() >> 20) + "m")
        .set("spark.executor.extraJavaOptions", EXECUTOR_FLAGS)
        // drop RDDs and broadcasts of dead handles soon after the driver's collections
        .set("spark.cleaner.periodicGC.interval", "1min")
        .set("spark.cleaner.referenceTracking.blocking", "false")
        .set("spark.cleaner.referenceTracking.cleanCheckpoints", "true")
        // a lost executor's tasks are retried elsewhere (Spark paper, sec. 4: fault tolerance
        // through lineage); give up only after several failures of one task
        .set("spark.task.maxFailures", "8")
        // tasks of cached blocks start at once on any free core: a matrix operation's tasks are
        // short, and waiting for a busy core that holds the block (delay scheduling) costs more
        // than reading the block from the other executor
        .set("spark.locality.wait", "0s");
    if (settings.parallelism() > 0) {
      conf.set("spark.default.parallelism", Integer.toString(settings.parallelism()));
    }
    if (settings.remoteExecutors()) {
      conf.setJars(JarShipping.jarsOf(SparkContexts.jarFolder(), SparkBackend.class,
          Backend.class).toArray(new String[0]));
    }
    JavaSparkContext sc = SparkContexts.acquire(conf);
    sc.setLogLevel("WARN");
    if (settings.checkpointDir().isEmpty()) {
      try {
        Path dir = Files.createDirectories(scratch.resolve("checkpoints"));
        sc.setCheckpointDir(dir.toAbsolutePath().toString());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create the checkpoint folder under " + scratch,
            e);
      }
    } else {
      // Spark checkpoints into a new folder of its own under the given one; the context
      // cleaner removes the files of checkpointed RDDs that are no longer referenced
      try {
        sc.setCheckpointDir(settings.checkpointDir());
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("checkpointDir '" + settings.checkpointDir()
            + "' cannot hold checkpoints: " + e.getMessage(), e);
      }
      ownCheckpoints = sc.getCheckpointDir().orNull();
    }
    listener = counters.listener();
    sc.sc().addSparkListener(listener);
    return sc;
  }

  /**
   * Releases what this backend holds on the shared SparkContext — the RDDs it persisted, its
   * listener — and deletes its scratch files. The context itself stays for the next engine of
   * this JVM ({@link SparkContexts}).
   */
  @Override
  public void close() {
    JavaSparkContext sc;
    synchronized (this) {
      closed = true;
      sc = context;
      context = null;
    }
    if (sc != null && !sc.sc().isStopped()) {
      for (Integer id : persisted) {
        var rdd = sc.sc().getPersistentRDDs().get(id);
        if (rdd.isDefined()) {
          rdd.get().unpersist(false);
        }
      }
      sc.sc().removeSparkListener(listener);
      deleteOwnCheckpoints(sc);
    }
    persisted.clear();
    copies.clear();
    broadcasts.clear();
    Scratch.delete(scratch);
  }

  /** Deletes the checkpoint folder Spark made under a given checkpointDir, if any. */
  private void deleteOwnCheckpoints(JavaSparkContext sc) {
    if (ownCheckpoints == null) {
      return;
    }
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(ownCheckpoints);
    try {
      dir.getFileSystem(sc.hadoopConfiguration()).delete(dir, true);
    } catch (IOException e) {
      // the checkpoints are no longer read; what cannot be deleted stays, as Spark leaves it
      System.err.println("planlab: cannot delete the checkpoint folder " + ownCheckpoints + ": "
          + e.getMessage());
    }
  }

  @Override
  public String toString() {
    return "spark backend (master " + settings.master() + ", " + settings.blockSize()
        + "x" + settings.blockSize() + " blocks)";
  }
}
