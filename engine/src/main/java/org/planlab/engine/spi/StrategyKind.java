package org.planlab.engine.spi;

import java.util.List;
import java.util.Objects;

/**
 * One of the engine's strategy interfaces (ARCHITECTURE.md, "the pluggable core"): its label for
 * messages and listings, and its Java type.
 *
 * @param label e.g. "fusion plan selector"
 * @param type the strategy interface
 */
public record StrategyKind<T>(String label, Class<T> type) {
  /** Fusion plan selection (fusion paper, sec. 4). */
  public static final StrategyKind<FusionPlanSelector> FUSION =
      new StrategyKind<>("fusion plan selector", FusionPlanSelector.class);
  /** Reuse-cache eviction (MEMPHIS sec. 4; LIMA). */
  public static final StrategyKind<EvictionPolicy> EVICTION =
      new StrategyKind<>("eviction policy", EvictionPolicy.class);
  /** Operator ordering (optimizer paper, sec. 3.3; MEMPHIS sec. 5.3). */
  public static final StrategyKind<OperatorOrdering> ORDERING =
      new StrategyKind<>("operator ordering", OperatorOrdering.class);

  public StrategyKind {
    Objects.requireNonNull(label, "label is null");
    Objects.requireNonNull(type, "type is null");
  }

  /** Every kind, in the order {@code planlab list} shows them. */
  public static List<StrategyKind<?>> all() {
    return List.of(FUSION, EVICTION, ORDERING);
  }
}
