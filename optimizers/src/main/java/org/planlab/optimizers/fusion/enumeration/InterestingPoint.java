package org.planlab.optimizers.fusion.enumeration;

import java.util.Objects;
import org.planlab.engine.ir.Hop;

/**
 * A boolean fusion decision of a plan partition (fusion paper, sec. 4.1): the data dependency
 * of {@code consumer}'s input {@code input} on {@code target}. Assigned true, the dependency is
 * materialized — every fusion plan referencing {@code target} from {@code consumer} at that
 * input is invalid for costing; false leaves it to fusion.
 */
public record InterestingPoint(Hop consumer, int input, Hop target, Kind kind) {

  /** Why the dependency is interesting. */
  public enum Kind {
    /** A consumer of a materialization point (an intermediate with several consumers). */
    MATERIALIZATION_POINT_CONSUMER,
    /** The target has templates the consumer has not (e.g. a sparsity-exploiting Outer). */
    TEMPLATE_SWITCH
  }

  public InterestingPoint {
    Objects.requireNonNull(consumer, "consumer is null");
    Objects.requireNonNull(target, "target is null");
    Objects.requireNonNull(kind, "kind is null");
    if (consumer.input(input) != target) {
      throw new IllegalArgumentException("input " + input + " of the consumer is not the target");
    }
  }
}
