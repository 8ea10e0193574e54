package org.planlab.engine.codegen.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.SpoofOperator;
import org.planlab.engine.codegen.runtime.SpoofResult;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * The background warm-up of new operators: which shapes it cuts, which operators it leaves
 * alone, that it runs the operator {@link OperatorWarmUp#CALLS} times once per operator (fewer
 * over wide rows), and
 * that generated operators of every template but Outer accept their synthetic inputs.
 */
class OperatorWarmUpTest {
  private static final long M = 1_000_000;

  private static DataCharacteristics dc(long rows, long cols, long nnz) {
    return new DataCharacteristics(rows, cols, nnz);
  }

  private static DataCharacteristics dense(long rows, long cols) {
    return dc(rows, cols, rows * cols);
  }

  @Test
  void theMainInputAndInputsWithItsRowsAreCutOthersKeepTheirShape() {
    List<MatrixBlock> in = OperatorWarmUp.inputs(List.of(dense(M, 10), dense(M, 1),
        dense(10, 3), dense(1, 10), dc(M, 10, M / 10)));
    int r = OperatorWarmUp.ROWS;
    int[][] shapes = {{r, 10}, {r, 1}, {10, 3}, {1, 10}, {r, 10}};
    assertEquals(shapes.length, in.size());
    for (int i = 0; i < shapes.length; i++) {
      assertEquals(shapes[i][0], in.get(i).rows(), "rows of input " + i);
      assertEquals(shapes[i][1], in.get(i).cols(), "cols of input " + i);
    }
    assertFalse(in.get(0).isSparse(), "a dense main input stays dense");
    assertTrue(in.get(4).isSparse(), "an input at sparsity 0.01 is sparse");
    assertTrue(in.get(0).nnz() > r * 10 / 2, "values are non-zero");
  }

  @Test
  void smallSquareOrUnknownShapesAreNotWarmed() {
    assertNull(OperatorWarmUp.inputs(List.of(dense(1000, 10))), "below MIN_CELLS");
    assertNull(OperatorWarmUp.inputs(List.of(dense(5000, 5000))), "square: rows ambiguous");
    assertNull(OperatorWarmUp.inputs(List.of(dc(-1, 10, -1))), "unknown rows");
    assertNull(OperatorWarmUp.inputs(List.of(dense(M, 10), dc(10, -1, -1))),
        "a side of unknown size");
    assertNull(OperatorWarmUp.inputs(List.of(dense(M, 10), dense(10_000, 10_000))),
        "a large side that is not cut");
  }

  /** An operator that records its executions and the shapes of its inputs. */
  private static final class Recording extends SpoofOperator {
    final List<String> calls = new ArrayList<>();
    final boolean fail;

    Recording(boolean fail) {
      this.fail = fail;
    }

    @Override
    public synchronized SpoofResult execute(List<MatrixBlock> inputs, double[] scalars,
        int outRows, int outCols, KernelPool pool) {
      calls.add(inputs.get(0).rows() + "x" + inputs.get(0).cols() + " " + inputs.get(1).rows()
          + "x" + inputs.get(1).cols() + " s=" + scalars[0] + " p=" + pool.parallelism());
      if (fail) {
        throw new IllegalStateException("these inputs do not suit the plan");
      }
      return new SpoofResult(MatrixBlock.scalar(1), 1);
    }
  }

  private static FusedOp fused(CPlan plan, SpoofOperator op) {
    return new FusedOp(plan, "Op", "", op);
  }

  @Test
  void anOperatorIsExecutedCallsTimesOnceAndAFailureEndsItQuietly() throws Exception {
    Recording rec = new Recording(false);
    FusedOp op = fused(Plans.sumXyz(), rec);
    List<DataCharacteristics> shapes = List.of(dense(M, 10), dense(M, 10), dense(M, 10));
    int done = OperatorWarmUp.request(op, shapes, new double[] {2.5}).orElseThrow()
        .get(60, TimeUnit.SECONDS);
    assertEquals(OperatorWarmUp.CALLS, done);
    assertEquals(OperatorWarmUp.CALLS, rec.calls.size());
    assertEquals(OperatorWarmUp.ROWS + "x10 " + OperatorWarmUp.ROWS + "x10 s=2.5 p=1",
        rec.calls.get(0));
    assertTrue(OperatorWarmUp.request(fused(Plans.sumXyz(), rec), shapes, new double[] {1})
        .isEmpty(), "the same operator again");

    // rows of a thousand columns stream WORK_CELLS cells in 16 calls of 32 rows
    Recording wide = new Recording(false);
    List<DataCharacteristics> wideShapes = List.of(dense(M, 1000), dense(M, 1000));
    int wideDone = OperatorWarmUp.request(fused(Plans.sumXyz(), wide), wideShapes,
        new double[] {1}).orElseThrow().get(60, TimeUnit.SECONDS);
    assertEquals(16, wideDone);
    assertEquals(16, wide.calls.size());
    assertEquals(OperatorWarmUp.ROWS + "x1000 " + OperatorWarmUp.ROWS + "x1000 s=1.0 p=1",
        wide.calls.get(0));

    Recording failing = new Recording(true);
    int failed = OperatorWarmUp.request(fused(Plans.sumXyz(), failing), shapes,
        new double[] {0}).orElseThrow().get(60, TimeUnit.SECONDS);
    assertEquals(0, failed);
    assertEquals(1, failing.calls.size(), "stops at the first failure");

    Recording outer = new Recording(false);
    assertTrue(OperatorWarmUp.request(fused(Plans.sumXLogUv(), outer),
        List.of(dc(M, 10, M), dense(M, 5), dense(10, 5)), new double[] {0}).isEmpty());
    assertTrue(OperatorWarmUp.request(fused(Plans.sumXyz(), outer),
        List.of(dense(100, 10), dense(100, 10), dense(100, 10)), new double[] {0}).isEmpty());
    assertEquals(List.of(), outer.calls);
  }

  @Test
  void callsStopAtTheWorkBudgetButNotBeforeOneCall() {
    assertEquals(OperatorWarmUp.CALLS, OperatorWarmUp.calls(OperatorWarmUp.ROWS * 10));
    assertEquals(OperatorWarmUp.CALLS, OperatorWarmUp.calls(1));
    assertEquals(16, OperatorWarmUp.calls(OperatorWarmUp.ROWS * 1000));
    assertEquals(1, OperatorWarmUp.calls(OperatorWarmUp.WORK_CELLS));
    assertEquals(1, OperatorWarmUp.calls(10 * OperatorWarmUp.WORK_CELLS));
  }

  /** Real generated operators of the Cell, MAgg and Row templates run all warm-up calls. */
  @Test
  void generatedOperatorsAcceptTheirSyntheticInputs() throws Exception {
    OperatorCache cache = new OperatorCache();
    List<Object[]> cases = List.of(
        new Object[] {Plans.sumXyz(), List.of(dense(M, 10), dense(M, 10), dense(M, 10))},
        new Object[] {Plans.xyPlusZ(), List.of(dc(M, 10, M), dense(M, 10), dense(M, 10))},
        new Object[] {Plans.sumXyAndXz(), List.of(dense(M, 1), dense(M, 1), dense(M, 1))},
        new Object[] {Plans.mlogregLike(), List.of(dense(M, 10), dense(M, 1), dense(10, 1))},
        new Object[] {Plans.xTimesV(), List.of(dc(M, 10, M), dense(10, 3))},
        new Object[] {Plans.rowSumsXy(), List.of(dense(M, 10), dense(M, 10))});
    for (Object[] c : cases) {
      CPlan plan = (CPlan) c[0];
      @SuppressWarnings("unchecked")
      List<DataCharacteristics> shapes = (List<DataCharacteristics>) c[1];
      CompiledOperator compiled = cache.getOrCompile(plan);
      FusedOp op = new FusedOp(plan, compiled.className(), compiled.source(),
          compiled.operator());
      int done = OperatorWarmUp.request(op, shapes, new double[0]).orElseThrow()
          .get(120, TimeUnit.SECONDS);
      assertEquals(OperatorWarmUp.CALLS, done, plan.toString());
    }
  }
}
