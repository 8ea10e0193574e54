package org.planlab.spark;

import static org.planlab.engine.runtime.instructions.Operands.dbl;
import static org.planlab.engine.runtime.instructions.Operands.intArg;
import static org.planlab.engine.runtime.instructions.Operands.lng;
import static org.planlab.engine.runtime.instructions.Operands.str;

import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.DataGenInstruction;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.Instructions;
import org.planlab.engine.runtime.instructions.MatMultInstruction;

/**
 * A HOP placed on Spark: runs the {@link SparkOps} operator for its operation (and, for matrix
 * multiplications, the physical operator lowering matched). Opcodes carry Spark's {@code sp_}
 * prefix, so heavy hitters tell CP and Spark operations apart.
 */
final class SparkInstruction extends Instruction {
  private final SparkBackend backend;
  private final MatMultInstruction.Kind physical;
  /** Spark's call site of everything this instruction creates: its opcode, nothing else. */
  private final String callSite;

  /** Whether the result is read once, by a later Spark operation of the same block. */
  private final boolean readOnce;

  SparkInstruction(SparkBackend backend, Hop hop, MatMultInstruction.Kind physical, int[] inputs,
      int output, boolean readOnce) {
    super("sp_" + (physical != null ? physical.opcode() : Instructions.opcode(hop)), hop, inputs,
        output, ExecType.SPARK);
    this.backend = backend;
    this.physical = physical;
    this.callSite = "planlab " + opcode();
    this.readOnce = readOnce;
  }

  /**
   * Runs the operation with Spark's call site set to the opcode ({@link CallSites}) for the
   * thread that runs it, the driver's or a prefetch thread's.
   */
  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    // a result read once is computed inside its reader's job, so it is not persisted — unless
    // the lineage cache may keep it for reuse (MEMPHIS sec. 4.1 reuses persisted RDDs)
    ReuseMode reuse = ctx.config().reuse().mode();
    boolean keep = !readOnce || reuse == ReuseMode.FULL || reuse == ReuseMode.MULTILEVEL;
    Data out = backend.labelled(callSite, () -> backend.persisting(keep, () -> run(in, ctx)));
    if (out instanceof BlockedMatrix result) {
      // the result's RDD may be computed later from these inputs' persisted blocks
      result.derivedFrom(in);
    }
    return out;
  }

  private Data run(Data[] in, ExecutionContext ctx) {
    if (inDriver(in)) {
      return driverSide(in, ctx);
    }
    SparkOps ops = new SparkOps(backend, ctx);
    if (physical != null) {
      return switch (physical) {
        case MULTIPLY -> ops.multiply(m(in, 0), m(in, 1));
        case TSMM_LEFT -> ops.tsmm(m(in, 0), true);
        case TSMM_RIGHT -> ops.tsmm(m(in, 0), false);
        case MMCHAIN_XTXV -> ops.mmchain(m(in, 0), m(in, 1), null);
        case MMCHAIN_XTWXV -> ops.mmchain(m(in, 0), m(in, 1), m(in, 2));
        case TRANSPOSE_LEFT -> ops.transposeLeft(m(in, 0), m(in, 1));
      };
    }
    Hop h = hop();
    return switch (h.op()) {
      case UNARY -> ops.unary(m(in, 0), h.param(HopParam.Unary.class).op());
      case BINARY -> {
        var op = h.param(HopParam.Binary.class).op();
        boolean am = in[0] instanceof MatrixData;
        boolean bm = in[1] instanceof MatrixData;
        if (am && bm) {
          yield ops.binary(m(in, 0), m(in, 1), op);
        }
        yield am ? ops.scalar(m(in, 0), dbl(in[1], op.symbol()), op, false)
            : ops.scalar(m(in, 1), dbl(in[0], op.symbol()), op, true);
      }
      case AGGREGATE -> {
        HopParam.Aggregate a = h.param(HopParam.Aggregate.class);
        yield a.direction() == Direction.FULL ? ScalarValue.of(ops.full(m(in, 0), a.op()))
            : ops.directed(m(in, 0), a.op(), a.direction());
      }
      case MATMULT -> ops.multiply(m(in, 0), m(in, 1));
      case TRANSPOSE -> ops.transpose(m(in, 0));
      case RIGHT_INDEX -> {
        BlockedMatrix x = m(in, 0);
        long[] r = range(x, in, 1);
        yield ops.rightIndex(x, r[0], r[1], r[2], r[3]);
      }
      case LEFT_INDEX -> {
        BlockedMatrix x = m(in, 0);
        long[] r = range(x, in, 2);
        if (in[1] instanceof MatrixData y) {
          if (y.rows() != r[1] - r[0] + 1 || y.cols() != r[3] - r[2] + 1) {
            throw new org.planlab.engine.matrix.DimensionMismatchException("dimension mismatch"
                + " in left indexing [" + r[0] + ":" + r[1] + ", " + r[2] + ":" + r[3] + "]: "
                + x.rows() + "x" + x.cols() + " and " + y.rows() + "x" + y.cols() + " (the "
                + "right-hand side must be " + (r[1] - r[0] + 1) + "x" + (r[3] - r[2] + 1) + ")");
          }
          yield ops.leftIndex(x, m(in, 1), r[0], r[2]);
        }
        yield ops.leftIndexFill(x, dbl(in[1], "left indexing"), r[0], r[1], r[2], r[3]);
      }
      case NARY_MINMAX -> {
        var op = h.param(HopParam.Binary.class).op();
        Data acc = in[0];
        for (int i = 1; i < in.length; i++) {
          acc = minMax(ops, op, acc, in[i]);
        }
        yield acc;
      }
      case CBIND, RBIND -> {
        List<BlockedMatrix> all = new ArrayList<>();
        for (int i = 0; i < in.length; i++) {
          all.add(m(in, i));
        }
        yield ops.bind(all, h.op() == OpCode.CBIND);
      }
      case RAND -> {
        long seed = lng(in[5], "seed");
        yield ops.rand(lng(in[0], "rows"), lng(in[1], "cols"), dbl(in[2], "min"),
            dbl(in[3], "max"), dbl(in[4], "sparsity"),
            DataGenInstruction.pdf(str(in[6], "pdf")),
            seed == -1 ? DataGenInstruction.drawSeed() : seed);
      }
      case FILL -> ops.fill(dbl(in[0], "value"), lng(in[1], "rows"), lng(in[2], "cols"));
      case READ_FILE -> read(ops, in, ctx);
      case TABLE -> oneHotTable(ops, in, ctx);
      case SEQ -> ops.seq(dbl(in[0], "from"), dbl(in[1], "to"), dbl(in[2], "incr"));
      case FUSED -> new FusedSparkOps(backend, ctx).execute(h, fused(), in);
      default -> throw new IllegalStateException("the Spark backend has no operator for "
          + h.op());
    };
  }

  /**
   * {@code table(seq(1, ...), y, w, rows, cols)} ({@link SparkBackend#isOneHotTable}): on
   * Spark when the sequence is 1..nrow(y), the rows are nrow(y) (or -1, the largest of 1..n)
   * and the given columns fit one block column; otherwise CP's table over the collected
   * operands, which also reports CP's errors.
   */
  private Data oneHotTable(SparkOps ops, Data[] in, ExecutionContext ctx) {
    BlockedMatrix seq = m(in, 0);
    BlockedMatrix y = m(in, 1);
    int rows = intArg(in[3], "rows");
    int cols = intArg(in[4], "cols");
    boolean oneHot = seq.rows() == y.rows() && y.cols() == 1 && seq.isOneToN()
        && (rows == y.rows() || rows == -1);
    if (oneHot && cols >= 0 && cols <= backend.settings().blockSize()) {
      return ops.oneHot(y, cols, dbl(in[2], "table weight"));
    }
    return driverSide(in, ctx);
  }

  private FusedOp fused() {
    return (FusedOp) hop().param(HopParam.Fused.class).operator();
  }

  /**
   * A read placed on Spark: binary files are read by the executors; the text formats are
   * parsed in the driver (as CP reads them) and parallelized.
   */
  private Data read(SparkOps ops, Data[] in, ExecutionContext ctx) {
    java.nio.file.Path file = ctx.resolve(str(in[0], "read path"));
    String format = str(in[1], "format");
    org.planlab.engine.io.ReadOptions o = org.planlab.engine.io.ReadOptions.defaults();
    org.planlab.engine.io.MatrixFormat f;
    long rows;
    long cols;
    long nnz;
    try {
      if (!format.isEmpty()) {
        o = o.withFormat(org.planlab.engine.io.MatrixFormat.byName(format));
      }
      f = org.planlab.engine.io.MatrixFiles.format(file, o);
      if (f != org.planlab.engine.io.MatrixFormat.BINARY) {
        Data local = new org.planlab.engine.runtime.instructions.IoInstruction("read_file",
            hop(), inputs(), output()).execute(in, ctx);
        return backend.fromLocal(((MatrixData) local).acquireLocal(), ctx);
      }
      try (org.planlab.engine.io.MatrixSource src = org.planlab.engine.io.MatrixFiles.open(file,
          o)) {
        rows = src.rows();
        cols = src.cols();
        nnz = src.expectedNnz();
      }
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IllegalArgumentException("file not found: " + e.getFile());
    } catch (org.planlab.engine.io.MatrixFormatException e) {
      throw new java.io.UncheckedIOException(e.getMessage(), e);
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
    }
    long wantRows = lng(in[2], "rows");
    long wantCols = lng(in[3], "cols");
    if ((wantRows >= 0 && wantRows != rows) || (wantCols >= 0 && wantCols != cols)) {
      throw new IllegalArgumentException("read " + file + ": the file holds a " + rows + "x"
          + cols + " matrix, but rows=" + wantRows + ", cols=" + wantCols + " were given");
    }
    return ops.readBinary(file, rows, cols, nnz);
  }

  /** One step of an n-ary min/max: matrix with matrix, matrix with scalar, or two scalars. */
  private static Data minMax(SparkOps ops, org.planlab.engine.ops.BinaryOp op, Data a, Data b) {
    boolean am = a instanceof MatrixData;
    boolean bm = b instanceof MatrixData;
    if (am && bm) {
      return ops.binary(SparkOps.blocked((MatrixData) a, "n" + op.symbol()),
          SparkOps.blocked((MatrixData) b, "n" + op.symbol()), op);
    } else if (am || bm) {
      BlockedMatrix m = SparkOps.blocked((MatrixData) (am ? a : b), "n" + op.symbol());
      return ops.scalar(m, dbl(am ? b : a, op.symbol()), op, !am);
    }
    double x = dbl(a, op.symbol());
    double y = dbl(b, op.symbol());
    return ScalarValue.of(op == org.planlab.engine.ops.BinaryOp.MAX ? Math.max(x, y)
        : Math.min(x, y));
  }

  /**
   * Whether this operation runs in the driver although placed on Spark: every matrix operand
   * is already held in the driver (a small result computed there, such as a multi-aggregate or a
   * Gram matrix, or a collected value) and together they fit one block, so a job would move data
   * only to bring it back ({@link SparkSettings#smallInDriver()}).
   */
  private boolean inDriver(Data[] in) {
    long limit = backend.driverLocalBytes();
    long bytes = 0;
    boolean any = false;
    for (Data d : in) {
      if (d instanceof BlockedMatrix b) {
        if (b.localCopy() == null) {
          return false;
        }
        bytes += b.localBytes();
        any = true;
      } else if (d instanceof MatrixData) {
        return false;
      }
    }
    return any && bytes <= limit;
  }

  /**
   * The CP operator over the operands' local copies (collected where there are none); a matrix
   * result stays on this backend.
   */
  private Data driverSide(Data[] in, ExecutionContext ctx) {
    Data[] local = new Data[in.length];
    for (int i = 0; i < in.length; i++) {
      local[i] = in[i] instanceof BlockedMatrix b
          ? new org.planlab.engine.data.MatrixValue(b.acquireLocal()) : in[i];
    }
    Instruction cp = new org.planlab.engine.backend.CpBackend().instruction(hop(), physical,
        inputs(), output());
    Data out = cp.execute(local, ctx);
    return out instanceof MatrixData m ? backend.fromLocal(m.acquireLocal(), ctx) : out;
  }

  private BlockedMatrix m(Data[] in, int i) {
    return SparkOps.blocked((MatrixData) in[i], opcode());
  }

  /** The 1-based inclusive range of an indexing operation, validated as CP does. */
  private static long[] range(BlockedMatrix x, Data[] in, int first) {
    int rl = intArg(in[first], "row lower bound");
    int ru = intArg(in[first + 1], "row upper bound");
    int cl = intArg(in[first + 2], "column lower bound");
    int cu = intArg(in[first + 3], "column upper bound");
    org.planlab.engine.runtime.instructions.IndexingInstruction.checkRange(rl, ru, cl, cu,
        x.rows(), x.cols());
    return new long[] {rl, ru, cl, cu};
  }

}
