package org.planlab.optimizers.ordering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.runtime.Hops;
import org.planlab.engine.spi.DepthFirstOrdering;
import org.planlab.engine.spi.Linearization;
import org.planlab.engine.spi.OperatorOrdering;
import org.planlab.engine.spi.OrderingContext;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.StrategyKind;

/**
 * The operator orderings (optimizer paper sec. 3.3; MEMPHIS sec. 5.3): on random DAGs with
 * random placements, each is a topological order of every node once that keeps side effects
 * in statement order; on hand-built DAGs, breadth-first interleaves independent chains and
 * max-parallelize starts the longest remote chain first (Algorithm 2).
 */
class OrderingsTest {
  private static final List<OperatorOrdering> ALL = List.of(new DepthFirstOrdering(),
      new BreadthFirstOrdering(), new MaxParallelizeOrdering());
  /** max-parallelize with local chains (max-parallelize:localChains=true). */
  private static final MaxParallelizeOrdering LOCAL =
      new MaxParallelizeOrdering(true, LocalChains.MIN_CHAIN_WORK);

  /** A random DAG: reads, binary operations, prints and writes, in statement order. */
  private record RandomDag(HopDag dag, List<Hop> effects, Map<Hop, ExecType> placement) {
  }

  private static RandomDag randomDag(long seed, int size) {
    Random rnd = new Random(seed);
    List<Hop> nodes = new ArrayList<>();
    List<Hop> roots = new ArrayList<>();
    List<Hop> effects = new ArrayList<>();
    Set<Hop> consumed = Collections.newSetFromMap(new IdentityHashMap<>());
    for (int i = 0; i < 3; i++) {
      nodes.add(Hops.mread("X" + i));
    }
    BinaryOp[] ops = {BinaryOp.PLUS, BinaryOp.MULT, BinaryOp.MINUS};
    for (int i = 0; i < size; i++) {
      Hop a = nodes.get(rnd.nextInt(nodes.size()));
      Hop b = nodes.get(rnd.nextInt(nodes.size()));
      int kind = rnd.nextInt(10);
      if (kind == 0) {
        Hop p = Hops.print(Hops.sum(a)); // a side effect: a root in statement order
        roots.add(p);
        effects.add(p);
        consumed.add(a);
      } else {
        Hop h = kind == 1 ? Hops.mm(a, Hops.t(b)) : Hops.bin(ops[rnd.nextInt(3)], a, b);
        consumed.add(a);
        consumed.add(b);
        nodes.add(h);
      }
    }
    Hop last = nodes.get(nodes.size() - 1);
    roots.add(Hops.write("out", last));
    consumed.add(last);
    for (Hop h : nodes) {
      if (!consumed.contains(h)) {
        roots.add(Hops.write("v" + roots.size(), h));
      }
    }
    HopDag dag = new HopDag(roots);
    Map<Hop, ExecType> placement = new IdentityHashMap<>();
    ExecType[] types = {ExecType.CP, ExecType.SPARK, ExecType.GPU};
    for (Hop h : dag.topologicalOrder()) {
      placement.put(h, h.isMatrix() ? types[rnd.nextInt(3)] : ExecType.CP);
    }
    return new RandomDag(dag, effects, placement);
  }

  @Property(tries = 200)
  void everyOrderingIsATopologicalOrderKeepingSideEffectsInStatementOrder(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int size) {
    RandomDag r = randomDag(seed, size);
    OrderingContext ctx = new OrderingContext(Map.of(),
        h -> r.placement().getOrDefault(h, ExecType.CP), 1);
    List<Hop> expected = r.dag().topologicalOrder();
    for (OperatorOrdering o : ALL) {
      List<Hop> order = o.linearize(r.dag(), ctx);
      assertEquals(expected.size(), order.size(), o.name() + ": every node once");
      Map<Hop, Integer> at = new IdentityHashMap<>();
      for (Hop h : order) {
        assertEquals(null, at.put(h, at.size()), o.name() + ": " + h + " twice");
      }
      for (Hop h : expected) {
        assertTrue(at.containsKey(h), o.name() + " left out " + h);
        for (Hop in : h.inputs()) {
          assertTrue(at.get(in) < at.get(h), o.name() + ": " + h + " before its input " + in);
        }
      }
      for (int i = 1; i < r.effects().size(); i++) {
        assertTrue(at.get(r.effects().get(i - 1)) < at.get(r.effects().get(i)),
            o.name() + ": side effects out of statement order");
      }
    }
  }

  /** Every matrix of a random DAG as 40 x 40 (its reads and all operations keep the shape). */
  private static Map<Hop, DataCharacteristics> squareSizes(HopDag dag) {
    Map<Hop, DataCharacteristics> sizes = new IdentityHashMap<>();
    for (Hop h : dag.topologicalOrder()) {
      if (h.isMatrix()) {
        sizes.put(h, DataCharacteristics.dims(40, 40));
      }
    }
    return sizes;
  }

  /**
   * max-parallelize's plan with known sizes and two threads: a topological order with side
   * effects in statement order, whose groups of concurrent chains are contiguous, local, and
   * independent (no chain reads, even through other operators, a result of another chain of
   * its group).
   */
  @Property(tries = 200)
  void concurrentChainsAreContiguousLocalAndIndependent(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int size) {
    RandomDag r = randomDag(seed, size);
    OrderingContext ctx = new OrderingContext(squareSizes(r.dag()),
        h -> r.placement().getOrDefault(h, ExecType.CP), 2);
    Linearization plan = LOCAL.plan(r.dag(), ctx);
    List<Hop> order = plan.order();
    Map<Hop, Integer> at = new IdentityHashMap<>();
    for (Hop h : order) {
      assertEquals(null, at.put(h, at.size()), h + " twice");
    }
    assertEquals(r.dag().topologicalOrder().size(), order.size());
    for (Hop h : order) {
      for (Hop in : h.inputs()) {
        assertTrue(at.get(in) < at.get(h), h + " before its input " + in);
      }
    }
    for (int i = 1; i < r.effects().size(); i++) {
      assertTrue(at.get(r.effects().get(i - 1)) < at.get(r.effects().get(i)));
    }
    for (Linearization.ChainGroup g : plan.groups()) {
      assertTrue(g.chains().size() >= 2, "a group of one chain");
      List<Hop> flat = g.chains().stream().flatMap(List::stream).toList();
      int first = at.get(flat.get(0));
      assertEquals(flat, order.subList(first, first + flat.size()), "group not contiguous");
      for (Hop h : flat) {
        assertEquals(ExecType.CP, ctx.placement().apply(h), h + " is not local");
      }
      for (int a = 0; a < g.chains().size(); a++) {
        Set<Hop> ancestors = ancestors(g.chains().get(a));
        for (int b = 0; b < g.chains().size(); b++) {
          if (a != b) {
            for (Hop h : g.chains().get(b)) {
              assertTrue(!ancestors.contains(h), "chain " + a + " reads chain " + b + "'s " + h);
            }
          }
        }
      }
    }
  }

  private static Set<Hop> ancestors(List<Hop> chain) {
    Set<Hop> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Hop> work = new ArrayDeque<>();
    chain.forEach(h -> work.addAll(h.inputs()));
    while (!work.isEmpty()) {
      Hop h = work.pop();
      if (seen.add(h)) {
        work.addAll(h.inputs());
      }
    }
    return seen;
  }

  /** A local chain over {@code x}: three small operations of 60 x 60 (about 22,000 cells). */
  private static Hop chain(Hop x) {
    Hop a = Hops.bin(BinaryOp.MULT, x, x);
    Hop b = Hops.bin(BinaryOp.PLUS, a, x);
    return Hops.sum(b);
  }

  @Test
  void maxParallelizeGroupsIndependentLocalChains() {
    Hop x = Hops.mread("X");
    Hop y = Hops.mread("Y");
    Hop z = Hops.mread("Z");
    Hop cx = chain(x);
    Hop cy = chain(y);
    Hop cz = chain(z);
    Hop total = Hops.bin(BinaryOp.PLUS, Hops.bin(BinaryOp.PLUS, cx, cy), cz);
    HopDag dag = new HopDag(List.of(Hops.print(total)));
    Map<Hop, DataCharacteristics> sizes = new IdentityHashMap<>();
    for (Hop h : dag.topologicalOrder()) {
      if (h.isMatrix()) {
        sizes.put(h, DataCharacteristics.dims(60, 60));
      }
    }
    Linearization plan = LOCAL.plan(dag,
        new OrderingContext(sizes, 2));
    assertEquals(1, plan.groups().size(), "groups: " + plan.groups());
    List<List<Hop>> chains = plan.groups().get(0).chains();
    assertEquals(List.of(List.of(cx.input(0).input(0), cx.input(0), cx),
        List.of(cy.input(0).input(0), cy.input(0), cy),
        List.of(cz.input(0).input(0), cz.input(0), cz)), chains);
    // off by default
    assertTrue(new MaxParallelizeOrdering().plan(dag, new OrderingContext(sizes, 2)).groups()
        .isEmpty());
    // the scalar sums that join the chains are not part of them; one thread: no groups
    assertTrue(chains.stream().noneMatch(c -> c.contains(total)));
    assertTrue(LOCAL.plan(dag, new OrderingContext(sizes, 1)).groups()
        .isEmpty());
    // too small to pay for a hand-over: no groups either
    Map<Hop, DataCharacteristics> tiny = new IdentityHashMap<>();
    sizes.keySet().forEach(h -> tiny.put(h, DataCharacteristics.dims(10, 10)));
    assertTrue(LOCAL.plan(dag, new OrderingContext(tiny, 2)).groups()
        .isEmpty());
  }

  @Test
  void aChainThatLeavesAndReentersOrDependsOnAnotherIsNotGroupedWithIt() {
    Hop x = Hops.mread("X");
    Hop y = Hops.mread("Y");
    Hop big = Hops.mread("B");
    // x's chain reads a product with a large matrix (not a chain operator) of its own result
    Hop a = Hops.bin(BinaryOp.MULT, x, x);
    Hop leave = Hops.mm(big, a);
    Hop back = Hops.bin(BinaryOp.PLUS, a, Hops.t(Hops.t(leave)));
    // y's chain, and a chain reading y's result: they cannot be in one group
    Hop cy = Hops.bin(BinaryOp.MULT, y, y);
    Hop cy2 = Hops.bin(BinaryOp.PLUS, cy, y);
    Hop after = Hops.bin(BinaryOp.MULT, Hops.mm(big, cy2), x);
    Hop after2 = Hops.bin(BinaryOp.PLUS, after, x);
    HopDag dag = new HopDag(List.of(Hops.write("R", back), Hops.write("S", after2),
        Hops.write("T", cy2)));
    Map<Hop, DataCharacteristics> sizes = new IdentityHashMap<>();
    for (Hop h : dag.topologicalOrder()) {
      if (h.isMatrix()) {
        sizes.put(h, DataCharacteristics.dims(60, 60));
      }
    }
    sizes.put(big, DataCharacteristics.dims(60, 60));
    sizes.put(leave, DataCharacteristics.dims(60, 60));
    // the products with B are too large for a chain
    Map<Hop, DataCharacteristics> withBig = new IdentityHashMap<>(sizes);
    withBig.put(big, DataCharacteristics.dims(60, 2000));
    Linearization plan = LOCAL.plan(dag,
        new OrderingContext(withBig, 2));
    for (Linearization.ChainGroup g : plan.groups()) {
      for (List<Hop> c : g.chains()) {
        assertTrue(!(c.contains(a) && c.contains(back)), "a chain that leaves and re-enters: "
            + c);
      }
      List<Hop> flat = g.chains().stream().flatMap(List::stream).toList();
      assertTrue(!(flat.contains(cy2) && flat.contains(after2)), "dependent chains grouped");
    }
  }

  @Test
  void breadthFirstInterleavesIndependentChains() {
    Hop x = Hops.mread("X");
    Hop y = Hops.mread("Y");
    Hop a1 = Hops.bin(BinaryOp.PLUS, x, x);
    Hop a2 = Hops.bin(BinaryOp.MULT, a1, a1);
    Hop b1 = Hops.bin(BinaryOp.PLUS, y, y);
    Hop b2 = Hops.bin(BinaryOp.MULT, b1, b1);
    HopDag dag = new HopDag(List.of(Hops.write("A", a2), Hops.write("B", b2)));
    List<Hop> depth = new DepthFirstOrdering().linearize(dag, OrderingContext.empty(1));
    List<Hop> breadth = new BreadthFirstOrdering().linearize(dag, OrderingContext.empty(1));
    // depth-first finishes chain A before it starts chain B; breadth-first goes level by level
    assertTrue(depth.indexOf(a2) < depth.indexOf(b1));
    assertTrue(breadth.indexOf(b1) < breadth.indexOf(a2));
    assertTrue(breadth.indexOf(a1) < breadth.indexOf(b2));
  }

  @Test
  void maxParallelizeStartsTheLongestRemoteChainFirst() {
    // MEMPHIS Fig. 9(a) in small: a short remote chain read by the driver first in statement
    // order, a longer one second, and local work in between
    Hop x = Hops.mread("X");
    Hop y = Hops.mread("y");
    Hop shortChain = Hops.mm(Hops.t(y), x); // 2 remote operators
    Hop local = Hops.bin(BinaryOp.PLUS, y, y);
    Hop l1 = Hops.mm(Hops.t(x), x);
    Hop l2 = Hops.bin(BinaryOp.MULT, l1, l1);
    Hop longChain = Hops.bin(BinaryOp.PLUS, l2, l1); // 4 remote operators
    Hop p1 = Hops.print(Hops.sum(shortChain));
    Hop p2 = Hops.print(Hops.sum(local));
    Hop p3 = Hops.print(Hops.sum(longChain));
    HopDag dag = new HopDag(List.of(p1, p2, p3));
    Set<Hop> remote = Collections.newSetFromMap(new IdentityHashMap<>());
    remote.addAll(List.of(shortChain, shortChain.input(0), l1, l1.input(0), l2, longChain));
    OrderingContext ctx = new OrderingContext(Map.of(),
        h -> remote.contains(h) ? ExecType.SPARK : ExecType.CP, 1);

    List<Hop> order = new MaxParallelizeOrdering().linearize(dag, ctx);
    assertTrue(order.indexOf(longChain) < order.indexOf(shortChain), "longer job first: "
        + order);
    assertTrue(order.indexOf(shortChain) < order.indexOf(local), "remote jobs before the "
        + "local rest");
    assertTrue(order.indexOf(p1) < order.indexOf(p2) && order.indexOf(p2) < order.indexOf(p3));
    // without remote operators it is depth-first
    assertEquals(dag.topologicalOrder(), new MaxParallelizeOrdering().linearize(dag,
        OrderingContext.empty(1)));
  }

  @Test
  void theOrderingsAreFoundByName() {
    Plugins plugins = Plugins.load();
    assertInstanceOf(BreadthFirstOrdering.class,
        plugins.create(StrategyKind.ORDERING, "breadth-first"));
    assertInstanceOf(MaxParallelizeOrdering.class,
        plugins.create(StrategyKind.ORDERING, "max-parallelize"));
    assertInstanceOf(MaxParallelizeOrdering.class, plugins.create(StrategyKind.ORDERING,
        "max-parallelize:localChains=true,minChainWork=100000"));
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> plugins.create(StrategyKind.ORDERING,
            "max-parallelize:minChainWork=-1"));
    assertEquals("operator ordering 'max-parallelize:minChainWork=-1': minChainWork must be >= 0, "
        + "was -1", e.getMessage());
  }
}
