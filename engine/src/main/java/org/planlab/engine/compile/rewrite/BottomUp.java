package org.planlab.engine.compile.rewrite;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;

/**
 * Rebuilds a DAG bottom-up, applying a node rule to every node once its inputs are rebuilt
 * (HOPs are immutable, so rewrites build new nodes rather than rewiring edges). The rule sees
 * how many edges consume a node in the original DAG, so it can refuse rewrites that would
 * duplicate work or split a shared nondeterministic operator.
 */
final class BottomUp {
  /** Rounds of a rule on one node, enough for chains such as t(t(t(t(X)))). */
  private static final int MAX_ROUNDS = 16;

  private BottomUp() {
  }

  /** A node rule: the replacement of {@code h}, or {@code h} itself. */
  interface Rule {
    Hop apply(Hop h, Uses uses);
  }

  /** Consumer edges of a (rebuilt) node in the original DAG. */
  interface Uses {
    int of(Hop h);
  }

  static HopDag rebuild(HopDag dag, Rule rule) {
    Map<Hop, List<Hop>> consumers = dag.consumers();
    Map<Hop, Integer> uses = new IdentityHashMap<>();
    Map<Hop, Hop> map = new IdentityHashMap<>();
    Uses u = h -> uses.getOrDefault(h, 0);
    for (Hop h : dag.topologicalOrder()) {
      List<Hop> in = new ArrayList<>(h.inputs().size());
      for (Hop i : h.inputs()) {
        in.add(map.get(i));
      }
      Hop n = h.withInputs(in);
      uses.merge(n, consumers.get(h).size(), Integer::sum);
      for (int round = 0; round < MAX_ROUNDS; round++) {
        Hop r = rule.apply(n, u);
        if (r == n) {
          break;
        }
        uses.merge(r, uses.getOrDefault(n, 0), Integer::sum);
        n = r;
      }
      map.put(h, n);
    }
    List<Hop> roots = new ArrayList<>();
    boolean changed = false;
    for (Hop r : dag.roots()) {
      Hop m = map.get(r);
      changed |= m != r;
      roots.add(m);
    }
    return changed ? new HopDag(roots) : dag;
  }
}
