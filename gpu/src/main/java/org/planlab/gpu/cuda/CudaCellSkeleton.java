package org.planlab.gpu.cuda;

import java.util.List;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.ops.AggregateOp;

/**
 * The Cell template's skeleton in CUDA (fusion paper, sec. 2.2, Fig. 4): the generated device
 * function {@code <name>_cell} computes one cell; these kernels own the iteration and the
 * aggregation, as {@code SpoofCellwise} does on the CPU.
 *
 * <ul>
 *   <li>NO_AGG: one thread per cell in a grid-stride loop, {@code out[i] = cell(a[i])}.
 *   <li>ROW_AGG: one block per row (grid-stride over rows), threads stride over its columns,
 *       then a shared-memory tree reduction; {@code out} is m x 1.
 *   <li>COL_AGG: blocks of {@code TILE x PL_BLOCK/TILE} threads; x picks one of {@code TILE}
 *       adjacent columns (so reads are coalesced), y strides over the rows, and a tree over y
 *       combines the lanes; {@code out} is 1 x n.
 *   <li>FULL_AGG: two passes without atomics, so results are deterministic: {@code <name>}
 *       reduces a grid-stride share of the cells per block into {@code partials} (one
 *       (sum, correction) pair per block), {@code <name>_final} (one block) reduces the
 *       pairs into {@code out[0]}.
 * </ul>
 *
 * Sums are compensated (TwoSum per thread and in the trees, as {@code KahanSum}); MIN and MAX
 * follow {@code Math.min}/{@code Math.max}; MEAN is the compensated sum divided by the cell
 * count, NaN over no cells. Every aggregate over no cells gives its
 * {@link AggregateOp#emptyValue()}.
 *
 * <p>Kernel parameters: {@code (const double* a, double* out, long long m, long long n,
 * b0, b0n, ..., s0, ...)} for the main kernel (FULL_AGG: {@code out} is the partials, 2 doubles
 * per block), {@code (const double* partials, int count, double* out, long long cells)} for
 * {@code <name>_final}.
 */
final class CudaCellSkeleton {
  /** Columns per COL_AGG block (one warp: coalesced reads of a row segment). */
  static final int TILE = 32;

  private CudaCellSkeleton() {
  }

  /**
   * The device function and kernels of a Cell operator named {@code name}.
   *
   * @param params side/scalar parameter declarations, in order
   * @param args the same parameters' names
   * @param body the device function's statements
   * @param result the cell's value, an expression over the statements' variables
   */
  static String kernels(String name, CellType type, AggregateOp agg, List<String> params,
      List<String> args, List<String> body, String result) {
    String extra = params.isEmpty() ? "" : ", " + String.join(", ", params);
    String extraArgs = args.isEmpty() ? "" : ", " + String.join(", ", args);
    StringBuilder s = new StringBuilder();
    s.append("static __device__ __forceinline__ double ").append(name)
        .append("_cell(double a").append(extra)
        .append(", long long m, long long n, long long rix, long long cix) {\n");
    for (String statement : body) {
      s.append("  ").append(statement).append('\n');
    }
    s.append("  return ").append(result).append(";\n}\n\n");
    String call = name + "_cell(a[rix * n + cix]" + extraArgs + ", m, n, rix, cix)";
    s.append("extern \"C\" __global__ void ").append(name)
        .append("(const double* __restrict__ a, double* __restrict__ out, long long m, "
            + "long long n").append(extra).append(") {\n");
    switch (type) {
      case NO_AGG -> noAgg(s, call);
      case ROW_AGG -> rowAgg(s, agg, call);
      case COL_AGG -> colAgg(s, agg, call);
      case FULL_AGG -> fullAgg(s, agg, call);
      default -> throw new IllegalStateException("unknown cell type " + type);
    }
    s.append("}\n");
    if (type == CellType.FULL_AGG) {
      s.append('\n').append(finalPass(name, agg));
    }
    return s.toString();
  }

  private static void noAgg(StringBuilder s, String call) {
    s.append("""
          const long long cells = m * n;
          for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < cells;
              i += (long long) gridDim.x * blockDim.x) {
            const long long rix = i / n;
            const long long cix = i - rix * n;
            out[i] = %s;
          }
        """.formatted(call));
  }

  private static void rowAgg(StringBuilder s, AggregateOp agg, String call) {
    s.append(shared(agg));
    s.append("  for (long long rix = blockIdx.x; rix < m; rix += gridDim.x) {\n");
    s.append("    ").append(init(agg)).append('\n');
    s.append("    for (long long cix = threadIdx.x; cix < n; cix += blockDim.x) {\n");
    s.append("      const double e = ").append(call).append(";\n");
    s.append("      ").append(add(agg, "e")).append('\n');
    s.append("    }\n");
    s.append("    ").append(store(agg, "threadIdx.x")).append('\n');
    s.append("    ").append(tree(agg, "0", "threadIdx.x", "PL_BLOCK", "1")).append('\n');
    s.append("    if (threadIdx.x == 0) out[rix] = ").append(finish(agg, value(agg, "0"), "n"))
        .append(";\n");
    s.append("    __syncthreads();\n");
    s.append("  }\n");
  }

  private static void colAgg(StringBuilder s, AggregateOp agg, String call) {
    // blockDim.x adjacent columns per block (TILE on the device), blockDim.y row lanes (a
    // power of two); the tree combines the lanes of each column
    s.append(shared(agg));
    s.append("  for (long long c0 = blockIdx.x * (long long) blockDim.x; c0 < n;"
        + " c0 += (long long) gridDim.x * blockDim.x) {\n");
    s.append("    const long long cix = c0 + threadIdx.x;\n");
    s.append("    ").append(init(agg)).append('\n');
    s.append("    if (cix < n) {\n");
    s.append("      for (long long rix = threadIdx.y; rix < m; rix += blockDim.y) {\n");
    s.append("        const double e = ").append(call).append(";\n");
    s.append("        ").append(add(agg, "e")).append('\n');
    s.append("      }\n");
    s.append("    }\n");
    s.append("    ").append(store(agg, "threadIdx.y * blockDim.x + threadIdx.x")).append('\n');
    s.append("    ").append(tree(agg, "threadIdx.x", "threadIdx.y", "blockDim.y", "blockDim.x"))
        .append('\n');
    s.append("    if (threadIdx.y == 0 && cix < n) out[cix] = ")
        .append(finish(agg, value(agg, "threadIdx.x"), "m")).append(";\n");
    s.append("    __syncthreads();\n");
    s.append("  }\n");
  }

  private static void fullAgg(StringBuilder s, AggregateOp agg, String call) {
    s.append(shared(agg));
    s.append("  const long long cells = m * n;\n");
    s.append("  ").append(init(agg)).append('\n');
    s.append("""
          for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < cells;
              i += (long long) gridDim.x * blockDim.x) {
            const long long rix = i / n;
            const long long cix = i - rix * n;
            const double e = %s;
        """.formatted(call));
    s.append("    ").append(add(agg, "e")).append('\n');
    s.append("  }\n");
    s.append("  ").append(store(agg, "threadIdx.x")).append('\n');
    s.append("  ").append(tree(agg, "0", "threadIdx.x", "PL_BLOCK", "1")).append('\n');
    s.append("  if (threadIdx.x == 0) {\n");
    s.append("    out[2 * blockIdx.x] = rs[0];\n");
    s.append("    out[2 * blockIdx.x + 1] = ").append(sums(agg) ? "rc[0]" : "0.0").append(";\n");
    s.append("  }\n");
  }

  /** The second pass of FULL_AGG: one block combines the per-block partials in order. */
  private static String finalPass(String name, AggregateOp agg) {
    StringBuilder s = new StringBuilder();
    s.append("extern \"C\" __global__ void ").append(name).append("_final(")
        .append("const double* __restrict__ partials, int count, double* __restrict__ out, "
            + "long long cells) {\n");
    s.append(shared(agg));
    s.append("  ").append(init(agg)).append('\n');
    s.append("  for (int b = threadIdx.x; b < count; b += blockDim.x) {\n");
    if (sums(agg)) {
      s.append("    pl_add(&s, &c, partials[2 * b]);\n");
      s.append("    c += partials[2 * b + 1];\n");
    } else {
      s.append("    ").append(combine(agg, "partials[2 * b]")).append('\n');
    }
    s.append("  }\n");
    s.append("  ").append(store(agg, "threadIdx.x")).append('\n');
    s.append("  ").append(tree(agg, "0", "threadIdx.x", "PL_BLOCK", "1")).append('\n');
    s.append("  if (threadIdx.x == 0) out[0] = ").append(finish(agg, value(agg, "0"), "cells"))
        .append(";\n");
    s.append("}\n");
    return s.toString();
  }

  // ------------------------------------------------------------------ accumulator pieces

  /** Shared memory of the trees: values, and for sums their corrections. */
  private static String shared(AggregateOp agg) {
    return sums(agg) ? "  __shared__ double rs[PL_BLOCK];\n  __shared__ double rc[PL_BLOCK];\n"
        : "  __shared__ double rs[PL_BLOCK];\n";
  }

  static boolean sums(AggregateOp agg) {
    return agg == AggregateOp.SUM || agg == AggregateOp.SUM_SQ || agg == AggregateOp.MEAN;
  }

  private static String init(AggregateOp agg) {
    return switch (agg) {
      case SUM, SUM_SQ, MEAN -> "double s = 0.0, c = 0.0;";
      case MIN -> "double s = PL_INF;";
      case MAX -> "double s = -PL_INF;";
      default -> throw unsupported(agg);
    };
  }

  private static String add(AggregateOp agg, String e) {
    return switch (agg) {
      case SUM, MEAN -> "pl_add(&s, &c, " + e + ");";
      case SUM_SQ -> "pl_add(&s, &c, " + e + " * " + e + ");";
      case MIN, MAX -> combine(agg, e);
      default -> throw unsupported(agg);
    };
  }

  private static String combine(AggregateOp agg, String e) {
    return agg == AggregateOp.MIN ? "s = pl_min(s, " + e + ");" : "s = pl_max(s, " + e + ");";
  }

  private static String store(AggregateOp agg, String slot) {
    return sums(agg) ? "rs[" + slot + "] = s; rc[" + slot + "] = c;" : "rs[" + slot + "] = s;";
  }

  private static String tree(AggregateOp agg, String base, String lane, String lanes,
      String stride) {
    String args = base + ", " + lane + ", " + lanes + ", " + stride + ");";
    return switch (agg) {
      case SUM, SUM_SQ, MEAN -> "pl_tree_sum(rs, rc, " + args;
      case MIN -> "pl_tree_min(rs, " + args;
      case MAX -> "pl_tree_max(rs, " + args;
      default -> throw unsupported(agg);
    };
  }

  private static String value(AggregateOp agg, String slot) {
    return sums(agg) ? "pl_value(rs[" + slot + "], rc[" + slot + "])" : "rs[" + slot + "]";
  }

  /** MEAN divides by the count of cells aggregated (0 cells: 0 / 0 = NaN, its empty value). */
  private static String finish(AggregateOp agg, String value, String count) {
    return agg == AggregateOp.MEAN ? value + " / (double) " + count : value;
  }

  private static UnsupportedOperationException unsupported(AggregateOp agg) {
    return new UnsupportedOperationException("CUDA codegen: a Cell aggregate must be SUM, "
        + "SUM_SQ, MEAN, MIN or MAX, was " + agg);
  }
}
