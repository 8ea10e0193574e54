package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaRDD;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * Executors compile a shipped operator once per JVM and reuse it across tasks and jobs
 * (fusion paper, sec. 2.1), and executors in the driver's JVM take the driver's class; a source
 * an executor cannot compile fails the job with the compiler's error, the class name and the
 * executor.
 */
class FusedCompileSparkTest {
  @TempDir
  static Path dir;

  @Test
  void executorsOfALocalMasterRunTheDriversCompiledClass() throws IOException {
    long compiles = ExecutorOperators.compiles();
    String dml = FusedSparkTest.DATA + "s = sum(X * Y + X)\n";
    FusedRuns.Outcome first = FusedRuns.run(dir, dml, ExecMode.SPARK, FusedRuns.SPARK);
    // a second engine generates the same class again
    FusedRuns.Outcome again = FusedRuns.run(dir, dml, ExecMode.SPARK, FusedRuns.SPARK);
    assertTrue(first.count("sp_spoofCell") > 0, first.opcodes().toString());
    assertTrue(again.count("sp_spoofCell") > 0, again.opcodes().toString());
    assertEquals(compiles, ExecutorOperators.compiles());
  }

  @Test
  void anExecutorCompilesASourceItWasNotGivenOnceForAllItsTasks() {
    SparkBackend backend = smallBackend();
    try {
      FusedTask task = cellTask("TMPONCE", """
            public TMPONCE() {
              super(CellType.NO_AGG, AggregateOp.SUM, false);
            }
            protected double genexec(double a, SideInput[] b, double[] scalars, int m, int n,
                int rix, int cix) {
              return a + 1;
            }
          """);
      long compiles = ExecutorOperators.compiles();
      JavaRDD<Integer> four = backend.context().parallelize(List.of(1, 2, 3, 4), 2);
      List<Double> sums = four.map(i -> task.run(new MatrixBlock[] {MatrixBlock.dense(2, 2)})
          .output().get(1, 1)).collect();
      assertEquals(List.of(1.0, 1.0, 1.0, 1.0), sums);
      assertEquals(compiles + 1, ExecutorOperators.compiles());
    } finally {
      backend.close();
    }
  }

  @Test
  void aSourceExecutorsCannotCompileFailsWithTheCompilerError() {
    SparkBackend backend = smallBackend();
    try {
      FusedTask task = cellTask("TMPBROKEN", """
            no such member;
          """);
      JavaRDD<Integer> one = backend.context().parallelize(List.of(1), 1);
      SparkException e = assertThrows(SparkException.class, () -> one.map(i ->
          task.run(new MatrixBlock[] {MatrixBlock.dense(2, 2)}).work()).collect());
      RuntimeException clear = FusedSparkOps.compileFailureOr(e);
      assertInstanceOf(ExecutorOperators.FusedCompileException.class, clear);
      String m = clear.getMessage();
      assertTrue(m.startsWith("Spark executor "), m);
      assertTrue(m.contains("fused operator TMPBROKEN does not compile: Line 5"), m);
    } finally {
      backend.close();
    }
  }

  private static SparkBackend smallBackend() {
    return new SparkBackend(new SparkSettings(SparkSettings.DEFAULT_MASTER, 7, 1L << 30, 0,
        1L << 20, 1L << 26, 20, true), Scratch.create());
  }

  /** A Cell NO_AGG task of class {@code name}, whose source declares {@code members}. */
  private static FusedTask cellTask(String name, String members) {
    return new FusedTask(name, "package org.planlab.engine.codegen.generated;\n"
        + "import org.planlab.engine.codegen.runtime.*;\n"
        + "import org.planlab.engine.ops.AggregateOp;\n"
        + "public final class " + name + " extends SpoofCellwise {\n" + members + "}\n",
        FusedLayout.Template.CELL, CellType.NO_AGG, new int[] {2, 2}, new double[0]);
  }
}
