package org.planlab.engine.ir;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The DAG of one basic block (or of a predicate): its roots in statement order — variable
 * writes, side effects, function calls, or the single predicate value — and everything they
 * reach. Immutable; passes return new DAGs.
 */
public final class HopDag {
  private final List<Hop> roots;

  public HopDag(List<Hop> roots) {
    this.roots = List.copyOf(roots);
  }

  public List<Hop> roots() {
    return roots;
  }

  /** All nodes, every node after its inputs (depth-first post-order from the roots in order). */
  public List<Hop> topologicalOrder() {
    List<Hop> order = new ArrayList<>();
    Set<Hop> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Hop root : roots) {
      visit(root, seen, order);
    }
    return order;
  }

  /**
   * Appends {@code root} and its inputs not yet in {@code seen} to {@code order}, each after
   * its inputs (depth-first post-order), and adds them to {@code seen}.
   */
  public static void visit(Hop root, Set<Hop> seen, List<Hop> order) {
    // iterative post-order: deep expression chains must not overflow the stack
    Deque<Hop> stack = new ArrayDeque<>();
    Deque<Integer> next = new ArrayDeque<>();
    if (!seen.add(root)) {
      return;
    }
    stack.push(root);
    next.push(0);
    while (!stack.isEmpty()) {
      Hop h = stack.peek();
      int i = next.pop();
      if (i < h.inputs().size()) {
        next.push(i + 1);
        Hop in = h.input(i);
        if (seen.add(in)) {
          stack.push(in);
          next.push(0);
        }
      } else {
        stack.pop();
        order.add(h);
      }
    }
  }

  /** For every node, the nodes that consume it (in topological order, repeated per edge). */
  public Map<Hop, List<Hop>> consumers() {
    Map<Hop, List<Hop>> out = new IdentityHashMap<>();
    for (Hop h : topologicalOrder()) {
      out.putIfAbsent(h, new ArrayList<>());
      for (Hop in : h.inputs()) {
        out.computeIfAbsent(in, k -> new ArrayList<>()).add(h);
      }
    }
    return out;
  }

  /** Sequential ids (1-based, topological) for printing and explain output. */
  public Map<Hop, Integer> ids() {
    Map<Hop, Integer> ids = new IdentityHashMap<>();
    for (Hop h : topologicalOrder()) {
      ids.put(h, ids.size() + 1);
    }
    return ids;
  }

  public int size() {
    return topologicalOrder().size();
  }
}
