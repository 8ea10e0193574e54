package org.planlab.optimizers.fusion.cost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import org.planlab.engine.codegen.construct.BuiltOperator;
import org.planlab.engine.codegen.construct.CPlanBuilder;
import org.planlab.engine.codegen.construct.OperatorPlanner;
import org.planlab.engine.codegen.construct.OperatorPlanner.Operator;
import org.planlab.engine.codegen.construct.OperatorPlanner.Step;
import org.planlab.engine.codegen.construct.PlanConstructionException;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.cplan.SideAlignment;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.DistributedExecution;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.PreferredEntries;
import org.planlab.engine.codegen.select.Selections;
import org.planlab.engine.ir.Hop;
import org.planlab.optimizers.fusion.enumeration.InterestingPoint;
import org.planlab.optimizers.fusion.enumeration.PartitionCosts;
import org.planlab.optimizers.fusion.enumeration.PlanPartition;

/**
 * The analytical cost model of the fusion paper (sec. 4.2) for one plan partition:
 * {@code C(P|q) = sum over operators p of T_w(p) + max(T_r(p), T_c(p))} (Eq. 3).
 *
 * <p>Plan costing by DAG traversal with cost vectors: an assignment q disables the fusion
 * references of its true interesting points; the remaining references are taken maximally
 * (as in fuse-all) and the fused operators follow from a traversal from the partition roots
 * ({@link OperatorPlanner}, the same one code generation uses). Each fused operator's cost
 * vector counts its output write once, each distinct input read once (shared reads inside an
 * operator) and the compute of every HOP it covers — so a HOP covered by two overlapping
 * operators is paid twice (redundant compute). Sparsity-exploiting operators (Outer, and
 * sparse-safe Cell/MAgg over a sparse main input) scale compute by the main input's sparsity.
 * HOPs computed outside fused operators cost as basic operators. Operator costs are memoized by
 * (operator, cost vector) within one partition; costing stops once the partial cost exceeds the
 * bound (early abort).
 *
 * <p>Constraints (sec. 4.2): memo entries whose materialized inputs alone exceed the local
 * memory budget ({@link CostConstants#localMemoryBudget()}) are filtered out before the search;
 * a fused operator whose materialized inputs and output exceed it costs infinity.
 *
 * <p>Distributed operations (sec. 4.2, "Constraints and Distributed Operations"): when the
 * engine's mode can place operators on a distributed backend ({@link DistributedExecution}), an
 * operator — fused or basic — that placement will put there (in {@code hybrid} mode: its inputs
 * and output exceed the local budget; in {@code spark} mode: every one) reads its main input
 * at the distributed read bandwidth and pays for its broadcasts: {@code T_r} covers the main
 * input and joined side inputs at {@link CostConstants#distributedReadBandwidth()} and the
 * broadcast ones at the local read bandwidth, and {@code bytes x executors / broadcast
 * bandwidth} of broadcasting is added to the operator's cost. A fused operator's sides read
 * whole (vectors and matrices every task needs, {@link SideAlignment}) are always broadcast;
 * sides aligned with the main input, and a basic operator's other matrix inputs, are broadcast
 * when they fit the broadcast budget and joined otherwise. The local memory constraint does not
 * bound a distributed operator; instead, a distributed fused operator whose sides read whole
 * together exceed the broadcast budget costs infinity — so the search avoids plans that fuse
 * large driver-side vectors into distributed operators (sec. 5.5, Table 6). A fused operator
 * with no distributed form stays local and keeps the local memory constraint. Data crossing
 * between driver and executors costs its bytes once at the broadcast bandwidth (Spark paper,
 * sec. 3.2: a hybrid plan collects what local operations read and ships what distributed ones
 * join): a local operator, fused or basic, pays for each matrix input whose producing operation
 * runs distributed (a collect), and a distributed one for each input it joins that a local
 * operation produced (a parallelize). Which producer runs where is decided as placement decides
 * it for that HOP, from its output and inputs against the local budget. Without these, a plan
 * that leaves an n x k intermediate of a distributed operation to a local consumer looks as
 * cheap as the plan that fuses the consumer into the distributed operation. In single-node
 * execution none of this applies and costs are those of the local model.
 *
 * <p>Lower bound: every root and every point some consumer reads materialized in every plan
 * ({@link PlanPartition#alwaysMaterialized()}) is written, every input read, every HOP computed
 * at least once (at the smallest sparsity of the partition), and each further materialization
 * q forces written: {@code T_w(roots, always) + max(T_r(inputs), T_c,min) + T_w(other
 * materializations of q)} — a valid bound because a sum of maxima is at least the max of the
 * sums.
 */
public final class Eq3Costs implements PartitionCosts {
  private final MemoTable memo;
  private final PlanPartition partition;
  private final OperatorCosts costs;
  private final Set<Hop> members = Collections.newSetFromMap(new IdentityHashMap<>());
  /** Members and the HOPs on paths from the roots down to members: what planning visits. */
  private final Set<Hop> relevant = Collections.newSetFromMap(new IdentityHashMap<>());
  /** The members in topological order and their entries by preference, indexed once. */
  private final PreferredEntries preferred;
  /**
   * Per member and entry, the interesting points that disable it: those at the member whose
   * input the entry fuses. Read for every entry of every plan costed.
   */
  private final int[][][] blockers;
  private final Map<OperatorKey, Double> operatorCosts = new HashMap<>();
  /**
   * The costs of the selections costed so far, by the selected entries of every member in
   * order, as {cost, 1 if partial}: different assignments often select the same entries (a
   * materialization point whose consumer has no entry fusing it, or one that is materialized
   * anyway), and Eq. 3 is a function of the selection, so those plans cost the same. Keyed by
   * the choice ({@link PreferredEntries#choose}), which identifies the selection.
   */
  private final Map<Choice, double[]> costBySelection = new HashMap<>();
  private boolean reused;
  /** Where costing starts: the partition roots and the always materialized points. */
  private final List<Hop> costingRoots;
  /**
   * The static lower bound's parts: the roots' write, the inputs' read and the minimal compute;
   * the bound is {@code writeRoots + max(readInputs, minCompute)}.
   */
  private final double writeRoots;
  private final double readInputs;
  private final double minCompute;
  private final double staticBound;
  private boolean partial;
  /** The local memory budget of a fused operator's materialized inputs and output, bytes. */
  private final double memoryBudget;
  /** Which operators run distributed, with what broadcast budget. */
  private final DistributedExecution distributed;
  /** Whether the operation that computes a HOP runs distributed, memoized. */
  private final Map<Hop, Boolean> producedDistributed = new IdentityHashMap<>();

  /** The cost model of {@code partition} of {@code memo} with {@code constants}, single-node. */
  public Eq3Costs(MemoTable memo, PlanPartition partition, CostConstants constants) {
    this(memo, partition, constants, DistributedExecution.NONE);
  }

  /**
   * The cost model of {@code partition} of {@code memo} with {@code constants}, the operators
   * {@code distributed} names running distributed.
   */
  public Eq3Costs(MemoTable memo, PlanPartition partition, CostConstants constants,
      DistributedExecution distributed) {
    this.memo = memo;
    this.distributed = java.util.Objects.requireNonNull(distributed, "distributed is null");
    this.partition = partition;
    this.costs = new OperatorCosts(memo, constants);
    members.addAll(partition.hops());
    // The template per HOP is not part of the search space (MPSkipEnum enumerates
    // materialization points): where a sparsity-exploiting Outer entry is valid, only Outer
    // entries take part, the rule the heuristics apply too (Selections.sparsityExploitingFirst).
    // Otherwise a fused plan could take a Row operator over the dense outer product and look
    // so expensive that materializing the product wins (ALS-CG's left products, sec. 5.4).
    BiPredicate<Hop, MemoEntry> sparsityFirst = Selections.sparsityExploitingFirst(memo);
    this.memoryBudget = constants.localMemoryBudget();
    // the members in the memo table's topological order
    this.preferred = new PreferredEntries(partition.hops(), h -> Selections.preferred(memo, h)
        .stream().filter(e -> sparsityFirst.test(h, e) && !exceedsBudget(h, e)).toList());
    List<InterestingPoint> points = partition.points();
    Map<Hop, Map<Integer, Integer>> byConsumer = new IdentityHashMap<>();
    for (int k = 0; k < points.size(); k++) {
      InterestingPoint p = points.get(k);
      byConsumer.computeIfAbsent(p.consumer(), x -> new HashMap<>()).put(p.input(), k);
    }
    this.blockers = new int[preferred.size()][][];
    for (int i = 0; i < preferred.size(); i++) {
      Map<Integer, Integer> byInput = byConsumer.getOrDefault(preferred.hop(i), Map.of());
      List<MemoEntry> es = preferred.entries(i);
      blockers[i] = new int[es.size()][];
      for (int j = 0; j < es.size(); j++) {
        MemoEntry e = es.get(j);
        blockers[i][j] = byInput.entrySet().stream().filter(p -> e.isRef(p.getKey()))
            .mapToInt(Map.Entry::getValue).sorted().toArray();
      }
    }
    // costing starts at the roots and at the materialization points read materialized in
    // every plan: a consumer outside the partition triggers a costing of its own (sec. 4.2)
    List<Hop> r = new ArrayList<>();
    for (Hop h : partition.hops()) {
      if (writtenInEveryPlan(h)) {
        r.add(h);
      }
    }
    this.costingRoots = List.copyOf(r);
    // marked here rather than by the first plan costed: a branch that plan costing takes once
    // per partition would make the JIT recompile the cost model for every new partition
    markRelevant(costingRoots, Collections.newSetFromMap(new IdentityHashMap<>()));
    this.writeRoots = writeRoots();
    this.readInputs = readInputs();
    this.minCompute = minCompute();
    this.staticBound = writeRoots + Math.max(readInputs, minCompute);
  }

  /**
   * The pre-filter of constraint violations (fusion paper, sec. 4.2): an entry whose
   * materialized inputs at {@code h} alone exceed the memory budget makes every operator using
   * it violate the budget, so it takes no part in the search. Where operators may run
   * distributed, such an operator may run there instead: its constraints are checked when it is
   * costed.
   */
  private boolean exceedsBudget(Hop h, MemoEntry e) {
    if (distributed.enabled()) {
      return false;
    }
    double bytes = 0;
    Set<Hop> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    for (int i = 0; i < h.inputs().size(); i++) {
      if (!e.isRef(i) && distinct.add(h.input(i))) {
        bytes += costs.bytes(h.input(i));
      }
    }
    return bytes > memoryBudget;
  }

  /** Marks the HOPs below {@code hops} from which a member is reachable; true if any is. */
  private boolean markRelevant(List<Hop> hops, Set<Hop> done) {
    boolean any = false;
    for (Hop h : hops) {
      if (relevant.contains(h)) {
        any = true;
      } else if (done.add(h) && (markRelevant(h.inputs(), done) | members.contains(h))) {
        relevant.add(h);
        any = true;
      }
    }
    return any;
  }

  /** A root or an always materialized point: written in every plan (the costing roots). */
  private boolean writtenInEveryPlan(Hop h) {
    return partition.roots().contains(h) || partition.alwaysMaterialized().contains(h);
  }

  private double writeRoots() {
    double out = 0;
    for (Hop r : costingRoots) {
      out += costs.writeSeconds(costs.bytes(r));
    }
    return out;
  }

  private double readInputs() {
    double out = 0;
    for (Hop in : partition.inputs()) {
      out += readSeconds(in);
    }
    return out;
  }

  /** Reading {@code h} once; an input may be read by a distributed operator: the faster. */
  private double readSeconds(Hop h) {
    double local = costs.readSeconds(costs.bytes(h));
    return distributed.enabled()
        ? Math.min(local, costs.distributedReadSeconds(costs.bytes(h))) : local;
  }

  /** Every operation computed once, at the sparsity of the sparsest input or operation. */
  private double minCompute() {
    double minSparsity = 1;
    for (Hop in : partition.inputs()) {
      minSparsity = Math.min(minSparsity, costs.sparsity(in));
    }
    for (Hop h : partition.hops()) {
      minSparsity = Math.min(minSparsity, costs.sparsity(h));
    }
    double flops = 0;
    for (Hop h : partition.hops()) {
      flops += costs.flops(h);
    }
    return costs.computeSeconds(flops * minSparsity);
  }

  @Override
  public double staticLowerBound() {
    return staticBound;
  }

  /**
   * GETMPCOST (sec. 4.3): the write and the read of each distinct materialization the true
   * points force. A plan writes each such intermediate once (the roots and the always
   * materialized points are written in every plan, in the static bound) and its consumer reads
   * it at least once, where an operator costs its write plus the larger of its reads and its
   * compute (Eq. 3): the plan costs at least {@code writeRoots + writes + max(readInputs +
   * reads, minCompute)}, and this returns that bound's excess over the static one.
   */
  @Override
  public double materializationCost(boolean[] q) {
    Set<Hop> materialized = Collections.newSetFromMap(new IdentityHashMap<>());
    double writes = 0;
    double reads = 0;
    for (int k = 0; k < q.length; k++) {
      Hop m = partition.points().get(k).target();
      if (q[k] && materialized.add(m)) {
        writes += writtenInEveryPlan(m) ? 0 : costs.writeSeconds(costs.bytes(m));
        reads += readSeconds(m);
      }
    }
    return writes + Math.max(readInputs + reads, minCompute) - Math.max(readInputs, minCompute);
  }

  @Override
  public Map<Hop, List<MemoEntry>> selection(boolean[] q) {
    return preferred.selection(choose(q));
  }

  /** The choice of assignment {@code q}: an entry is allowed unless a true point disables it. */
  private int[] choose(boolean[] q) {
    return preferred.choose((i, j) -> {
      for (int k : blockers[i][j]) {
        if (q[k]) {
          return false;
        }
      }
      return true;
    });
  }

  @Override
  public double planCost(boolean[] q, double bound) {
    partial = false;
    reused = false;
    Choice key = new Choice(choose(q));
    double[] known = costBySelection.get(key);
    // a full cost holds for any bound; a partial one while it still exceeds the bound
    if (known != null && (known[1] == 0 || known[0] > bound)) {
      reused = true;
      partial = known[1] != 0;
      return known[0];
    }
    FusionPlan plan = new FusionPlan(preferred.selection(key.chosen), List.of());
    double[] total = {0};
    // operators are planned and costed one at a time, so costing stops (and planning with it)
    // as soon as the partial cost exceeds the bound
    OperatorPlanner.visit(plan, costingRoots, Set.of(), relevant::contains, (h, op) -> {
      Step step;
      if (op != null && op.operations() >= 2) {
        total[0] += operatorCost(op);
        step = Step.OPERATOR;
      } else {
        // no operator, or one code generation leaves unfused: basic operators
        if (members.contains(h)) {
          total[0] += basicCost(h);
        }
        step = Step.HOP;
      }
      if (total[0] > bound) {
        partial = true;
        return Step.STOP;
      }
      return step;
    });
    costBySelection.put(key, new double[] {total[0], partial ? 1 : 0});
    return total[0];
  }

  @Override
  public boolean lastCostReused() {
    return reused;
  }

  @Override
  public boolean lastCostPartial() {
    return partial;
  }

  private double basicCost(Hop h) {
    // inputs in input order, so sums are deterministic
    List<Hop> inputs = h.inputs().stream().distinct().toList();
    double read = 0;
    double broadcast = 0;
    double transfer = 0;
    if (producedDistributed(h)) {
      // distributed: the largest matrix input is the distributed one; the others are
      // broadcast when they fit the budget (map-side products and element-wise operations,
      // Spark paper sec. 3.3) and joined otherwise
      Hop main = null;
      for (Hop in : inputs) {
        if (in.isMatrix() && (main == null || costs.bytes(in) > costs.bytes(main))) {
          main = in;
        }
      }
      for (Hop in : inputs) {
        double bytes = costs.bytes(in);
        if (in == main || in.isMatrix() && bytes > distributed.broadcastBudget()) {
          read += costs.distributedReadSeconds(bytes);
          transfer += in.isMatrix() && !producedDistributed(in) ? bytes : 0;
        } else {
          if (in.isMatrix()) {
            broadcast += bytes;
          }
          read += costs.readSeconds(bytes);
        }
      }
    } else {
      for (Hop in : inputs) {
        read += costs.readSeconds(costs.bytes(in));
      }
      transfer = collected(inputs);
    }
    double cost = costs.writeSeconds(h) + Math.max(read, costs.computeSeconds(costs.flops(h)))
        + costs.transferSeconds(transfer);
    return broadcast > 0 ? cost + costs.broadcastSeconds(broadcast) : cost;
  }

  /** Bytes of the matrix inputs in {@code inputs} that a local operator collects. */
  private double collected(Iterable<Hop> inputs) {
    double bytes = 0;
    for (Hop in : inputs) {
      if (in.isMatrix() && producedDistributed(in)) {
        bytes += costs.bytes(in);
      }
    }
    return bytes;
  }

  /**
   * Whether the operation computing {@code h} runs distributed, as placement decides it for
   * that HOP: its output and distinct inputs against the local budget (never in single-node
   * execution).
   */
  private boolean producedDistributed(Hop h) {
    if (!distributed.enabled()) {
      return false;
    }
    Boolean known = producedDistributed.get(h);
    if (known != null) {
      return known;
    }
    double memory = costs.bytes(h);
    for (Hop in : h.inputs().stream().distinct().toList()) {
      memory += costs.bytes(in);
    }
    boolean d = distributed.runsDistributed(memory, memoryBudget)
        && org.planlab.engine.compile.place.Placer.placeable(h);
    producedDistributed.put(h, d);
    return d;
  }

  /** Memoized cost vector of a fused operator: write + max(read, compute). */
  private double operatorCost(Operator op) {
    OperatorKey key = new OperatorKey(op.root(), new ArrayList<>(op.covered().keySet()),
        new ArrayList<>(op.covered().values()));
    Double done = operatorCosts.get(key);
    if (done != null) {
      return done;
    }
    double cost;
    try {
      BuiltOperator b = CPlanBuilder.build(op, memo);
      double read = 0;
      double memory = costs.bytes(op.root());
      for (Hop in : b.inputs()) {
        double bytes = costs.bytes(in);
        read += costs.readSeconds(bytes);
        memory += bytes;
      }
      // per side: the aligned part is broadcast within the budget and joined by block index
      // otherwise; a side read whole is always broadcast (fusion paper, sec. 2.3 and 5.5)
      List<SideAlignment> sides = distributed.enabled()
          && distributed.runsDistributed(memory, memoryBudget)
          ? SideAlignment.of(b.plan()).orElse(null) : null;
      double broadcast = 0;
      double transfer = 0;
      if (sides != null) {
        read = costs.distributedReadSeconds(costs.bytes(b.main()));
        transfer += producedDistributed(b.main()) ? 0 : costs.bytes(b.main());
        double whole = 0;
        for (int k = 0; k < b.sides().size(); k++) {
          Hop side = b.sides().get(k);
          double bytes = costs.bytes(side);
          SideAlignment r = sides.get(k);
          if (r == SideAlignment.WHOLE) {
            whole += bytes;
          }
          if (r.aligned() && bytes > distributed.broadcastBudget()) {
            read += costs.distributedReadSeconds(bytes);
            transfer += producedDistributed(side) ? 0 : bytes;
          } else {
            broadcast += r == SideAlignment.NONE ? 0 : bytes;
            read += costs.readSeconds(bytes);
          }
        }
        for (Hop in : b.scalars()) {
          read += costs.readSeconds(costs.bytes(in));
        }
        if (whole > distributed.broadcastBudget()) {
          // the sides every task reads whole do not fit the executors: infeasible
          operatorCosts.put(key, Double.POSITIVE_INFINITY);
          return Double.POSITIVE_INFINITY;
        }
      } else if (memory > memoryBudget) {
        // a remaining constraint violation: the plan is infeasible
        operatorCosts.put(key, Double.POSITIVE_INFINITY);
        return Double.POSITIVE_INFINITY;
      } else {
        transfer = collected(b.inputs());
      }
      boolean sparse = exploitsSparsity(b.plan());
      double flops = 0;
      for (Hop h : op.covered().keySet()) {
        flops += costs.flops(h, sparse);
      }
      if (sparse) {
        flops *= costs.sparsity(b.main());
      }
      cost = costs.writeSeconds(op.root()) + Math.max(read, costs.computeSeconds(flops))
          + costs.transferSeconds(transfer);
      if (broadcast > 0) {
        cost += costs.broadcastSeconds(broadcast);
      }
    } catch (PlanConstructionException e) {
      // code generation would not build this operator: its HOPs run as basic operators
      cost = 0;
      for (Hop h : op.covered().keySet()) {
        cost += basicCost(h);
      }
    }
    operatorCosts.put(key, cost);
    return cost;
  }

  private static boolean exploitsSparsity(CPlan plan) {
    if (plan instanceof CPlan.Outer) {
      return true;
    } else if (plan instanceof CPlan.Cell c) {
      return c.sparseSafe();
    } else if (plan instanceof CPlan.MAgg m) {
      return m.sparseSafe();
    }
    return false;
  }

  /** An operator by its root and the entries of the HOPs it covers. */
  /** A choice as a map key: equal by its contents. */
  private static final class Choice {
    final int[] chosen;
    private final int hash;

    Choice(int[] chosen) {
      this.chosen = chosen;
      this.hash = Arrays.hashCode(chosen);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Choice c && c.hash == hash && Arrays.equals(c.chosen, chosen);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  private record OperatorKey(Hop root, List<Hop> covered, List<MemoEntry> entries) {
  }
}
