package org.planlab.engine.spi;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.ir.Hop;

/**
 * An ordering's result: the execution order of a DAG's HOPs and, within it, groups of
 * independent local operator chains the runtime may run concurrently (local inter-operator
 * parallelism). Each group's HOPs are contiguous in {@code order}, chain after chain, each
 * chain in its execution order; no HOP of a chain reads a result of another chain of its group.
 */
public record Linearization(List<Hop> order, List<ChainGroup> groups) {

  public Linearization {
    order = List.copyOf(order);
    groups = List.copyOf(groups);
  }

  /** An order without concurrent chains. */
  public static Linearization sequential(List<Hop> order) {
    return new Linearization(order, List.of());
  }

  /** Chains (each a list of HOPs in execution order) that may run at the same time. */
  public record ChainGroup(List<List<Hop>> chains) {
    public ChainGroup {
      Objects.requireNonNull(chains, "chains is null");
      chains = chains.stream().map(List::copyOf).toList();
    }
  }
}
