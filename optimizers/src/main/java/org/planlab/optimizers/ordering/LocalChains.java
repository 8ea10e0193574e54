package org.planlab.optimizers.ordering;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.spi.Linearization;
import org.planlab.engine.spi.OrderingContext;

/**
 * Local inter-operator parallelism for a linearized DAG (MEMPHIS sec. 5.3 runs independent
 * operator pipelines concurrently; this applies the idea to the driver's own operators): the
 * local operators too small for their kernels to use more than one thread are connected into
 * chains (the weakly connected components of such operators), and chains that neither depends
 * on are grouped so the runtime may run them at the same time on the kernel pool.
 *
 * <p>A chain qualifies when its operators' sizes are known, every one of them is local, pure,
 * reads or writes a matrix (scalar arithmetic is too cheap to count and would only join chains)
 * and its work (cells touched; multiply-adds of products and factorizations) is below
 * {@link KernelPool#MIN_PARALLEL_WORK} (a kernel that would fork needs the cores for
 * itself), the chain's total work is at least the given minimum (a lighter chain costs more
 * to hand to another thread than it saves), and no path leaves the chain and comes back
 * into it (the chain then runs as one unit). Chains are grouped by their depth in the graph of
 * chain dependencies: chains of one depth cannot depend on each other. The order is then
 * rebuilt so each group is contiguous: a topological order of the operators and groups that
 * takes, among the ready ones, the one that came first in the given order, with side effects
 * kept in their given order.
 */
final class LocalChains {
  /**
   * The default least work (cells touched, roughly) of a chain worth running on another
   * thread: a hand-over to a running pool thread costs about as much as touching this many
   * cells (waking a parked one can cost far more).
   */
  static final long MIN_CHAIN_WORK = 1L << 14;

  /** Operators never in a chain: no value, effects, state of the run, or too cheap to count. */
  private static final Set<OpCode> EXCLUDED = EnumSet.of(OpCode.LITERAL, OpCode.READ_VAR,
      OpCode.WRITE_VAR, OpCode.READ_FILE, OpCode.WRITE_FILE, OpCode.PRINT, OpCode.PRINTF,
      OpCode.TO_STRING, OpCode.STOP, OpCode.ASSERT, OpCode.EVICT, OpCode.TIME, OpCode.RAND,
      OpCode.SAMPLE, OpCode.EVAL, OpCode.FUNCTION_CALL, OpCode.LIST, OpCode.CAST_LIST,
      OpCode.LIST_INDEX, OpCode.LIST_SET, OpCode.LIST_APPEND, OpCode.LIST_REMOVE, OpCode.NROW,
      OpCode.NCOL, OpCode.LENGTH);

  /** Operators whose work grows with the cube of their input's order. */
  private static final Set<OpCode> CUBIC = EnumSet.of(OpCode.SOLVE, OpCode.INV,
      OpCode.CHOLESKY, OpCode.DET, OpCode.EIGEN_VALUES, OpCode.EIGEN_VECTORS, OpCode.SVD,
      OpCode.LU, OpCode.QR);

  private LocalChains() {
  }

  /**
   * {@code order} with the groups of concurrent local chains found in it, of chains of at
   * least {@code minChainWork}.
   */
  static Linearization group(List<Hop> order, OrderingContext ctx, long minChainWork) {
    if (ctx.parallelism() < 2) {
      return Linearization.sequential(order);
    }
    Map<Hop, Integer> position = new IdentityHashMap<>();
    Map<Hop, Long> work = new IdentityHashMap<>();
    for (Hop h : order) {
      position.put(h, position.size());
      long w = work(h, ctx);
      if (w >= 0 && w < KernelPool.MIN_PARALLEL_WORK) {
        work.put(h, w);
      }
    }
    // dissolve chains that cannot run as a unit until every remaining one can
    while (true) {
      Map<Hop, Integer> comp = components(order, work.keySet());
      Chains chains = new Chains(order, comp);
      Set<Integer> broken = chains.broken();
      if (broken.isEmpty()) {
        return chains.linearize(order, position, work, minChainWork);
      }
      work.keySet().removeIf(h -> broken.contains(comp.get(h)));
    }
  }

  /**
   * The work of a local pure operator (cells of its operands and output; multiply-adds of a
   * matrix product), or -1 when it is not a chain candidate or its sizes are unknown.
   */
  static long work(Hop h, OrderingContext ctx) {
    if (EXCLUDED.contains(h.op()) || h.op().hasSideEffect()
        || ctx.placement().apply(h) != ExecType.CP
        || !h.isMatrix() && h.inputs().stream().noneMatch(Hop::isMatrix)) {
      return -1; // scalar arithmetic would only glue independent chains together
    }
    long w = cells(h, ctx);
    if (w < 0) {
      return -1;
    }
    for (Hop in : h.inputs()) {
      long c = cells(in, ctx);
      if (c < 0) {
        return -1;
      }
      w += c;
    }
    if (h.op() == OpCode.MATMULT && h.inputs().size() == 2) {
      DataCharacteristics a = ctx.sizes().get(h.input(0));
      DataCharacteristics b = ctx.sizes().get(h.input(1));
      w = Math.max(w, a.rows() * a.cols() * b.cols());
    } else if (CUBIC.contains(h.op()) && h.input(0).isMatrix()) {
      // factorizations: n^3 / 3 multiply-adds and more, which their kernels split over threads
      long n = ctx.sizes().get(h.input(0)).rows();
      w = Math.max(w, n * n * n);
    }
    return w;
  }

  /** Cells of {@code h}'s output (a scalar is one), or -1 when unknown. */
  private static long cells(Hop h, OrderingContext ctx) {
    if (!h.isMatrix()) {
      return 1;
    }
    DataCharacteristics dc = ctx.sizes().get(h);
    return dc == null || !dc.dimsKnown() ? -1 : dc.rows() * dc.cols();
  }

  /** The weakly connected components of the candidates (numbered in order of appearance). */
  private static Map<Hop, Integer> components(List<Hop> order, Set<Hop> candidates) {
    Map<Hop, Hop> parent = new IdentityHashMap<>();
    for (Hop h : order) {
      if (candidates.contains(h)) {
        parent.put(h, h);
      }
    }
    for (Hop h : order) {
      if (candidates.contains(h)) {
        for (Hop in : h.inputs()) {
          if (candidates.contains(in)) {
            parent.put(find(parent, h), find(parent, in));
          }
        }
      }
    }
    Map<Hop, Integer> ids = new IdentityHashMap<>();
    Map<Hop, Integer> comp = new IdentityHashMap<>();
    for (Hop h : order) {
      if (candidates.contains(h)) {
        comp.put(h, ids.computeIfAbsent(find(parent, h), r -> ids.size()));
      }
    }
    return comp;
  }

  private static Hop find(Map<Hop, Hop> parent, Hop h) {
    Hop r = h;
    while (parent.get(r) != r) {
      r = parent.get(r);
    }
    for (Hop x = h; x != r; ) {
      Hop next = parent.get(x);
      parent.put(x, r);
      x = next;
    }
    return r;
  }

  /** The components of one round and the dependencies between them. */
  private static final class Chains {
    private final Map<Hop, Integer> comp;
    private final int count;
    /** Per component, the components it reads through operators outside it. */
    private final List<BitSet> deps = new ArrayList<>();
    /** Components some path leaves and re-enters. */
    private final BitSet selfDependent = new BitSet();

    Chains(List<Hop> order, Map<Hop, Integer> comp) {
      this.comp = comp;
      this.count = (int) comp.values().stream().distinct().count();
      for (int c = 0; c < count; c++) {
        deps.add(new BitSet());
      }
      // the components each operator reads, directly or through others
      Map<Hop, BitSet> reach = new IdentityHashMap<>();
      for (Hop h : order) {
        BitSet r = new BitSet();
        Integer own = comp.get(h);
        for (Hop in : h.inputs()) {
          BitSet through = reach.getOrDefault(in, new BitSet());
          r.or(through);
          Integer ci = comp.get(in);
          if (ci != null) {
            r.set(ci);
          }
          if (own != null && !own.equals(ci)) {
            // an operand from outside the chain: what it reads, the chain waits for
            BitSet d = (BitSet) through.clone();
            if (ci != null) {
              d.set(ci);
            }
            if (d.get(own)) {
              selfDependent.set(own);
              d.clear(own);
            }
            deps.get(own).or(d);
          }
        }
        reach.put(h, r);
      }
    }

    /** Components that cannot run as a unit: self-dependent ones and those on cycles. */
    Set<Integer> broken() {
      Set<Integer> out = new HashSet<>();
      selfDependent.stream().forEach(out::add);
      int[] state = new int[count]; // 0 new, 1 on the stack, 2 done
      for (int c = 0; c < count; c++) {
        cycles(c, state, new ArrayList<>(), out);
      }
      return out;
    }

    private void cycles(int c, int[] state, List<Integer> stack, Set<Integer> out) {
      if (state[c] == 2) {
        return;
      }
      if (state[c] == 1) {
        out.addAll(stack.subList(stack.indexOf(c), stack.size()));
        return;
      }
      state[c] = 1;
      stack.add(c);
      for (int d = deps.get(c).nextSetBit(0); d >= 0; d = deps.get(c).nextSetBit(d + 1)) {
        cycles(d, state, stack, out);
      }
      stack.remove(stack.size() - 1);
      state[c] = 2;
    }

    private int depth(int c, int[] memo) {
      if (memo[c] == 0) {
        int d = 1;
        for (int x = deps.get(c).nextSetBit(0); x >= 0; x = deps.get(c).nextSetBit(x + 1)) {
          d = Math.max(d, 1 + depth(x, memo));
        }
        memo[c] = d;
      }
      return memo[c];
    }

    Linearization linearize(List<Hop> order, Map<Hop, Integer> position, Map<Hop, Long> work,
        long minChainWork) {
      long[] chainWork = new long[count];
      List<List<Hop>> members = new ArrayList<>();
      for (int c = 0; c < count; c++) {
        members.add(new ArrayList<>());
      }
      for (Hop h : order) {
        Integer c = comp.get(h);
        if (c != null) {
          chainWork[c] += work.get(h);
          members.get(c).add(h);
        }
      }
      // chains worth a thread, grouped by depth
      int[] memo = new int[count];
      Map<Integer, List<Integer>> byDepth = new HashMap<>();
      for (int c = 0; c < count; c++) {
        if (chainWork[c] >= minChainWork) {
          byDepth.computeIfAbsent(depth(c, memo), k -> new ArrayList<>()).add(c);
        }
      }
      Map<Integer, Integer> groupOf = new HashMap<>();
      List<List<Integer>> groups = new ArrayList<>();
      byDepth.values().stream().filter(g -> g.size() >= 2)
          .sorted(Comparator.comparingInt(g -> g.get(0))).forEach(g -> {
            for (int c : g) {
              groupOf.put(c, groups.size());
            }
            groups.add(g);
          });
      if (groups.isEmpty()) {
        return Linearization.sequential(order);
      }
      return new Linearization(reorder(order, position, groupOf, groups, members),
          groups.stream().map(g -> new Linearization.ChainGroup(
              g.stream().map(members::get).toList())).toList());
    }

    /**
     * A topological order of the operators outside groups and of the groups (each as one
     * node), taking the ready node that came first in {@code order}; side effects depend on
     * the one before them, so they keep their order.
     */
    private List<Hop> reorder(List<Hop> order, Map<Hop, Integer> position,
        Map<Integer, Integer> groupOf, List<List<Integer>> groups, List<List<Hop>> members) {
      // node ids: operators outside groups by position, groups after them
      int n = order.size();
      int[] node = new int[n];
      int[] first = new int[n + groups.size()];
      for (int g = 0; g < groups.size(); g++) {
        first[n + g] = groups.get(g).stream()
            .mapToInt(c -> position.get(members.get(c).get(0))).min().orElseThrow();
      }
      for (int i = 0; i < n; i++) {
        Integer c = comp.get(order.get(i));
        Integer g = c == null ? null : groupOf.get(c);
        node[i] = g == null ? i : n + g;
        if (g == null) {
          first[i] = i;
        }
      }
      List<Set<Integer>> succ = new ArrayList<>();
      int[] indegree = new int[n + groups.size()];
      for (int i = 0; i < n + groups.size(); i++) {
        succ.add(new HashSet<>());
      }
      int lastEffect = -1;
      for (int i = 0; i < n; i++) {
        Hop h = order.get(i);
        for (Hop in : h.inputs()) {
          edge(node[position.get(in)], node[i], succ, indegree);
        }
        if (h.op().hasSideEffect()) {
          if (lastEffect >= 0) {
            edge(node[lastEffect], node[i], succ, indegree);
          }
          lastEffect = i;
        }
      }
      PriorityQueue<Integer> ready = new PriorityQueue<>(Comparator.comparingInt(x -> first[x]));
      Set<Integer> nodes = new TreeSet<>();
      for (int x : node) {
        nodes.add(x);
      }
      for (int x : nodes) {
        if (indegree[x] == 0) {
          ready.add(x);
        }
      }
      List<Hop> out = new ArrayList<>(n);
      while (!ready.isEmpty()) {
        int x = ready.poll();
        if (x < n) {
          out.add(order.get(x));
        } else {
          for (int c : groups.get(x - n)) {
            out.addAll(members.get(c));
          }
        }
        for (int y : succ.get(x)) {
          if (--indegree[y] == 0) {
            ready.add(y);
          }
        }
      }
      if (out.size() != n) {
        throw new IllegalStateException("local chains: the grouped order has a cycle");
      }
      return out;
    }

    private static void edge(int from, int to, List<Set<Integer>> succ, int[] indegree) {
      if (from != to && succ.get(from).add(to)) {
        indegree[to]++;
      }
    }
  }
}
