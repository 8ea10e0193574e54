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
public record FusionPlan(Map<Hop, List<MemoEntry>> selected, List<List<Hop>> multiAggregates) {

  /** No fusion at all. */
  public static final FusionPlan EMPTY = new FusionPlan(Map.of(), List.of());

  public FusionPlan {
    IdentityHashMap<Hop, List<MemoEntry>> copy = new IdentityHashMap<>();
    selected.forEach((h, es) -> {
      if (!es.isEmpty()) {
        copy.put(h, List.copyOf(es));
      }
    });
    selected = Collections.unmodifiableMap(copy);
    multiAggregates = multiAggregates.stream().map(List::copyOf).toList();
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
    return new FusionPlan(selected, groups);
  }
}
