package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * Every operator of {@link SparkOps} against CP: the same DML on the same data (read from files
 * in CP) runs once in {@code singlenode} and once forced to {@code spark} on local[2] with 7 x 7
 * blocks, so matrices have several blocks and partial last blocks; the final variables agree to
 * 1e-9 relative, and the heavy hitters show that the operator ran on Spark ({@code sp_} opcodes).
 * Broadcast and join/replication paths are chosen with the {@code broadcastBudget} option and
 * told apart by the backend's broadcast counter.
 */
class SparkOpsTest {
  static final double TOL = 1e-9;
  /** No broadcast fits: element-wise with vectors replicates, matrix products join. */
  static final String NO_BROADCAST = SparkRuns.SMALL_BLOCKS + ",broadcastBudget=0";
  static final String BIG_BLOCKS = "spark:master=local[2],blockSize=1000,smallInDriver=false";

  @TempDir
  static Path dir;
  private static final Map<String, String> files = new LinkedHashMap<>();

  @BeforeAll
  static void data() {
    // 20 x 17 in 7 x 7 blocks: block rows of 7, 7, 6 rows and block columns of 7, 7, 3
    input("X", SparkRuns.gaussian(1, 20, 17));
    input("Y", SparkRuns.gaussian(2, 20, 17));
    input("S", SparkRuns.sparse(3, 20, 17, 0.1));
    input("Z", MatrixBlock.empty(20, 17));
    input("c", SparkRuns.gaussian(4, 20, 1));
    input("r", SparkRuns.gaussian(5, 1, 17));
    input("v", SparkRuns.gaussian(6, 17, 1));
    input("W", SparkRuns.gaussian(7, 17, 9));
    input("U", SparkRuns.gaussian(8, 9, 20));
    input("N", SparkRuns.gaussian(9, 20, 5));
    input("M", SparkRuns.gaussian(10, 5, 20));
    input("v5", SparkRuns.gaussian(11, 5, 1));
    input("w", SparkRuns.sparse(12, 20, 1, 0.8));
    input("Y9", SparkRuns.gaussian(13, 20, 9));
    input("B", SparkRuns.gaussian(14, 8, 9));
    input("B7", SparkRuns.gaussian(15, 7, 7));
    input("K", SparkRuns.gaussian(16, 20, 14));
    input("row", SparkRuns.gaussian(17, 1, 20));
    input("col", SparkRuns.gaussian(18, 20, 1));
    input("one", SparkRuns.gaussian(19, 1, 1));
  }

  private static void input(String name, MatrixBlock m) {
    files.put(name, SparkRuns.write(dir, name, m).toString());
  }

  /** {@code dml} preceded by a read of every input it names. */
  static String withReads(String dml) {
    StringBuilder sb = new StringBuilder();
    for (String name : files.keySet()) {
      if (Pattern.compile("(?<![\\w.$])" + Pattern.quote(name) + "(?!\\w)").matcher(dml).find()) {
        sb.append(name).append(" = read($").append(name).append(")\n");
      }
    }
    return sb.append(dml).toString();
  }

  static SparkRuns.Run cp(String dml) {
    return SparkRuns.run(dir, withReads(dml), files,
        SparkRuns.config(dir, ExecMode.SINGLENODE, null).build());
  }

  static SparkRuns.Run spark(String dml, String spec) {
    return SparkRuns.run(dir, withReads(dml), files,
        SparkRuns.config(dir, ExecMode.SPARK, spec).build());
  }

  /**
   * Runs {@code dml} in CP and on Spark with {@code spec}, asserts equal variables and that each
   * of {@code opcodes} ran on Spark; returns the Spark run.
   */
  static SparkRuns.Run agrees(String dml, String spec, String... opcodes) {
    SparkRuns.Run expected = cp(dml);
    SparkRuns.Run actual = spark(dml, spec);
    SparkRuns.assertSameVariables(expected, actual, TOL);
    for (String op : opcodes) {
      assertTrue(actual.opcodes().contains("sp_" + op), "sp_" + op + " did not run; opcodes: "
          + actual.opcodes());
    }
    return actual;
  }

  static long serializedSize(String input) {
    try {
      return MatrixFiles.read(Path.of(files.get(input))).serializedSize();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  // ---------------------------------------------------------------- element-wise

  @Test
  void matrixMatrixElementwiseJoinsCoIndexedBlocks() {
    agrees("""
        A = X + Y
        B = X * S
        C = X - Y
        D = X / (abs(Y) + 1)
        E = X > Y
        F = S != Z
        """, SparkRuns.SMALL_BLOCKS, "+", "*", "-", "/", ">", "!=");
  }

  private static final String VECTORS = """
      A = X - c
      B = c / (abs(X) + 1)
      C = X * r
      D = r - X
      E = S * c
      F = r + S
      G = X < r
      """;

  @Test
  void matrixVectorBothSidesWithTheVectorBroadcast() {
    SparkRuns.Run run = agrees(VECTORS, SparkRuns.SMALL_BLOCKS, "-", "/", "*", "+", "<");
    assertTrue(run.moved().broadcastCalls() > 0, "no broadcast: " + run.moved());
  }

  @Test
  void matrixVectorBothSidesWithTheVectorReplicatedAndJoined() {
    SparkRuns.Run run = agrees(VECTORS, NO_BROADCAST, "-", "/", "*", "+", "<");
    assertEquals(0, run.moved().broadcastCalls(), run.moved().toString());
  }

  @Test
  void matrixScalarBothSides() {
    agrees("""
        A = X * 3
        B = 3 - X
        C = X / 4
        D = 1 / (X ^ 2 + 1)
        E = 2 ^ X
        F = S + 1
        G = X >= 0.5
        H = 0.5 < S
        """, SparkRuns.SMALL_BLOCKS, "*", "-", "/", "^", "+", ">=", "<");
  }

  @Test
  void unaryOperators() {
    agrees("""
        A = exp(X)
        B = abs(X)
        C = sqrt(abs(X))
        D = round(X * 10)
        E = sign(X)
        F = sigmoid(X)
        G = tanh(S)
        H = log(abs(X) + 1)
        I = floor(X)
        J = ceil(X)
        K2 = sin(X)
        L = cos(S)
        """, SparkRuns.SMALL_BLOCKS, "uexp", "uabs", "usqrt", "uround", "usign", "usigmoid",
        "utanh", "ulog", "ufloor", "uceil", "usin", "ucos");
  }

  // ---------------------------------------------------------------- aggregates

  @Test
  void newElementwiseBuiltinsAndTruncatingDivisionRunBlockwise() {
    // Spark's element-wise operators are the CP kernels applied per block
    agrees("""
        A = bitwAnd(X * 8, Y * 8)
        B = xor(X, S)
        C = X %/% 0.3
        D = X %% -0.3
        E = atan(X)
        F = is.infinite(X / S)
        G = bitwShiftL(X * 4, 3)
        """, SparkRuns.SMALL_BLOCKS, "bitwAnd", "xor", "%/%", "%%", "uatan", "uis.infinite",
        "bitwShiftL");
  }

  @Test
  void fullAggregates() {
    agrees("""
        s1 = sum(X)
        s2 = sum(X ^ 2)
        s3 = min(X)
        s4 = max(X)
        s5 = mean(X)
        s6 = min(S)
        s7 = max(-S)
        s8 = sum(S)
        s9 = mean(S)
        s10 = max(Z)
        """, SparkRuns.SMALL_BLOCKS, "ua_sum_full", "ua_min_full", "ua_max_full",
        "ua_mean_full");
  }

  @Test
  void rowAndColumnAggregates() {
    agrees("""
        A = rowSums(X)
        B = colSums(X)
        C = rowMins(X)
        D = rowMaxs(S)
        E = colMins(S)
        F = colMaxs(X)
        G = rowMeans(X)
        H = colMeans(S)
        I = rowSums(X ^ 2)
        J = colSums(N)
        K2 = rowSums(N)
        L = rowMins(Z)
        """, SparkRuns.SMALL_BLOCKS, "ua_sum_row", "ua_sum_col", "ua_min_row", "ua_max_row",
        "ua_min_col", "ua_max_col", "ua_mean_row", "ua_mean_col");
  }

  // ---------------------------------------------------------------- reorganization

  @Test
  void transposeFlipsBlocks() {
    agrees("""
        A = t(X)
        B = t(S)
        C = t(c)
        D = t(r) + c[1:17, ]
        """, SparkRuns.SMALL_BLOCKS, "r'");
  }

  // ---------------------------------------------------------------- matrix multiplication

  @Test
  void mapmmBroadcastsTheSmallerRightOperand() {
    SparkRuns.Run run = agrees("P = X %*% W", SparkRuns.SMALL_BLOCKS, "ba+*");
    assertEquals(1, run.moved().broadcastCalls(), run.moved().toString());
    assertEquals(serializedSize("W"), run.moved().broadcastBytes());
  }

  @Test
  void mapmmBroadcastsTheSmallerLeftOperand() {
    SparkRuns.Run run = agrees("P = U %*% X", SparkRuns.SMALL_BLOCKS, "ba+*");
    assertEquals(1, run.moved().broadcastCalls(), run.moved().toString());
    assertEquals(serializedSize("U"), run.moved().broadcastBytes());
  }

  @Test
  void mapmmWithAVectorOverSeveralBlockColumns() {
    agrees("""
        p = X %*% v
        q = row %*% X
        """, SparkRuns.SMALL_BLOCKS, "ba+*");
  }

  @Test
  void cpmmJoinsOnTheCommonDimensionWhenNothingFitsTheBroadcastBudget() {
    SparkRuns.Run run = agrees("""
        P = X %*% W
        Q = U %*% X
        p = X %*% v
        """, NO_BROADCAST, "ba+*");
    assertEquals(0, run.moved().broadcastCalls(), run.moved().toString());
  }

  @Test
  void tsmmLeftOverOneAndSeveralBlockColumns() {
    agrees("""
        G1 = t(N) %*% N
        G2 = t(X) %*% X
        G3 = t(S) %*% S
        """, SparkRuns.SMALL_BLOCKS, "tsmm");
  }

  @Test
  void tsmmRightOverOneAndSeveralBlockRows() {
    agrees("""
        H1 = M %*% t(M)
        H2 = X %*% t(X)
        """, SparkRuns.SMALL_BLOCKS, "tsmm_right");
  }

  private static final String CHAINS = """
      q1 = t(N) %*% (N %*% v5)
      q2 = t(N) %*% (w * (N %*% (v5 + 1)))
      q3 = t(X) %*% (X %*% v)
      q4 = t(X) %*% (c * (X %*% (v * 2)))
      """;

  @Test
  void mmchainWithAndWithoutWeights() {
    agrees(CHAINS, SparkRuns.SMALL_BLOCKS, "mmchain", "mmchain_w");
  }

  @Test
  void mmchainWithoutBroadcastFallsBackToJoins() {
    SparkRuns.Run run = agrees(CHAINS, NO_BROADCAST, "mmchain", "mmchain_w");
    assertEquals(0, run.moved().broadcastCalls(), run.moved().toString());
  }

  private static final String TRANSPOSE_LEFT = """
      T1 = t(X) %*% Y9
      T2 = t(N) %*% c
      T3 = t(S) %*% Y
      """;

  @Test
  void transposeLeftMultiplyWithBroadcast() {
    SparkRuns.Run run = agrees(TRANSPOSE_LEFT, SparkRuns.SMALL_BLOCKS, "tlmm");
    assertTrue(run.moved().broadcastCalls() > 0, run.moved().toString());
  }

  @Test
  void transposeLeftMultiplyWithJoin() {
    SparkRuns.Run run = agrees(TRANSPOSE_LEFT, NO_BROADCAST, "tlmm");
    assertEquals(0, run.moved().broadcastCalls(), run.moved().toString());
  }

  // ---------------------------------------------------------------- indexing and binding

  @Test
  void rightIndexingAlignedAndUnaligned() {
    agrees("""
        A = X[3:17, 2:9]
        B = X[8:14, 8:14]
        C = X[5, ]
        D = X[, 3]
        E = X[2:2, 4:4]
        F = X[1:20, 15:17]
        G = S[4:19, 6:16]
        H = X[15:20, 1:17]
        I = c[6:16, ]
        """, SparkRuns.SMALL_BLOCKS, "right_index");
  }

  @Test
  void leftIndexingWithMatrixAndScalarRightHandSides() {
    agrees("""
        A = X
        A[3:10, 4:12] = B
        A2 = X
        A2[8:14, 1:7] = B7
        A3 = S
        A3[13:20, 9:17] = B
        A4 = X
        A4[1:20, 17] = c
        C = X
        C[2:5, 3:12] = 7
        C2 = S
        C2[11:13, 2:16] = 0
        C3 = Z
        C3[6:9, 6:9] = -1
        """, SparkRuns.SMALL_BLOCKS, "left_index");
  }

  @Test
  void cbindAndRbindAtAlignedAndUnalignedOffsets() {
    agrees("""
        A = cbind(X, Y)
        B = cbind(X, c, Y)
        C = cbind(K, X)
        D = rbind(X, Y)
        E = rbind(X, r, S)
        F = rbind(B7, B7[1:7, ])
        G = cbind(c, col)
        """, SparkRuns.SMALL_BLOCKS, "cbind", "rbind");
  }

  // ---------------------------------------------------------------- data generation

  private static final String RAND = """
      R1 = rand(rows=23, cols=9, min=-1, max=2, seed=42)
      R2 = rand(rows=23, cols=9, pdf="normal", seed=43)
      R3 = rand(rows=30, cols=12, min=1, max=3, sparsity=0.2, seed=44)
      R4 = rand(rows=2003, cols=3, sparsity=0.4, seed=45)
      R5 = rand(rows=1500, cols=2, pdf="normal", sparsity=0.3, seed=46)
      R6 = rand(rows=12, cols=1003, seed=47)
      R7 = rand(rows=9, cols=8, sparsity=0, seed=48)
      """;

  @Test
  void randGivesCpValuesForTheSameSeedWithSmallBlocks() {
    agrees(RAND, SparkRuns.SMALL_BLOCKS, "rand");
  }

  @Test
  void randGivesCpValuesForTheSameSeedWithBlocksOfGeneratorRows() {
    agrees(RAND, BIG_BLOCKS, "rand");
  }

  @Test
  void seqWithCpLengthAndLastValue() {
    agrees("""
        s1 = seq(1, 20)
        s2 = seq(10, 1, -0.5)
        s3 = seq(0, 0.3, 0.1)
        s4 = seq(3, 3)
        s5 = seq(-2, 5.5, 0.7)
        """, SparkRuns.SMALL_BLOCKS, "seq");
  }

  // ---------------------------------------------------------------- edge cases

  /**
   * All-zero matrices whose emptiness the compiler cannot know (computed by a comparison), so
   * no rewrite removes the operations: every block is empty.
   */
  @Test
  void allZeroMatrices() {
    agrees("""
        E0 = X > 100
        A = E0 + (X < -100)
        B = E0 * X
        C = exp(E0)
        s1 = sum(E0)
        s2 = min(E0)
        s3 = max(E0 - 1)
        D = colSums(E0)
        E = t(E0) %*% E0
        F = E0 %*% W
        G = E0[3:9, 2:16]
        H = cbind(E0, E0)
        I = E0 * c
        J = t(E0)
        L = X + Z
        """, SparkRuns.SMALL_BLOCKS, "+", "*", "uexp", "ua_sum_full", "ua_sum_col", "tsmm",
        "ba+*", "right_index", "cbind", "r'");
  }

  /** Matrices without rows: no blocks at all, yet aggregates and products have a shape. */
  @Test
  void matricesWithoutRows() {
    agrees("""
        n = as.integer(sum(X > 100))
        E = rand(rows=n, cols=9, seed=3)
        F = rand(rows=9, cols=n, seed=4)
        A = colSums(E)
        B = rowSums(F)
        C = F %*% E
        D = t(E) %*% E
        G = t(E) %*% rand(rows=n, cols=3, seed=5)
        H = rowMaxs(F)
        s = sum(E)
        """, SparkRuns.SMALL_BLOCKS, "rand", "ua_sum_col", "ua_sum_row", "ua_max_row", "ba+*",
        "tsmm", "tlmm");
  }

  @Test
  void oneRowAndOneColumnMatrices() {
    agrees("""
        A = row * 2
        B = rowSums(row)
        C = colSums(row)
        C2 = rowSums(col)
        C3 = colMeans(col)
        C4 = rowMaxs(row)
        D = t(row) %*% row
        E = row %*% t(row)
        F = col + 1
        G = t(col) %*% col
        H = col %*% t(col)
        I = row[1, 3:15]
        J = col[4:18, 1]
        K2 = as.scalar(one) * X
        s = sum(row * t(col))
        """, SparkRuns.SMALL_BLOCKS, "*", "+", "ua_sum_full", "tsmm", "tsmm_right",
        "right_index");
  }

  /**
   * Operators on matrices Spark computed (unknown non-zeros, blocks from shuffles), chained the
   * way a script's statements chain them.
   */
  @Test
  void operatorsOnSparkResults() {
    agrees("""
        A = X * 2 + Y
        c2 = rowSums(A) / 3
        r2 = colMeans(A)
        B = (A - c2) / (abs(r2) + 1)
        C = t(B) %*% B + t(A) %*% (A %*% t(colSums(A)) / 10)
        D = B[4:18, 3:11]
        D[2:9, 2:3] = A[1:8, 16:17]
        E = rbind(cbind(D, D[, 1:8]), B[1:2, 1:17])
        s = sum(E) + max(C) + min(B) + mean(D ^ 2)
        """, NO_BROADCAST, "*", "+", "ua_sum_row", "ua_mean_col", "/", "-", "tsmm",
        "right_index", "left_index", "cbind", "rbind");
  }

  /**
   * A loop whose values are checkpointed every two operations (the lineage cut of
   * {@link SparkBackend#result}) gives CP's values.
   */
  @Test
  void checkpointedLineagesInALoop() {
    agrees("""
        A = X
        for (i in 1:5) {
          A = A * 0.9 + Y / i
          A = A - rowMeans(A)
        }
        s = sum(A)
        """, SparkRuns.SMALL_BLOCKS + ",checkpointDepth=2", "*", "+", "/", "-", "ua_mean_row");
  }

  /**
   * A matrix larger than the driver's budget is not collected: the error says what would not
   * fit and how to avoid it, before any data moves.
   */
  @Test
  void collectBeyondTheDriverBudgetFailsWithAClearMessage() {
    MatrixBlock big = SparkRuns.gaussian(20, 60, 60);
    Path file = SparkRuns.write(dir, "big", big);
    String dml = """
        X = read($big)
        Y = X * 2
        s = sum(Y)
        print("sum " + s)
        print(toString(Y[1, 1:3]))
        write(Y, $out)
        """;
    var config = SparkRuns.config(dir, ExecMode.SPARK, SparkRuns.SMALL_BLOCKS)
        .localMemoryBudget(16 << 10).build();
    Map<String, String> args = Map.of("big", file.toString(),
        "out", dir.resolve("big-out.bin").toString());
    RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
        () -> SparkRuns.run(dir, dml, args, config));
    String message = messages(e);
    assertTrue(message.contains("collecting a 60x60 matrix (") && message.contains(
        ") into the driver would exceed its memory budget of 16.0 KiB; keep its consumers on "
        + "Spark or give the driver more memory"), message);
  }

  private static String messages(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      sb.append(c.getMessage()).append('\n');
    }
    return sb.toString();
  }

  @Test
  void singleBlocksOfSide1000() {
    agrees("""
        A = X * Y + c
        B = X %*% W
        C = t(X) %*% X
        D = X[3:17, 2:9]
        E = cbind(X, Y)
        s = sum(X) + mean(S)
        F = colSums(X)
        q = t(N) %*% (w * (N %*% v5))
        """, BIG_BLOCKS, "+", "*", "ba+*", "tsmm", "right_index", "cbind", "ua_sum_full",
        "mmchain_w");
  }
}
