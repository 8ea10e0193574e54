package org.planlab.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.SparkException;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.cplan.SideAlignment;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.kernels.BindKernels;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.Operands;
import org.planlab.engine.stats.CodegenCounter;
import scala.Tuple2;

/**
 * Generated fused operators as data-parallel Spark operations (fusion paper, sec. 2.1 and 5.5;
 * Spark paper, sec. 3.3): the driver ships the operator's generated source in the task closure
 * ({@link FusedTask}), each executor compiles it once ({@link ExecutorOperators}), and tasks run
 * the engine's skeleton per unit of the main input — a block for Cell, MAgg and Outer, a block
 * row for Row. Side inputs are consolidated per unit as {@link FusedLayout} says: broadcast
 * (partitioned, Spark paper sec. 4.1) when they fit the broadcast budget, else joined by block
 * index with their blocks replicated along the main input's other dimension; sides read whole
 * are always broadcast. Scalars travel as values.
 *
 * <p>Results: element-wise variants (Cell NO_AGG, Row NO_AGG, Outer CELLWISE) stay distributed;
 * row and column aggregates (Cell ROW_AGG/COL_AGG, Outer RIGHT/LEFT) reduce their unit partials
 * by output block with a shuffle; full aggregates (Cell FULL_AGG, MAgg, Row COL_AGG/FULL_AGG/
 * COL_AGG_T, Outer AGG) fold their partials into the driver with each output's aggregation
 * function. Partials combine in an order Spark decides, so aggregates differ from CP's only by
 * rounding.
 */
final class FusedSparkOps {
  private final SparkBackend backend;
  private final ExecutionContext ctx;

  FusedSparkOps(SparkBackend backend, ExecutionContext ctx) {
    this.backend = backend;
    this.ctx = ctx;
  }

  /** Whether the fused operator of {@code hop} has a distributed form (see {@link FusedLayout}). */
  static boolean supports(Hop hop) {
    return hop.param(HopParam.Fused.class).operator() instanceof FusedOp op
        && FusedLayout.of(op.plan()).isPresent();
  }

  /** Runs {@code op} over its operands (main input, side inputs, scalars) on Spark. */
  Data execute(Hop hop, FusedOp op, Data[] in) {
    CPlan plan = op.plan();
    FusedLayout layout = FusedLayout.of(plan).orElseThrow(() -> new IllegalStateException(
        "fused operator " + op.describe() + " has no distributed form"));
    String what = "fused operator " + op.className();
    BlockedMatrix x = SparkOps.blocked((MatrixData) in[0], what);
    int n = plan.sides();
    List<BlockedMatrix> sides = new ArrayList<>(n);
    for (int s = 0; s < n; s++) {
      BlockedMatrix side = SparkOps.blocked((MatrixData) in[1 + s], what);
      check(x, side, layout.sides().get(s), s, what);
      sides.add(side);
    }
    double[] scalars = new double[in.length - 1 - n];
    for (int i = 0; i < scalars.length; i++) {
      scalars[i] = Operands.dbl(in[1 + n + i], "scalar input of a fused operator");
    }
    FusedTask task = new FusedTask(op.className(), op.source(), layout.template(),
        variant(plan), fullDims(plan, x, sides), scalars);
    // executors of a local master run in this JVM: they take the driver's compiled class
    ExecutorOperators.offer(task.key(), op.operator());
    ctx.statistics().addCodegen(CodegenCounter.FUSED_EXECUTIONS, 1);

    boolean rowwise = layout.template() == FusedLayout.Template.ROW;
    BlockGeometry g = x.geometry();
    long unitRows = g.blockRows();
    long unitCols = rowwise ? 1 : g.blockCols();
    JavaPairRDD<BlockIndex, MatrixBlock> units = rowwise ? rowBlocks(x) : x.rdd();
    JavaPairRDD<BlockIndex, MatrixBlock[]> work = Rdds.mapValues(units, b -> {
      MatrixBlock[] a = new MatrixBlock[1 + n];
      a[0] = b;
      return a;
    });
    SideSource[] sources = new SideSource[n];
    int depth = x.depth();
    for (int s = 0; s < n; s++) {
      SideAlignment a = layout.sides().get(s);
      BlockedMatrix side = sides.get(s);
      if (a == SideAlignment.NONE) {
        // only its column count is read (a vector length)
        sources[s] = new SideSource(a, null, MatrixBlock.empty(0, (int) side.cols()));
      } else if (a == SideAlignment.WHOLE
          || backend.fitsBroadcast(side) && !joinable(side, a, x, rowwise)) {
        sources[s] = new SideSource(a, backend.broadcast(side, ctx), null);
      } else {
        sources[s] = new SideSource(a, null, null);
        int slot = 1 + s;
        work = Rdds.mapValues(backend.join(work, aligned(side, a, unitRows, unitCols),
            rowwise ? g.withDims(g.rows(), 1) : g), t -> {
              MatrixBlock[] arr = t._1().clone();
              arr[slot] = t._2();
              return arr;
            });
        depth = Math.max(depth, side.depth());
      }
    }
    // a task's partials keep its units' keys, so the main input's partitioning stays
    JavaPairRDD<BlockIndex, MatrixBlock> partials = Rdds.mapPartitionsToPair(work,
        it -> new Units(task, sources, it), true);
    try {
      return switch (layout.template()) {
        case CELL -> cell((CPlan.Cell) plan, hop, x, partials, depth + 1);
        case MAGG -> local(fold(partials, ((CPlan.MAgg) plan).aggs(), plan,
            g.rows() * g.cols() == 0));
        case ROW -> row((CPlan.Row) plan, hop, x, task, partials, depth + 1);
        case OUTER -> outer((CPlan.Outer) plan, hop, x, sides, partials, depth + 1);
      };
    } catch (SparkException e) {
      throw compileFailureOr(e);
    }
  }

  // ---------------------------------------------------------------- templates

  private Data cell(CPlan.Cell p, Hop hop, BlockedMatrix x,
      JavaPairRDD<BlockIndex, MatrixBlock> partials, int depth) throws SparkException {
    BlockGeometry g = x.geometry();
    BinaryOp c = combiner(p.agg());
    return switch (p.type()) {
      case NO_AGG -> backend.result(partials, g, -1, depth);
      case ROW_AGG -> {
        // over a single block column the partials are keyed (i, 0) already: keep the partitioning
        JavaPairRDD<BlockIndex, MatrixBlock> r = g.singleBlockColumn() ? partials
            : Rdds.mapToPair(partials, t -> new Tuple2<>(new BlockIndex(t._1().row(), 0),
                t._2()));
        if (!g.singleBlockColumn()) {
          r = Rdds.reduceByKey(r, partitioner(g.withDims(g.rows(), 1)),
              (a, b) -> ElementwiseKernels.binary(a, b, c, seq()));
        }
        yield backend.result(r, g.withDims(g.rows(), 1), -1, depth);
      }
      case COL_AGG -> {
        JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapToPair(partials, t ->
            new Tuple2<>(new BlockIndex(0, t._1().col()), t._2()));
        if (!g.singleBlockRow()) {
          r = Rdds.reduceByKey(r, partitioner(g.withDims(1, g.cols())),
              (a, b) -> ElementwiseKernels.binary(a, b, c, seq()));
        }
        yield backend.result(r, g.withDims(1, g.cols()), -1, depth);
      }
      case FULL_AGG -> scalar(hop, fold(partials, List.of(p.agg()), p,
          g.rows() * g.cols() == 0).get(0, 0));
    };
  }

  private Data row(CPlan.Row p, Hop hop, BlockedMatrix x, FusedTask task,
      JavaPairRDD<BlockIndex, MatrixBlock> partials, int depth) throws SparkException {
    BlockGeometry g = x.geometry();
    if (p.type() == RowType.NO_AGG) {
      int len = task.fullDims()[1];
      BlockGeometry out = g.withDims(g.rows(), len);
      return backend.result(len <= out.size() ? partials : pieces(partials, out, true), out, -1,
          depth);
    }
    // COL_AGG, FULL_AGG and COL_AGG_T accumulate sums into the whole output
    MatrixBlock sum = sum(partials, task.fullDims());
    return p.type() == RowType.FULL_AGG ? scalar(hop, sum.get(0, 0)) : local(sum);
  }

  private Data outer(CPlan.Outer p, Hop hop, BlockedMatrix x, List<BlockedMatrix> sides,
      JavaPairRDD<BlockIndex, MatrixBlock> partials, int depth) throws SparkException {
    BlockGeometry g = x.geometry();
    long k = sides.get(0).cols();
    return switch (p.type()) {
      case CELLWISE -> backend.result(partials, g, -1, depth);
      case RIGHT -> {
        // W %*% V: unit (i, j) adds to output rows of block row i
        BlockGeometry out = g.withDims(g.rows(), k);
        JavaPairRDD<BlockIndex, MatrixBlock> r = pieces(partials, out, true);
        if (!g.singleBlockColumn()) {
          r = Rdds.reduceByKey(r, partitioner(out), FusedSparkOps::add);
        }
        yield backend.result(r, out, -1, depth);
      }
      case LEFT -> {
        // t(W) %*% U: unit (i, j) adds to output rows of block row j
        BlockGeometry out = g.withDims(g.cols(), k);
        JavaPairRDD<BlockIndex, MatrixBlock> r = pieces(partials, out, false);
        if (!g.singleBlockRow()) {
          r = Rdds.reduceByKey(r, partitioner(out), FusedSparkOps::add);
        }
        yield backend.result(r, out, -1, depth);
      }
      case AGG -> scalar(hop, sum(partials, new int[] {1, 1}).get(0, 0));
    };
  }

  // ---------------------------------------------------------------- consolidating inputs

  /**
   * The main input as block rows of all its columns, keyed (i, 0): the Row template needs whole
   * rows (fusion paper, sec. 2.2); a matrix with one block column already is that.
   */
  private JavaPairRDD<BlockIndex, MatrixBlock> rowBlocks(BlockedMatrix m) {
    if (m.geometry().singleBlockColumn()) {
      return m.rdd(); // keys (i, 0) already, and the partitioning stays
    }
    return Rdds.mapToPair(byRowBlock(m), t -> new Tuple2<>(new BlockIndex(t._1(), 0), t._2()));
  }

  /** Block row i of {@code m} (all columns) keyed by i. */
  private JavaPairRDD<Long, MatrixBlock> byRowBlock(BlockedMatrix m) {
    if (m.geometry().singleBlockColumn()) {
      return Rdds.mapToPair(m.rdd(), t -> new Tuple2<>(t._1().row(), t._2()));
    }
    JavaPairRDD<Long, Tuple2<BlockIndex, MatrixBlock>> keyed = Rdds.mapToPair(m.rdd(), t ->
        new Tuple2<>(t._1().row(), t));
    return Rdds.mapValues(Rdds.groupByKey(keyed, new HashPartitioner(partitions(m.geometry()))),
        blocks -> bind(blocks, true));
  }

  /** Block column j of {@code m} (all rows) keyed by j. */
  private JavaPairRDD<Long, MatrixBlock> byColumnBlock(BlockedMatrix m) {
    if (m.geometry().singleBlockRow()) {
      return Rdds.mapToPair(m.rdd(), t -> new Tuple2<>(t._1().col(), t._2()));
    }
    JavaPairRDD<Long, Tuple2<BlockIndex, MatrixBlock>> keyed = Rdds.mapToPair(m.rdd(), t ->
        new Tuple2<>(t._1().col(), t));
    return Rdds.mapValues(Rdds.groupByKey(keyed, new HashPartitioner(partitions(m.geometry()))),
        blocks -> bind(blocks, false));
  }

  /** Blocks of one block row (cbind by column) or block column (rbind by row), in order. */
  private static MatrixBlock bind(Iterable<Tuple2<BlockIndex, MatrixBlock>> blocks,
      boolean columns) {
    List<Tuple2<BlockIndex, MatrixBlock>> l = new ArrayList<>();
    blocks.forEach(l::add);
    l.sort(Comparator.comparing(Tuple2::_1));
    List<MatrixBlock> parts = new ArrayList<>(l.size());
    l.forEach(t -> parts.add(t._2()));
    return parts.size() == 1 ? parts.get(0)
        : columns ? BindKernels.cbind(parts) : BindKernels.rbind(parts);
  }

  /**
   * Whether an aligned side is better joined than broadcast: it lives on the executors only (a
   * broadcast would first collect it) and its blocks have the keys of the main input's units,
   * so a join of the co-partitioned RDDs moves no data (Spark paper, sec. 4.1).
   */
  private static boolean joinable(BlockedMatrix side, SideAlignment a, BlockedMatrix x,
      boolean rowwise) {
    if (side.localCopy() != null) {
      return false;
    }
    boolean sameKeys = a == SideAlignment.CELL && !rowwise
        || a == SideAlignment.ROWS && x.geometry().singleBlockColumn()
            && side.geometry().singleBlockColumn();
    return sameKeys;
  }

  /**
   * A side input too large to broadcast, keyed by the units that read it (Spark paper, sec.
   * 3.3: a vector's blocks are replicated along the matrix's blocks and joined).
   */
  private JavaPairRDD<BlockIndex, MatrixBlock> aligned(BlockedMatrix side,
      SideAlignment a, long unitRows, long unitCols) {
    return switch (a) {
      case CELL -> side.rdd();
      case ROWS -> unitCols == 1 && side.geometry().singleBlockColumn() ? side.rdd()
          : Rdds.flatMapToPair(byRowBlock(side), t -> replicate(t._2(), t._1(), unitCols,
              true));
      case COLUMNS -> Rdds.flatMapToPair(byColumnBlock(side), t ->
          replicate(t._2(), t._1(), unitRows, false));
      case ROWS_OF_COLUMNS -> Rdds.flatMapToPair(byRowBlock(side), t ->
          replicate(t._2(), t._1(), unitRows, false));
      case NONE, WHOLE -> throw new IllegalStateException(a + " sides are not joined");
    };
  }

  /** (fixed, k) for every k < count ({@code fixedRow}), else (k, fixed). */
  private static Iterator<Tuple2<BlockIndex, MatrixBlock>> replicate(MatrixBlock b, long fixed,
      long count, boolean fixedRow) {
    List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>((int) count);
    for (long k = 0; k < count; k++) {
      out.add(new Tuple2<>(fixedRow ? new BlockIndex(fixed, k) : new BlockIndex(k, fixed), b));
    }
    return out.iterator();
  }

  /** Checks that a side input has the dims its alignment addresses. */
  private static void check(BlockedMatrix x, BlockedMatrix side, SideAlignment a, int s,
      String what) {
    boolean ok = switch (a) {
      case CELL -> side.rows() == x.rows() && side.cols() == x.cols();
      case ROWS -> side.rows() == x.rows();
      case COLUMNS -> side.cols() == x.cols();
      case ROWS_OF_COLUMNS -> side.rows() == x.cols();
      case NONE, WHOLE -> true;
    };
    if (!ok) {
      throw new DimensionMismatchException("dimension mismatch in " + what + ": side input " + s
          + " is " + side.rows() + "x" + side.cols() + ", the main input " + x.rows() + "x"
          + x.cols() + " (read " + a.name().toLowerCase(java.util.Locale.ROOT) + "-aligned)");
    }
  }

  /** How a task gets side input s: cut from a broadcast, a fixed block, or joined in. */
  private record SideSource(SideAlignment alignment,
      Broadcast<PartitionedMatrix> broadcast, MatrixBlock fixed) implements Serializable {

    /** The side's part for {@code unit}; whole sides are assembled once per partition. */
    MatrixBlock part(BlockIndex unit, MatrixBlock[] wholes, int s) {
      PartitionedMatrix p = broadcast.value();
      return switch (alignment) {
        case CELL -> p.block(unit.row(), unit.col());
        case ROWS -> rowOf(p, unit.row());
        case COLUMNS -> columnOf(p, unit.col());
        case ROWS_OF_COLUMNS -> rowOf(p, unit.col());
        case WHOLE -> {
          if (wholes[s] == null) {
            BlockGeometry g = p.geometry();
            wholes[s] = g.blockCols() == 1 ? columnOf(p, 0)
                : g.blockRows() == 1 ? rowOf(p, 0) : wholeOf(p);
          }
          yield wholes[s];
        }
        case NONE -> fixed;
      };
    }

    private static MatrixBlock rowOf(PartitionedMatrix p, long i) {
      List<MatrixBlock> parts = new ArrayList<>();
      for (long j = 0; j < p.geometry().blockCols(); j++) {
        parts.add(p.block(i, j));
      }
      return parts.size() == 1 ? parts.get(0) : BindKernels.cbind(parts);
    }

    private static MatrixBlock columnOf(PartitionedMatrix p, long j) {
      List<MatrixBlock> parts = new ArrayList<>();
      for (long i = 0; i < p.geometry().blockRows(); i++) {
        parts.add(p.block(i, j));
      }
      return parts.size() == 1 ? parts.get(0) : BindKernels.rbind(parts);
    }

    private static MatrixBlock wholeOf(PartitionedMatrix p) {
      List<MatrixBlock> rows = new ArrayList<>();
      for (long i = 0; i < p.geometry().blockRows(); i++) {
        rows.add(rowOf(p, i));
      }
      return BindKernels.rbind(rows);
    }
  }

  /** The partials of one partition's units: sides filled in, the operator run per unit. */
  private static final class Units implements Iterator<Tuple2<BlockIndex, MatrixBlock>> {
    private final FusedTask task;
    private final SideSource[] sources;
    private final Iterator<Tuple2<BlockIndex, MatrixBlock[]>> in;
    private final MatrixBlock[] wholes;

    Units(FusedTask task, SideSource[] sources, Iterator<Tuple2<BlockIndex, MatrixBlock[]>> in) {
      this.task = task;
      this.sources = sources;
      this.in = in;
      this.wholes = new MatrixBlock[sources.length];
    }

    @Override
    public boolean hasNext() {
      return in.hasNext();
    }

    @Override
    public Tuple2<BlockIndex, MatrixBlock> next() {
      Tuple2<BlockIndex, MatrixBlock[]> t = in.next();
      MatrixBlock[] blocks = t._2().clone();
      for (int s = 0; s < sources.length; s++) {
        if (blocks[1 + s] == null) {
          blocks[1 + s] = sources[s].fixed() != null ? sources[s].fixed()
              : sources[s].part(t._1(), wholes, s);
        }
      }
      return new Tuple2<>(t._1(), task.run(blocks).output());
    }
  }

  // ---------------------------------------------------------------- combining partials

  /**
   * Output units of a row-wise result cut into the blocks of {@code out}: the partial of unit
   * (i, j) holds output rows of block row i ({@code byRow}) or j, all output columns.
   */
  private static JavaPairRDD<BlockIndex, MatrixBlock> pieces(
      JavaPairRDD<BlockIndex, MatrixBlock> partials, BlockGeometry out, boolean byRow) {
    int bs = out.size();
    return Rdds.flatMapToPair(partials, t -> {
      long r = byRow ? t._1().row() : t._1().col();
      MatrixBlock b = t._2();
      List<Tuple2<BlockIndex, MatrixBlock>> l = new ArrayList<>();
      // the partial starts on a block border, so every piece is a whole output block
      for (Tuple2<BlockIndex, Blocks.Piece> piece : Blocks.pieces(b, 0, b.rows(), 0, b.cols(),
          r * bs, 0, out)) {
        l.add(new Tuple2<>(piece._1(), piece._2().block()));
      }
      return l.iterator();
    });
  }

  /**
   * Full aggregates: the 1 x k partials of all units folded into the driver, output t with
   * {@code aggs[t]} (an empty main input gives each aggregate's empty value, as in CP).
   */
  private MatrixBlock fold(JavaPairRDD<BlockIndex, MatrixBlock> partials, List<AggregateOp> aggs,
      CPlan plan, boolean empty) throws SparkException {
    AggregateOp[] ops = aggs.toArray(new AggregateOp[0]);
    double[] identity = new double[ops.length];
    for (int t = 0; t < ops.length; t++) {
      identity[t] = ops[t].emptyValue();
    }
    if (empty) {
      return MatrixBlock.dense(1, ops.length, identity);
    }
    JavaRDD<double[]> cells = Rdds.map(Rdds.values(partials), FusedSparkOps::values);
    double[] v = Rdds.fold(cells, identity, (a, b) -> {
      double[] r = new double[a.length];
      for (int t = 0; t < a.length; t++) {
        r[t] = switch (ops[t]) {
          case MIN -> Math.min(a[t], b[t]);
          case MAX -> Math.max(a[t], b[t]);
          default -> a[t] + b[t];
        };
      }
      return r;
    });
    return MatrixBlock.dense(1, ops.length, v).examSparsity();
  }

  /** The sum of all partials, each {@code dims[0] x dims[1]}. */
  private static MatrixBlock sum(JavaPairRDD<BlockIndex, MatrixBlock> partials, int[] dims) {
    int size = dims[0] * dims[1];
    JavaRDD<double[]> cells = Rdds.map(Rdds.values(partials), FusedSparkOps::values);
    double[] v = Rdds.fold(cells, new double[size], (a, b) -> {
      double[] r = a.clone();
      for (int t = 0; t < r.length; t++) {
        r[t] += b[t];
      }
      return r;
    });
    return MatrixBlock.dense(dims[0], dims[1], v).examSparsity();
  }

  /** Row-major values of a block (a copy). */
  private static double[] values(MatrixBlock b) {
    double[] out = new double[b.rows() * b.cols()];
    for (int i = 0; i < b.rows(); i++) {
      for (int j = 0; j < b.cols(); j++) {
        out[i * b.cols() + j] = b.get(i, j);
      }
    }
    return out;
  }

  private static MatrixBlock add(MatrixBlock a, MatrixBlock b) {
    return ElementwiseKernels.binary(a, b, BinaryOp.PLUS, seq());
  }

  private static BinaryOp combiner(AggregateOp op) {
    return switch (op) {
      case MIN -> BinaryOp.MIN;
      case MAX -> BinaryOp.MAX;
      default -> BinaryOp.PLUS;
    };
  }

  private static KernelPool seq() {
    return KernelPool.sequential();
  }

  // ---------------------------------------------------------------- results

  /** A scalar output as the CP instruction returns it: a scalar, or a 1 x 1 matrix. */
  private Data scalar(Hop hop, double v) {
    return hop.isScalar() ? ScalarValue.of(v) : local(MatrixBlock.scalar(v));
  }

  /** A small result computed in the driver, as a matrix of this backend. */
  private Data local(MatrixBlock b) {
    return backend.fromLocal(b, ctx);
  }

  private int partitions(BlockGeometry g) {
    return backend.partitions(g, g.blocks());
  }

  /** The partitioner of matrices of grid {@code g}: joins and reductions onto it keep it. */
  private BlockPartitioner partitioner(BlockGeometry g) {
    return backend.partitioner(g);
  }

  private static Enum<?> variant(CPlan plan) {
    if (plan instanceof CPlan.Cell c) {
      return c.type();
    } else if (plan instanceof CPlan.Row r) {
      return r.type();
    } else if (plan instanceof CPlan.Outer o) {
      return o.type();
    }
    return null;
  }

  /** The operator's output dims over the whole inputs ({@link FusedOp#outputDims}). */
  private static int[] fullDims(CPlan plan, BlockedMatrix x, List<BlockedMatrix> sides) {
    List<MatrixBlock> shapes = new ArrayList<>();
    shapes.add(MatrixBlock.empty((int) x.rows(), (int) x.cols()));
    for (BlockedMatrix s : sides) {
      shapes.add(MatrixBlock.empty((int) s.rows(), (int) s.cols()));
    }
    return FusedOp.outputDims(plan, shapes);
  }

  /**
   * A job that failed because an executor could not compile the shipped operator, as that
   * executor's message; any other failure unchanged.
   */
  static RuntimeException compileFailureOr(SparkException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ExecutorOperators.FusedCompileException f) {
        return new ExecutorOperators.FusedCompileException(f.getMessage());
      }
    }
    String m = String.valueOf(e.getMessage());
    String marker = ExecutorOperators.FusedCompileException.class.getName() + ": ";
    int at = m.indexOf(marker);
    if (at >= 0) {
      String rest = m.substring(at + marker.length());
      int eol = rest.indexOf('\n');
      return new ExecutorOperators.FusedCompileException(eol < 0 ? rest : rest.substring(0, eol));
    }
    return new IllegalStateException("fused operator on Spark failed: " + e.getMessage(), e);
  }
}
