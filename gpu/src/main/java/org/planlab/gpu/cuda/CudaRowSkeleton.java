package org.planlab.gpu.cuda;

import java.util.List;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.runtime.RowType;

/**
 * The Row template's skeleton in CUDA (fusion paper, sec. 2.2): one block per row of the main
 * input (a grid-stride loop over the rows, so a grid of any size covers them), the generated
 * statements of one row inside the loop, run by all threads of the block together (the vector
 * primitives of {@link CudaPrelude} split each vector over the threads and reduce with shared
 * memory trees).
 *
 * <p>Output by {@link RowType}, as {@code SpoofRowwise} writes it: NO_AGG writes row
 * {@code rix} of the m x len (or m x 1) output; COL_AGG, FULL_AGG and COL_AGG_T accumulate
 * into a per-block partial of the output (compensated: a sum and a correction array of
 * {@code size} doubles each), and {@code <name>_final} adds the blocks' partials in block
 * order, one thread per output cell — no atomics, so results are deterministic.
 *
 * <p>Scratch ({@code work}): the blocks' partials ({@code 2 * size} doubles per block, none for
 * NO_AGG), then per block {@code slots} vector temporaries of {@code stride} doubles, stride
 * being the longest vector a row computes.
 *
 * <p>Kernel parameters: {@code (const double* a, double* out, long long m, long long n, b0,
 * b0n, ..., s0, ..., double* work, long long size, long long stride)}; {@code <name>_final}:
 * {@code (const double* work, int blocks, long long size, double* out)}.
 */
final class CudaRowSkeleton {
  private CudaRowSkeleton() {
  }

  /** Emits the root's write of one row into {@code body}, after the root's statements. */
  static void writeRoot(CudaBodyEmitter body, CNode out, RowType type) {
    switch (type) {
      case NO_AGG -> {
        CudaBodyEmitter.Value v = body.emit(out);
        if (v instanceof CudaBodyEmitter.Vector vec) {
          body.add("for (long long j = threadIdx.x; j < " + vec.length() + "; j += blockDim.x) "
              + "out[rix * " + vec.length() + " + j] = " + vec.ptr() + "[j];");
        } else {
          body.add("if (threadIdx.x == 0) out[rix] = "
              + ((CudaBodyEmitter.Scalar) v).expr() + ";");
        }
      }
      case COL_AGG -> {
        CudaBodyEmitter.Value v = body.emit(out);
        if (v instanceof CudaBodyEmitter.Vector vec) {
          body.add("for (long long j = threadIdx.x; j < " + vec.length() + "; j += blockDim.x) "
              + "pl_add(&part[j], &part[size + j], " + vec.ptr() + "[j]);");
        } else {
          body.add(addToFirstCell(((CudaBodyEmitter.Scalar) v).expr()));
        }
      }
      case FULL_AGG -> body.add(addToFirstCell(body.scalar(out)));
      case COL_AGG_T -> outerAdd(body, (CNode.OuterAdd) out);
      default -> throw new IllegalStateException("unknown row type " + type);
    }
  }

  /**
   * {@code part += t(left) %*% right} for one row: len(left) x len(right) products, a scalar
   * operand counting as a vector of length 1.
   */
  private static void outerAdd(CudaBodyEmitter body, CNode.OuterAdd root) {
    CudaBodyEmitter.Value l = body.emit(root.left());
    CudaBodyEmitter.Value r = body.emit(root.right());
    if (l instanceof CudaBodyEmitter.Vector lv && r instanceof CudaBodyEmitter.Vector rv) {
      String lr = rv.length();
      body.add("for (long long k = threadIdx.x; k < " + lv.length() + " * " + lr
          + "; k += blockDim.x) { const long long i = k / " + lr
          + "; const long long j = k - i * " + lr + "; pl_add(&part[k], &part[size + k], "
          + lv.ptr() + "[i] * " + rv.ptr() + "[j]); }");
    } else if (l instanceof CudaBodyEmitter.Vector lv) {
      body.add(scaledAdd(lv, ((CudaBodyEmitter.Scalar) r).expr()));
    } else if (r instanceof CudaBodyEmitter.Vector rv) {
      body.add(scaledAdd(rv, ((CudaBodyEmitter.Scalar) l).expr()));
    } else {
      body.add(addToFirstCell(((CudaBodyEmitter.Scalar) l).expr() + " * "
          + ((CudaBodyEmitter.Scalar) r).expr()));
    }
  }

  /** {@code part[j] += v[j] * s}: an outer product with a one-element side. */
  private static String scaledAdd(CudaBodyEmitter.Vector v, String s) {
    return "for (long long j = threadIdx.x; j < " + v.length() + "; j += blockDim.x) "
        + "pl_add(&part[j], &part[size + j], " + v.ptr() + "[j] * " + s + ");";
  }

  private static String addToFirstCell(String expr) {
    return "if (threadIdx.x == 0) pl_add(&part[0], &part[size], " + expr + ");";
  }

  /** The kernels of a Row operator named {@code name} (see the class comment). */
  static String kernels(String name, RowType type, List<String> params, List<String> body,
      int slots) {
    String extra = params.isEmpty() ? "" : ", " + String.join(", ", params);
    boolean aggregates = type != RowType.NO_AGG;
    StringBuilder s = new StringBuilder();
    s.append("extern \"C\" __global__ void ").append(name)
        .append("(const double* __restrict__ a, double* __restrict__ out, long long m, "
            + "long long n").append(extra)
        .append(", double* __restrict__ work, long long size, long long stride) {\n");
    s.append("  __shared__ double rs[PL_BLOCK];\n");
    s.append("  __shared__ double rc[PL_BLOCK];\n");
    if (aggregates) {
      s.append("  double* part = work + 2 * size * blockIdx.x;\n");
    }
    if (slots > 0) {
      s.append("  double* tmp = work + 2 * size * gridDim.x + blockIdx.x * ").append(slots)
          .append("LL * stride;\n");
    }
    if (aggregates) {
      s.append("  for (long long k = threadIdx.x; k < 2 * size; k += blockDim.x) "
          + "part[k] = 0.0;\n");
    }
    s.append("  __syncthreads();\n");
    s.append("  for (long long rix = blockIdx.x; rix < m; rix += gridDim.x) {\n");
    s.append("    const double* arow = a + rix * n;\n");
    for (String statement : body) {
      s.append("    ").append(statement).append('\n');
    }
    s.append("    __syncthreads();\n");
    s.append("  }\n");
    s.append("}\n");
    if (aggregates) {
      s.append('\n');
      s.append("extern \"C\" __global__ void ").append(name).append("_final(")
          .append("const double* __restrict__ work, int blocks, long long size, "
              + "double* __restrict__ out) {\n");
      s.append("""
            for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < size;
                i += (long long) gridDim.x * blockDim.x) {
              double s = 0.0, c = 0.0;
              for (int b = 0; b < blocks; b++) {
                pl_add(&s, &c, work[2 * size * b + i]);
                c += work[2 * size * b + size + i];
              }
              out[i] = pl_value(s, c);
            }
          }
          """);
    }
    return s.toString();
  }
}
