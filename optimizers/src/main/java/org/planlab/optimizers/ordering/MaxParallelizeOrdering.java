package org.planlab.optimizers.ordering;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.Linearization;
import org.planlab.engine.spi.OperatorOrdering;
import org.planlab.engine.spi.OrderingContext;
import org.planlab.engine.spi.PluginOption;
import org.planlab.engine.spi.StrategyKind;

/**
 * MEMPHIS's MAXPARALLELIZE linearization (sec. 5.3, Algorithm 2): when a DAG has remote
 * operators, the roots of its remote operator chains — Spark or GPU operators whose result a
 * driver operator reads (a Spark action, a device-to-host copy) — are found, each counted by
 * the operators of its backend in its chain, and linearized depth-first in descending order of
 * those counts, so the longest remote chains start first and run while the driver works on
 * the rest; then the remaining operators follow depth-first from the DAG's roots. A DAG
 * without remote operators is linearized depth-first.
 *
 * <p>A chain that reads the result of a side effect (a function call) waits for step 3, so
 * side effects keep their statement order.
 *
 * <p>With {@code localChains} its {@link #plan} also groups independent local chains of small
 * operators, which the runtime runs concurrently when operators run asynchronously
 * ({@link LocalChains}). Off by default: a chain pays for its hand-over to another thread only
 * when it runs longer than waking that thread takes, which depends on the machine
 * ({@code minChainWork} sets the least work of a chain).
 */
public final class MaxParallelizeOrdering implements OperatorOrdering {
  /** The spec name. */
  public static final String NAME = "max-parallelize";

  private final boolean localChains;
  private final long minChainWork;

  /** MAXPARALLELIZE without local chains. */
  public MaxParallelizeOrdering() {
    this(false, LocalChains.MIN_CHAIN_WORK);
  }

  /**
   * @param localChains whether {@link #plan} groups independent local chains
   * @param minChainWork the least work (cells) of a chain worth another thread
   */
  public MaxParallelizeOrdering(boolean localChains, long minChainWork) {
    if (minChainWork < 0) {
      throw new IllegalArgumentException("minChainWork must be >= 0, was " + minChainWork);
    }
    this.localChains = localChains;
    this.minChainWork = minChainWork;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Hop> linearize(HopDag dag, OrderingContext ctx) {
    List<Hop> topo = dag.topologicalOrder();
    if (topo.stream().allMatch(h -> ctx.placement().apply(h) == ExecType.CP)) {
      return topo; // line 1: all operators local
    }
    Map<Hop, Integer> index = new IdentityHashMap<>();
    for (Hop h : topo) {
      index.put(h, index.size());
    }
    Map<Hop, List<Hop>> consumers = dag.consumers();
    // step 1: the roots of remote chains and the operators of each chain
    List<Hop> roots = new ArrayList<>();
    Map<Hop, Integer> count = new IdentityHashMap<>();
    for (Hop h : topo) {
      ExecType t = ctx.placement().apply(h);
      if (t != ExecType.CP && readByAnotherBackend(h, t, consumers, ctx)
          && !readsSideEffect(h)) {
        roots.add(h);
        count.put(h, chainLength(h, t, ctx));
      }
    }
    // step 2: longer chains first, each depth-first
    roots.sort(Comparator.comparingInt((Hop r) -> -count.get(r)).thenComparingInt(index::get));
    List<Hop> order = new ArrayList<>(topo.size());
    Set<Hop> placed = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Hop r : roots) {
      HopDag.visit(r, placed, order);
    }
    // step 3: the rest, depth-first from the roots in statement order
    for (Hop r : dag.roots()) {
      HopDag.visit(r, placed, order);
    }
    return order;
  }

  /**
   * The order of {@link #linearize} with the groups of independent local chains that may run
   * concurrently ({@link LocalChains}): the local counterpart of starting independent remote
   * chains early.
   */
  @Override
  public Linearization plan(HopDag dag, OrderingContext ctx) {
    List<Hop> order = linearize(dag, ctx);
    return localChains ? LocalChains.group(order, ctx, minChainWork)
        : Linearization.sequential(order);
  }

  /** Whether an operator on another backend than {@code t} reads {@code h} (not a write). */
  private static boolean readByAnotherBackend(Hop h, ExecType t, Map<Hop, List<Hop>> consumers,
      OrderingContext ctx) {
    for (Hop c : consumers.getOrDefault(h, List.of())) {
      if (c.op() != OpCode.WRITE_VAR && ctx.placement().apply(c) != t) {
        return true;
      }
    }
    return false;
  }

  /** Operators of backend {@code t} in {@code root}'s chain: reachable through inputs on t. */
  private static int chainLength(Hop root, ExecType t, OrderingContext ctx) {
    Set<Hop> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Hop> work = new ArrayDeque<>();
    work.push(root);
    seen.add(root);
    while (!work.isEmpty()) {
      for (Hop in : work.pop().inputs()) {
        if (ctx.placement().apply(in) == t && seen.add(in)) {
          work.push(in);
        }
      }
    }
    return seen.size();
  }

  /** Whether {@code h} depends on a side effect (whose place the statement order fixes). */
  private static boolean readsSideEffect(Hop h) {
    Set<Hop> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Hop> work = new ArrayDeque<>(h.inputs());
    while (!work.isEmpty()) {
      Hop x = work.pop();
      if (seen.add(x)) {
        if (x.op().hasSideEffect()) {
          return true;
        }
        work.addAll(x.inputs());
      }
    }
    return false;
  }

  /** Creates {@code max-parallelize}. */
  public static final class Provider extends BasicStrategyProvider<OperatorOrdering> {
    public Provider() {
      super(StrategyKind.ORDERING, NAME, "MEMPHIS's MAXPARALLELIZE (sec. 5.3, Algorithm 2): "
          + "the longest remote operator chains first, then the local rest depth-first",
          List.of(PluginOption.bool("localChains", false, "group independent local chains of "
                  + "small operators, which run concurrently with async"),
              PluginOption.longValue("minChainWork", LocalChains.MIN_CHAIN_WORK, "the least "
                  + "work (cells) of a local chain worth another thread")),
          o -> new MaxParallelizeOrdering(o.bool("localChains"), o.longValue("minChainWork")));
    }
  }
}
