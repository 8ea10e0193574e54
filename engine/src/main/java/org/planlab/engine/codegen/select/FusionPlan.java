package org.planlab.engine.codegen.select;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.ir.Hop;

/**
 * The result of candidate selection (fusion paper, sec. 4): the memo entries kept per HOP —
 * the pruned memo table P* — and the groups of full aggregates to compute as one
 * multi-aggregate operator (each group 2-3 aggregate HOPs sharing inputs).
 */
public record FusionPlan(Map<Hop, List<MemoEntry>> selected, List<List<Hop>> multiAggregates,
    Estimate estimate) {

  /** No fusion at all. */
  public static final FusionPlan EMPTY = new FusionPlan(Map.of(), List.of());

  /**
   * What a cost-based selector estimated (Eq. 3, seconds, summed over partitions): the chosen
   * plan, and for comparison the plans with no interesting point materialized (fuse-all-like)
   * and with all of them materialized (fuse-no-redundancy-like). NaN when not estimated.
   */
  public record Estimate(double chosen, double allFused, double allMaterialized) {
    public static final Estimate NONE = new Estimate(Double.NaN, Double.NaN, Double.NaN);
  }

  /** A plan without cost estimates (heuristic selectors). */
  public FusionPlan(Map<Hop, List<MemoEntry>> selected, List<List<Hop>> multiAggregates) {
    this(selected, multiAggregates, Estimate.NONE);
  }

  public FusionPlan {
    IdentityHashMap<Hop, List<MemoEntry>> copy = new IdentityHashMap<>();
    selected.forEach((h, es) -> {
      if (!es.isEmpty()) {
        copy.put(h, List.copyOf(es));
      }
    });
    selected = Collections.unmodifiableMap(copy);
    multiAggregates = multiAggregates.stream().map(List::copyOf).toList();
    java.util.Objects.requireNonNull(estimate, "estimate is null");
  }

  /** The kept entries of {@code h} (empty when it is not fused). */
  public List<MemoEntry> entries(Hop h) {
    return selected.getOrDefault(h, List.of());
  }

  public boolean isEmpty() {
    return selected.isEmpty();
  }

  /** The same entries with other multi-aggregate groups. */
  public FusionPlan withMultiAggregates(List<List<Hop>> groups) {
    return new FusionPlan(selected, groups, estimate);
  }
}
