package org.planlab.engine.ir;

/**
 * The logical operators of HOP DAGs (optimizer paper, sec. 2: "nodes represent (logical)
 * operations and their outputs"). Inputs are positional; the javadoc of each constant lists
 * them. Optional builtin arguments are filled with their defaults by the HOP builder, so every
 * HOP of one opcode has the same input arity (except the n-ary ones).
 *
 * <p>Physical choices (tsmm, mmchain, fused operators, CP vs Spark) are not opcodes: they are
 * decided later, per HOP, by operator selection.
 */
public enum OpCode {
  // ---- leaves and roots
  /** A scalar constant; param {@link HopParam.Literal}. */
  LITERAL,
  /** Transient read of a live variable; param {@link HopParam.Variable}. */
  READ_VAR,
  /** Transient write (a DAG root) of input 0 to a variable; param {@link HopParam.Variable}. */
  WRITE_VAR,
  /** Persistent read: inputs (path, format, rows, cols, sep, header) — unknown ones as literals. */
  READ_FILE,
  /** Persistent write (root, side effect): inputs (value, path, format, sep, header). */
  WRITE_FILE,

  // ---- element-wise
  /** Inputs (a, b), matrix or scalar; param {@link HopParam.Binary}. */
  BINARY,
  /** Input (a); param {@link HopParam.Unary}. */
  UNARY,
  /** ifelse(cond, yes, no). */
  IFELSE,
  /** Element-wise min/max over n >= 2 inputs; param {@link HopParam.Binary} (MIN or MAX). */
  NARY_MINMAX,
  /** replace(target, pattern, replacement). */
  REPLACE,

  // ---- aggregates
  /** Input (X); param {@link HopParam.Aggregate} (op, direction). */
  AGGREGATE,
  /** rowIndexMax(X). */
  ROW_INDEX_MAX,
  /** rowIndexMin(X). */
  ROW_INDEX_MIN,
  /** Column-wise cumulative aggregate of X; param {@link HopParam.Cumulative}. */
  CUMULATIVE,
  /** trace(X). */
  TRACE,

  // ---- matrix multiplication
  /** A %*% B. */
  MATMULT,

  // ---- reorganisation and indexing
  /** t(X). */
  TRANSPOSE,
  /** rev(X). */
  REV,
  /** diag(X). */
  DIAG,
  /** matrix(X, rows=, cols=, byrow=): inputs (X, rows, cols, byrow). */
  RESHAPE,
  /** X[rl:ru, cl:cu], 1-based inclusive scalar inputs (X, rl, ru, cl, cu). */
  RIGHT_INDEX,
  /** X[rl:ru, cl:cu] = Y: inputs (X, Y, rl, ru, cl, cu); Y matrix or scalar. */
  LEFT_INDEX,
  /** cbind(X1, ..., Xn). */
  CBIND,
  /** rbind(X1, ..., Xn). */
  RBIND,
  /** order(target, by, decreasing, index.return). */
  ORDER,
  /** removeEmpty(target, margin, select, empty.return); a missing select is a 0x0 literal-free marker input. */
  REMOVE_EMPTY,
  /** table(a, b, w, rows, cols); w is a scalar 1 when absent; rows/cols -1 when absent. */
  TABLE,

  // ---- construction
  /** rand(rows, cols, min, max, sparsity, seed, pdf); seed -1 means fresh (never CSE'd). */
  RAND,
  /** matrix(value, rows, cols): a constant-filled matrix. */
  FILL,
  /** matrix("1 2 3", rows, cols): inputs (string, rows, cols). */
  MATRIX_FROM_STRING,
  /** seq(from, to, incr). */
  SEQ,
  /** sample(range, size, replace, seed). */
  SAMPLE,

  // ---- linear algebra and statistics
  /** solve(A, b). */
  SOLVE,
  /** inv(A). */
  INV,
  /** cholesky(A). */
  CHOLESKY,
  /** det(A). */
  DET,
  /** eigenvalues(A) of a symmetric A, ascending, as a column (the first result of eigen). */
  EIGEN_VALUES,
  /** eigenvectors(A) of a symmetric A, as columns in the order of EIGEN_VALUES. */
  EIGEN_VECTORS,
  /** median(X). */
  MEDIAN,
  /** quantile(X, p) with p scalar or column vector. */
  QUANTILE,

  // ---- SystemDS compatibility: statistics, decompositions, distributions, DNN bias
  /**
   * The {@code i}-th result of svd(A) (U, S or V); param {@link HopParam.Decomposition}. Each
   * result recomputes the decomposition of the shared input; as do LU and QR.
   */
  SVD,
  /** The {@code i}-th result of lu(A) (P, L or U); param {@link HopParam.Decomposition}. */
  LU,
  /** The {@code i}-th result of qr(A) (H or R); param {@link HopParam.Decomposition}. */
  QR,
  /** unique(X, dir): inputs (X, dir) with dir "" (all cells), "r" or "c". */
  UNIQUE,
  /**
   * aggregate(target, groups, weights, fn, order, ngroups): inputs in that order; weights a
   * scalar 1 when absent, order 0 unless fn is "centralmoment", ngroups -1 when absent.
   */
  GROUPED_AGGREGATE,
  /** moment(X, W, k): inputs (X, W, k); W a scalar 1 when absent. */
  MOMENT,
  /** cov(X, Y, W): inputs (X, Y, W); W a scalar 1 when absent. */
  COV,
  /** interQuartileMean(X, W): inputs (X, W); W a scalar 1 when absent. */
  IQM,
  /**
   * A cumulative distribution function at a scalar: inputs (q, a, b, lower.tail) with the
   * distribution's parameters a, b as {@link HopParam.Probability} documents.
   */
  CDF,
  /** An inverse cumulative distribution function at a scalar p: inputs (p, a, b). */
  ICDF,
  /** bias_add(X, b): X of N x (C*H*W), b of C x 1 added to each of C column blocks. */
  BIAS_ADD,
  /** bias_multiply(X, b): as BIAS_ADD, multiplying. */
  BIAS_MULTIPLY,

  // ---- casts, metadata, strings
  /** as.scalar(X) of a 1x1 matrix, or identity on scalars. */
  CAST_SCALAR,
  /** as.matrix(s): a 1x1 matrix. */
  CAST_MATRIX,
  /** as.double / as.integer / as.logical; param {@link HopParam.Cast}. */
  CAST_VALUE,
  /** nrow(X). */
  NROW,
  /** ncol(X). */
  NCOL,
  /** length(X). */
  LENGTH,
  /** toString(X, decimal, sep, linesep). */
  TO_STRING,
  /** Formatted string of print(format, args...): inputs (format, args...). */
  PRINTF,
  /** time(): nanoseconds (non-deterministic). */
  TIME,

  // ---- side effects (roots)
  /** print(string). */
  PRINT,
  /** stop(message). */
  STOP,
  /** assert(condition). */
  ASSERT,
  /**
   * evict(percent): frees that share of the backends' unused cached memory (MEMPHIS sec. 5.2,
   * eviction injection).
   */
  EVICT,

  // ---- lists (SystemDS's List type; always executed in the driver)
  /** list(v1, ..., vn); param {@link HopParam.ListNames} (the elements' names, or none). */
  LIST,
  /** as.list(L): of a one-element list holding a list, that list; of another list, L. */
  CAST_LIST,
  /** L[lo:hi] (a list of those elements): inputs (L, lo, hi); lo == hi may be a name. */
  LIST_INDEX,
  /** L[key] = v: inputs (L, key, v); key a 1-based position or a name. */
  LIST_SET,
  /** append(L, v): inputs (L, v); of two strings, their lines joined. */
  LIST_APPEND,
  /** The list L without element i (the first result of remove(L, i)): inputs (L, i). */
  LIST_REMOVE,
  /**
   * eval(fname, args...): calls the function named by the string fname at run time with the
   * arguments (or the elements of one list argument, bound by name if it is named); its first
   * result as a matrix. Inputs (fname, args...).
   */
  EVAL,

  /**
   * Call of a user-defined function (root of its own basic block, as SystemML splits blocks at
   * function calls); inputs are the bound arguments in parameter order, param {@link
   * HopParam.Call}.
   */
  FUNCTION_CALL,

  /**
   * A fused operator produced by code generation (fusion paper, sec. 2.1: "fused operators are
   * still valid HOPs"): inputs are the main input, the side inputs and the scalar inputs of its
   * plan; param {@link HopParam.Fused}. Only the codegen step creates it, after size analysis.
   */
  FUSED;

  /** Whether a HOP of this opcode is a root that must run even if nothing reads its output. */
  public boolean hasSideEffect() {
    return switch (this) {
      case WRITE_VAR, WRITE_FILE, PRINT, STOP, ASSERT, EVICT, FUNCTION_CALL -> true;
      default -> false;
    };
  }
}
