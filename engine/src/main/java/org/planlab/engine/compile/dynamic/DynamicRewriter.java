package org.planlab.engine.compile.dynamic;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.compile.size.ScalarEnvironment;
import org.planlab.engine.compile.size.SizePropagation;
import org.planlab.engine.compile.size.SizeTable;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;

/**
 * Applies the size-dependent rewrites of sec. 3.1 (Eq. 6) and matrix-multiplication chain
 * ordering to a DAG: sizes are propagated, every rewrite is tried on every HOP bottom-up (each
 * HOP is rebuilt over its rewritten inputs first), and the pass repeats with fresh sizes until
 * nothing changes, so rewrites enabled by others (an empty product feeding a sum) apply too.
 * The input DAG is never modified.
 */
public final class DynamicRewriter {
  /** Each pass strictly simplifies the DAG or lowers a cost; this only guards against bugs. */
  private static final int MAX_PASSES = 8;

  private DynamicRewriter() {
  }

  /** The rewrites in the order they are tried on each HOP. */
  public static List<DynamicRewrite> defaultRewrites() {
    return List.of(new RemoveUnnecessaryIndexing(), new RemoveEmptyOperators(),
        new SimplifyAggregates(), new SimplifyMatrixMultiply(), new TransposeMatMult());
  }

  /** {@link #rewrite(HopDag, Map, ScalarEnvironment, List)} with {@link #defaultRewrites()}. */
  public static RewriteResult rewrite(HopDag dag, Map<String, DataCharacteristics> liveIn,
      ScalarEnvironment constants) {
    return rewrite(dag, liveIn, constants, defaultRewrites());
  }

  /**
   * The rewritten DAG (the same object when nothing applied) and its sizes.
   *
   * @throws org.planlab.engine.compile.size.DimensionMismatchError when sizes prove a mismatch
   */
  public static RewriteResult rewrite(HopDag dag, Map<String, DataCharacteristics> liveIn,
      ScalarEnvironment constants, List<DynamicRewrite> rewrites) {
    Objects.requireNonNull(dag, "dag is null");
    Objects.requireNonNull(rewrites, "rewrites is null");
    HopDag current = dag;
    SizeTable sizes = SizePropagation.propagate(current, liveIn, constants);
    for (int pass = 0; pass < MAX_PASSES; pass++) {
      HopDag next = applyOnce(current, sizes, rewrites);
      next = MatMultChainOptimizer.optimize(next, next == current ? sizes
          : SizePropagation.propagate(next, liveIn, constants));
      if (next == current) {
        break;
      }
      current = next;
      sizes = SizePropagation.propagate(current, liveIn, constants);
    }
    return new RewriteResult(current, sizes);
  }

  /** One bottom-up pass of {@code rewrites} over {@code dag}; the same DAG when none applied. */
  public static HopDag applyOnce(HopDag dag, SizeTable sizes, List<DynamicRewrite> rewrites) {
    RewriteContext ctx = new RewriteContext(dag, sizes);
    Map<Hop, Hop> rebuilt = new IdentityHashMap<>();
    for (Hop h : dag.topologicalOrder()) {
      List<Hop> inputs = new ArrayList<>(h.inputs().size());
      for (Hop in : h.inputs()) {
        inputs.add(rebuilt.get(in));
      }
      Hop out = h.withInputs(inputs);
      ctx.replaced(h, out);
      for (DynamicRewrite r : rewrites) {
        Hop next = r.apply(out, ctx);
        if (next != out) {
          ctx.replaced(h, next);
          out = next;
        }
      }
      rebuilt.put(h, out);
    }
    List<Hop> roots = new ArrayList<>();
    for (Hop r : dag.roots()) {
      roots.add(rebuilt.get(r));
    }
    return roots.equals(dag.roots()) ? dag : new HopDag(roots);
  }
}
