package org.planlab.engine.compile.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.planlab.engine.compile.TestHops.agg;
import static org.planlab.engine.compile.TestHops.binary;
import static org.planlab.engine.compile.TestHops.dag;
import static org.planlab.engine.compile.TestHops.index;
import static org.planlab.engine.compile.TestHops.lit;
import static org.planlab.engine.compile.TestHops.mm;
import static org.planlab.engine.compile.TestHops.op;
import static org.planlab.engine.compile.TestHops.read;
import static org.planlab.engine.compile.TestHops.t;
import static org.planlab.engine.compile.TestHops.unary;
import static org.planlab.engine.compile.TestHops.write;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.planlab.engine.compile.size.ScalarEnvironment;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

/**
 * Every dynamic rewrite must preserve values: each expression is evaluated before and after
 * {@link DynamicRewriter#rewrite} by an independent naive interpreter over double[][] (written
 * here, not the engine's kernels), over random data of several shapes including empty matrices
 * and vectors.
 */
class RewriteEquivalenceTest {

  static List<Hop> expressions(long n, long m) {
    Hop x = read("X");
    Hop e = read("E");
    Hop v = read("v");
    return List.of(
        index(x, lit(1L), lit(n), lit(1L), lit(m)),
        index(e, lit(1L), lit(1L), lit(1L), lit(m)),
        op(org.planlab.engine.ir.OpCode.LEFT_INDEX, x, read("X2"), lit(1L), lit(n), lit(1L),
            lit(m)),
        agg(AggregateOp.SUM, Direction.ROW, v),
        agg(AggregateOp.SUM, Direction.COL, v),
        agg(AggregateOp.MAX, Direction.COL, v),
        agg(AggregateOp.MEAN, Direction.ROW, read("r")),
        agg(AggregateOp.SUM, Direction.COL, e),
        binary(BinaryOp.MULT, lit(2.0), agg(AggregateOp.SUM, Direction.FULL, e)),
        binary(BinaryOp.PLUS, x, e),
        binary(BinaryOp.PLUS, e, x),
        binary(BinaryOp.MINUS, x, e),
        binary(BinaryOp.MULT, x, e),
        mm(e, read("Y")),
        t(e),
        unary(UnaryOp.ROUND, e),
        mm(op(org.planlab.engine.ir.OpCode.DIAG, v), x),
        op(org.planlab.engine.ir.OpCode.DIAG, mm(x, t(read("X2")))),
        mm(unary(UnaryOp.NEG, t(x)), v),
        mm(t(x), v),
        mm(mm(mm(read("A"), x), read("Y")), read("d3")),
        mm(mm(mm(t(x), op(org.planlab.engine.ir.OpCode.DIAG, v)), x), read("dm")),
        agg(AggregateOp.SUM, Direction.FULL, mm(e, read("Y"))),
        agg(AggregateOp.SUM, Direction.FULL, mm(x, t(read("X2")))),
        agg(AggregateOp.SUM, Direction.COL, mm(x, t(read("X2")))),
        agg(AggregateOp.SUM, Direction.ROW, mm(x, t(read("X2")))));
  }

  @Test
  void rewrittenDagsComputeTheSameValues() {
    int[][] shapes = {{1, 1}, {1, 3}, {3, 1}, {4, 3}, {6, 2}, {40, 10}};
    int rewritten = 0;
    for (int[] shape : shapes) {
      for (int seed = 0; seed < 3; seed++) {
        Random rnd = new Random(seed * 31L + shape[0]);
        int n = shape[0];
        int m = shape[1];
        Map<String, double[][]> vars = new HashMap<>();
        vars.put("X", random(rnd, n, m, seed == 2 ? 0.3 : 1.0));
        vars.put("X2", random(rnd, n, m, 1.0));
        vars.put("E", new double[n][m]);
        vars.put("v", random(rnd, n, 1, 1.0));
        vars.put("r", random(rnd, 1, m, 1.0));
        vars.put("Y", random(rnd, m, 3, 1.0));
        vars.put("A", random(rnd, n, n, 1.0));
        vars.put("d3", random(rnd, 3, 1, 1.0));
        vars.put("dm", random(rnd, m, 1, 1.0));
        Map<String, DataCharacteristics> sizes = new HashMap<>();
        vars.forEach((k, a) -> sizes.put(k, new DataCharacteristics(a.length, a[0].length,
            nnz(a))));
        for (Hop expr : expressions(n, m)) {
          HopDag before = dag(write("out", expr));
          RewriteResult r = DynamicRewriter.rewrite(before, sizes, ScalarEnvironment.empty());
          if (r.dag() != before) {
            rewritten++;
          }
          Object want = new Interpreter(vars).eval(expr);
          Object got = new Interpreter(vars).eval(r.dag().roots().get(0).input(0));
          assertSameValue(want, got, "shape " + n + "x" + m + " seed " + seed + ": " + expr);
        }
      }
    }
    assertTrue(rewritten > 50, "too few rewrites applied: " + rewritten);
  }

  static double[][] random(Random rnd, int r, int c, double sparsity) {
    double[][] a = new double[r][c];
    for (double[] row : a) {
      for (int j = 0; j < c; j++) {
        row[j] = rnd.nextDouble() < sparsity ? rnd.nextInt(19) - 9 + rnd.nextDouble() : 0;
      }
    }
    return a;
  }

  static long nnz(double[][] a) {
    long n = 0;
    for (double[] row : a) {
      for (double x : row) {
        n += x != 0 ? 1 : 0;
      }
    }
    return n;
  }

  static void assertSameValue(Object want, Object got, String what) {
    if (want instanceof Double w) {
      assertTrue(got instanceof Double, what);
      assertEquals(w, (Double) got, 1e-9 * Math.max(1, Math.abs(w)), what);
      return;
    }
    double[][] a = (double[][]) want;
    double[][] b = (double[][]) got;
    assertEquals(a.length, b.length, what);
    for (int i = 0; i < a.length; i++) {
      assertEquals(a[i].length, b[i].length, what);
      for (int j = 0; j < a[i].length; j++) {
        assertEquals(a[i][j], b[i][j], 1e-9 * Math.max(1, Math.abs(a[i][j])), what);
      }
    }
  }

  /** A naive reference interpreter for the opcodes these expressions and rewrites produce. */
  static final class Interpreter {
    private final Map<String, double[][]> vars;
    private final Map<Hop, Object> memo = new IdentityHashMap<>();

    Interpreter(Map<String, double[][]> vars) {
      this.vars = vars;
    }

    Object eval(Hop h) {
      Object v = memo.get(h);
      if (v == null) {
        v = compute(h);
        memo.put(h, v);
      }
      return v;
    }

    private double[][] m(Hop h) {
      return (double[][]) eval(h);
    }

    private double s(Hop h) {
      return (Double) eval(h);
    }

    private Object compute(Hop h) {
      switch (h.op()) {
        case LITERAL:
          return h.param(HopParam.Literal.class).value().asDouble();
        case READ_VAR:
          return vars.get(h.param(HopParam.Variable.class).name());
        case FILL: {
          double[][] a = new double[(int) s(h.input(1))][(int) s(h.input(2))];
          double val = s(h.input(0));
          for (double[] row : a) {
            java.util.Arrays.fill(row, val);
          }
          return a;
        }
        case BINARY:
          return binary(h);
        case UNARY: {
          UnaryOp op = h.param(HopParam.Unary.class).op();
          if (h.input(0).isScalar()) {
            return op.apply(s(h.input(0)));
          }
          double[][] a = m(h.input(0));
          double[][] out = new double[a.length][a[0].length];
          for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
              out[i][j] = op == UnaryOp.NEG ? -a[i][j] : op == UnaryOp.ROUND
                  ? Math.round(a[i][j]) : op.apply(a[i][j]);
            }
          }
          return out;
        }
        case MATMULT: {
          double[][] a = m(h.input(0));
          double[][] b = m(h.input(1));
          double[][] out = new double[a.length][b[0].length];
          for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b[0].length; j++) {
              double acc = 0;
              for (int k = 0; k < b.length; k++) {
                acc += a[i][k] * b[k][j];
              }
              out[i][j] = acc;
            }
          }
          return out;
        }
        case TRANSPOSE: {
          double[][] a = m(h.input(0));
          double[][] out = new double[a[0].length][a.length];
          for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
              out[j][i] = a[i][j];
            }
          }
          return out;
        }
        case DIAG: {
          double[][] a = m(h.input(0));
          if (a.length == a[0].length) {
            double[][] out = new double[a.length][1];
            for (int i = 0; i < a.length; i++) {
              out[i][0] = a[i][i];
            }
            return out;
          }
          double[][] out = new double[a.length][a.length];
          for (int i = 0; i < a.length; i++) {
            out[i][i] = a[i][0];
          }
          return out;
        }
        case AGGREGATE:
          return aggregate(h);
        case CAST_MATRIX:
          return new double[][] {{s(h.input(0))}};
        case RIGHT_INDEX: {
          double[][] a = m(h.input(0));
          int rl = (int) s(h.input(1)) - 1;
          int ru = (int) s(h.input(2));
          int cl = (int) s(h.input(3)) - 1;
          int cu = (int) s(h.input(4));
          double[][] out = new double[ru - rl][cu - cl];
          for (int i = rl; i < ru; i++) {
            for (int j = cl; j < cu; j++) {
              out[i - rl][j - cl] = a[i][j];
            }
          }
          return out;
        }
        case LEFT_INDEX: {
          double[][] a = m(h.input(0));
          double[][] y = m(h.input(1));
          int rl = (int) s(h.input(2)) - 1;
          int cl = (int) s(h.input(4)) - 1;
          double[][] out = new double[a.length][];
          for (int i = 0; i < a.length; i++) {
            out[i] = a[i].clone();
          }
          for (int i = 0; i < y.length; i++) {
            for (int j = 0; j < y[0].length; j++) {
              out[rl + i][cl + j] = y[i][j];
            }
          }
          return out;
        }
        default:
          fail("interpreter does not support " + h.op());
          return null;
      }
    }

    private Object binary(Hop h) {
      BinaryOp op = h.param(HopParam.Binary.class).op();
      Hop a = h.input(0);
      Hop b = h.input(1);
      if (a.isScalar() && b.isScalar()) {
        return op.apply(s(a), s(b));
      }
      double[][] x = a.isMatrix() ? m(a) : null;
      double[][] y = b.isMatrix() ? m(b) : null;
      int rows = Math.max(x == null ? 0 : x.length, y == null ? 0 : y.length);
      int cols = Math.max(x == null ? 0 : x[0].length, y == null ? 0 : y[0].length);
      double[][] out = new double[rows][cols];
      for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
          double l = x == null ? s(a) : x[x.length == 1 ? 0 : i][x[0].length == 1 ? 0 : j];
          double r = y == null ? s(b) : y[y.length == 1 ? 0 : i][y[0].length == 1 ? 0 : j];
          out[i][j] = op.apply(l, r);
        }
      }
      return out;
    }

    private Object aggregate(Hop h) {
      HopParam.Aggregate p = h.param(HopParam.Aggregate.class);
      double[][] a = m(h.input(0));
      int rows = a.length;
      int cols = a[0].length;
      switch (p.direction()) {
        case FULL: {
          List<Double> all = new ArrayList<>();
          for (double[] row : a) {
            for (double x : row) {
              all.add(x);
            }
          }
          return reduce(p.op(), all);
        }
        case ROW: {
          double[][] out = new double[rows][1];
          for (int i = 0; i < rows; i++) {
            List<Double> vals = new ArrayList<>();
            for (double x : a[i]) {
              vals.add(x);
            }
            out[i][0] = reduce(p.op(), vals);
          }
          return out;
        }
        default: {
          double[][] out = new double[1][cols];
          for (int j = 0; j < cols; j++) {
            List<Double> vals = new ArrayList<>();
            for (double[] row : a) {
              vals.add(row[j]);
            }
            out[0][j] = reduce(p.op(), vals);
          }
          return out;
        }
      }
    }

    private static double reduce(AggregateOp op, List<Double> vals) {
      double acc = switch (op) {
        case MAX -> Double.NEGATIVE_INFINITY;
        case MIN -> Double.POSITIVE_INFINITY;
        case PROD -> 1;
        default -> 0;
      };
      for (double x : vals) {
        acc = switch (op) {
          case MAX -> Math.max(acc, x);
          case MIN -> Math.min(acc, x);
          case PROD -> acc * x;
          case SUM_SQ -> acc + x * x;
          default -> acc + x;
        };
      }
      return op == AggregateOp.MEAN ? acc / vals.size() : acc;
    }
  }
}
