package org.planlab.optimizers.fusion.enumeration;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;
import org.planlab.engine.ir.Hop;

/**
 * A whole selection in {@link MPSkipEnumSelector}'s cache, free of HOP objects so that a
 * recompiled DAG can use it: the kept entries and the multi-aggregate groups by the HOPs'
 * topological ids ({@link MemoTable#id}), the estimates, and the search-space counters
 * (Fig. 15) of the selection that found it, which a hit reports again.
 *
 * @param hops ids of the HOPs with kept entries
 * @param entries the kept entries, per element of {@code hops}
 * @param multiAggregates the multi-aggregate groups as ids
 * @param space the {@link #SPACE} counters of one selection of the table
 */
record StoredSelection(int[] hops, List<List<MemoEntry>> entries, int[][] multiAggregates,
    FusionPlan.Estimate estimate, long[] space) {

  /** Counters that describe the table's search space, equal in every selection of it. */
  private static final Counter[] SPACE = {Counter.DAGS, Counter.PARTITIONS,
      Counter.INTERESTING_POINTS, Counter.PLANS_ALL, Counter.PLANS_PARTITIONED,
      Counter.LARGE_PARTITIONS, Counter.PLANS_PARTITIONED_LARGE};
  /** The index of {@link Counter#PARTITIONS} in {@link #SPACE}. */
  private static final int PARTITIONS = 1;

  /** {@code plan} over the HOPs of {@code memo}, with the counters {@code stats} took. */
  static StoredSelection of(FusionPlan plan, MemoTable memo, SelectionStats stats) {
    int[] hops = new int[plan.selected().size()];
    List<List<MemoEntry>> entries = new ArrayList<>(hops.length);
    int k = 0;
    for (Map.Entry<Hop, List<MemoEntry>> e : plan.selected().entrySet()) {
      hops[k++] = memo.id(e.getKey());
      entries.add(e.getValue());
    }
    int[][] groups = new int[plan.multiAggregates().size()][];
    for (int g = 0; g < groups.length; g++) {
      groups[g] = plan.multiAggregates().get(g).stream().mapToInt(memo::id).toArray();
    }
    long[] space = new long[SPACE.length];
    for (int c = 0; c < space.length; c++) {
      space[c] = stats.get(SPACE[c]);
    }
    return new StoredSelection(hops, List.copyOf(entries), groups, plan.estimate(), space);
  }

  /**
   * The stored plan over the HOPs of {@code order} ({@code memo}'s DAG in topological order,
   * where id k is element k - 1), reporting the search-space counters and
   * every partition as a plan-cache hit into {@code stats}; null, reporting nothing, when a
   * stored entry is not in {@code memo} (a signature collision, about 2^-64).
   */
  FusionPlan replay(MemoTable memo, List<Hop> order, SelectionStats stats) {
    Map<Hop, List<MemoEntry>> selected = new IdentityHashMap<>(2 * hops.length);
    for (int k = 0; k < hops.length; k++) {
      Hop h = byId(order, hops[k]);
      if (h == null || !memo.entries(h).containsAll(entries.get(k))) {
        return null;
      }
      selected.put(h, entries.get(k));
    }
    List<List<Hop>> groups = new ArrayList<>(multiAggregates.length);
    for (int[] group : multiAggregates) {
      List<Hop> g = new ArrayList<>(group.length);
      for (int id : group) {
        Hop h = byId(order, id);
        if (h == null) {
          return null;
        }
        g.add(h);
      }
      groups.add(g);
    }
    for (int c = 0; c < space.length; c++) {
      stats.add(SPACE[c], space[c]);
    }
    stats.add(Counter.PLAN_CACHE_HITS, space[PARTITIONS]);
    return new FusionPlan(selected, groups, estimate);
  }

  private static Hop byId(List<Hop> order, int id) {
    return id >= 1 && id <= order.size() ? order.get(id - 1) : null;
  }
}
