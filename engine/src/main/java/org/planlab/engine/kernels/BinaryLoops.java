package org.planlab.engine.kernels;

import org.planlab.engine.ops.BinaryOp;

/**
 * The dense inner loops of the binary operators: one plain loop per operator, chosen by a switch
 * outside the loop, so no cell pays for a dispatch and the JIT can vectorize the arithmetic
 * ones. Every loop reads {@code n} values from the given offsets and writes {@code c[ci, ci+n)};
 * the output may alias an input at the same offset.
 *
 * <p>Comparisons and logical operators select an {@code int} 0/1 and store it as a double: C2
 * compiles an int select to a conditional move, but a double select ({@code x < y ? 1.0 : 0.0})
 * to a branch, which mispredicts on random data (measured 6 ms vs 35 ms for 4M cells).
 */
final class BinaryLoops {
  private BinaryLoops() {
  }

  /** {@code c[ci+i] = op(a[ai+i], b[bi+i])} for i in [0, n). */
  static void vectorVector(BinaryOp op, double[] a, int ai, double[] b, int bi, double[] c, int ci,
      int n) {
    switch (op) {
      case PLUS -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = a[ai + i] + b[bi + i];
        }
      }
      case MINUS -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = a[ai + i] - b[bi + i];
        }
      }
      case MULT -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = a[ai + i] * b[bi + i];
        }
      }
      case DIV -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = a[ai + i] / b[bi + i];
        }
      }
      case POW -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.pow(a[ai + i], b[bi + i]);
        }
      }
      case MOD -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = BinaryOp.mod(a[ai + i], b[bi + i]);
        }
      }
      case INTDIV -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = BinaryOp.intDiv(a[ai + i], b[bi + i]);
        }
      }
      case MIN -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.min(a[ai + i], b[bi + i]);
        }
      }
      case MAX -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.max(a[ai + i], b[bi + i]);
        }
      }
      case EQ -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] == b[bi + i] ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case NEQ -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] != b[bi + i] ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case LT -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] < b[bi + i] ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case LE -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] <= b[bi + i] ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case GT -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] > b[bi + i] ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case GE -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] >= b[bi + i] ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case AND -> {
        for (int i = 0; i < n; i++) {
          int t = (a[ai + i] != 0) & (b[bi + i] != 0) ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case OR -> {
        for (int i = 0; i < n; i++) {
          int t = (a[ai + i] != 0) | (b[bi + i] != 0) ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case LOG -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = BinaryOp.log(a[ai + i], b[bi + i]);
        }
      }
      default -> {
        // xor and the bitwise operators: rare enough that a per-cell call is fine
        for (int i = 0; i < n; i++) {
          c[ci + i] = op.apply(a[ai + i], b[bi + i]);
        }
      }
    }
  }

  /** {@code c[ci+i] = op(a[ai+i], s)} for i in [0, n). */
  static void vectorScalar(BinaryOp op, double[] a, int ai, double s, double[] c, int ci, int n) {
    switch (op) {
      case PLUS -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = a[ai + i] + s;
        }
      }
      case MINUS -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = a[ai + i] - s;
        }
      }
      case MULT -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = a[ai + i] * s;
        }
      }
      case DIV -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = a[ai + i] / s;
        }
      }
      case POW -> {
        if (s == 2) { // BinaryOp.pow's square, as a loop the JIT vectorizes
          for (int i = 0; i < n; i++) {
            c[ci + i] = a[ai + i] * a[ai + i];
          }
        } else {
          for (int i = 0; i < n; i++) {
            c[ci + i] = Math.pow(a[ai + i], s);
          }
        }
      }
      case MOD -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = BinaryOp.mod(a[ai + i], s);
        }
      }
      case INTDIV -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = BinaryOp.intDiv(a[ai + i], s);
        }
      }
      case MIN -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.min(a[ai + i], s);
        }
      }
      case MAX -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.max(a[ai + i], s);
        }
      }
      case EQ -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] == s ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case NEQ -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] != s ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case LT -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] < s ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case LE -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] <= s ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case GT -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] > s ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case GE -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] >= s ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case AND -> {
        for (int i = 0; i < n; i++) {
          int t = (a[ai + i] != 0) & (s != 0) ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case OR -> {
        for (int i = 0; i < n; i++) {
          int t = (a[ai + i] != 0) | (s != 0) ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case LOG -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = BinaryOp.log(a[ai + i], s);
        }
      }
      default -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = op.apply(a[ai + i], s);
        }
      }
    }
  }

  /** {@code c[ci+i] = op(s, b[bi+i])} for i in [0, n). */
  static void scalarVector(BinaryOp op, double s, double[] b, int bi, double[] c, int ci, int n) {
    if (op.commutative()) {
      vectorScalar(op, b, bi, s, c, ci, n);
      return;
    }
    switch (op) {
      // comparisons mirrored: s < x is x > s, NaN included
      case LT -> vectorScalar(BinaryOp.GT, b, bi, s, c, ci, n);
      case LE -> vectorScalar(BinaryOp.GE, b, bi, s, c, ci, n);
      case GT -> vectorScalar(BinaryOp.LT, b, bi, s, c, ci, n);
      case GE -> vectorScalar(BinaryOp.LE, b, bi, s, c, ci, n);
      case MINUS -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = s - b[bi + i];
        }
      }
      case DIV -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = s / b[bi + i];
        }
      }
      case POW -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.pow(s, b[bi + i]);
        }
      }
      case MOD -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = BinaryOp.mod(s, b[bi + i]);
        }
      }
      case INTDIV -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = BinaryOp.intDiv(s, b[bi + i]);
        }
      }
      case LOG -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = BinaryOp.log(s, b[bi + i]);
        }
      }
      default -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = op.apply(s, b[bi + i]);
        }
      }
    }
  }

  /** {@code op(a, s)} or {@code op(s, a)} over a vector, by side. */
  static void withScalar(BinaryOp op, double[] a, int ai, double s, boolean scalarOnLeft,
      double[] c, int ci, int n) {
    if (scalarOnLeft) {
      scalarVector(op, s, a, ai, c, ci, n);
    } else {
      vectorScalar(op, a, ai, s, c, ci, n);
    }
  }

  /** Rows at most this wide get one loop nest per operator instead of a call per row. */
  static final int NARROW_COLS = 16;

  /**
   * Rows [from, to) of a dense {@code rows x cols} matrix {@code a} with the column vector
   * {@code s} (row r uses {@code s[r]}), into {@code c}. Narrow rows (a softmax's few classes)
   * with + - * / run a dedicated loop nest: a call per row, each with its own loop set-up,
   * costs more than the row's few cells. The arithmetic is the same per cell either way.
   */
  static void rowsWithColumn(BinaryOp op, double[] a, double[] s, boolean scalarOnLeft,
      double[] c, int from, int to, int cols) {
    if (cols <= NARROW_COLS && !scalarOnLeft) {
      switch (op) {
        case PLUS -> {
          for (int r = from, o = from * cols; r < to; r++, o += cols) {
            double sr = s[r];
            for (int j = o; j < o + cols; j++) {
              c[j] = a[j] + sr;
            }
          }
          return;
        }
        case MINUS -> {
          for (int r = from, o = from * cols; r < to; r++, o += cols) {
            double sr = s[r];
            for (int j = o; j < o + cols; j++) {
              c[j] = a[j] - sr;
            }
          }
          return;
        }
        case MULT -> {
          for (int r = from, o = from * cols; r < to; r++, o += cols) {
            double sr = s[r];
            for (int j = o; j < o + cols; j++) {
              c[j] = a[j] * sr;
            }
          }
          return;
        }
        case DIV -> {
          for (int r = from, o = from * cols; r < to; r++, o += cols) {
            double sr = s[r];
            for (int j = o; j < o + cols; j++) {
              c[j] = a[j] / sr;
            }
          }
          return;
        }
        default -> {
          // the general per-row loop below
        }
      }
    }
    for (int r = from; r < to; r++) {
      withScalar(op, a, r * cols, s[r], scalarOnLeft, c, r * cols, cols);
    }
  }
}
