package org.planlab.optimizers.ordering;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.OperatorOrdering;
import org.planlab.engine.spi.OrderingContext;
import org.planlab.engine.spi.StrategyKind;

/**
 * Breadth-first linearization (optimizer paper, sec. 3.3, the alternative to SystemML's
 * depth-first default; MEMPHIS sec. 5.3 compares orderings): operators by level, the length of
 * the longest path from a leaf, so all operators whose inputs are ready are listed before any
 * that depend on them. Independent chains then interleave, which starts all of them early at
 * the price of longer-lived intermediates. Side effects keep their statement order: each one
 * counts as depending on the one before it. Ties keep the depth-first order.
 */
public final class BreadthFirstOrdering implements OperatorOrdering {
  /** The spec name. */
  public static final String NAME = "breadth-first";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Hop> linearize(HopDag dag, OrderingContext ctx) {
    List<Hop> topo = dag.topologicalOrder();
    Map<Hop, Integer> level = new IdentityHashMap<>();
    Map<Hop, Integer> index = new IdentityHashMap<>();
    int previousEffect = -1;
    for (Hop h : topo) {
      int l = 0;
      for (Hop in : h.inputs()) {
        l = Math.max(l, level.get(in) + 1);
      }
      if (h.op().hasSideEffect()) {
        l = Math.max(l, previousEffect + 1);
        previousEffect = l;
      }
      level.put(h, l);
      index.put(h, index.size());
    }
    List<Hop> order = new ArrayList<>(topo);
    order.sort(Comparator.comparingInt((Hop h) -> level.get(h)).thenComparingInt(index::get));
    return order;
  }

  /** Creates {@code breadth-first}. */
  public static final class Provider extends BasicStrategyProvider<OperatorOrdering> {
    public Provider() {
      super(StrategyKind.ORDERING, NAME, "operators by level, the longest path from a leaf "
          + "(optimizer paper, sec. 3.3): independent chains interleave", List.of(),
          o -> new BreadthFirstOrdering());
    }
  }
}
