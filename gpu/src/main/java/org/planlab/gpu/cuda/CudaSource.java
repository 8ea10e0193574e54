package org.planlab.gpu.cuda;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CNode.Access;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

/**
 * Generates the CUDA C source of the device's element-wise, aggregate and fused kernels (fusion
 * paper, sec. 2.2: CPlan, then source, then a compiled kernel, with hand-written skeletons that
 * own iteration and aggregation). Pure Java with no JCuda dependency, so the generated source
 * is checked (and compiled with {@code nvcc}) on machines without a GPU.
 *
 * <p>Element-wise and aggregate operations are Cell operators with a one-node body: a binary
 * operation reads its full-shape operand as the main input and the other operand as a side
 * input indexed as the broadcast says (cell, row vector, column vector) or as a scalar;
 * aggregates are Cell aggregates of the main input itself. Fused plans are expanded by
 * {@link CudaBodyEmitter} into the {@link CudaCellSkeleton} or {@link CudaRowSkeleton}.
 *
 * <p>The source contains only the prelude, identifiers made here and numbers formatted here:
 * plans hold no script text (operators are enums, inputs positions, literals scalar inputs).
 * Stateless and thread-safe.
 */
public final class CudaSource {
  /** Threads per block of every kernel (a power of two; the reductions' tree width). */
  public static final int BLOCK = 256;

  /** Columns per block of a column aggregate; its blocks are {@code TILE x BLOCK/TILE}. */
  public static final int TILE = CudaCellSkeleton.TILE;

  /** Most blocks of a full aggregate's first pass (its partials are combined by one block). */
  public static final int MAX_PARTIALS = 1024;

  /**
   * How the operands of a binary element-wise operation line up, as the engine's
   * {@code ElementwiseKernels.binary} accepts them. The output has the shape of the full
   * matrix, which the kernel iterates as its main input.
   */
  public enum Broadcast {
    /** Two matrices of one shape. */
    MATRIX_MATRIX(true),
    /** A matrix and a 1 x n row vector repeated down its rows. */
    MATRIX_ROW(true),
    /** A matrix and an m x 1 column vector repeated across its columns. */
    MATRIX_COLUMN(true),
    /** A 1 x n row vector and a matrix. */
    ROW_MATRIX(false),
    /** An m x 1 column vector and a matrix. */
    COLUMN_MATRIX(false),
    /** A matrix and a scalar. */
    MATRIX_SCALAR(true),
    /** A scalar and a matrix. */
    SCALAR_MATRIX(false);

    private final boolean mainIsLeft;

    Broadcast(boolean mainIsLeft) {
      this.mainIsLeft = mainIsLeft;
    }

    /** Whether the left operand is the iterated (full-shape) matrix. */
    public boolean mainIsLeft() {
      return mainIsLeft;
    }

    /** Whether the other operand is a scalar parameter rather than a side matrix. */
    public boolean scalarOperand() {
      return this == MATRIX_SCALAR || this == SCALAR_MATRIX;
    }
  }

  /** The prelude every program's source starts with (DML scalar semantics, reductions). */
  public static String prelude() {
    return CudaPrelude.text(BLOCK) + "\n";
  }

  /** {@code left op right} over a matrix, as {@code kind} lines the operands up. */
  public CudaProgram binary(BinaryOp op, Broadcast kind) {
    Objects.requireNonNull(op, "op is null");
    Objects.requireNonNull(kind, "kind is null");
    CNode main = CNode.Data.scalar(Access.MAIN, 0);
    CNode other = switch (kind) {
      case MATRIX_MATRIX -> CNode.Data.scalar(Access.SIDE_CELL, 0);
      case MATRIX_ROW, ROW_MATRIX -> CNode.Data.scalar(Access.SIDE_ROW, 0);
      case MATRIX_COLUMN, COLUMN_MATRIX -> CNode.Data.scalar(Access.SIDE_COL, 0);
      case MATRIX_SCALAR, SCALAR_MATRIX -> CNode.Data.scalar(Access.SCALAR, 0);
    };
    CNode node = kind.mainIsLeft() ? new CNode.Binary(op, main, other)
        : new CNode.Binary(op, other, main);
    int sides = kind.scalarOperand() ? 0 : 1;
    int scalars = kind.scalarOperand() ? 1 : 0;
    return cell("pl_binary", new CPlan.Cell(node, CellType.NO_AGG, AggregateOp.SUM, false,
        sides, scalars));
  }

  /** {@code op(X)} per cell. */
  public CudaProgram unary(UnaryOp op) {
    Objects.requireNonNull(op, "op is null");
    CNode node = new CNode.Unary(op, CNode.Data.scalar(Access.MAIN, 0));
    return cell("pl_unary", new CPlan.Cell(node, CellType.NO_AGG, AggregateOp.SUM, false, 0,
        0));
  }

  /**
   * {@code op} (SUM, SUM_SQ, MEAN, MIN or MAX) over all cells (a two-pass FULL_AGG), each row
   * (m x 1) or each column (1 x n).
   */
  public CudaProgram aggregate(AggregateOp op, Direction dir) {
    Objects.requireNonNull(op, "op is null");
    Objects.requireNonNull(dir, "dir is null");
    if (!CudaPrelude.aggregates(op)) {
      throw new UnsupportedOperationException("CUDA aggregate must be SUM, SUM_SQ, MEAN, MIN "
          + "or MAX, was " + op);
    }
    CellType type = switch (dir) {
      case FULL -> CellType.FULL_AGG;
      case ROW -> CellType.ROW_AGG;
      case COL -> CellType.COL_AGG;
    };
    return cell("pl_agg", new CPlan.Cell(CNode.Data.scalar(Access.MAIN, 0), type, op, false, 0,
        0));
  }

  /**
   * Copies the upper triangle of a row-major n x n matrix to its lower triangle: {@code dsyrk}
   * computes one triangle of {@code t(X) %*% X}. Parameters {@code (double* c, long long n)}.
   */
  public CudaProgram mirror() {
    return program("pl_mirror", name -> "extern \"C\" __global__ void " + name
        + "(double* __restrict__ c, long long n) {\n"
        + "  for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n * n;\n"
        + "      i += (long long) gridDim.x * blockDim.x) {\n"
        + "    const long long r = i / n;\n"
        + "    const long long col = i - r * n;\n"
        + "    if (col < r) c[i] = c[col * n + r];\n"
        + "  }\n"
        + "}\n", 0);
  }

  /**
   * Scatters a CSR matrix into a zeroed row-major dense array, one block per row (a grid-stride
   * loop over the rows). Parameters {@code (const double* values, const int* columns,
   * const int* rowPointers, double* out, long long m, long long n)}.
   */
  public CudaProgram csrToDense() {
    return program("pl_csr_to_dense", name -> "extern \"C\" __global__ void " + name
        + "(const double* __restrict__ values, const int* __restrict__ columns,\n"
        + "    const int* __restrict__ rowPointers, double* __restrict__ out, long long m,\n"
        + "    long long n) {\n"
        + "  for (long long r = blockIdx.x; r < m; r += gridDim.x) {\n"
        + "    for (int k = rowPointers[r] + threadIdx.x; k < rowPointers[r + 1];"
        + " k += blockDim.x) {\n"
        + "      out[r * n + columns[k]] = values[k];\n"
        + "    }\n"
        + "  }\n"
        + "}\n", 0);
  }

  /**
   * The kernels of a fused operator: a Cell or Row plan.
   *
   * @throws UnsupportedOperationException naming the template or CNode kind the device cannot
   *     run (MAgg and Outer plans; leaves and nodes a template has no data for), so the caller
   *     runs the operator unfused
   */
  public CudaProgram fused(CPlan plan) {
    Objects.requireNonNull(plan, "plan is null");
    if (plan instanceof CPlan.Cell c) {
      if (c.type() != CellType.NO_AGG && !fusedAggregate(c.agg())) {
        throw new UnsupportedOperationException("CUDA codegen: a fused Cell aggregate must be "
            + "SUM, SUM_SQ, MIN or MAX, was " + c.agg());
      }
      return cell("pl_cell", c);
    } else if (plan instanceof CPlan.Row r) {
      return row(r);
    }
    throw new UnsupportedOperationException("CUDA codegen supports the Cell and Row templates, "
        + "not " + plan.getClass().getSimpleName());
  }

  /**
   * Whether the device runs {@code plan} as generated kernels: a Cell or Row plan without the
   * Row template's cbind rows (a concatenation or a constant row), which
   * {@link CudaBodyEmitter} cannot express; placement keeps the others on the host.
   */
  public static boolean expresses(CPlan plan) {
    CNode out = plan instanceof CPlan.Cell c ? c.out()
        : plan instanceof CPlan.Row r ? r.out() : null;
    return out != null && !hasCbindRow(out);
  }

  private static boolean hasCbindRow(CNode n) {
    if (n instanceof CNode.FixedRow) {
      return true;
    }
    for (CNode in : n.inputs()) {
      if (hasCbindRow(in)) {
        return true;
      }
    }
    return false;
  }

  private static boolean fusedAggregate(AggregateOp op) {
    return op == AggregateOp.SUM || op == AggregateOp.SUM_SQ || op == AggregateOp.MIN
        || op == AggregateOp.MAX;
  }

  // ------------------------------------------------------------------ templates

  private CudaProgram cell(String prefix, CPlan.Cell p) {
    CudaBodyEmitter body = new CudaBodyEmitter(CudaBodyEmitter.Template.CELL, p.sides(),
        p.scalars());
    String result = body.scalar(p.out());
    List<String> statements = body.statements();
    return program(prefix, name -> CudaCellSkeleton.kernels(name, p.type(), p.agg(),
        params(p.sides(), p.scalars()), args(p.sides(), p.scalars()), statements, result),
        0);
  }

  private CudaProgram row(CPlan.Row p) {
    CudaBodyEmitter body = new CudaBodyEmitter(CudaBodyEmitter.Template.ROW, p.sides(),
        p.scalars());
    CudaRowSkeleton.writeRoot(body, p.out(), p.type());
    List<String> statements = body.statements();
    int slots = body.slots();
    return program("pl_row", name -> CudaRowSkeleton.kernels(name, p.type(),
        params(p.sides(), p.scalars()), statements, slots), slots);
  }

  /** Side inputs as (pointer, column count) pairs, then the scalars, in plan order. */
  private static List<String> params(int sides, int scalars) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < sides; k++) {
      out.add("const double* __restrict__ b" + k);
      out.add("long long b" + k + "n");
    }
    for (int k = 0; k < scalars; k++) {
      out.add("double s" + k);
    }
    return out;
  }

  private static List<String> args(int sides, int scalars) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < sides; k++) {
      out.add("b" + k);
      out.add("b" + k + "n");
    }
    for (int k = 0; k < scalars; k++) {
      out.add("s" + k);
    }
    return out;
  }

  /**
   * The program whose kernels {@code kernels} emits for a given name: named {@code prefix_}
   * plus a hash of the text emitted under a fixed name, so equal kernels get equal names and
   * the name never depends on anything but the kernel.
   */
  private static CudaProgram program(String prefix, Function<String, String> kernels,
      int slots) {
    String hash = sha256(kernels.apply(prefix)).substring(0, 16);
    String name = prefix + "_" + hash;
    return new CudaProgram(name, prelude() + kernels.apply(name), slots);
  }

  private static String sha256(String text) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
