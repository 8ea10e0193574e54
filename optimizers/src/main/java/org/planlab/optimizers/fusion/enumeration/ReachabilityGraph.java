package org.planlab.optimizers.fusion.enumeration;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.ir.Hop;

/**
 * The reachability graph RG over a partition's interesting points (fusion paper, sec. 4.3,
 * "Structural Pruning"): a virtual root stands for the partition roots, and an edge leads from
 * a point (or the root) to every point met first when descending its target's fusion
 * references. Cut sets are sets of points that, all assigned true, split the other points
 * into those above them (reachable from the root without crossing the cut) and those below
 * (reachable from the cut), with no point and no target in both: the two sides are then independent
 * sub-problems, because the materialized cut is a fusion barrier between them.
 *
 * <p>Points are numbered as in {@link PlanPartition#points()}.
 */
public final class ReachabilityGraph {
  /** Pairs of failed candidates are tried only when this few candidates failed. */
  static final int MAX_PAIR_CANDIDATES = 8;

  private final int size;
  private final int[][] successors;
  private final int[] rootSuccessors;
  private final int[] targetOf;
  private final List<CutSet> cutSets;

  /**
   * A cut set and its sub-problems, scored by Eq. (4) (smaller is better).
   *
   * @param cut the points that must all be true
   * @param above the points reachable from the roots without crossing the cut (S1)
   * @param below the points reachable from the cut (S2)
   */
  public record CutSet(List<Integer> cut, List<Integer> above, List<Integer> below, double score) {
    public CutSet {
      cut = List.copyOf(cut);
      above = List.copyOf(above);
      below = List.copyOf(below);
    }
  }

  /**
   * The graph over {@code size} points.
   *
   * @param successors per point, the points it reaches directly
   * @param rootSuccessors the points the partition roots reach directly
   * @param targetOf per point, an id of its target: points of equal id form a composite
   *     cut-set candidate (equal inputs)
   */
  public ReachabilityGraph(int size, List<List<Integer>> successors, List<Integer> rootSuccessors,
      int[] targetOf) {
    if (successors.size() != size || targetOf.length != size) {
      throw new IllegalArgumentException("expected " + size + " points, got "
          + successors.size() + " successor lists and " + targetOf.length + " target ids");
    }
    this.size = size;
    this.successors = new int[size][];
    for (int p = 0; p < size; p++) {
      this.successors[p] = checked(successors.get(p));
    }
    this.rootSuccessors = checked(rootSuccessors);
    this.targetOf = targetOf.clone();
    this.cutSets = findCutSets(targetOf);
  }

  /** The graph of partition {@code p}'s points over {@code memo}'s fusion references. */
  public static ReachabilityGraph of(MemoTable memo, PlanPartition p) {
    List<InterestingPoint> points = p.points();
    Map<Hop, Map<Hop, Integer>> pointOf = new IdentityHashMap<>();
    Map<Hop, Integer> targetIds = new IdentityHashMap<>();
    int[] targetOf = new int[points.size()];
    for (int k = 0; k < points.size(); k++) {
      InterestingPoint ip = points.get(k);
      pointOf.computeIfAbsent(ip.consumer(), c -> new IdentityHashMap<>()).put(ip.target(), k);
      targetOf[k] = targetIds.computeIfAbsent(ip.target(), t -> targetIds.size());
    }
    Set<Hop> members = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    members.addAll(p.hops());
    List<Set<Integer>> succ = new ArrayList<>();
    for (int k = 0; k < points.size(); k++) {
      succ.add(new java.util.LinkedHashSet<>());
    }
    Set<Integer> rootSucc = new java.util.LinkedHashSet<>();
    // descend from the roots; the node a HOP is reached under is the last point crossed
    Map<Hop, BitSet> visited = new IdentityHashMap<>();
    record Visit(Hop hop, int node) { }
    Deque<Visit> work = new ArrayDeque<>();
    for (Hop r : p.roots()) {
      work.push(new Visit(r, -1));
    }
    while (!work.isEmpty()) {
      Visit v = work.pop();
      if (visited.computeIfAbsent(v.hop(), h -> new BitSet()).get(v.node() + 1)) {
        continue;
      }
      visited.get(v.hop()).set(v.node() + 1);
      Hop h = v.hop();
      for (int i = 0; i < h.inputs().size(); i++) {
        Hop t = h.input(i);
        if (!members.contains(t) || !PlanPartitions.references(memo, h, i)) {
          continue;
        }
        Integer point = pointOf.getOrDefault(h, Map.of()).get(t);
        if (point == null) {
          work.push(new Visit(t, v.node()));
        } else {
          (v.node() < 0 ? rootSucc : succ.get(v.node())).add(point);
          work.push(new Visit(t, point));
        }
      }
    }
    List<List<Integer>> lists = new ArrayList<>();
    for (Set<Integer> s : succ) {
      lists.add(new ArrayList<>(s));
    }
    return new ReachabilityGraph(points.size(), lists, new ArrayList<>(rootSucc), targetOf);
  }

  /** The number of points. */
  public int size() {
    return size;
  }

  /** The chosen cut sets: pairwise disjoint, in ascending order of their score. */
  public List<CutSet> cutSets() {
    return cutSets;
  }

  private int[] checked(List<Integer> points) {
    int[] out = new int[points.size()];
    for (int k = 0; k < out.length; k++) {
      int p = points.get(k);
      if (p < 0 || p >= size) {
        throw new IllegalArgumentException("point " + p + " out of range [0, " + size + ")");
      }
      out[k] = p;
    }
    return out;
  }

  private List<CutSet> findCutSets(int[] targetOf) {
    Map<Integer, List<Integer>> composites = new LinkedHashMap<>();
    for (int p = 0; p < size; p++) {
      composites.computeIfAbsent(targetOf[p], t -> new ArrayList<>()).add(p);
    }
    List<CutSet> found = new ArrayList<>();
    List<List<Integer>> failed = new ArrayList<>();
    for (List<Integer> candidate : composites.values()) {
      CutSet cs = evaluate(candidate);
      if (cs != null) {
        found.add(cs);
      } else {
        failed.add(candidate);
      }
    }
    if (failed.size() >= 2 && failed.size() <= MAX_PAIR_CANDIDATES) {
      for (int a = 0; a < failed.size(); a++) {
        for (int b = a + 1; b < failed.size(); b++) {
          List<Integer> pair = new ArrayList<>(failed.get(a));
          pair.addAll(failed.get(b));
          CutSet cs = evaluate(pair);
          if (cs != null) {
            found.add(cs);
          }
        }
      }
    }
    found.sort(Comparator.comparingDouble(CutSet::score)); // stable: discovery order on ties
    List<CutSet> chosen = new ArrayList<>();
    Set<Integer> used = new HashSet<>();
    for (CutSet cs : found) {
      if (cs.cut().stream().noneMatch(used::contains)) {
        chosen.add(cs);
        used.addAll(cs.cut());
      }
    }
    return List.copyOf(chosen);
  }

  /** The cut set of {@code candidate} with its sub-problems, or null if it does not cut. */
  private CutSet evaluate(List<Integer> candidate) {
    BitSet cut = new BitSet();
    candidate.forEach(cut::set);
    BitSet above = new BitSet();
    collect(rootSuccessors, cut, above);
    BitSet below = new BitSet();
    for (int c : candidate) {
      collect(successors[c], cut, below);
    }
    if (above.isEmpty() || below.isEmpty() || above.intersects(below)
        || above.cardinality() + below.cardinality() + cut.cardinality() != size
        || sharesTarget(above, below)) {
      return null;
    }
    double combinations = Math.pow(2, candidate.size());
    double score = (combinations - 1) / combinations * Math.pow(2, size)
        + (Math.pow(2, above.cardinality()) + Math.pow(2, below.cardinality())) / combinations;
    return new CutSet(candidate, above.stream().boxed().toList(),
        below.stream().boxed().toList(), score);
  }

  /**
   * Whether a target has points on both sides: its materialization (written once for all its
   * consumers) and the plans below it couple the sides, so they are not independent.
   */
  private boolean sharesTarget(BitSet above, BitSet below) {
    Set<Integer> targets = new HashSet<>();
    above.stream().forEach(p -> targets.add(targetOf[p]));
    return below.stream().anyMatch(p -> targets.contains(targetOf[p]));
  }

  /** Adds the points reachable from {@code from} without entering {@code cut} to {@code out}. */
  private void collect(int[] from, BitSet cut, BitSet out) {
    Deque<Integer> work = new ArrayDeque<>();
    for (int p : from) {
      work.push(p);
    }
    while (!work.isEmpty()) {
      int p = work.pop();
      if (cut.get(p) || out.get(p)) {
        continue;
      }
      out.set(p);
      for (int s : successors[p]) {
        work.push(s);
      }
    }
  }
}
