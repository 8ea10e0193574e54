package org.planlab.optimizers.fusion.enumeration;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.ir.Hop;
import org.planlab.optimizers.fusion.enumeration.InterestingPoint.Kind;

/**
 * Plan partitions and interesting points of a memo table (fusion paper, sec. 4.1, Fig. 7).
 * Partitions are the connected components of fusion references (an edge from {@code h} to its
 * input {@code i} when some entry of {@code h} references {@code i}); per partition the
 * analysis finds its roots, inputs, materialization points and the interesting points M' that
 * span its search space.
 */
public final class PlanPartitions {
  private PlanPartitions() {
  }

  /** The partitions of {@code memo}, ordered by their first HOP in topological order. */
  public static List<PlanPartition> analyze(MemoTable memo) {
    List<Hop> hops = memo.hops();
    Map<Hop, Integer> index = new IdentityHashMap<>();
    for (int k = 0; k < hops.size(); k++) {
      index.put(hops.get(k), k);
    }
    int[] parent = new int[hops.size()];
    for (int k = 0; k < parent.length; k++) {
      parent[k] = k;
    }
    for (Hop h : hops) {
      for (int i = 0; i < h.inputs().size(); i++) {
        Integer in = index.get(h.input(i));
        if (in != null && references(memo, h, i)) {
          union(parent, index.get(h), in);
        }
      }
    }
    Map<Integer, List<Hop>> components = new LinkedHashMap<>();
    for (int k = 0; k < hops.size(); k++) {
      components.computeIfAbsent(find(parent, k), c -> new ArrayList<>()).add(hops.get(k));
    }
    Map<Hop, Integer> topo = new IdentityHashMap<>();
    for (Hop h : memo.dag().topologicalOrder()) {
      topo.put(h, topo.size());
    }
    List<PlanPartition> out = new ArrayList<>();
    for (List<Hop> component : components.values()) {
      out.add(partition(memo, component, topo));
    }
    return out;
  }

  /**
   * Whether consumer {@code g} reads {@code h} materialized in every plan: it is outside the
   * partition, or no entry of it references {@code h} at one of the positions it reads it.
   */
  private static boolean readsMaterialized(MemoTable memo, Set<Hop> members, Hop g, Hop h) {
    if (!members.contains(g)) {
      return true;
    }
    for (int i = 0; i < g.inputs().size(); i++) {
      if (g.input(i) == h && !references(memo, g, i)) {
        return true;
      }
    }
    return false;
  }

  /** Whether some entry of {@code h} fuses its input {@code i} (a fusion reference). */
  static boolean references(MemoTable memo, Hop h, int i) {
    for (MemoEntry e : memo.entries(h)) {
      if (e.isRef(i)) {
        return true;
      }
    }
    return false;
  }

  private static PlanPartition partition(MemoTable memo, List<Hop> hops, Map<Hop, Integer> topo) {
    Set<Hop> members = identitySet();
    members.addAll(hops);
    Set<Hop> referenced = identitySet();
    Set<Hop> inputs = new LinkedHashSet<>(); // Hop has identity equality
    for (Hop h : hops) {
      for (int i = 0; i < h.inputs().size(); i++) {
        Hop in = h.input(i);
        if (!members.contains(in)) {
          inputs.add(in);
        } else if (references(memo, h, i)) {
          referenced.add(in);
        }
      }
    }
    Set<Hop> roots = new LinkedHashSet<>();
    for (Hop h : hops) {
      if (!referenced.contains(h)) {
        roots.add(h);
      }
    }
    Set<Hop> matPoints = new LinkedHashSet<>();
    Set<Hop> always = new LinkedHashSet<>();
    for (Hop h : hops) {
      if (roots.contains(h)) {
        continue;
      }
      List<Hop> consumers = distinct(memo.consumers(h));
      if (consumers.size() > 1 && consumers.stream().anyMatch(members::contains)) {
        matPoints.add(h);
        if (consumers.stream().anyMatch(g -> readsMaterialized(memo, members, g, h))) {
          always.add(h);
        }
      }
    }
    List<InterestingPoint> points = new ArrayList<>();
    // a consumer reading one HOP at several positions fuses it at all or none of them
    // (exploration's CREATEPLANS), so one point per (consumer, target) covers the decision
    Map<Hop, Set<Hop>> seen = new IdentityHashMap<>();
    for (Hop m : matPoints) {
      for (Hop g : distinct(memo.consumers(m))) {
        if (!members.contains(g)) {
          continue;
        }
        for (int i = 0; i < g.inputs().size(); i++) {
          if (g.input(i) == m && references(memo, g, i)) {
            addPoint(points, seen, new InterestingPoint(g, i, m, Kind.MATERIALIZATION_POINT_CONSUMER));
            break;
          }
        }
      }
    }
    for (Hop g : hops) {
      // an invalid entry point of the consumer (e.g. Y + X * UV^T continuing an Outer that
      // never becomes valid) does not count: the consumer cannot carry that template itself
      EnumSet<TemplateType> own = validTypes(memo, g);
      for (int i = 0; i < g.inputs().size(); i++) {
        Hop t = g.input(i);
        if (!members.contains(t) || !references(memo, g, i)) {
          continue;
        }
        // the target's valid templates, closed ones included: a closed Outer at the target
        // (e.g. W %*% V as Outer RIGHT) is exactly what a fused consumer would forgo
        EnumSet<TemplateType> switched = validTypes(memo, t);
        switched.removeAll(own);
        if (!switched.isEmpty()) {
          addPoint(points, seen, new InterestingPoint(g, i, t, Kind.TEMPLATE_SWITCH));
        }
      }
    }
    points.sort(Comparator.<InterestingPoint>comparingInt(p -> topo.get(p.target()))
        .thenComparingInt(p -> topo.get(p.consumer()))
        .thenComparingInt(InterestingPoint::input));
    return new PlanPartition(hops, roots, inputs, matPoints, always, points);
  }

  private static void addPoint(List<InterestingPoint> points, Map<Hop, Set<Hop>> seen,
      InterestingPoint p) {
    if (seen.computeIfAbsent(p.consumer(), c -> identitySet()).add(p.target())) {
      points.add(p);
    }
  }

  /** The template types of {@code h}'s open entries (those a consumer may extend). */
  private static EnumSet<TemplateType> openTypes(MemoTable memo, Hop h) {
    EnumSet<TemplateType> out = EnumSet.noneOf(TemplateType.class);
    for (MemoEntry e : memo.entries(h)) {
      if (e.closed().isOpen()) {
        out.add(e.type());
      }
    }
    return out;
  }

  /** The template types of {@code h}'s valid entries (open or closed). */
  private static EnumSet<TemplateType> validTypes(MemoTable memo, Hop h) {
    EnumSet<TemplateType> out = EnumSet.noneOf(TemplateType.class);
    for (MemoEntry e : memo.entries(h)) {
      if (e.closed().isValid()) {
        out.add(e.type());
      }
    }
    return out;
  }

  private static List<Hop> distinct(List<Hop> hops) {
    Set<Hop> seen = identitySet();
    List<Hop> out = new ArrayList<>();
    for (Hop h : hops) {
      if (seen.add(h)) {
        out.add(h);
      }
    }
    return out;
  }

  private static Set<Hop> identitySet() {
    return Collections.newSetFromMap(new IdentityHashMap<>());
  }

  private static int find(int[] parent, int k) {
    while (parent[k] != k) {
      parent[k] = parent[parent[k]];
      k = parent[k];
    }
    return k;
  }

  private static void union(int[] parent, int a, int b) {
    int ra = find(parent, a);
    int rb = find(parent, b);
    if (ra != rb) {
      parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }
  }
}
