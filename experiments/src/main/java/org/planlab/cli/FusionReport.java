package org.planlab.cli;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.construct.BuiltOperator;
import org.planlab.engine.codegen.cplan.CPlanPrinter;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.OpNames;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;
import org.planlab.engine.compile.fusion.Codegen;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.stats.Statistics;

/** The text of {@code explain --memo --plans --source}: what operator fusion did per DAG. */
final class FusionReport {
  private FusionReport() {
  }

  static String format(List<Codegen.Result> results, String selector, boolean memo,
      boolean plans, boolean source) {
    StringBuilder sb = new StringBuilder();
    Set<String> printedSources = new LinkedHashSet<>();
    int n = 0;
    for (Codegen.Result r : results) {
      n++;
      MemoTable m = r.memo();
      if (m.size() == 0) {
        continue;
      }
      Hop first = r.memo().dag().roots().get(0);
      sb.append("DAG ").append(n).append(" (").append(first.position()).append("): ")
          .append(m.dag().size()).append(" HOPs, ").append(m.hops().size())
          .append(" memo groups, ").append(m.size()).append(" entries\n");
      if (memo) {
        sb.append("  MEMO TABLE\n");
        for (String line : m.format().split("\n")) {
          sb.append("    ").append(line).append('\n');
        }
      }
      if (plans) {
        sb.append("  SELECTED (").append(selector).append(")\n");
        List<Hop> hops = m.hops();
        java.util.Collections.reverse(hops);
        for (Hop h : hops) {
          List<MemoEntry> es = r.plan().entries(h);
          if (es.isEmpty()) {
            continue;
          }
          sb.append("    ").append(m.id(h)).append(' ').append(OpNames.of(h)).append(':');
          for (MemoEntry e : es) {
            sb.append(' ').append(e.format(m.inputIds(h)));
          }
          sb.append('\n');
        }
        FusionPlan.Estimate est = r.plan().estimate();
        if (!Double.isNaN(est.chosen())) {
          sb.append(String.format(java.util.Locale.ROOT,
              "  ESTIMATED COST (Eq. 3): %.6f s chosen; %.6f s all fused (FA-like), "
                  + "%.6f s all materialized (FNR-like)%n",
              est.chosen(), est.allFused(), est.allMaterialized()));
        }
        if (r.selection().getOrDefault(Counter.DAGS, 0L) > 0) {
          sb.append("  SELECTION ").append(selectionLine(r.selection())).append('\n');
        }
        sb.append("  OPERATORS\n");
        if (r.operators().isEmpty()) {
          sb.append("    (none)\n");
        }
        for (int i = 0; i < r.operators().size(); i++) {
          BuiltOperator b = r.operators().get(i);
          FusedOp op = r.compiled().get(i);
          sb.append("    ").append(op.opcode()).append(' ').append(op.describe())
              .append(": roots ").append(ids(m, b.roots())).append(", main ")
              .append(m.id(b.main())).append(", sides ").append(ids(m, b.sides()))
              .append(", scalars ").append(ids(m, b.scalars())).append(", ")
              .append(b.operations()).append(" operations\n");
          sb.append("      ").append(CPlanPrinter.format(b.plan())).append('\n');
        }
      }
      if (source) {
        for (FusedOp op : r.compiled()) {
          if (printedSources.add(op.className())) {
            sb.append("  SOURCE ").append(op.className()).append('\n');
            for (String line : op.source().split("\n")) {
              sb.append("    ").append(line).append('\n');
            }
          }
        }
      }
    }
    if (sb.length() == 0) {
      sb.append("no DAG has fusion candidates\n");
    } else if (plans) {
      Map<Counter, Long> total = new EnumMap<>(Counter.class);
      for (Codegen.Result r : results) {
        r.selection().forEach((c, v) -> total.merge(c, v, Statistics::saturatingAdd));
      }
      if (total.getOrDefault(Counter.DAGS, 0L) > 0) {
        sb.append("SELECTION TOTAL (").append(total.get(Counter.DAGS)).append(" DAGs) ")
            .append(selectionLine(total)).append('\n');
      }
    }
    return sb.toString();
  }

  /**
   * The fusion paper's Fig. 15 and Table 3 counters of cost-based selection: interesting points,
   * partitions, plans in the search space without and with partitioning, plans evaluated with
   * partitioning and pruning (of them costed only partially, and those not costed because they
   * select what an evaluated one selects), cut sets, plan-cache hits and
   * selection time.
   */
  static String selectionLine(Map<Counter, Long> c) {
    return String.format(Locale.ROOT, "interesting points %d, partitions %d, plans: all %s, "
            + "partitioned %d, evaluated %d (partially costed %d; %d more with the selection of "
            + "one evaluated), cut sets %d, plan cache hits %d, %.1f ms",
        get(c, Counter.INTERESTING_POINTS), get(c, Counter.PARTITIONS),
        SelectionStats.formatCount(get(c, Counter.PLANS_ALL)),
        get(c, Counter.PLANS_PARTITIONED), get(c, Counter.PLANS_EVALUATED),
        get(c, Counter.PLANS_PARTIAL), get(c, Counter.PLANS_SAME_SELECTION),
        get(c, Counter.CUT_SETS_USED),
        get(c, Counter.PLAN_CACHE_HITS), get(c, Counter.SELECT_NANOS) / 1e6);
  }

  private static long get(Map<Counter, Long> c, Counter k) {
    return c.getOrDefault(k, 0L);
  }

  private static String ids(MemoTable m, List<Hop> hops) {
    List<String> out = new ArrayList<>();
    for (Hop h : hops) {
      int id = m.id(h);
      out.add(id < 0 ? "new " + OpNames.of(h) : Integer.toString(id));
    }
    return out.toString();
  }
}
