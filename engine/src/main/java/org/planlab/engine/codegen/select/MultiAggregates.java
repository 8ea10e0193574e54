package org.planlab.engine.codegen.select;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.planlab.engine.codegen.construct.OperatorPlanner;
import org.planlab.engine.codegen.construct.OperatorPlanner.Operator;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.codegen.template.Shapes;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ops.Direction;

/**
 * Multi-aggregate plans (fusion paper, sec. 2.2 and Fig. 1(c)): full aggregates over the same
 * cells that share an input and do not depend on each other are computed by one operator in
 * one pass, e.g. {@code sum(X^2)}, {@code sum(X*Y)} and {@code sum(Y^2)}. Groups hold at most
 * {@link #MAX_GROUP} aggregates.
 */
public final class MultiAggregates {
  /** Most aggregates one multi-aggregate operator computes. */
  public static final int MAX_GROUP = 3;

  private MultiAggregates() {
  }

  /** The multi-aggregate groups of the Cell full aggregates that {@code plan} yields. */
  public static List<List<Hop>> group(FusionPlan plan, MemoTable memo) {
    List<Operator> candidates = new ArrayList<>();
    for (Operator op : OperatorPlanner.plan(plan, memo.dag(), Set.of())) {
      Hop r = op.root();
      if (op.type() == TemplateType.CELL && Shapes.isFusedAggregate(r)
          && Shapes.aggregate(r).direction() == Direction.FULL && op.operations() >= 2) {
        candidates.add(op);
      }
    }
    List<List<Hop>> groups = new ArrayList<>();
    Set<Operator> grouped = Collections.newSetFromMap(new IdentityHashMap<>());
    for (int i = 0; i < candidates.size(); i++) {
      Operator a = candidates.get(i);
      if (grouped.contains(a)) {
        continue;
      }
      List<Operator> g = new ArrayList<>(List.of(a));
      for (int j = i + 1; j < candidates.size() && g.size() < MAX_GROUP; j++) {
        Operator b = candidates.get(j);
        if (!grouped.contains(b) && combinable(g, b, memo)) {
          g.add(b);
        }
      }
      if (g.size() > 1) {
        grouped.addAll(g);
        groups.add(g.stream().map(Operator::root).toList());
      }
    }
    return groups;
  }

  private static boolean combinable(List<Operator> group, Operator b, MemoTable memo) {
    boolean shares = false;
    for (Operator a : group) {
      if (!Shapes.sameDims(Shapes.dims(a.root().input(0), memo),
          Shapes.dims(b.root().input(0), memo))) {
        return false;
      }
      if (reaches(b.inputs(), a.root()) || reaches(a.inputs(), b.root())) {
        return false;
      }
      for (Hop in : b.inputs()) {
        if (in.isMatrix() && a.inputs().contains(in)) {
          shares = true;
        }
      }
    }
    return shares;
  }

  /** Whether {@code target} is one of {@code from} or an input of theirs, transitively. */
  private static boolean reaches(List<Hop> from, Hop target) {
    Set<Hop> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Hop> work = new ArrayDeque<>(from);
    while (!work.isEmpty()) {
      Hop h = work.pop();
      if (h == target) {
        return true;
      }
      if (seen.add(h)) {
        work.addAll(h.inputs());
      }
    }
    return false;
  }
}
