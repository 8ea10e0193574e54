package org.planlab.engine.spi;

import java.util.List;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;

/**
 * Linearization of a HOP DAG into an execution order (optimizer paper, sec. 3.3: "the
 * operator ordering ... determines the order of instructions"). Implementations are found with
 * {@link java.util.ServiceLoader} by {@link #name()}; see {@link Orderings}.
 */
public interface OperatorOrdering {

  /** The name an experiment descriptor or {@code EngineConfig} selects this ordering by. */
  String name();

  /**
   * Every node of {@code dag} exactly once, each after all its inputs; side-effect roots in
   * their statement order relative to each other.
   */
  List<Hop> linearize(HopDag dag, OrderingContext ctx);

  /**
   * The execution order with the groups of independent local chains this ordering chooses to
   * run concurrently; by default {@link #linearize}'s order without any.
   */
  default Linearization plan(HopDag dag, OrderingContext ctx) {
    return Linearization.sequential(linearize(dag, ctx));
  }
}
