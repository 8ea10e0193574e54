package org.planlab.gpu.cuda;

import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;

/**
 * The device functions every generated CUDA program starts with: DML's scalar semantics exactly
 * as {@link UnaryOp#apply} and {@link BinaryOp#apply} define them (Java's {@code Math.min},
 * {@code Math.pow} and planlab's round/sign/mod differ from their C namesakes on NaN, signed
 * zeros and infinities), compensated summation as {@code KahanSum} does it, and the block-wide
 * tree reductions the skeletons and the Row template's vector primitives share (fusion paper,
 * sec. 2.2: the skeleton owns aggregation, the generated body computes one cell or row).
 *
 * <p>The text uses no header: NVRTC compiles it as is, and so does {@code nvcc}. Finiteness and
 * sign tests are written with plain comparisons and {@code __double_as_longlong}, which both
 * compilers provide without includes.
 */
final class CudaPrelude {

  /** The prelude's source text; {@code block} threads per block, a power of two. */
  static String text(int block) {
    return """
        // planlab CUDA prelude: DML scalar semantics (engine ops.UnaryOp, ops.BinaryOp)
        #define PL_BLOCK %d
        #define PL_NAN __longlong_as_double(0x7ff8000000000000LL)
        #define PL_INF __longlong_as_double(0x7ff0000000000000LL)

        // Math.min / Math.max: NaN propagates, min(0, -0) = -0, max(-0, 0) = 0
        __device__ __forceinline__ double pl_min(double a, double b) {
          if (a != a) return a;
          if (b != b) return b;
          if (a == 0.0 && b == 0.0) return __double_as_longlong(a) < 0 ? a : b;
          return a <= b ? a : b;
        }
        __device__ __forceinline__ double pl_max(double a, double b) {
          if (a != a) return a;
          if (b != b) return b;
          if (a == 0.0 && b == 0.0) return __double_as_longlong(a) < 0 ? b : a;
          return a >= b ? a : b;
        }
        // Math.pow: a NaN exponent gives NaN and (+-1)^(+-Inf) is NaN, where C's pow gives 1
        __device__ __forceinline__ double pl_pow(double a, double b) {
          if (b != b) return b;
          if (b == 0.0) return 1.0;
          if (fabs(a) == 1.0 && fabs(b) == PL_INF) return PL_NAN;
          return pow(a, b);
        }
        // integer division as SystemDS 3.3.0: the quotient truncated through a long (saturating at +-2^63,
        // where C's cast is undefined), NaN and +-Inf quotients kept; (long long) of -0.5 is 0
        __device__ __forceinline__ double pl_intdiv(double a, double b) {
          double q = a / b;
          if (q != q || fabs(q) == PL_INF) return q;
          if (q >= 9223372036854775808.0) return 9223372036854775808.0;
          if (q <= -9223372036854775808.0) return -9223372036854775808.0;
          return (double) (long long) q;
        }
        // a - intdiv(a, b)*b with the dividend's sign; NaN for b == 0 or +-Inf
        __device__ __forceinline__ double pl_mod(double a, double b) {
          return a - pl_intdiv(a, b) * b;
        }
        // Java's double to int cast: truncates, saturates, NaN to 0 (C's cast is undefined there)
        __device__ __forceinline__ int pl_toint(double x) {
          if (x != x) return 0;
          if (x >= 2147483647.0) return 2147483647;
          if (x <= -2147483648.0) return -2147483647 - 1;
          return (int) x;
        }
        __device__ __forceinline__ double pl_xor(double a, double b) {
          return ((a != 0.0) != (b != 0.0)) ? 1.0 : 0.0;
        }
        // Java's int shifts: the count modulo 32, the left shift through unsigned (no overflow)
        __device__ __forceinline__ double pl_shiftl(double a, double b) {
          int r = (int) ((unsigned int) pl_toint(a) << (pl_toint(b) & 31));
          return r == -2147483647 - 1 ? PL_NAN : (double) r;
        }
        __device__ __forceinline__ double pl_shiftr(double a, double b) {
          return (double) (pl_toint(a) >> (pl_toint(b) & 31));
        }
        __device__ __forceinline__ double pl_and(double a, double b) {
          return (a != 0.0 && b != 0.0) ? 1.0 : 0.0;
        }
        __device__ __forceinline__ double pl_or(double a, double b) {
          return (a != 0.0 || b != 0.0) ? 1.0 : 0.0;
        }
        __device__ __forceinline__ double pl_logb(double a, double base) {
          return log(a) / log(base);
        }
        // halves up; NaN, +-Inf and every |x| >= 2^52 (already integral) are kept
        __device__ __forceinline__ double pl_round(double x) {
          if (!(fabs(x) < 4503599627370496.0)) return x;
          double t = floor(x);
          return x - t >= 0.5 ? t + 1.0 : t;
        }
        __device__ __forceinline__ double pl_sign(double x) {
          return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : (x == 0.0 ? 0.0 : x));
        }
        __device__ __forceinline__ double pl_sigmoid(double x) {
          return 1.0 / (1.0 + exp(-x));
        }

        // compensated summation (KahanSum): TwoSum into a running sum s and an error c
        __device__ __forceinline__ void pl_add(double* s, double* c, double x) {
          double t = *s + x;
          double bp = t - *s;
          *c += (*s - (t - bp)) + (x - bp);
          *s = t;
        }
        // the compensated value; the plain sum once it is infinite or NaN
        __device__ __forceinline__ double pl_value(double s, double c) {
          return fabs(s) < PL_INF ? s + c : s;
        }

        // Tree reductions over `lanes` (a power of two) shared-memory slots `stride` apart from
        // `base`; the slot at `base` receives the result. Every thread of the block calls them.
        __device__ void pl_tree_sum(double* rs, double* rc, int base, int lane, int lanes,
            int stride) {
          for (int h = lanes / 2; h > 0; h >>= 1) {
            __syncthreads();
            if (lane < h) {
              int i = base + lane * stride;
              int j = i + h * stride;
              pl_add(&rs[i], &rc[i], rs[j]);
              rc[i] += rc[j];
            }
          }
          __syncthreads();
        }
        __device__ void pl_tree_min(double* r, int base, int lane, int lanes, int stride) {
          for (int h = lanes / 2; h > 0; h >>= 1) {
            __syncthreads();
            if (lane < h) {
              int i = base + lane * stride;
              r[i] = pl_min(r[i], r[i + h * stride]);
            }
          }
          __syncthreads();
        }
        __device__ void pl_tree_max(double* r, int base, int lane, int lanes, int stride) {
          for (int h = lanes / 2; h > 0; h >>= 1) {
            __syncthreads();
            if (lane < h) {
              int i = base + lane * stride;
              r[i] = pl_max(r[i], r[i + h * stride]);
            }
          }
          __syncthreads();
        }

        // Block-wide results of a one-dimensional block, returned to every thread.
        __device__ double pl_block_sum(double s, double c, double* rs, double* rc) {
          rs[threadIdx.x] = s;
          rc[threadIdx.x] = c;
          pl_tree_sum(rs, rc, 0, threadIdx.x, PL_BLOCK, 1);
          double r = pl_value(rs[0], rc[0]);
          __syncthreads();
          return r;
        }
        __device__ double pl_block_min(double v, double* r) {
          r[threadIdx.x] = v;
          pl_tree_min(r, 0, threadIdx.x, PL_BLOCK, 1);
          double x = r[0];
          __syncthreads();
          return x;
        }
        __device__ double pl_block_max(double v, double* r) {
          r[threadIdx.x] = v;
          pl_tree_max(r, 0, threadIdx.x, PL_BLOCK, 1);
          double x = r[0];
          __syncthreads();
          return x;
        }

        // Row template vector primitives (engine VectorOps), one block per row
        __device__ double pl_vsum(const double* v, long long len, double* rs, double* rc) {
          double s = 0.0, c = 0.0;
          for (long long j = threadIdx.x; j < len; j += blockDim.x) pl_add(&s, &c, v[j]);
          return pl_block_sum(s, c, rs, rc);
        }
        __device__ double pl_vsumsq(const double* v, long long len, double* rs,
            double* rc) {
          double s = 0.0, c = 0.0;
          for (long long j = threadIdx.x; j < len; j += blockDim.x) pl_add(&s, &c, v[j] * v[j]);
          return pl_block_sum(s, c, rs, rc);
        }
        __device__ double pl_vmin(const double* v, long long len, double* rs) {
          double x = PL_INF;
          for (long long j = threadIdx.x; j < len; j += blockDim.x) x = pl_min(x, v[j]);
          return pl_block_min(x, rs);
        }
        __device__ double pl_vmax(const double* v, long long len, double* rs) {
          double x = -PL_INF;
          for (long long j = threadIdx.x; j < len; j += blockDim.x) x = pl_max(x, v[j]);
          return pl_block_max(x, rs);
        }
        __device__ double pl_vdot(const double* l, const double* r, long long len,
            double* rs, double* rc) {
          double s = 0.0, c = 0.0;
          for (long long j = threadIdx.x; j < len; j += blockDim.x) pl_add(&s, &c, l[j] * r[j]);
          return pl_block_sum(s, c, rs, rc);
        }
        // out[0..p) = v[0..len) times the row-major len x p matrix M: few outputs are each a
        // block-wide dot product, many outputs one thread each (coalesced over M's columns)
        __device__ void pl_vmatmult(const double* v, long long len, const double* M,
            long long p, double* out, double* rs, double* rc) {
          if (p < PL_BLOCK / 8) {
            for (long long j = 0; j < p; j++) {
              double s = 0.0, c = 0.0;
              for (long long i = threadIdx.x; i < len; i += blockDim.x) {
                pl_add(&s, &c, v[i] * M[i * p + j]);
              }
              double x = pl_block_sum(s, c, rs, rc);
              if (threadIdx.x == 0) out[j] = x;
            }
          } else {
            for (long long j = threadIdx.x; j < p; j += blockDim.x) {
              double s = 0.0, c = 0.0;
              for (long long i = 0; i < len; i++) pl_add(&s, &c, v[i] * M[i * p + j]);
              out[j] = pl_value(s, c);
            }
          }
          __syncthreads();
        }
        """.formatted(block);
  }

  /** The CUDA expression of {@code op(x)}. */
  static String unary(UnaryOp op, String x) {
    return switch (op) {
      case ABS -> "fabs(" + x + ")";
      case EXP -> "exp(" + x + ")";
      case LOG -> "log(" + x + ")";
      case SQRT -> "sqrt(" + x + ")";
      case ROUND -> "pl_round(" + x + ")";
      case FLOOR -> "floor(" + x + ")";
      case CEIL -> "ceil(" + x + ")";
      case SIGN -> "pl_sign(" + x + ")";
      case SIGMOID -> "pl_sigmoid(" + x + ")";
      case TANH -> "tanh(" + x + ")";
      case SIN -> "sin(" + x + ")";
      case COS -> "cos(" + x + ")";
      case ISNAN -> "(" + x + " != " + x + " ? 1.0 : 0.0)";
      case NOT -> "(" + x + " == 0.0 ? 1.0 : 0.0)";
      case NEG -> "(-" + x + ")";
      case ISINF -> "(fabs(" + x + ") == PL_INF ? 1.0 : 0.0)";
      case TAN -> "tan(" + x + ")";
      case ASIN -> "asin(" + x + ")";
      case ACOS -> "acos(" + x + ")";
      case ATAN -> "atan(" + x + ")";
      case SINH -> "sinh(" + x + ")";
      case COSH -> "cosh(" + x + ")";
    };
  }

  /** The CUDA expression of {@code op(a, b)}; comparisons give 1.0 or 0.0 (IEEE on NaN). */
  static String binary(BinaryOp op, String a, String b) {
    return switch (op) {
      case PLUS -> "(" + a + " + " + b + ")";
      case MINUS -> "(" + a + " - " + b + ")";
      case MULT -> "(" + a + " * " + b + ")";
      case DIV -> "(" + a + " / " + b + ")";
      case POW -> "pl_pow(" + a + ", " + b + ")";
      case MOD -> "pl_mod(" + a + ", " + b + ")";
      case INTDIV -> "pl_intdiv(" + a + ", " + b + ")";
      case MIN -> "pl_min(" + a + ", " + b + ")";
      case MAX -> "pl_max(" + a + ", " + b + ")";
      case EQ -> compare(a, "==", b);
      case NEQ -> compare(a, "!=", b);
      case LT -> compare(a, "<", b);
      case LE -> compare(a, "<=", b);
      case GT -> compare(a, ">", b);
      case GE -> compare(a, ">=", b);
      case AND -> "pl_and(" + a + ", " + b + ")";
      case OR -> "pl_or(" + a + ", " + b + ")";
      case LOG -> "pl_logb(" + a + ", " + b + ")";
      case XOR -> "pl_xor(" + a + ", " + b + ")";
      case BITW_AND -> "(double) (pl_toint(" + a + ") & pl_toint(" + b + "))";
      case BITW_OR -> "(double) (pl_toint(" + a + ") | pl_toint(" + b + "))";
      case BITW_XOR -> "(double) (pl_toint(" + a + ") ^ pl_toint(" + b + "))";
      case BITW_SHIFTL -> "pl_shiftl(" + a + ", " + b + ")";
      case BITW_SHIFTR -> "pl_shiftr(" + a + ", " + b + ")";
    };
  }

  private static String compare(String a, String cmp, String b) {
    return "(" + a + " " + cmp + " " + b + " ? 1.0 : 0.0)";
  }

  /** Whether the skeletons aggregate with {@code op}: SUM, SUM_SQ, MEAN, MIN, MAX. */
  static boolean aggregates(AggregateOp op) {
    return switch (op) {
      case SUM, SUM_SQ, MEAN, MIN, MAX -> true;
      default -> false;
    };
  }

  private CudaPrelude() {
  }
}
