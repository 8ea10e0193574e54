package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script's printed output does not depend on the number of threads: kernels reduce in
 * fixed-size chunks and parfor results are merged by index, so 1 and 2 threads print the same
 * digits.
 */
class ThreadCountTest {
  @TempDir
  Path dir;

  private static final String SCRIPT = """
      X = rand(rows=400, cols=300, min=-1, max=1, seed=5)
      S = rand(rows=400, cols=300, sparsity=0.05, seed=6)
      y = rand(rows=300, cols=1, seed=7)
      print(sum(X) + " " + mean(S) + " " + var(X) + " " + sd(S))
      print(sum(X %*% y) + " " + sum(t(X) %*% X) + " " + sum(S %*% t(S)))
      print(sum(colSums(X) * colMeans(S)) + " " + sum(rowSums(abs(X))))
      print(sum(cumsum(X)) + " " + sum(rowIndexMax(X)) + " " + sum(rowVars(S)))
      R = matrix(0, rows=20, cols=1)
      parfor (i in 1:20) {
        R[i, 1] = sum(X[i, ] * t(y)) + sum(S[, i])
      }
      print(sum(R))
      print(toString(order(target=R, by=1, index.return=TRUE), sep=","))
      """;

  @Test
  void sameOutputWithOneAndTwoThreads() {
    String one = new Dml(dir, 1).print(SCRIPT);
    String two = new Dml(dir, 2).print(SCRIPT);
    assertEquals(one, two);
    assertEquals(5 + 20, one.split("\n").length, one);
  }
}
