package org.planlab.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.kernels.AggregateKernels;
import org.planlab.engine.kernels.DataGenKernels;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.kernels.IndexingKernels;
import org.planlab.engine.kernels.MMChainKernels;
import org.planlab.engine.kernels.MatMultKernels;
import org.planlab.engine.kernels.ReorgKernels;
import org.planlab.engine.kernels.TableKernels;
import org.planlab.engine.kernels.TsmmKernels;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.random.BlockRandom;
import org.planlab.engine.random.RandomBlocks;
import org.planlab.engine.runtime.ExecutionContext;
import scala.Tuple2;

/**
 * The physical operators of the Spark backend (Spark paper, sec. 3.3 and 4.1), over
 * {@link BlockedMatrix} operands. Each block-level step runs planlab's CP kernels on one block
 * with a sequential pool (an executor's cores run tasks, not kernel threads), so a block of a
 * Spark result holds what the CP operator computes on that block's cells. Operators that combine
 * partial blocks (aggregates, matrix products with a split common dimension) add them in an
 * order the shuffle decides, which changes results only by rounding.
 *
 * <p>Matrix multiplication chooses among the paper's operators by the sizes it sees:
 * {@code tsmm} and {@code mmchain} over a single block column (one pass, no shuffle but the final
 * reduce), {@code mapmm} when the smaller operand fits the broadcast budget (broadcast, then a
 * map over the other operand's blocks), {@code zipmm} for {@code t(X) %*% y} with co-partitioned
 * rows, and {@code cpmm} (a join on the common dimension and a shuffle of partial products)
 * otherwise.
 */
final class SparkOps {
  private final SparkBackend backend;
  private final ExecutionContext ctx;

  SparkOps(SparkBackend backend, ExecutionContext ctx) {
    this.backend = backend;
    this.ctx = ctx;
  }

  private static KernelPool seq() {
    return KernelPool.sequential();
  }

  private static int depth(BlockedMatrix... in) {
    int d = 0;
    for (BlockedMatrix m : in) {
      d = Math.max(d, m.depth());
    }
    return d + 1;
  }

  private int partitions(BlockGeometry g) {
    return backend.partitions(g, g.blocks());
  }

  /** The partitioner of matrices of grid {@code g}: joins and reductions onto it keep it. */
  private BlockPartitioner partitioner(BlockGeometry g) {
    return backend.partitioner(g);
  }

  private static MatrixBlock add(MatrixBlock a, MatrixBlock b) {
    return ElementwiseKernels.binary(a, b, BinaryOp.PLUS, KernelPool.sequential());
  }

  // ---------------------------------------------------------------- element-wise

  /** {@code op(a)} block by block. */
  BlockedMatrix unary(BlockedMatrix a, UnaryOp op) {
    return backend.result(Rdds.mapValues(a.rdd(), b -> ElementwiseKernels.unary(b, op, seq())),
        a.geometry(), -1, depth(a));
  }

  /** {@code a op s} ({@code scalarLeft}: {@code s op a}) block by block. */
  BlockedMatrix scalar(BlockedMatrix a, double s, BinaryOp op, boolean scalarLeft) {
    JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapValues(a.rdd(), b -> scalarLeft
        ? ElementwiseKernels.binary(s, b, op, seq()) : ElementwiseKernels.binary(b, s, op, seq()));
    return backend.result(r, a.geometry(), -1, depth(a));
  }

  /**
   * {@code a op b} for equal shapes (a join of co-indexed blocks) or with one operand a row or
   * column vector broadcast over the other (Spark paper, sec. 3.3: the vector is broadcast when
   * it fits the broadcast budget, else its blocks are replicated along the matrix's blocks and
   * joined).
   */
  BlockedMatrix binary(BlockedMatrix a, BlockedMatrix b, BinaryOp op) {
    long ar = a.rows();
    long ac = a.cols();
    long br = b.rows();
    long bc = b.cols();
    if (ar == br && ac == bc) {
      JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapValues(
          backend.join(a.rdd(), b.rdd(), a.geometry()),
          t -> ElementwiseKernels.binary(t._1(), t._2(), op, seq()));
      return backend.result(r, a.geometry(), -1, depth(a, b));
    }
    boolean oneByOne = ar == 1 && ac == 1 || br == 1 && bc == 1;
    if (!oneByOne) {
      if (bc == 1 && br == ar || br == 1 && bc == ac) {
        return withVector(a, b, op, false);
      }
      if (ac == 1 && ar == br || ar == 1 && ac == bc) {
        return withVector(b, a, op, true);
      }
    }
    throw new DimensionMismatchException("dimension mismatch in " + op.symbol() + ": " + ar
        + "x" + ac + " and " + br + "x" + bc + " (element-wise operands need equal shapes, or a "
        + "column vector with matching rows or a row vector with matching columns)");
  }

  /** Matrix {@code m} with vector {@code v} ({@code vectorLeft}: {@code v op m}). */
  private BlockedMatrix withVector(BlockedMatrix m, BlockedMatrix v, BinaryOp op,
      boolean vectorLeft) {
    boolean column = v.cols() == 1;
    JavaPairRDD<BlockIndex, MatrixBlock> r;
    boolean coPartitioned = column && m.geometry().singleBlockColumn() && v.localCopy() == null;
    if (coPartitioned) {
      // v's blocks have m's keys: a join of co-partitioned RDDs moves no data
      r = Rdds.mapValues(backend.join(m.rdd(), v.rdd(), m.geometry()),
          t -> vectorOp(t._1(), t._2(), op, vectorLeft));
    } else if (backend.fitsBroadcast(v)) {
      Broadcast<PartitionedMatrix> bv = backend.broadcast(v, ctx);
      r = Rdds.mapPartitionsToPair(m.rdd(), it -> {
        List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>();
        while (it.hasNext()) {
          Tuple2<BlockIndex, MatrixBlock> t = it.next();
          BlockIndex i = t._1();
          MatrixBlock vb = column ? bv.value().block(i.row(), 0) : bv.value().block(0, i.col());
          out.add(new Tuple2<>(i, vectorOp(t._2(), vb, op, vectorLeft)));
        }
        return out.iterator();
      }, true);
    } else {
      long blockCols = m.geometry().blockCols();
      long blockRows = m.geometry().blockRows();
      JavaPairRDD<BlockIndex, MatrixBlock> replicated = Rdds.flatMapToPair(v.rdd(), t -> {
        List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>();
        long n = column ? blockCols : blockRows;
        for (long k = 0; k < n; k++) {
          out.add(new Tuple2<>(column ? new BlockIndex(t._1().row(), k)
              : new BlockIndex(k, t._1().col()), t._2()));
        }
        return out.iterator();
      });
      r = Rdds.mapValues(Rdds.join(m.rdd(), replicated, partitioner(m.geometry())),
          t -> vectorOp(t._1(), t._2(), op, vectorLeft));
    }
    return backend.result(r, m.geometry(), -1, depth(m, v));
  }

  /** One matrix block with its vector block; a 1x1 vector block acts as a scalar. */
  private static MatrixBlock vectorOp(MatrixBlock m, MatrixBlock v, BinaryOp op,
      boolean vectorLeft) {
    if (v.rows() == 1 && v.cols() == 1 && !(m.rows() == 1 && m.cols() == 1)) {
      double s = v.get(0, 0);
      return vectorLeft ? ElementwiseKernels.binary(s, m, op, seq())
          : ElementwiseKernels.binary(m, s, op, seq());
    }
    return vectorLeft ? ElementwiseKernels.binary(v, m, op, seq())
        : ElementwiseKernels.binary(m, v, op, seq());
  }

  // ---------------------------------------------------------------- aggregates

  /** The aggregate computed per block before partials are combined. */
  private static AggregateOp partial(AggregateOp op) {
    return op == AggregateOp.MEAN ? AggregateOp.SUM : op;
  }

  /** How partials of {@code op} combine. */
  private static BinaryOp combiner(AggregateOp op) {
    return switch (op) {
      case MIN -> BinaryOp.MIN;
      case MAX -> BinaryOp.MAX;
      default -> BinaryOp.PLUS;
    };
  }

  /** {@code op} over all cells: block partials reduced in the driver. */
  double full(BlockedMatrix a, AggregateOp op) {
    long cells = a.rows() * a.cols();
    if (cells == 0) {
      return op.emptyValue();
    }
    AggregateOp p = partial(op);
    double identity = switch (p) {
      case MIN -> Double.POSITIVE_INFINITY;
      case MAX -> Double.NEGATIVE_INFINITY;
      default -> 0.0;
    };
    double v = Rdds.fold(Rdds.map(Rdds.values(a.rdd()), b -> AggregateKernels.full(b, p, seq())),
        identity, (x, y) -> combine(p, x, y));
    return op == AggregateOp.MEAN ? v / cells : v;
  }

  private static double combine(AggregateOp p, double x, double y) {
    return switch (p) {
      case MIN -> Double.isNaN(x) || Double.isNaN(y) ? Double.NaN : Math.min(x, y);
      case MAX -> Double.isNaN(x) || Double.isNaN(y) ? Double.NaN : Math.max(x, y);
      default -> x + y;
    };
  }

  /** Row ({@code ROW}: rows x 1) or column ({@code COL}: 1 x cols) aggregates. */
  BlockedMatrix directed(BlockedMatrix a, AggregateOp op, Direction dir) {
    if (a.geometry().blocks() == 0) {
      // no blocks to aggregate, but a result with cells (rowSums of n x 0): CP's values
      return local(AggregateKernels.aggregate(MatrixBlock.empty((int) a.rows(), (int) a.cols()),
          op, dir, seq()));
    }
    boolean rows = dir == Direction.ROW;
    AggregateOp p = partial(op);
    BinaryOp c = combiner(p);
    long n = rows ? a.cols() : a.rows();
    boolean single = rows ? a.geometry().singleBlockColumn() : a.geometry().singleBlockRow();
    // over a single block column (row) every block keeps its index: the partitioning stays
    JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapPartitionsToPair(a.rdd(), it -> {
      List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>();
      while (it.hasNext()) {
        Tuple2<BlockIndex, MatrixBlock> t = it.next();
        out.add(new Tuple2<>(rows ? new BlockIndex(t._1().row(), 0)
            : new BlockIndex(0, t._1().col()), AggregateKernels.aggregate(t._2(), p, dir, seq())));
      }
      return out.iterator();
    }, single);
    BlockGeometry g = rows ? a.geometry().withDims(a.rows(), 1)
        : a.geometry().withDims(1, a.cols());
    if (!single) {
      r = Rdds.reduceByKey(r, partitioner(g), (x, y) -> ElementwiseKernels.binary(x, y, c,
          seq()));
    }
    if (op == AggregateOp.MEAN) {
      r = Rdds.mapValues(r, b -> ElementwiseKernels.binary(b, (double) n, BinaryOp.DIV, seq()));
    }
    return backend.result(r, g, -1, depth(a));
  }

  // ---------------------------------------------------------------- reorganization

  /** {@code t(a)}: block indexes flipped, blocks transposed. */
  BlockedMatrix transpose(BlockedMatrix a) {
    JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapToPair(a.rdd(), t -> new Tuple2<>(
        t._1().transposed(), ReorgKernels.transpose(t._2(), seq())));
    return backend.result(r, a.geometry().transposed(), a.nnz(), depth(a));
  }

  // ---------------------------------------------------------------- matrix multiplication

  /** {@code a %*% b}. */
  BlockedMatrix multiply(BlockedMatrix a, BlockedMatrix b) {
    if (a.cols() != b.rows()) {
      throw new DimensionMismatchException("dimension mismatch in %*%: " + a.rows() + "x"
          + a.cols() + " and " + b.rows() + "x" + b.cols() + " (the first operand's columns "
          + "must equal the second's rows)");
    }
    if (a.cols() == 0) {
      // an empty common dimension: no block products, a result of zeros (CP's values)
      return local(MatMultKernels.multiply(MatrixBlock.empty((int) a.rows(), 0),
          MatrixBlock.empty(0, (int) b.cols()), seq()));
    }
    boolean aFits = backend.fitsBroadcast(a);
    boolean bFits = backend.fitsBroadcast(b);
    if (bFits && (b.localBytes() <= a.localBytes() || !aFits)) {
      return mapmm(a, b, false);
    } else if (aFits) {
      return mapmm(b, a, true);
    }
    return cpmm(a, b);
  }

  /**
   * mapmm: {@code big %*% small} ({@code smallLeft}: {@code small %*% big}) with the small
   * operand broadcast; partial products are reduced only when the common dimension spans
   * several blocks.
   */
  private BlockedMatrix mapmm(BlockedMatrix big, BlockedMatrix small, boolean smallLeft) {
    Broadcast<PartitionedMatrix> bs = backend.broadcast(small, ctx);
    BlockGeometry sg = new BlockGeometry(small.rows(), small.cols(),
        backend.settings().blockSize());
    long others = smallLeft ? sg.blockRows() : sg.blockCols();
    // a single output block per input block at the same index keeps the input's partitioning
    boolean sameKeys = others == 1 && (smallLeft ? big.geometry().singleBlockRow()
        : big.geometry().singleBlockColumn());
    JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapPartitionsToPair(big.rdd(), it -> {
      List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>();
      while (it.hasNext()) {
        Tuple2<BlockIndex, MatrixBlock> t = it.next();
        BlockIndex k = t._1();
        for (long o = 0; o < others; o++) {
          MatrixBlock prod = smallLeft
              ? MatMultKernels.multiply(bs.value().block(o, k.row()), t._2(), seq())
              : MatMultKernels.multiply(t._2(), bs.value().block(k.col(), o), seq());
          out.add(new Tuple2<>(smallLeft ? new BlockIndex(o, k.col())
              : new BlockIndex(k.row(), o), prod));
        }
      }
      return out.iterator();
    }, sameKeys);
    boolean splitCommon = smallLeft ? !big.geometry().singleBlockRow()
        : !big.geometry().singleBlockColumn();
    BlockGeometry g = smallLeft ? big.geometry().withDims(small.rows(), big.cols())
        : big.geometry().withDims(big.rows(), small.cols());
    if (splitCommon) {
      r = Rdds.reduceByKey(r, partitioner(g), SparkOps::add);
    }
    return backend.result(r, g, -1, depth(big, small));
  }

  /** cpmm: a join on the common dimension, then a shuffle that sums partial products. */
  private BlockedMatrix cpmm(BlockedMatrix a, BlockedMatrix b) {
    BlockGeometry g = a.geometry().withDims(a.rows(), b.cols());
    JavaPairRDD<Long, Tuple2<Long, MatrixBlock>> left = Rdds.mapToPair(a.rdd(), t ->
        new Tuple2<>(t._1().col(), new Tuple2<>(t._1().row(), t._2())));
    JavaPairRDD<Long, Tuple2<Long, MatrixBlock>> right = Rdds.mapToPair(b.rdd(), t ->
        new Tuple2<>(t._1().row(), new Tuple2<>(t._1().col(), t._2())));
    JavaPairRDD<BlockIndex, MatrixBlock> products = Rdds.mapToPair(
        Rdds.join(left, right, new HashPartitioner(partitions(g))), t ->
            new Tuple2<>(new BlockIndex(t._2()._1()._1(), t._2()._2()._1()),
                MatMultKernels.multiply(t._2()._1()._2(), t._2()._2()._2(), seq())));
    JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.reduceByKey(products, partitioner(g),
        SparkOps::add);
    return backend.result(r, g, -1, depth(a, b));
  }

  /**
   * tsmm: {@code t(X) %*% X} ({@code left}) or {@code X %*% t(X)}. Over a single block column
   * (row) every block contributes one partial Gram matrix and the partials are summed; otherwise
   * the product of the transpose with X.
   */
  BlockedMatrix tsmm(BlockedMatrix x, boolean left) {
    boolean single = left ? x.geometry().singleBlockColumn() : x.geometry().singleBlockRow();
    if (!single) {
      BlockedMatrix t = transpose(x);
      return left ? multiply(t, x) : multiply(x, t);
    }
    long n = left ? x.cols() : x.rows();
    MatrixBlock gram = Rdds.fold(Rdds.map(Rdds.values(x.rdd()), b -> TsmmKernels.tsmm(b, left,
        seq())), MatrixBlock.empty((int) n, (int) n), SparkOps::add);
    return local(gram);
  }

  /**
   * mmchain: {@code t(X) %*% (X %*% v)} or, with weights, {@code t(X) %*% (w * (X %*% v))} in
   * one pass over X's row blocks with v broadcast (Spark paper, sec. 3.3; fusion paper's
   * mmchain). X with several block columns falls back to the two products.
   */
  BlockedMatrix mmchain(BlockedMatrix x, BlockedMatrix v, BlockedMatrix w) {
    if (x.cols() != v.rows() || v.cols() != 1 || (w != null && (w.rows() != x.rows()
        || w.cols() != 1))) {
      throw new DimensionMismatchException("dimension mismatch in mmchain: X " + x.rows() + "x"
          + x.cols() + ", v " + v.rows() + "x" + v.cols()
          + (w == null ? "" : ", w " + w.rows() + "x" + w.cols()));
    }
    if (!x.geometry().singleBlockColumn()
        || !backend.fitsBroadcast(v)) {
      BlockedMatrix q = multiply(x, v);
      if (w != null) {
        q = binary(w, q, BinaryOp.MULT);
      }
      return transposeLeft(x, q);
    }
    Broadcast<PartitionedMatrix> bv = backend.broadcast(v, ctx);
    int n = (int) x.cols();
    JavaRDD<MatrixBlock> parts = w == null
        ? Rdds.map(Rdds.values(x.rdd()), b -> MMChainKernels.mmchain(b, bv.value().block(0, 0),
            null, seq()))
        : Rdds.map(Rdds.values(backend.join(x.rdd(), w.rdd(), x.geometry())), t ->
            MMChainKernels.mmchain(t._1(), bv.value().block(0, 0), t._2(), seq()));
    return local(Rdds.fold(parts, MatrixBlock.empty(n, 1), SparkOps::add));
  }

  /**
   * {@code t(X) %*% y} without materializing t(X): mapmm with y broadcast when it fits, else
   * zipmm/cpmm — X's and y's blocks joined on their block row, partial products summed.
   */
  BlockedMatrix transposeLeft(BlockedMatrix x, BlockedMatrix y) {
    if (x.rows() != y.rows()) {
      throw new DimensionMismatchException("dimension mismatch in t(X) %*% Y: X " + x.rows()
          + "x" + x.cols() + ", Y " + y.rows() + "x" + y.cols() + " (need equal rows)");
    }
    if (x.rows() == 0) {
      // an empty common dimension: no block products, a result of zeros (CP's values)
      return local(MatMultKernels.transposeLeftMultiply(MatrixBlock.empty(0, (int) x.cols()),
          MatrixBlock.empty(0, (int) y.cols()), seq()));
    }
    BlockGeometry g = x.geometry().withDims(x.cols(), y.cols());
    JavaPairRDD<BlockIndex, MatrixBlock> r;
    if (backend.fitsBroadcast(y)) {
      Broadcast<PartitionedMatrix> by = backend.broadcast(y, ctx);
      long yCols = g.blockCols();
      r = Rdds.flatMapToPair(x.rdd(), t -> {
        List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>();
        for (long j = 0; j < yCols; j++) {
          out.add(new Tuple2<>(new BlockIndex(t._1().col(), j),
              MatMultKernels.transposeLeftMultiply(t._2(), by.value().block(t._1().row(), j),
                  seq())));
        }
        return out.iterator();
      });
    } else {
      JavaPairRDD<Long, Tuple2<Long, MatrixBlock>> left = Rdds.mapToPair(x.rdd(), t ->
          new Tuple2<>(t._1().row(), new Tuple2<>(t._1().col(), t._2())));
      JavaPairRDD<Long, Tuple2<Long, MatrixBlock>> right = Rdds.mapToPair(y.rdd(), t ->
          new Tuple2<>(t._1().row(), new Tuple2<>(t._1().col(), t._2())));
      r = Rdds.mapToPair(Rdds.join(left, right, new HashPartitioner(partitions(x.geometry()))),
          t -> new Tuple2<>(new BlockIndex(t._2()._1()._1(), t._2()._2()._1()),
              MatMultKernels.transposeLeftMultiply(t._2()._1()._2(), t._2()._2()._2(), seq())));
    }
    if (!x.geometry().singleBlockRow()) {
      r = Rdds.reduceByKey(r, partitioner(g), SparkOps::add);
    }
    return backend.result(r, g, -1, depth(x, y));
  }

  /** A small result computed in the driver, as a matrix of this backend. */
  private BlockedMatrix local(MatrixBlock b) {
    return (BlockedMatrix) backend.fromLocal(b, ctx);
  }

  // ---------------------------------------------------------------- indexing and binding

  /** {@code a[rl:ru, cl:cu]} (1-based, inclusive, validated by the caller). */
  BlockedMatrix rightIndex(BlockedMatrix a, long rl, long ru, long cl, long cu) {
    BlockGeometry src = a.geometry();
    BlockGeometry g = src.withDims(ru - rl + 1, cu - cl + 1);
    long r0 = rl - 1;
    long c0 = cl - 1;
    int bs = src.size();
    if (r0 == 0 && c0 == 0) {
      // a leading range keeps every kept block at its index: slice in place, keep the
      // partitioning (e.g. P[, 1:K] of a single block column)
      JavaPairRDD<BlockIndex, MatrixBlock> kept = Rdds.filter(a.rdd(), t ->
          t._1().row() * bs < ru && t._1().col() * bs < cu);
      JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapPartitionsToPair(kept, it -> {
            List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>();
            while (it.hasNext()) {
              Tuple2<BlockIndex, MatrixBlock> t = it.next();
              int rows = g.rowsOf(t._1().row());
              int cols = g.colsOf(t._1().col());
              MatrixBlock b = t._2();
              out.add(new Tuple2<>(t._1(), rows == b.rows() && cols == b.cols() ? b
                  : IndexingKernels.slice(b, 0, rows, 0, cols)));
            }
            return out.iterator();
          }, true);
      return backend.result(r, g, -1, depth(a));
    }
    JavaPairRDD<BlockIndex, MatrixBlock> overlapping = Rdds.filter(a.rdd(), t -> {
      long top = t._1().row() * bs;
      long left = t._1().col() * bs;
      return top < ru && top + t._2().rows() > r0 && left < cu && left + t._2().cols() > c0;
    });
    JavaPairRDD<BlockIndex, Blocks.Piece> pieces = Rdds.flatMapToPair(overlapping, t -> {
      long top = t._1().row() * bs;
      long left = t._1().col() * bs;
      int lr0 = (int) Math.max(0, r0 - top);
      int lr1 = (int) Math.min(t._2().rows(), ru - top);
      int lc0 = (int) Math.max(0, c0 - left);
      int lc1 = (int) Math.min(t._2().cols(), cu - left);
      return Blocks.pieces(t._2(), lr0, lr1, lc0, lc1, top + lr0 - r0, left + lc0 - c0, g)
          .iterator();
    });
    return backend.result(assemble(pieces, g, r0 % bs == 0 && c0 % bs == 0), g, -1, depth(a));
  }

  /**
   * Target blocks from pieces: when every target block receives exactly one piece (aligned
   * offsets) the pieces are the blocks, else they are grouped by target and assembled.
   */
  private JavaPairRDD<BlockIndex, MatrixBlock> assemble(
      JavaPairRDD<BlockIndex, Blocks.Piece> pieces, BlockGeometry g, boolean aligned) {
    if (aligned) {
      return Rdds.mapValues(pieces, Blocks.Piece::block);
    }
    return Rdds.mapToPair(Rdds.groupByKey(pieces, partitioner(g)), t ->
        new Tuple2<>(t._1(), Blocks.fromPieces(g, t._1(), t._2())));
  }

  /** {@code a[rl:ru, cl:cu] = y} (1-based, inclusive, validated by the caller). */
  BlockedMatrix leftIndex(BlockedMatrix a, BlockedMatrix y, long rl, long cl) {
    BlockGeometry g = a.geometry();
    int bs = g.size();
    long r0 = rl - 1;
    long c0 = cl - 1;
    JavaPairRDD<BlockIndex, Blocks.Piece> moved = Rdds.flatMapToPair(y.rdd(), t ->
        Blocks.pieces(t._2(), 0, t._2().rows(), 0, t._2().cols(), r0 + t._1().row() * bs,
            c0 + t._1().col() * bs, g).iterator());
    JavaPairRDD<BlockIndex, Iterable<Blocks.Piece>> pieces = Rdds.groupByKey(moved,
        partitioner(g));
    JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapValues(
        Rdds.leftOuterJoin(a.rdd(), pieces, partitioner(g)), t -> {
          MatrixBlock out = t._1();
          if (t._2().isPresent()) {
            for (Blocks.Piece p : t._2().get()) {
              out = IndexingKernels.leftIndex(out, p.block(), p.row(), p.col());
            }
          }
          return out;
        });
    return backend.result(r, g, -1, depth(a, y));
  }

  /** {@code a[rl:ru, cl:cu] = v} for a scalar v. */
  BlockedMatrix leftIndexFill(BlockedMatrix a, double v, long rl, long ru, long cl, long cu) {
    int bs = a.geometry().size();
    JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapPartitionsToPair(a.rdd(), it -> {
      List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>();
      while (it.hasNext()) {
        out.add(fill(it.next(), bs, v, rl, ru, cl, cu));
      }
      return out.iterator();
    }, true);
    return backend.result(r, a.geometry(), -1, depth(a));
  }

  /** One block of {@code a[rl:ru, cl:cu] = v}. */
  private static Tuple2<BlockIndex, MatrixBlock> fill(Tuple2<BlockIndex, MatrixBlock> t, int bs,
      double v, long rl, long ru, long cl, long cu) {
    long top = t._1().row() * bs;
    long left = t._1().col() * bs;
    MatrixBlock b = t._2();
    int lr0 = (int) Math.max(0, rl - 1 - top);
    int lr1 = (int) Math.min(b.rows(), ru - top);
    int lc0 = (int) Math.max(0, cl - 1 - left);
    int lc1 = (int) Math.min(b.cols(), cu - left);
    if (lr0 >= lr1 || lc0 >= lc1) {
      return t;
    }
    return new Tuple2<>(t._1(), IndexingKernels.leftIndexFill(b, v, lr0, lr1, lc0, lc1));
  }

  /** {@code cbind(...)} ({@code columns}) or {@code rbind(...)}: inputs shifted into place. */
  BlockedMatrix bind(List<BlockedMatrix> in, boolean columns) {
    BlockedMatrix first = in.get(0);
    long rows = 0;
    long cols = 0;
    for (int k = 0; k < in.size(); k++) {
      BlockedMatrix m = in.get(k);
      if (columns ? m.rows() != first.rows() : m.cols() != first.cols()) {
        throw new DimensionMismatchException("dimension mismatch in " + (columns ? "cbind" : "rbind")
            + ": operand " + (k + 1) + " is " + m.rows() + "x" + m.cols() + ", operand 1 is "
            + first.rows() + "x" + first.cols() + (columns ? " (need equal rows)"
                : " (need equal columns)"));
      }
      rows = columns ? m.rows() : rows + m.rows();
      cols = columns ? cols + m.cols() : m.cols();
    }
    BlockGeometry g = first.geometry().withDims(rows, cols);
    int bs = g.size();
    if (columns && g.singleBlockColumn()) {
      // narrow inputs whose rows share block rows: join the co-partitioned block rows and bind
      // them block by block, no shuffle of pieces
      JavaPairRDD<BlockIndex, List<MatrixBlock>> rowsOf = Rdds.mapValues(first.rdd(), b -> {
        List<MatrixBlock> l = new ArrayList<>();
        l.add(b);
        return l;
      });
      for (int k = 1; k < in.size(); k++) {
        rowsOf = Rdds.mapValues(backend.join(rowsOf, in.get(k).rdd(), g), t -> {
          List<MatrixBlock> l = new ArrayList<>(t._1());
          l.add(t._2());
          return l;
        });
      }
      JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapValues(rowsOf,
          org.planlab.engine.kernels.BindKernels::cbind);
      return backend.result(r, g, -1, depth(in.toArray(new BlockedMatrix[0])));
    }
    JavaPairRDD<BlockIndex, Blocks.Piece> all = null;
    long offset = 0;
    boolean aligned = true;
    BlockedMatrix[] arr = in.toArray(new BlockedMatrix[0]);
    for (BlockedMatrix m : in) {
      long off = offset;
      // all offsets on block borders: every piece is a whole target block
      aligned &= off % bs == 0;
      JavaPairRDD<BlockIndex, Blocks.Piece> p = Rdds.flatMapToPair(m.rdd(), t -> {
        long top = t._1().row() * bs + (columns ? 0 : off);
        long left = t._1().col() * bs + (columns ? off : 0);
        return Blocks.pieces(t._2(), 0, t._2().rows(), 0, t._2().cols(), top, left, g)
            .iterator();
      });
      all = all == null ? p : all.union(p);
      offset += columns ? m.cols() : m.rows();
    }
    return backend.result(assemble(all, g, aligned), g, -1, depth(arr));
  }

  // ---------------------------------------------------------------- data generation

  /**
   * {@code rand(...)} on the executors: each task generates the row blocks
   * {@link RandomBlocks#block} of the seed, exactly as CP's rand does, and cuts them into this
   * backend's blocks, so CP and Spark see the same matrix.
   */
  BlockedMatrix rand(long rows, long cols, double min, double max, double sparsity,
      RandomBlocks.Distribution pdf, long seed) {
    // CP's checks and messages, run on an empty shape
    DataGenKernels.rand(0, 0, min, max, sparsity, pdf, seed, seq());
    if (rows < 0 || cols < 0) {
      throw new org.planlab.engine.matrix.MatrixSizeException("rand: invalid matrix dimensions "
          + rows + "x" + cols);
    }
    BlockGeometry g = new BlockGeometry(rows, cols, backend.settings().blockSize());
    boolean normal = pdf == RandomBlocks.Distribution.NORMAL;
    double a = normal ? 0 : min;
    double b = normal ? 1 : max;
    int genRows = BlockRandom.ROWS_PER_BLOCK;
    int c = (int) cols;
    RowBlockSource source = () -> i -> RandomBlocks.block(seed, i,
        (int) Math.min(genRows, rows - i * genRows), c, sparsity, pdf, a, b);
    return backend.result(RowBlockSource.blocks(backend, g, source), g, -1, 1);
  }

  /**
   * The one-hot table {@code table(seq(1, n), y, w, n, cols)} of a column vector y of n codes,
   * with {@code cols} within one block column: each block of y gives the block of the same rows
   * ({@link TableKernels#oneHotRows}), in place, so the result keeps y's partitioning and no
   * shuffle or collect is needed (SystemDS's rexpand of this idiom).
   */
  BlockedMatrix oneHot(BlockedMatrix y, int cols, double w) {
    BlockGeometry g = y.geometry().withDims(y.rows(), cols);
    if (!g.singleBlockColumn() || y.cols() != 1) {
      throw new IllegalArgumentException("the one-hot table needs a column vector and at most "
          + g.size() + " columns, got " + y.rows() + "x" + y.cols() + " and " + cols);
    }
    int bs = g.size();
    JavaPairRDD<BlockIndex, MatrixBlock> r = Rdds.mapPartitionsToPair(y.rdd(), it -> {
      List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>();
      while (it.hasNext()) {
        Tuple2<BlockIndex, MatrixBlock> t = it.next();
        out.add(new Tuple2<>(t._1(), TableKernels.oneHotRows(t._2(), t._1().row() * bs, cols,
            w)));
      }
      return out.iterator();
    }, true);
    return backend.result(r, g, -1, depth(y));
  }

  /**
   * {@code matrix(v, rows, cols)} created block by block on the executors, as CP fills its
   * block (0: empty blocks), instead of filled in the driver and parallelized.
   */
  BlockedMatrix fill(double v, long rows, long cols) {
    if (rows < 0 || cols < 0) {
      throw new org.planlab.engine.matrix.MatrixSizeException("invalid matrix dimensions "
          + rows + "x" + cols);
    }
    BlockGeometry g = new BlockGeometry(rows, cols, backend.settings().blockSize());
    int genRows = BlockRandom.ROWS_PER_BLOCK;
    int c = (int) cols;
    RowBlockSource source = () -> i -> DataGenKernels.fill(v,
        (int) Math.min(genRows, rows - i * genRows), c);
    return backend.result(RowBlockSource.blocks(backend, g, source), g, v == 0 ? 0 : rows * cols,
        1);
  }

  /** {@code seq(from, to, incr)} generated block by block, with CP's length and last value. */
  BlockedMatrix seq(double from, double to, double incr) {
    long n = DataGenKernels.seqLength(from, to, incr);
    BlockGeometry g = new BlockGeometry(n, 1, backend.settings().blockSize());
    int genRows = BlockRandom.ROWS_PER_BLOCK;
    RowBlockSource source = () -> i -> {
      int len = (int) Math.min(genRows, n - i * genRows);
      double[] v = new double[len];
      for (int k = 0; k < len; k++) {
        v[k] = from + (i * genRows + k) * incr;
      }
      // CP's last value: clamped to `to` when rounding overshoots it
      if (len > 0 && i * genRows + len == n) {
        int last = len - 1;
        if ((incr > 0 && v[last] > to) || (incr < 0 && v[last] < to)) {
          v[last] = to;
        }
      }
      MatrixBlock blk = MatrixBlock.dense(len, 1, v);
      blk.recomputeNonZeros();
      return blk;
    };
    BlockedMatrix m = backend.result(RowBlockSource.blocks(backend, g, source), g, -1, 1);
    if (from == 1 && incr == 1) {
      m.markOneToN(); // exact integers, and the last one is n <= to
    }
    return m;
  }

  // ---------------------------------------------------------------- reads

  /**
   * A binary matrix file read on the executors (Spark paper, sec. 4.1, "reblock"): each task
   * opens the file and reads its row blocks of {@link BlockRandom#ROWS_PER_BLOCK} rows, which
   * are cut into this backend's blocks, so the matrix never passes through the driver. The file
   * must be visible at the same path on every executor (one machine, or a shared file system).
   *
   * @param rows the file's rows, known from its header
   * @param cols the file's columns
   */
  BlockedMatrix readBinary(java.nio.file.Path file, long rows, long cols, long nnz) {
    BlockGeometry g = new BlockGeometry(rows, cols, backend.settings().blockSize());
    String path = file.toAbsolutePath().toString();
    RowBlockSource source = () -> binaryRows(path);
    return backend.result(RowBlockSource.blocks(backend, g, source), g, nnz, 1);
  }

  /** The row blocks of a binary matrix file, opened in a task. */
  private static RowBlockSource.Reader binaryRows(String path) throws java.io.IOException {
    org.planlab.engine.io.MatrixSource src = org.planlab.engine.io.MatrixFiles.open(
        java.nio.file.Path.of(path), org.planlab.engine.io.ReadOptions.defaults()
            .withFormat(org.planlab.engine.io.MatrixFormat.BINARY));
    return new RowBlockSource.Reader() {
      @Override
      public MatrixBlock rowBlock(long i) throws java.io.IOException {
        return src.block((int) i);
      }

      @Override
      public void close() throws java.io.IOException {
        src.close();
      }
    };
  }

  /** The matrix operands' backend view (the executor moved them here). */
  static BlockedMatrix blocked(MatrixData d, String what) {
    if (d instanceof BlockedMatrix b) {
      return b;
    }
    throw new IllegalStateException(what + " on Spark got a matrix from " + d.location()
        + ": a transfer is missing");
  }
}
