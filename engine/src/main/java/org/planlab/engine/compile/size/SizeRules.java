package org.planlab.engine.compile.size;

import static org.planlab.engine.ir.DataCharacteristics.UNKNOWN;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;

/**
 * Per-opcode output-size rules of size propagation (optimizer paper, sec. 3.2). The nnz of a
 * result is a worst-case upper bound: exactly what the rules can prove, {@code cells} for
 * operators whose output is dense in general (sparse-unsafe ones), and unknown (-1) when the
 * bound would depend on an unknown input nnz. Unknown dims stay unknown. Mismatches provable
 * from known dims are recorded as diagnostics and the offending HOP's dims become unknown, so
 * propagation continues and reports every mismatch of the DAG.
 */
final class SizeRules {
  private final Map<Hop, DataCharacteristics> sizes;
  private final Map<Hop, ScalarValue> values;
  private final List<Diagnostic> errors;

  SizeRules(Map<Hop, DataCharacteristics> sizes, Map<Hop, ScalarValue> values,
      List<Diagnostic> errors) {
    this.sizes = sizes;
    this.values = values;
    this.errors = errors;
  }

  DataCharacteristics sizeOf(Hop h, Map<String, DataCharacteristics> liveIn) {
    if (h.op() == OpCode.WRITE_VAR) {
      return in(h, 0);
    }
    if (h.op() == OpCode.CAST_SCALAR && h.input(0).isMatrix()) {
      DataCharacteristics x = in(h, 0);
      if (x.dimsKnown() && (x.rows() != 1 || x.cols() != 1)) {
        report(h, "dimension mismatch in as.scalar: " + dims(x) + " is not 1x1");
      }
    } else if (h.op() == OpCode.TRACE) {
      requireSquare(h, "trace", in(h, 0));
    }
    if (h.isScalar() || h.op().hasSideEffect()) {
      return DataCharacteristics.SCALAR;
    }
    return switch (h.op()) {
      case READ_VAR -> liveIn.getOrDefault(h.param(HopParam.Variable.class).name(),
          DataCharacteristics.UNKNOWN_MATRIX);
      case READ_FILE -> readFile(h);
      case BINARY -> binary(h);
      case UNARY -> unary(h);
      case IFELSE -> ifelse(h);
      case NARY_MINMAX -> naryMinMax(h);
      case REPLACE -> replace(h);
      case AGGREGATE -> aggregate(h);
      case ROW_INDEX_MAX, ROW_INDEX_MIN -> {
        DataCharacteristics x = in(h, 0);
        yield dense(x.rows(), x.rows() < 0 ? UNKNOWN : 1);
      }
      case CUMULATIVE -> {
        DataCharacteristics x = in(h, 0);
        if (h.param(HopParam.Cumulative.class).kind() == HopParam.Cumulative.Kind.SUMPROD) {
          // one column; an all-zero input gives zeros
          yield new DataCharacteristics(x.rows(), 1, x.nnz() == 0 ? 0 : x.rows());
        }
        yield new DataCharacteristics(x.rows(), x.cols(), x.nnz() == 0 ? 0 : x.cells());
      }
      case MATMULT -> matmult(h);
      case TRANSPOSE -> {
        DataCharacteristics x = in(h, 0);
        yield new DataCharacteristics(x.cols(), x.rows(), x.nnz());
      }
      case REV -> in(h, 0);
      case DIAG -> diag(h);
      case RESHAPE -> reshape(h);
      case RIGHT_INDEX -> rightIndex(h);
      case LEFT_INDEX -> leftIndex(h);
      case CBIND -> bind(h, false);
      case RBIND -> bind(h, true);
      case ORDER -> order(h);
      case REMOVE_EMPTY -> removeEmpty(h);
      case TABLE -> table(h);
      case RAND -> rand(h);
      case FILL -> {
        long r = dimArg(h, 1);
        long c = dimArg(h, 2);
        ScalarValue v = values.get(h.input(0));
        boolean zero = v != null && v.valueType().isNumeric() && v.asDouble() == 0;
        yield new DataCharacteristics(r, c, zero && r >= 0 && c >= 0 ? 0 : cells(r, c));
      }
      case MATRIX_FROM_STRING -> dense(dimArg(h, 1), dimArg(h, 2));
      case SEQ -> seq(h);
      case SAMPLE -> dense(dimArg(h, 1), 1);
      case SOLVE -> solve(h);
      case INV, CHOLESKY, EIGEN_VECTORS -> {
        DataCharacteristics a = in(h, 0);
        requireSquare(h, h.op().name().toLowerCase(java.util.Locale.ROOT).replace("_", ""), a);
        yield dense(a.rows(), a.cols());
      }
      case EIGEN_VALUES -> {
        DataCharacteristics a = in(h, 0);
        requireSquare(h, "eigenvalues", a);
        yield dense(a.rows(), 1);
      }
      case QUANTILE -> dense(in(h, 1).rows(), 1);
      // SystemDS compatibility
      case SVD, LU, QR -> decomposition(h);
      case UNIQUE -> unique(h);
      case GROUPED_AGGREGATE -> groupedAggregate(h);
      case BIAS_ADD, BIAS_MULTIPLY -> bias(h);
      case CAST_MATRIX -> {
        if (h.input(0).dataType() == DataType.LIST) {
          yield DataCharacteristics.UNKNOWN_MATRIX; // an element known only at run time
        }
        ScalarValue v = values.get(h.input(0));
        boolean zero = v != null && v.valueType().isNumeric() && v.asDouble() == 0;
        yield new DataCharacteristics(1, 1, zero ? 0 : 1);
      }
      // a matrix-typed HOP of a scalar-only opcode: nothing can be said
      default -> DataCharacteristics.UNKNOWN_MATRIX;
    };
  }

  // ---------------------------------------------------------------- element-wise

  private DataCharacteristics binary(Hop h) {
    BinaryOp op = h.param(HopParam.Binary.class).op();
    Hop a = h.input(0);
    Hop b = h.input(1);
    if (a.isMatrix() && b.isMatrix()) {
      DataCharacteristics sa = in(h, 0);
      DataCharacteristics sb = in(h, 1);
      long rows = broadcastDim(sa.rows(), sb.rows());
      long cols = broadcastDim(sa.cols(), sb.cols());
      if (sa.dimsKnown() && sb.dimsKnown() && !broadcastCompatible(sa, sb)) {
        return mismatch(h, op.symbol(), sa, sb);
      }
      if (rows == -2 || cols == -2) {
        return mismatch(h, op.symbol(), sa, sb);
      }
      long cells = cells(rows, cols);
      if (cells < 0) {
        return DataCharacteristics.dims(rows, cols);
      }
      long na = scaledNnz(sa, cells);
      long nb = scaledNnz(sb, cells);
      if (!op.sparseSafe()) {
        return new DataCharacteristics(rows, cols, cells);
      }
      if (op.intersectsNonZeros()) {
        long bound = na < 0 ? nb : nb < 0 ? na : Math.min(na, nb);
        return new DataCharacteristics(rows, cols, bound < 0 ? UNKNOWN : Math.min(cells, bound));
      }
      return new DataCharacteristics(rows, cols,
          na < 0 || nb < 0 ? UNKNOWN : Math.min(cells, na + nb));
    }
    boolean scalarLeft = a.isScalar();
    DataCharacteristics m = in(h, scalarLeft ? 1 : 0);
    ScalarValue s = values.get(scalarLeft ? a : b);
    long cells = m.cells();
    if (cells < 0) {
      return DataCharacteristics.dims(m.rows(), m.cols());
    }
    boolean safe = s != null && s.valueType().isNumeric()
        && op.sparseSafeWithScalar(s.asDouble(), scalarLeft);
    return new DataCharacteristics(m.rows(), m.cols(), safe ? m.nnz() : cells);
  }

  /**
   * The output extent of one dimension under broadcasting (a 1 stretches to the other side);
   * -2 marks two known extents that no broadcasting reconciles.
   */
  private static long broadcastDim(long a, long b) {
    if (a >= 0 && b >= 0) {
      return a == b || b == 1 ? a : a == 1 ? b : -2;
    }
    long known = Math.max(a, b);
    // the unknown side is either equal to a known extent other than 1, or 1 and broadcast
    return known >= 0 && known != 1 ? known : UNKNOWN;
  }

  /** Equal shapes, or one side a column/row vector matching the other's rows/columns. */
  private static boolean broadcastCompatible(DataCharacteristics a, DataCharacteristics b) {
    if (a.rows() == b.rows() && a.cols() == b.cols()) {
      return true;
    }
    return b.cols() == 1 && b.rows() == a.rows() || b.rows() == 1 && b.cols() == a.cols()
        || a.cols() == 1 && a.rows() == b.rows() || a.rows() == 1 && a.cols() == b.cols();
  }

  /** The nnz an operand contributes when broadcast to {@code outCells} cells. */
  private static long scaledNnz(DataCharacteristics s, long outCells) {
    long c = s.cells();
    if (!s.nnzKnown() || c < 0) {
      return UNKNOWN;
    }
    return c == 0 ? 0 : s.nnz() * (outCells / c);
  }

  private DataCharacteristics unary(Hop h) {
    DataCharacteristics x = in(h, 0);
    boolean safe = h.param(HopParam.Unary.class).op().sparseSafe();
    return new DataCharacteristics(x.rows(), x.cols(), safe ? x.nnz() : x.cells());
  }

  private DataCharacteristics ifelse(Hop h) {
    DataCharacteristics shape = null;
    for (int i = 0; i < 3; i++) {
      if (h.input(i).isMatrix()) {
        DataCharacteristics s = in(h, i);
        if (shape != null && shape.dimsKnown() && s.dimsKnown()
            && (shape.rows() != s.rows() || shape.cols() != s.cols())) {
          return mismatch(h, "ifelse", shape, s);
        }
        if (shape == null || !shape.dimsKnown()) {
          shape = s;
        }
      }
    }
    if (shape == null || !shape.dimsKnown()) {
      return DataCharacteristics.UNKNOWN_MATRIX;
    }
    long cells = shape.cells();
    long yes = branchNnz(h.input(1), cells);
    long no = branchNnz(h.input(2), cells);
    return new DataCharacteristics(shape.rows(), shape.cols(),
        yes < 0 || no < 0 ? cells : Math.min(cells, yes + no));
  }

  private long branchNnz(Hop branch, long cells) {
    if (branch.isMatrix()) {
      return sizes.get(branch).nnz();
    }
    ScalarValue v = values.get(branch);
    return v != null && v.valueType().isNumeric() && v.asDouble() == 0 ? 0 : cells;
  }

  private DataCharacteristics naryMinMax(Hop h) {
    DataCharacteristics shape = null;
    long nnzSum = 0;
    boolean exact = true;
    for (int i = 0; i < h.inputs().size(); i++) {
      Hop x = h.input(i);
      if (x.isMatrix()) {
        DataCharacteristics s = in(h, i);
        if (shape != null && shape.dimsKnown() && s.dimsKnown()
            && (shape.rows() != s.rows() || shape.cols() != s.cols())) {
          // a row or column vector broadcasts, as in the binary operators
          if (broadcastsOver(shape, s)) {
            shape = s;
          } else if (!broadcastsOver(s, shape)) {
            return mismatch(h, h.param(HopParam.Binary.class).op().symbol(), shape, s);
          }
          exact = false;
        }
        if (shape == null || !shape.dimsKnown()) {
          shape = s;
        }
        exact &= s.nnzKnown();
        nnzSum += Math.max(0, s.nnz());
      } else {
        exact = false;
      }
    }
    if (shape == null || !shape.dimsKnown()) {
      return DataCharacteristics.UNKNOWN_MATRIX;
    }
    long cells = shape.cells();
    return new DataCharacteristics(shape.rows(), shape.cols(),
        exact ? Math.min(cells, nnzSum) : cells);
  }

  /**
   * Whether {@code v} is a row or column vector (not 1 x 1) matching {@code m}'s columns or rows,
   * the shapes the element-wise kernels broadcast.
   */
  private static boolean broadcastsOver(DataCharacteristics v, DataCharacteristics m) {
    boolean oneByOne = v.rows() == 1 && v.cols() == 1;
    return !oneByOne && (v.cols() == 1 && v.rows() == m.rows()
        || v.rows() == 1 && v.cols() == m.cols());
  }

  private DataCharacteristics replace(Hop h) {
    DataCharacteristics x = in(h, 0);
    ScalarValue pattern = values.get(h.input(1));
    ScalarValue replacement = values.get(h.input(2));
    boolean keepsZeros = pattern != null && pattern.valueType().isNumeric()
        && (pattern.asDouble() != 0 || replacement != null
            && replacement.valueType().isNumeric() && replacement.asDouble() == 0);
    return new DataCharacteristics(x.rows(), x.cols(), keepsZeros ? x.nnz() : x.cells());
  }

  // ---------------------------------------------------------------- aggregates

  private DataCharacteristics aggregate(Hop h) {
    HopParam.Aggregate p = h.param(HopParam.Aggregate.class);
    DataCharacteristics x = in(h, 0);
    long rows = p.direction() == Direction.ROW ? x.rows() : 1;
    long cols = p.direction() == Direction.COL ? x.cols() : 1;
    if (p.direction() == Direction.FULL) {
      return DataCharacteristics.SCALAR;
    }
    long outCells = cells(rows, cols);
    if (outCells < 0) {
      return DataCharacteristics.dims(rows, cols);
    }
    long reduced = p.direction() == Direction.ROW ? x.cols() : x.rows();
    boolean zeroStaysZero = switch (p.op()) {
      case SUM, SUM_SQ -> true;
      case MEAN, MIN, MAX, PROD -> reduced > 0;
      case VAR, SD -> false;
    };
    // an all-zero row (column) aggregates to 0 for these functions, so nnz <= nnz(X)
    long nnz = !zeroStaysZero ? outCells
        : x.nnzKnown() ? Math.min(outCells, x.nnz()) : UNKNOWN;
    return new DataCharacteristics(rows, cols, nnz);
  }

  // ---------------------------------------------------------------- matrix multiplication

  /**
   * {@code [m x k, s1] %*% [k x n, s2]} with the paper's worst-case sparsity
   * {@code s3 = min(1, s1 k) * min(1, s2 k)} (sec. 3.2); an unknown sparsity counts as 1.
   */
  private DataCharacteristics matmult(Hop h) {
    DataCharacteristics a = in(h, 0);
    DataCharacteristics b = in(h, 1);
    if (a.cols() >= 0 && b.rows() >= 0 && a.cols() != b.rows()) {
      return mismatch(h, "%*%", a, b);
    }
    long m = a.rows();
    long n = b.cols();
    long cells = cells(m, n);
    if (cells < 0) {
      return DataCharacteristics.dims(m, n);
    }
    if (!a.nnzKnown() && !b.nnzKnown()) {
      return DataCharacteristics.dims(m, n);
    }
    long k = a.cols() >= 0 ? a.cols() : b.rows();
    if (k < 0) {
      return new DataCharacteristics(m, n, a.nnz() == 0 || b.nnz() == 0 ? 0 : UNKNOWN);
    }
    return new DataCharacteristics(m, n, matmultNnz(a, b, k, cells));
  }

  /** Worst-case output nnz of a matrix multiply with common dimension {@code k}. */
  static long matmultNnz(DataCharacteristics a, DataCharacteristics b, long k, long cells) {
    if (a.nnz() == 0 || b.nnz() == 0 || k == 0) {
      return 0;
    }
    double s1 = a.nnzKnown() ? a.sparsityOrDense() : 1;
    double s2 = b.nnzKnown() ? b.sparsityOrDense() : 1;
    double s3 = Math.min(1, s1 * k) * Math.min(1, s2 * k);
    return Math.min(cells, (long) Math.ceil(s3 * cells));
  }

  // ---------------------------------------------------------------- reorganisation, indexing

  private DataCharacteristics diag(Hop h) {
    DataCharacteristics x = in(h, 0);
    if (!x.dimsKnown()) {
      return DataCharacteristics.UNKNOWN_MATRIX;
    }
    if (x.rows() == x.cols()) {
      long n = x.rows();
      return new DataCharacteristics(n, 1,
          x.nnzKnown() ? Math.min(n, x.nnz()) : n);
    }
    if (x.cols() == 1) {
      return new DataCharacteristics(x.rows(), x.rows(), x.nnzKnown() ? x.nnz() : x.rows());
    }
    report(h, "dimension mismatch in diag: " + dims(x)
        + " is neither a column vector nor square");
    return DataCharacteristics.UNKNOWN_MATRIX;
  }

  private DataCharacteristics reshape(Hop h) {
    DataCharacteristics x = in(h, 0);
    long r = dimArg(h, 1);
    long c = dimArg(h, 2);
    long cells = x.cells();
    if (cells >= 0) {
      // one missing dimension follows from the cell count
      if (r < 0 && c > 0 && cells % c == 0) {
        r = cells / c;
      } else if (c < 0 && r > 0 && cells % r == 0) {
        c = cells / r;
      }
      if (r >= 0 && c >= 0 && r * c != cells) {
        report(h, "dimension mismatch in matrix: cannot reshape " + dims(x) + " into " + r + "x"
            + c);
        return DataCharacteristics.UNKNOWN_MATRIX;
      }
    }
    return new DataCharacteristics(r, c, r >= 0 && c >= 0 ? x.nnz() : UNKNOWN);
  }

  private DataCharacteristics rightIndex(Hop h) {
    DataCharacteristics x = in(h, 0);
    long rows = rangeLength(h, 1, 2, x.rows(), "row");
    long cols = rangeLength(h, 3, 4, x.cols(), "column");
    if (rows == -2 || cols == -2) {
      return DataCharacteristics.UNKNOWN_MATRIX;
    }
    long cells = cells(rows, cols);
    return new DataCharacteristics(rows, cols,
        cells < 0 || !x.nnzKnown() ? UNKNOWN : Math.min(cells, x.nnz()));
  }

  /**
   * Length of the 1-based inclusive range given by inputs {@code lo, hi}; 1 when both are the
   * same scalar (X[i, ] with i unknown); -2 after reporting out-of-bounds indices.
   */
  private long rangeLength(Hop h, int lo, int hi, long extent, String what) {
    OptionalLong l = SizePropagation.asLong(values.get(h.input(lo)));
    OptionalLong u = SizePropagation.asLong(values.get(h.input(hi)));
    if (l.isPresent() && u.isPresent()) {
      long a = l.getAsLong();
      long b = u.getAsLong();
      if (a < 1 || b < a - 1 || extent >= 0 && b > extent) {
        report(h, "index out of bounds: " + what + " range " + a + ":" + b + " of a matrix with "
            + (extent >= 0 ? Long.toString(extent) : "?") + " " + what + "s");
        return -2;
      }
      return b - a + 1;
    }
    if (sameScalar(h.input(lo), h.input(hi))) {
      return 1;
    }
    return UNKNOWN;
  }

  private static boolean sameScalar(Hop a, Hop b) {
    if (a == b) {
      return true;
    }
    return a.op() == OpCode.READ_VAR && b.op() == OpCode.READ_VAR && a.param().equals(b.param());
  }

  private DataCharacteristics leftIndex(Hop h) {
    DataCharacteristics x = in(h, 0);
    long rows = rangeLength(h, 2, 3, x.rows(), "row");
    long cols = rangeLength(h, 4, 5, x.cols(), "column");
    long cells = x.cells();
    if (h.input(1).isMatrix()) {
      DataCharacteristics y = in(h, 1);
      if (rows >= 0 && cols >= 0 && y.dimsKnown() && (y.rows() != rows || y.cols() != cols)) {
        report(h, "dimension mismatch in left indexing: target range is " + rows + "x" + cols
            + " but the value is " + dims(y));
      }
      long nnz = cells < 0 || !x.nnzKnown() || !y.nnzKnown() ? (cells < 0 ? UNKNOWN : cells)
          : Math.min(cells, x.nnz() + y.nnz());
      return new DataCharacteristics(x.rows(), x.cols(), nnz);
    }
    return new DataCharacteristics(x.rows(), x.cols(), cells);
  }

  private DataCharacteristics bind(Hop h, boolean byRows) {
    String name = byRows ? "rbind" : "cbind";
    DataCharacteristics first = in(h, 0);
    long common = byRows ? first.cols() : first.rows();
    long total = 0;
    long nnz = 0;
    for (int i = 0; i < h.inputs().size(); i++) {
      DataCharacteristics s = in(h, i);
      long c = byRows ? s.cols() : s.rows();
      long t = byRows ? s.rows() : s.cols();
      if (c >= 0 && common >= 0 && c != common) {
        return mismatch(h, name, first, s);
      }
      if (common < 0) {
        common = c;
      }
      total = total < 0 || t < 0 ? UNKNOWN : total + t;
      nnz = nnz < 0 || !s.nnzKnown() ? UNKNOWN : nnz + s.nnz();
    }
    long rows = byRows ? total : common;
    long cols = byRows ? common : total;
    return new DataCharacteristics(rows, cols, cells(rows, cols) < 0 ? UNKNOWN : nnz);
  }

  private DataCharacteristics order(Hop h) {
    DataCharacteristics x = in(h, 0);
    ScalarValue indexReturn = values.get(h.input(3));
    if (indexReturn != null && indexReturn.valueType().isNumeric()) {
      return indexReturn.asBoolean() ? dense(x.rows(), x.rows() < 0 ? UNKNOWN : 1) : x;
    }
    return DataCharacteristics.dims(x.rows(), UNKNOWN);
  }

  /** Data-dependent (sec. 4): only the untouched dimension is known. */
  private DataCharacteristics removeEmpty(Hop h) {
    DataCharacteristics x = in(h, 0);
    ScalarValue margin = values.get(h.input(1));
    if (margin == null) {
      return DataCharacteristics.UNKNOWN_MATRIX;
    }
    boolean rows = margin.asString().equals("rows");
    return new DataCharacteristics(rows ? UNKNOWN : x.rows(), rows ? x.cols() : UNKNOWN,
        UNKNOWN);
  }

  private DataCharacteristics table(Hop h) {
    long r = dimArg(h, 3);
    long c = dimArg(h, 4);
    long cells = cells(r, c);
    if (cells < 0) {
      return DataCharacteristics.dims(r, c);
    }
    DataCharacteristics a = h.input(0).isMatrix() ? in(h, 0) : DataCharacteristics.SCALAR;
    long entries = h.input(0).isMatrix() ? a.rows() : 1;
    return new DataCharacteristics(r, c, entries < 0 ? cells : Math.min(cells, entries));
  }

  // ---------------------------------------------------------------- construction

  private DataCharacteristics rand(Hop h) {
    long r = dimArg(h, 0);
    long c = dimArg(h, 1);
    long cells = cells(r, c);
    if (cells < 0) {
      return DataCharacteristics.dims(r, c);
    }
    ScalarValue min = values.get(h.input(2));
    ScalarValue max = values.get(h.input(3));
    ScalarValue sp = values.get(h.input(4));
    if (isZero(min) && isZero(max)) {
      return new DataCharacteristics(r, c, 0);
    }
    if (sp != null && sp.valueType().isNumeric()) {
      double s = sp.asDouble();
      // the generator's own estimate (DataGenKernels.rand); it draws cells independently
      long nnz = s >= 0 && s <= 1 ? (long) Math.ceil(s * cells) : cells;
      return new DataCharacteristics(r, c, Math.min(cells, nnz));
    }
    return new DataCharacteristics(r, c, cells);
  }

  private DataCharacteristics seq(Hop h) {
    ScalarValue from = values.get(h.input(0));
    ScalarValue to = values.get(h.input(1));
    ScalarValue incr = values.get(h.input(2));
    if (!numeric(from) || !numeric(to) || !numeric(incr)) {
      return DataCharacteristics.dims(UNKNOWN, 1);
    }
    double f = from.asDouble();
    double t = to.asDouble();
    double i = incr.asDouble();
    if (i == 0 || Double.isNaN(f + t + i) || (t - f) / i < 0) {
      return DataCharacteristics.dims(UNKNOWN, 1);
    }
    long n = (long) Math.floor((t - f) / i + 1e-10) + 1;
    return new DataCharacteristics(n, 1, n);
  }

  private DataCharacteristics solve(Hop h) {
    DataCharacteristics a = in(h, 0);
    DataCharacteristics b = in(h, 1);
    requireSquare(h, "solve", a);
    if (a.rows() >= 0 && b.rows() >= 0 && a.rows() != b.rows()) {
      return mismatch(h, "solve", a, b);
    }
    return dense(a.cols() >= 0 ? a.cols() : b.rows(), b.cols());
  }

  // ---------------------------------------------------------------- SystemDS compatibility

  /**
   * One result of a decomposition of an m x n input, p = min(m, n): svd's U (m x p), S (p x p,
   * diagonal) and V (n x p); lu's P, L, U (n x n, square input); qr's H and R (m x n).
   */
  private DataCharacteristics decomposition(Hop h) {
    DataCharacteristics a = in(h, 0);
    int result = h.param(HopParam.Decomposition.class).result();
    long m = a.rows();
    long n = a.cols();
    return switch (h.op()) {
      case SVD -> {
        long p = m >= 0 && n >= 0 ? Math.min(m, n) : UNKNOWN;
        yield switch (result) {
          case 0 -> dense(m, p);
          case 1 -> new DataCharacteristics(p, p, p);
          default -> dense(n, p);
        };
      }
      case LU -> {
        requireSquare(h, "lu", a);
        long order = m >= 0 ? m : n;
        yield result == 0 ? new DataCharacteristics(order, order, order) : dense(order, order);
      }
      default -> dense(m, n);
    };
  }

  /** Data-dependent: all cells give a column; per row (column) the rows (columns) are known. */
  private DataCharacteristics unique(Hop h) {
    DataCharacteristics x = in(h, 0);
    ScalarValue dir = values.get(h.input(1));
    if (dir == null) {
      return DataCharacteristics.UNKNOWN_MATRIX;
    }
    return switch (dir.asString()) {
      case "r" -> DataCharacteristics.dims(x.rows(), UNKNOWN);
      case "c" -> DataCharacteristics.dims(UNKNOWN, x.cols());
      default -> DataCharacteristics.dims(UNKNOWN, 1);
    };
  }

  /** One row per group: ngroups if known, else data-dependent; one column per target column. */
  private DataCharacteristics groupedAggregate(Hop h) {
    DataCharacteristics x = in(h, 0);
    DataCharacteristics g = in(h, 1);
    if (g.dimsKnown() && g.cols() != 1 || g.rows() >= 0 && x.rows() >= 0 && g.rows() != x.rows()) {
      return mismatch(h, "aggregate", x, g);
    }
    return dense(dimArg(h, 5), x.cols());
  }

  /** X's shape; b must be a column whose length divides X's columns. */
  private DataCharacteristics bias(Hop h) {
    DataCharacteristics x = in(h, 0);
    DataCharacteristics b = in(h, 1);
    String name = h.op() == OpCode.BIAS_ADD ? "bias_add" : "bias_multiply";
    if (b.cols() >= 0 && b.cols() != 1
        || b.rows() > 0 && x.cols() >= 0 && x.cols() % b.rows() != 0) {
      return mismatch(h, name, x, b);
    }
    boolean keepsZeros = h.op() == OpCode.BIAS_MULTIPLY;
    return new DataCharacteristics(x.rows(), x.cols(), keepsZeros ? x.nnz() : x.cells());
  }

  // ---------------------------------------------------------------- helpers

  private DataCharacteristics in(Hop h, int i) {
    return sizes.getOrDefault(h.input(i), DataCharacteristics.UNKNOWN_MATRIX);
  }

  /**
   * Sizes of a persistent read: from the {@code .mtd} file beside a constant path ("input sizes
   * of reads are given by meta data", sec. 3.2), else from the rows/cols arguments. A missing
   * or unreadable .mtd leaves the sizes unknown here; the read itself reports the problem.
   */
  private DataCharacteristics readFile(Hop h) {
    ScalarValue path = values.get(h.input(0));
    if (path != null && path.valueType() == org.planlab.engine.lang.types.ValueType.STRING) {
      try {
        java.util.Optional<org.planlab.engine.io.MatrixMetadata> md =
            org.planlab.engine.io.MatrixMetadata.readFor(java.nio.file.Path.of(path.asString()));
        if (md.isPresent()) {
          org.planlab.engine.io.MatrixMetadata m = md.get();
          return new DataCharacteristics(m.rows(), m.cols(), m.nnz() >= 0 ? m.nnz() : UNKNOWN);
        }
      } catch (java.io.IOException | RuntimeException e) {
        // unknown sizes; the run-time read names the file and what is wrong with it
      }
    }
    return DataCharacteristics.dims(dimArg(h, 2), dimArg(h, 3));
  }

  /** A known, non-negative dimension argument, else unknown (-1 literals mean absent). */
  private long dimArg(Hop h, int i) {
    OptionalLong v = SizePropagation.asLong(values.get(h.input(i)));
    return v.isPresent() && v.getAsLong() >= 0 ? v.getAsLong() : UNKNOWN;
  }

  private static boolean numeric(ScalarValue v) {
    return v != null && v.valueType().isNumeric();
  }

  private static boolean isZero(ScalarValue v) {
    return numeric(v) && v.asDouble() == 0;
  }

  private static long cells(long r, long c) {
    return r >= 0 && c >= 0 ? r * c : UNKNOWN;
  }

  /** Dims with the dense worst case as nnz. */
  private static DataCharacteristics dense(long r, long c) {
    return new DataCharacteristics(r, c, cells(r, c));
  }

  private void requireSquare(Hop h, String name, DataCharacteristics a) {
    if (a.dimsKnown() && a.rows() != a.cols()) {
      report(h, "dimension mismatch in " + name + ": " + dims(a) + " is not square");
    }
  }

  private DataCharacteristics mismatch(Hop h, String op, DataCharacteristics a,
      DataCharacteristics b) {
    report(h, "dimension mismatch in " + op + ": " + dims(a) + " and " + dims(b));
    return DataCharacteristics.UNKNOWN_MATRIX;
  }

  private void report(Hop h, String message) {
    errors.add(new Diagnostic(h.position(), message));
  }

  static String dims(DataCharacteristics d) {
    return (d.rows() < 0 ? "?" : Long.toString(d.rows())) + "x"
        + (d.cols() < 0 ? "?" : Long.toString(d.cols()));
  }
}
