package org.planlab.engine.codegen.construct;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.Selections;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;

/**
 * Which fused operators a selected plan yields (fusion paper, sec. 4.4, "mechanically
 * construct CPlans for all fused operators"): a top-down pass from the DAG roots. A HOP that
 * must be materialized and has a valid selected entry becomes the root of an operator; its
 * fusion references are followed into the inputs (covered HOPs), the other inputs are
 * materialized and visited in turn. A HOP covered by one operator and needed materialized by
 * another consumer is computed twice — the redundancy fuse-all accepts and fuse-no-redundancy
 * avoids by never selecting such references.
 */
public final class OperatorPlanner {
  private OperatorPlanner() {
  }

  /**
   * One fused operator before CPlan construction.
   *
   * @param covered the HOPs it computes (root included) with the entry used for each
   * @param inputs the materialized inputs it reads, distinct, in discovery order
   */
  public record Operator(Hop root, MemoEntry entry, Map<Hop, MemoEntry> covered,
      List<Hop> inputs) {
    public TemplateType type() {
      return entry.type();
    }

    /** Basic operations it fuses (a transpose it reads through is not one). */
    public int operations() {
      int n = 0;
      for (Hop h : covered.keySet()) {
        if (h.op() != OpCode.TRANSPOSE) {
          n++;
        }
      }
      return n;
    }
  }

  /**
   * The operators of {@code plan} over {@code dag}, roots in top-down discovery order; HOPs in
   * {@code excluded} are never operator roots (trivial or failed plans).
   */
  public static List<Operator> plan(FusionPlan plan, HopDag dag, Set<Hop> excluded) {
    List<Operator> ops = new ArrayList<>();
    visit(plan, dag.roots(), excluded, h -> true, (h, op) -> {
      if (op == null) {
        return Step.HOP;
      }
      ops.add(op);
      return Step.OPERATOR;
    });
    return List.copyOf(ops);
  }

  /** How a {@link Visitor} continues after a HOP the planner reached. */
  public enum Step {
    /** Take the operator rooted at the HOP and continue below its inputs. */
    OPERATOR,
    /** Treat the HOP as a basic operator and continue below its own inputs. */
    HOP,
    /** Stop planning. */
    STOP
  }

  /** Receives the HOPs of a planning traversal, top-down. */
  public interface Visitor {
    /**
     * Called once per reached HOP with the operator rooted there, or null when none is (the
     * answer then must not be {@link Step#OPERATOR}).
     */
    Step visit(Hop h, Operator op);
  }

  /**
   * Plans the operators of {@code plan} below {@code roots} one at a time, visiting only HOPs
   * {@code within}, and lets {@code visitor} decide how to go on: a cost model that plans one
   * partition many times stops at the partition's inputs, and stops as soon as a plan's partial
   * cost exceeds the best (fusion paper, sec. 4.3, GETPLANCOST).
   */
  public static void visit(FusionPlan plan, List<Hop> roots, Set<Hop> excluded,
      Predicate<Hop> within, Visitor visitor) {
    Set<Hop> visited = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Hop> work = new ArrayDeque<>();
    for (int i = roots.size() - 1; i >= 0; i--) {
      work.push(roots.get(i));
    }
    while (!work.isEmpty()) {
      Hop h = work.pop();
      if (!within.test(h) || !visited.add(h)) {
        continue;
      }
      MemoEntry e = excluded.contains(h) ? null : bestRoot(plan, h);
      Operator op = e == null ? null : collect(plan, h, e);
      Step step = visitor.visit(h, op);
      if (step == Step.STOP) {
        return;
      }
      List<Hop> next = step == Step.OPERATOR ? op.inputs() : h.inputs();
      // pushed last to first, so that the first input is visited first; an iterator rather
      // than a counted loop, whose speculative loop predicates the JIT kept invalidating here
      // (each time recompiling the cost model that inlines this traversal)
      for (ListIterator<Hop> it = next.listIterator(next.size()); it.hasPrevious(); ) {
        work.push(it.previous());
      }
    }
  }

  /** The preferred valid entry of {@code h} as an operator root, or null. */
  static MemoEntry bestRoot(FusionPlan plan, Hop h) {
    MemoEntry best = null;
    for (MemoEntry e : plan.entries(h)) {
      if (e.closed().isValid() && e.type() != TemplateType.MAGG
          && (best == null || Selections.PREFERENCE.compare(e, best) < 0)) {
        best = e;
      }
    }
    return best;
  }

  private static Operator collect(FusionPlan plan, Hop root, MemoEntry rootEntry) {
    Map<Hop, MemoEntry> covered = new LinkedHashMap<>();
    List<Hop> inputs = new ArrayList<>();
    Set<Hop> seenInputs = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<TemplateType> allowed = Selections.compatible(rootEntry.type());
    Deque<Hop> work = new ArrayDeque<>();
    Map<Hop, MemoEntry> entryOf = new IdentityHashMap<>();
    entryOf.put(root, rootEntry);
    work.push(root);
    while (!work.isEmpty()) {
      Hop h = work.pop();
      if (covered.containsKey(h)) {
        continue;
      }
      MemoEntry e = entryOf.get(h);
      covered.put(h, e);
      for (int i = 0; i < h.inputs().size(); i++) {
        Hop in = h.input(i);
        if (e.isRef(i)) {
          if (!entryOf.containsKey(in)) {
            entryOf.put(in, referenced(plan, in, e.type(), allowed));
          }
          work.push(in);
        } else if (seenInputs.add(in)) {
          inputs.add(in);
        }
      }
    }
    return new Operator(root, rootEntry, Collections.unmodifiableMap(covered),
        List.copyOf(inputs));
  }

  /** The entry a reference from an entry of type {@code from} resolves to at {@code in}. */
  private static MemoEntry referenced(FusionPlan plan, Hop in, TemplateType from,
      Set<TemplateType> allowed) {
    // an entry of the referencing template first, then the usual preference
    MemoEntry best = null;
    for (MemoEntry e : plan.entries(in)) {
      if (e.closed().isOpen() && allowed.contains(e.type())
          && (best == null || referenceOrder(e, best, from) < 0)) {
        best = e;
      }
    }
    if (best == null) {
      throw new IllegalStateException("dangling fusion reference to " + in
          + ": the selected plan is not consistent");
    }
    return best;
  }

  private static int referenceOrder(MemoEntry a, MemoEntry b, TemplateType from) {
    boolean aOther = a.type() != from;
    boolean bOther = b.type() != from;
    return aOther != bOther ? (aOther ? 1 : -1) : Selections.PREFERENCE.compare(a, b);
  }
}
