package org.planlab.optimizers.fusion.enumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.OpNames;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.OpCode;
import org.planlab.optimizers.fusion.enumeration.InterestingPoint.Kind;

/** Plan partitions, roots, inputs and interesting points (fusion paper, sec. 4.1, Fig. 7). */
class PlanPartitionsTest {

  private static String describe(MemoTable memo, List<PlanPartition> parts) {
    StringBuilder sb = new StringBuilder(memo.format());
    for (PlanPartition p : parts) {
      sb.append("\npartition ").append(p.hops().stream().map(OpNames::of).toList())
          .append(" points ").append(p.points());
    }
    return sb.toString();
  }

  private static Set<String> names(Set<Hop> hops) {
    return hops.stream().map(h -> OpNames.of(h)).collect(Collectors.toSet());
  }

  /**
   * Like Fig. 7: the full aggregate closes every template, so its consumer chain forms a
   * partition of its own; an unrelated chain is a third one.
   */
  @Test
  void aggregatesAndUnrelatedChainsSplitTheTableIntoPartitions() {
    MemoTable memo = ExploredDags.exploreOne("""
        X = rand(rows=500, cols=40, seed=1)
        Y = rand(rows=500, cols=40, seed=2)
        Z = rand(rows=500, cols=40, seed=3)
        s = sum(X * Y)
        R = (Z - s) / 2
        W = exp(X) + 7
        print(sum(R) + sum(W))
        """);
    List<PlanPartition> parts = PlanPartitions.analyze(memo);
    String d = describe(memo, parts);
    assertTrue(parts.size() >= 3, d);
    int hops = 0;
    for (PlanPartition p : parts) {
      hops += p.hops().size();
      for (Hop h : p.hops()) {
        for (Hop in : h.inputs()) {
          assertTrue(p.hops().contains(in) || p.inputs().contains(in), d);
        }
      }
      assertTrue(!p.roots().isEmpty() && p.hops().containsAll(p.roots()), d);
    }
    assertEquals(memo.hops().size(), hops, "every HOP with a group is in one partition");
    PlanPartition first = parts.stream()
        .filter(p -> names(p.roots()).contains("ua(RCsum)") && p.hops().size() == 2)
        .findFirst().orElseThrow(() -> new AssertionError(d));
    assertEquals(Set.of("ua(RCsum)"), names(first.roots()), d);
    assertEquals(2, first.inputs().size(), "reads X and Y: " + d);
    assertTrue(first.points().isEmpty(), d);
  }

  /** A CSE fused by two consumers is a materialization point with one point per consumer. */
  @Test
  void commonSubexpressionWithTwoConsumersGivesMaterializationPointConsumers() {
    MemoTable memo = ExploredDags.exploreOne("""
        X = rand(rows=500, cols=40, seed=1)
        Y = rand(rows=500, cols=40, seed=2)
        T = X * Y
        A = exp(T)
        B = abs(T)
        print(sum(A + 1) + sum(B - 1))
        """);
    List<PlanPartition> parts = PlanPartitions.analyze(memo);
    String d = describe(memo, parts);
    Hop t = ExploredDags.named(memo, "b(*)").stream()
        .filter(h -> h.input(0).op() != h.op()).findFirst().orElseThrow();
    PlanPartition p = parts.stream().filter(x -> x.hops().contains(t)).findFirst().orElseThrow();
    assertTrue(p.materializationPoints().contains(t), d);
    assertTrue(!p.roots().contains(t), d);
    List<InterestingPoint> onT = p.points().stream().filter(ip -> ip.target() == t).toList();
    assertEquals(2, onT.size(), d);
    assertEquals(Set.of("u(exp)", "u(abs)"),
        onT.stream().map(ip -> OpNames.of(ip.consumer())).collect(Collectors.toSet()), d);
    onT.forEach(ip -> assertEquals(Kind.MATERIALIZATION_POINT_CONSUMER, ip.kind()));
    assertTrue(p.inputs().size() >= 2, d);
  }

  /**
   * A CSE fused by one consumer and read by a matrix multiply that cannot fuse it (no Row
   * entry over a dense right-hand side) is materialized in every plan; one whose consumers
   * can all fuse it is not.
   */
  @Test
  void materializationPointWithANonFusingConsumerIsAlwaysMaterialized() {
    MemoTable memo = ExploredDags.exploreOne("""
        X = rand(rows=500, cols=40, seed=1)
        Y = rand(rows=500, cols=40, seed=2)
        W = rand(rows=500, cols=30, seed=3)
        T = X * Y
        A = exp(T) + 1
        B = t(W) %*% T
        C = abs(T) - 1
        print(sum(A) + sum(B) + sum(C) + sum(exp(X - Y)) + sum(abs(X - Y)))
        """);
    List<PlanPartition> parts = PlanPartitions.analyze(memo);
    String d = describe(memo, parts);
    Hop t = ExploredDags.named(memo, "b(*)").stream()
        .filter(h -> h.input(0).op() != h.op()).findFirst().orElseThrow();
    PlanPartition p = parts.stream().filter(x -> x.hops().contains(t)).findFirst().orElseThrow();
    assertTrue(p.materializationPoints().contains(t), d);
    boolean fusedByAll = memo.consumers(t).stream().allMatch(g -> p.hops().contains(g)
        && PlanPartitions.references(memo, g, g.inputs().indexOf(t)));
    assertEquals(!fusedByAll, p.alwaysMaterialized().contains(t), d);
    assertTrue(!fusedByAll, "t(W) %*% T reads T materialized: " + d);
    assertTrue(p.materializationPoints().containsAll(p.alwaysMaterialized()), d);
    // X - Y, unnamed, is fused by both its consumers: materialized only where a plan says so
    Hop minus = ExploredDags.named(memo, "b(-)").stream()
        .filter(h -> memo.consumers(h).size() == 2
            && memo.consumers(h).stream().allMatch(g -> g.op() == OpCode.UNARY))
        .findFirst().orElseThrow();
    PlanPartition q = parts.stream().filter(x -> x.hops().contains(minus)).findFirst()
        .orElseThrow();
    assertTrue(q.materializationPoints().contains(minus), d);
    assertTrue(!q.alwaysMaterialized().contains(minus), d);
  }

  /** Y + X * (U %*% t(V)): the sparsity-exploiting Outer multiply is a template switch. */
  @Test
  void sparseOuterProductUnderADenseAddIsATemplateSwitch() {
    MemoTable memo = ExploredDags.exploreOne("""
        X = rand(rows=400, cols=300, sparsity=0.01, seed=1)
        Y = rand(rows=400, cols=300, seed=2)
        U = rand(rows=400, cols=5, seed=3)
        V = rand(rows=300, cols=5, seed=4)
        R = Y + X * (U %*% t(V))
        print(sum(R))
        """);
    List<PlanPartition> parts = PlanPartitions.analyze(memo);
    String d = describe(memo, parts);
    List<InterestingPoint> switches = parts.stream().flatMap(p -> p.points().stream())
        .filter(ip -> ip.kind() == Kind.TEMPLATE_SWITCH).toList();
    assertTrue(switches.stream().anyMatch(ip -> OpNames.of(ip.consumer()).equals("b(+)")
        && OpNames.of(ip.target()).equals("b(*)")), d);
  }

  /** Points are ordered topologically by target, then consumer, then input. */
  @Test
  void pointsAreInTopologicalOrderOfTheirTargets() {
    MemoTable memo = ExploredDags.exploreOne("""
        X = rand(rows=500, cols=40, seed=1)
        Y = rand(rows=500, cols=40, seed=2)
        T = X * Y
        S = exp(T) + T
        Q = abs(S) + S * T
        print(sum(Q) + sum(S))
        """);
    List<Hop> topo = memo.dag().topologicalOrder();
    for (PlanPartition p : PlanPartitions.analyze(memo)) {
      List<InterestingPoint> pts = p.points();
      for (int k = 1; k < pts.size(); k++) {
        int a = topo.indexOf(pts.get(k - 1).target());
        int b = topo.indexOf(pts.get(k).target());
        assertTrue(a < b || a == b && topo.indexOf(pts.get(k - 1).consumer())
            <= topo.indexOf(pts.get(k).consumer()), describe(memo, List.of(p)));
      }
    }
  }
}
