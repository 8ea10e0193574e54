package org.planlab.engine.compile.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.compile.rewrite.StaticRewriter;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.matrix.MatrixComparison;

/** Scripts give the same output and variables with and without static rewrites (needs the runtime). */
class RewritesEndToEndTest {
  static final List<String> SCRIPTS = List.of(
      "X = rand(rows=5, cols=4, seed=3)\nY = X + X\nZ = t(t(Y)) * 1 - 0\nprint(sum(Z))\ns = sum(diag(X %*% t(X)))\nprint(s)\nprint(trace(X %*% t(X)))",
      "a = 2 + 3 * 4\nb = 7 %/% 2\nc = -7 %% 2\nd = \"n=\" + a + \" \" + 1.5\nprint(d)\nprint(b + c)\nif (a > 100) { print(\"no\") } else { print(\"yes\") }\nwhile (FALSE) { print(\"never\") }",
      "X = rand(rows=6, cols=6, min=-1, max=1, seed=11) * 7\nprint(toString(X))\nY = X - X * (X > 0)\nprint(sum(Y))\nW = matrix(1, nrow(X), ncol(X)) / (X + 10)\nprint(sum(W))",
      "f = function(double a, double b = 2.0) return (double c) { c = a * b }\nx = f(3) + f(1, 5)\nprint(x)\n[y] = f(b=1.5, a=2)\nprint(y)",
      "X = matrix(\"1 2 3 4 5 6\", 2, 3)\nX[1, ] = matrix(9, 1, 3)\nX[2, 2] = -1\nprint(toString(X))\nprint(toString(rowSums(X)) + toString(colMeans(X)))\nm = max(X)\nn = min(X, 0)\nprint(m)\nprint(sum(n))\ns = seq(5, 1)\nprint(toString(s))\nprint(toString(order(target=X, by=2, decreasing=TRUE)))\nprint(contains(target=X, pattern=9))",
      "i = 0\nacc = 0\nwhile (i < 5) { i = i + 1\n acc = acc + i * i }\nprint(acc)\nfor (j in seq(10, 2, -4)) { print(j) }\nq = as.integer(3.7) + as.double(2)\nprint(q)\nprint(ifelse(1 > 0, 5, 6))",
      "print(sum(rand(rows=3, cols=3) == rand(rows=3, cols=3)))\nC = rand(rows=2, cols=2, seed=4)\nD = rand(rows=2, cols=2, seed=4)\nprint(sum(C == D))\nprint(nrow(rand(rows=7, cols=2)) + ncol(rand(rows=1, cols=3)))",
      "g = function(matrix[double] M, integer k = 2) return (matrix[double] R, double s) { R = M * k\n s = sum(R) }\nX = matrix(\"1 2 3 4\", 2, 2)\n[P, q] = g(X)\nprint(q)\nh = function(matrix[double] M, integer k = 2) return (matrix[double] R) { R = M * k }\nZ = h(h(X, 3), 1) + h(X)\nprint(toString(Z))\nfor (i in 1:2) { X[i, i] = i * 10 }\nprint(toString(X))\nparfor (j in 1:3) { print(j * 0) }",
      "X = matrix(\"4 -2.5 0 7 1 3\", 3, 2)\nprint(mean(X) + var(X) + sd(X))\nprint(toString(colVars(X)) + toString(rowIndexMax(X)) + toString(rowIndexMin(X)))\nprint(median(X[, 1]))\nprint(toString(quantile(X[, 2], matrix(\"0.25 0.75\", 2, 1))))\nprint(toString(cumprod(X) + rev(X)))\nprint(toString(replace(target=X, pattern=0, replacement=-9)))\nprint(toString(round(sigmoid(X) * 100) + abs(X) + sign(X)))\nprint(sum(exp(X / 10)) + sum(log(abs(X) + 1, 2)))\nprint(max(3, 7.5, -1) + min(2, 1))\nprint(as.scalar(X[2, 1]) + length(X) + ncol(X))\nprint(toString(X %% 2 + X %/% 2))\nprint(toString(ifelse(X > 0, X, 0) + ((X > 1) & (X < 5)) + !(X == 0)))\nprint(toString(as.matrix(3) + 1))",
      "n = 5\nif (n %% 2 == 1 & n > 3) { n = n * 2 } else { n = 0 }\nprint(n)\nprint(\"%d items at %f\", n, 2.5)\nS = sample(10, 4, FALSE, 13)\nprint(sum(S))\nx = 0\nfor (k in 1:3) { if (TRUE) { x = x + k } }\nprint(x)\nprint(toString(seq(3, 1)) + toString(seq(1, 2, 0.5)))\nprint(prod(matrix(2, 1, 5)) + sum(rowMeans(matrix(3, 2, 2))) + sum(colSds(matrix(\"1 2 3 4\", 2, 2))))",
      "A = rand(rows=4, cols=4, seed=5) + diag(matrix(4, 4, 1))\nB = inv(A)\nprint(sum(diag(B)))\nx = solve(A, matrix(1, 4, 1))\nprint(sum(x))\nprint(det(A))\nprint(sum(cumsum(A)))\nT = table(seq(1,4), seq(4,1))\nprint(sum(T))\nR = removeEmpty(target=rbind(A, matrix(0, 1, 4)), margin=\"rows\")\nprint(nrow(R))");

  @TestFactory
  List<DynamicTest> sameResultsWithAndWithoutRewrites() throws Exception {
    Path dir = Files.createTempDirectory("e2e");
    return java.util.stream.IntStream.range(0, SCRIPTS.size()).mapToObj(k -> DynamicTest.dynamicTest("s" + k, () -> {
      Path p = dir.resolve("s" + k + ".dml");
      Files.writeString(p, SCRIPTS.get(k));
      String[] outs = new String[2];
      Map<String, Data>[] vars = new Map[2];
      for (int on = 0; on < 2; on++) {
        Pipeline pl = new Pipeline(Pipeline.frontend(HopBuilder::build),
            StaticRewriter.of(on == 1)::rewrite, Pipeline.sizeAnalysis());
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        RunResult r;
        try (Engine engine = Engine.create(EngineConfig.builder().fusion("none").build())) {
          CompiledScript cs = engine.compile(p, Map.of(), pl);
          r = engine.run(cs, new PrintStream(bo, true, StandardCharsets.UTF_8));
        }
        outs[on] = bo.toString(StandardCharsets.UTF_8);
        vars[on] = new TreeMap<>(r.variables());
      }
      System.out.println("---- s" + k + "\n" + outs[1]);
      assertEquals(outs[0], outs[1]);
      assertEquals(vars[0].keySet(), vars[1].keySet());
      for (String v : vars[0].keySet()) {
        Data a = vars[0].get(v);
        Data b = vars[1].get(v);
        if (a instanceof MatrixValue ma) {
          org.junit.jupiter.api.Assertions.assertTrue(MatrixComparison.approxEquals(ma.block(), ((MatrixValue) b).block(), 1e-12, 1e-12), v);
        } else {
          assertEquals(a, b, v);
        }
      }
    })).toList();
  }
}
