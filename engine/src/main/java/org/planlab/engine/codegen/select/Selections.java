package org.planlab.engine.codegen.select;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.ir.Hop;

/**
 * Building blocks of the selection strategies over a memo table: keep the maximally fused
 * entry per template type, drop references that became dangling, and compare entries.
 */
public final class Selections {
  private Selections() {
  }

  /**
   * Which entry types a fused reference from an entry of {@code from} may resolve to: a Cell
   * only fuses Cells, a Row also merges Cells (sec. 3.2), an Outer only its own chain.
   */
  public static Set<TemplateType> compatible(TemplateType from) {
    return switch (from) {
      case ROW -> ROW_OR_CELL;
      case CELL, MAGG -> CELL_ONLY;
      case OUTER -> OUTER_ONLY;
    };
  }

  // one set per answer: cost-based selection asks for every entry of every plan it costs
  private static final Set<TemplateType> ROW_OR_CELL =
      Collections.unmodifiableSet(EnumSet.of(TemplateType.ROW, TemplateType.CELL));
  private static final Set<TemplateType> CELL_ONLY =
      Collections.unmodifiableSet(EnumSet.of(TemplateType.CELL));
  private static final Set<TemplateType> OUTER_ONLY =
      Collections.unmodifiableSet(EnumSet.of(TemplateType.OUTER));

  /**
   * The preference between entries of one HOP: more fusion references first (fuse as much as
   * possible), then the template order of {@link TemplateType}, then the reference mask (a
   * deterministic tie-break).
   */
  public static final Comparator<MemoEntry> PREFERENCE = Comparator
      .comparingInt(MemoEntry::countRefs).reversed()
      .thenComparing(MemoEntry::type)
      .thenComparingLong(MemoEntry::refs);

  /**
   * Per HOP and template type, the most fused entry among those {@code allowed} whose
   * references resolve to entries already kept at the inputs (the subsumption pruning of
   * fuse-all). HOPs are visited inputs first, so the result is consistent in one pass.
   */
  public static Map<Hop, List<MemoEntry>> bestPerType(MemoTable memo,
      BiPredicate<Hop, MemoEntry> allowed) {
    return bestPerType(memo.hops(), h -> preferred(memo, h), allowed);
  }

  /** {@code memo}'s entries of {@code h}, most preferred first ({@link #PREFERENCE}). */
  public static List<MemoEntry> preferred(MemoTable memo, Hop h) {
    List<MemoEntry> sorted = new ArrayList<>(memo.entries(h));
    sorted.sort(PREFERENCE);
    return sorted;
  }

  /**
   * {@link #bestPerType(MemoTable, BiPredicate)} over {@code hops} (topologically ordered) with
   * their entries already sorted by {@link #preferred}. Callers that select many times over the
   * same entries (cost-based enumeration costs one selection per plan) keep a {@link
   * PreferredEntries} instead.
   */
  public static Map<Hop, List<MemoEntry>> bestPerType(List<Hop> hops,
      Function<Hop, List<MemoEntry>> preferred, BiPredicate<Hop, MemoEntry> allowed) {
    PreferredEntries p = new PreferredEntries(hops, preferred);
    return p.selection(p.choose((i, j) -> allowed.test(p.hop(i), p.entries(i).get(j))));
  }

  /**
   * Removes entries whose references point to groups without a compatible entry, until none
   * is left (the memo invariant "a reference implies the group holds a compatible plan").
   */
  public static Map<Hop, List<MemoEntry>> consistent(Map<Hop, List<MemoEntry>> selected) {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Map.Entry<Hop, List<MemoEntry>> g : selected.entrySet()) {
        Hop h = g.getKey();
        List<MemoEntry> kept = new ArrayList<>();
        for (MemoEntry e : g.getValue()) {
          if (refsResolve(h, e, selected)) {
            kept.add(e);
          }
        }
        if (kept.size() != g.getValue().size()) {
          g.setValue(kept);
          changed = true;
        }
      }
    }
    selected.values().removeIf(List::isEmpty);
    return selected;
  }

  private static boolean refsResolve(Hop h, MemoEntry e, Map<Hop, List<MemoEntry>> selected) {
    Set<TemplateType> ok = compatible(e.type());
    for (int i = 0; i < e.arity(); i++) {
      if (e.isRef(i)) {
        boolean found = false;
        for (MemoEntry x : selected.getOrDefault(h.input(i), List.of())) {
          if (ok.contains(x.type()) && x.closed().isOpen()) {
            found = true;
            break;
          }
        }
        if (!found) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The plan of a heuristic: per HOP and template the most fused entry {@code allowed} keeps
   * (with sparsity-exploiting Outer plans first), plus multi-aggregates; one plan evaluated.
   */
  public static FusionPlan heuristic(MemoTable memo, BiPredicate<Hop, MemoEntry> allowed,
      SelectionContext ctx) {
    FusionPlan plan = new FusionPlan(
        bestPerType(memo, sparsityExploitingFirst(memo).and(allowed)), List.of());
    ctx.stats().addPlansEvaluated(1);
    return plan.withMultiAggregates(MultiAggregates.group(plan, memo));
  }

  /**
   * Sparsity exploitation first: at a HOP with a valid Outer entry (an operator that visits
   * only the non-zeros of a sparse driver), only Outer entries are allowed. The heuristics
   * otherwise fuse such HOPs into Row or Cell operators that read the dense outer product —
   * the failure mode of fuse-all the fusion paper reports for ALS-CG (sec. 5.4); the template
   * choice per HOP is not part of the FA/FNR definitions, so both apply this rule.
   */
  public static BiPredicate<Hop, MemoEntry> sparsityExploitingFirst(MemoTable memo) {
    return (h, e) -> e.type() == TemplateType.OUTER || !memo.contains(h,
        x -> x.type() == TemplateType.OUTER && x.closed().isValid());
  }

  /** The number of distinct consumers of {@code h} (a materialization point when > 1). */
  public static int distinctConsumers(MemoTable memo, Hop h) {
    List<Hop> cs = memo.consumers(h);
    Set<Hop> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    distinct.addAll(cs);
    return distinct.size();
  }
}
