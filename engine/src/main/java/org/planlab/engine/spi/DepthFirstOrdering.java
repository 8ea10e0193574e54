package org.planlab.engine.spi;

import java.util.List;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;

/**
 * SystemML's default linearization (optimizer paper, sec. 3.3): a depth-first post-order
 * traversal from the roots in statement order, so each root's inputs are computed right before
 * it and intermediates die early.
 */
public final class DepthFirstOrdering implements OperatorOrdering {
  /** The name of this ordering. */
  public static final String NAME = "depth-first";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Hop> linearize(HopDag dag, OrderingContext ctx) {
    return dag.topologicalOrder();
  }

  /** Creates {@code depth-first}. */
  public static final class Provider extends BasicStrategyProvider<OperatorOrdering> {
    public Provider() {
      super(StrategyKind.ORDERING, NAME, "depth-first post-order from the roots in statement "
          + "order (optimizer paper, sec. 3.3): intermediates die early", List.of(),
          o -> new DepthFirstOrdering());
    }
  }
}
