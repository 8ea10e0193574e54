package org.planlab.engine.compile.dynamic;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.compile.size.MemoryEstimates;
import org.planlab.engine.compile.size.ScalarEnvironment;
import org.planlab.engine.compile.size.SizeTable;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.HopDag;

/**
 * Dynamic recompilation of one DAG at run time (optimizer paper, sec. 4.2, steps 1-4): the
 * original DAG stays untouched (HOPs are immutable, so step 1's deep copy is free); leaf
 * statistics come from the live variables — exact dims and nnz of matrices, values of scalars —
 * and are propagated bottom-up with size expressions evaluated over the current scalar values
 * (step 2); the dynamic rewrites then apply with these exact sizes, which lets them remove work
 * that is only empty in this execution, such as zero-initialised model coefficients (step 3);
 * memory estimates are recomputed on the rewritten DAG (step 4). Step 5 (instruction
 * generation) is the runtime's.
 */
public final class DynamicRecompiler {
  private DynamicRecompiler() {
  }

  /** The recompiled DAG with its sizes and memory estimates. */
  public record Recompiled(HopDag dag, SizeTable sizes,
      MemoryEstimates memory) {
    public Recompiled {
      Objects.requireNonNull(dag, "dag is null");
      Objects.requireNonNull(sizes, "sizes is null");
      Objects.requireNonNull(memory, "memory is null");
    }
  }

  /**
   * Recompiles {@code original} for the current live variables (matrices by their block's
   * shape and nnz, scalars by value).
   *
   * @throws org.planlab.engine.compile.size.DimensionMismatchError when the live sizes make an
   *     operation's dims mismatch
   */
  public static Recompiled recompile(HopDag original, Map<String, Data> liveVariables) {
    Objects.requireNonNull(original, "original is null");
    Objects.requireNonNull(liveVariables, "liveVariables is null");
    Map<String, DataCharacteristics> sizes = new HashMap<>();
    Map<String, ScalarValue> scalars = new HashMap<>();
    for (Map.Entry<String, Data> e : liveVariables.entrySet()) {
      if (e.getValue() instanceof MatrixData m) {
        // handles of every backend know their dims: sizing a DAG moves no data
        sizes.put(e.getKey(), new DataCharacteristics(m.rows(), m.cols(), m.nnz()));
      } else if (e.getValue() instanceof ScalarValue s) {
        scalars.put(e.getKey(), s);
      }
    }
    RewriteResult r = DynamicRewriter.rewrite(original, sizes, new ScalarEnvironment(scalars));
    return new Recompiled(r.dag(), r.sizes(), MemoryEstimates.of(r.dag(), r.sizes()));
  }
}
