package org.planlab.engine.compile.fusion;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.construct.BuiltOperator;
import org.planlab.engine.codegen.construct.CPlanBuilder;
import org.planlab.engine.codegen.construct.OperatorPlanner;
import org.planlab.engine.codegen.construct.OperatorPlanner.Operator;
import org.planlab.engine.codegen.construct.PlanConstructionException;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.gen.Attempt;
import org.planlab.engine.codegen.gen.CodegenException;
import org.planlab.engine.codegen.gen.CompiledOperator;
import org.planlab.engine.codegen.gen.OperatorSource;
import org.planlab.engine.codegen.gen.OperatorWarmUp;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.DistributedExecution;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.template.OfmcExplorer;
import org.planlab.engine.compile.dynamic.HopFactory;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.kernels.VectorPrimitives;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.spi.FusionPlanSelector;
import org.planlab.engine.stats.CodegenCounter;
import org.planlab.engine.stats.Statistics;

/**
 * The code generator (fusion paper, sec. 2.1, Fig. 3): for one HOP DAG with known sizes, (1)
 * explores all valid partial fusion plans into a memo table (OFMC), (2) lets the configured
 * {@link FusionPlanSelector} choose, (3) constructs CPlans for the chosen operators, (4)
 * generates and compiles their classes through the {@link OperatorSource} (the operator
 * cache; all operators of the DAG in one call of the compiler), and (5) replaces
 * the covered sub-DAGs by {@link OpCode#FUSED} HOPs. The original DAG is not modified, so
 * dynamic recompilation starts again from it.
 *
 * <p>Operators that fuse a single operation are dropped (no benefit); an operator whose CPlan
 * cannot be built or whose source does not compile stays unfused — the latter is reported to
 * the warning sink and counted as {@link CodegenCounter#COMPILE_FAILURES}.
 */
public final class Codegen {
  /** The operations a fused operator's replaced sub-DAG may hold: deterministic ones. */
  private static final Set<OpCode> REPLACEABLE = Set.of(OpCode.BINARY,
      OpCode.UNARY, OpCode.IFELSE, OpCode.AGGREGATE, OpCode.MATMULT, OpCode.TRANSPOSE,
      OpCode.NARY_MINMAX, OpCode.RIGHT_INDEX, OpCode.CBIND, OpCode.FILL, OpCode.CAST_SCALAR,
      OpCode.CAST_MATRIX, OpCode.NROW, OpCode.NCOL, OpCode.LENGTH);
  /** A replaced sub-DAG larger than this is not kept (the operator's plan keys its lineage). */
  private static final int MAX_REPLACED = 10_000;

  private final OfmcExplorer explorer;
  private final FusionPlanSelector selector;
  private final OperatorSource operators;
  private final Statistics stats;
  private final CostConstants costConstants;
  private final DistributedExecution distributed;
  private final Consumer<String> warnings;
  private final boolean warmUp;

  /** A code generator for single-node execution. */
  public Codegen(FusionPlanSelector selector, OperatorSource operators, Statistics stats,
      CostConstants costConstants, Consumer<String> warnings) {
    this(selector, operators, stats, costConstants, DistributedExecution.NONE, warnings);
  }

  /**
   * A code generator whose selector learns which operators will run distributed (fusion paper,
   * sec. 4.2: distributed reads and broadcasts in the cost model).
   */
  public Codegen(FusionPlanSelector selector, OperatorSource operators, Statistics stats,
      CostConstants costConstants, DistributedExecution distributed, Consumer<String> warnings) {
    this(selector, operators, stats, costConstants, distributed, warnings, false);
  }

  /**
   * A code generator that also warms every new operator over large inputs up in the
   * background when {@code warmUp} ({@link OperatorWarmUp}).
   */
  public Codegen(FusionPlanSelector selector, OperatorSource operators, Statistics stats,
      CostConstants costConstants, DistributedExecution distributed, Consumer<String> warnings,
      boolean warmUp) {
    this.warmUp = warmUp;
    this.explorer = OfmcExplorer.standard();
    this.selector = Objects.requireNonNull(selector, "selector is null");
    this.operators = Objects.requireNonNull(operators, "operators is null");
    this.stats = Objects.requireNonNull(stats, "stats is null");
    this.costConstants = Objects.requireNonNull(costConstants, "costConstants is null");
    this.distributed = Objects.requireNonNull(distributed, "distributed is null");
    this.warnings = Objects.requireNonNull(warnings, "warnings is null");
  }

  /** What code generation did to one DAG (for explain and tests). */
  public record Result(HopDag dag, Map<Hop, DataCharacteristics> sizes, MemoTable memo,
      FusionPlan plan, List<BuiltOperator> operators, List<FusedOp> compiled,
      Map<SelectionStats.Counter, Long> selection) {
    public Result {
      selection = Map.copyOf(selection);
    }
  }

  /** The DAG with fused operators, and the sizes of its HOPs (identity keys). */
  public Result optimize(HopDag dag, Map<Hop, DataCharacteristics> sizes) {
    stats.addCodegen(CodegenCounter.DAGS_OPTIMIZED, 1);
    long t0 = System.nanoTime();
    MemoTable memo = explorer.explore(dag, sizes);
    long t1 = System.nanoTime();
    stats.addCodegen(CodegenCounter.EXPLORE_NANOS, t1 - t0);
    if (memo.size() == 0) {
      return new Result(dag, sizes, memo, FusionPlan.EMPTY, List.of(), List.of(), Map.of());
    }
    SelectionStats selection = new SelectionStats();
    FusionPlan plan = selector.select(memo, dag, new SelectionContext(selection, costConstants,
        distributed));
    long t2 = System.nanoTime();
    selection.snapshot().forEach((c, n) -> {
      if (n != 0) {
        stats.addSelection(c.name(), n);
      }
    });
    stats.addCodegen(CodegenCounter.SELECT_NANOS, t2 - t1);

    Set<Hop> excluded = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<List<Hop>> failedGroups = new HashSet<>();
    long construct = 0;
    long compile = 0;
    while (true) {
      long c0 = System.nanoTime();
      List<BuiltOperator> built = construct(plan, memo, excluded, failedGroups);
      long c1 = System.nanoTime();
      construct += c1 - c0;
      if (built == null) {
        continue;
      }
      List<FusedOp> compiled = new ArrayList<>();
      boolean failed = false;
      // the DAG's operators compile in one call of the compiler; each may still fail alone
      List<Attempt<OperatorSource.Lookup>> attempts =
          operators.lookupAll(built.stream().map(BuiltOperator::plan).toList());
      for (int i = 0; i < built.size(); i++) {
        BuiltOperator b = built.get(i);
        Attempt<OperatorSource.Lookup> a = attempts.get(i);
        if (a.failure() == null) {
          CompiledOperator c = a.value().operator();
          if (b.plan() instanceof CPlan.Outer) {
            DataCharacteristics u = sizes.get(b.sides().get(0));
            if (u != null && u.cols() <= Integer.MAX_VALUE) {
              // for ranks whose operators wait for the Outer SIMD loops: C2 compiles them now
              VectorPrimitives.requestOuterWarmUp((int) u.cols());
            }
          }
          FusedOp fused = new FusedOp(b.plan(), c.className(), c.source(), c.operator());
          if (warmUp) {
            warmUp(fused, b, sizes);
          }
          compiled.add(fused);
          stats.addCodegen(a.value().compiled() ? CodegenCounter.CLASSES_COMPILED
              : CodegenCounter.CACHE_HITS, 1);
        } else {
          CodegenException e = a.failure();
          warnings.accept("codegen: operator for " + b.roots().get(0).position()
              + " did not compile, running it unfused: " + e.getMessage());
          stats.addCodegen(CodegenCounter.COMPILE_FAILURES, 1);
          excluded.addAll(b.roots());
          if (b.roots().size() > 1) {
            failedGroups.add(b.roots());
          }
          failed = true;
        }
      }
      compile += System.nanoTime() - c1;
      if (failed) {
        continue;
      }
      stats.addCodegen(CodegenCounter.CONSTRUCT_NANOS, construct);
      stats.addCodegen(CodegenCounter.COMPILE_NANOS, compile);
      stats.addCodegen(CodegenCounter.CPLANS_BUILT, built.size());
      if (built.isEmpty()) {
        return new Result(dag, sizes, memo, plan, built, compiled, selection.snapshot());
      }
      Map<Hop, DataCharacteristics> newSizes = new IdentityHashMap<>(sizes);
      HopDag fused = replace(dag, built, compiled, memo, newSizes);
      return new Result(fused, newSizes, memo, plan, built, compiled, selection.snapshot());
    }
  }

  /**
   * Starts the background warm-up of {@code fused} ({@link OperatorWarmUp}) with the sizes of
   * its inputs, and the values of its literal scalar inputs (1 for the others).
   */
  private static void warmUp(FusedOp fused, BuiltOperator b, Map<Hop, DataCharacteristics> sizes) {
    List<DataCharacteristics> inputs = new ArrayList<>();
    for (Hop h : b.inputs().subList(0, 1 + b.sides().size())) {
      DataCharacteristics d = sizes.get(h);
      if (d == null) {
        return;
      }
      inputs.add(d);
    }
    double[] scalars = b.scalars().stream()
        .mapToDouble(h -> h.numericLiteral().orElse(1.0)).toArray();
    OperatorWarmUp.request(fused, inputs, scalars);
  }

  /**
   * The operators of the plan, or null when one had to be excluded (trivial or not
   * constructible) and planning must start again.
   */
  private static List<BuiltOperator> construct(FusionPlan plan, MemoTable memo,
      Set<Hop> excluded, Set<List<Hop>> failedGroups) {
    List<Operator> ops = OperatorPlanner.plan(plan, memo.dag(), excluded);
    boolean trivial = false;
    for (Operator op : ops) {
      if (op.operations() < 2) {
        excluded.add(op.root());
        trivial = true;
      }
    }
    if (trivial) {
      return null;
    }
    Map<Hop, Operator> byRoot = new IdentityHashMap<>();
    ops.forEach(op -> byRoot.put(op.root(), op));
    List<BuiltOperator> built = new ArrayList<>();
    Set<Hop> inGroup = Collections.newSetFromMap(new IdentityHashMap<>());
    for (List<Hop> group : plan.multiAggregates()) {
      List<Operator> members = new ArrayList<>();
      for (Hop r : group) {
        Operator op = byRoot.get(r);
        if (op != null && !inGroup.contains(r)) {
          members.add(op);
        }
      }
      List<Hop> roots = members.stream().map(Operator::root).toList();
      if (members.size() < 2 || failedGroups.contains(roots)) {
        continue;
      }
      try {
        built.add(CPlanBuilder.buildMultiAggregate(members, memo));
        inGroup.addAll(roots);
      } catch (PlanConstructionException e) {
        failedGroups.add(roots);
      }
    }
    for (Operator op : ops) {
      if (inGroup.contains(op.root())) {
        continue;
      }
      try {
        built.add(CPlanBuilder.build(op, memo));
      } catch (PlanConstructionException e) {
        excluded.add(op.root());
        return null;
      }
    }
    return built;
  }

  /** The DAG with every operator's roots replaced by its FUSED HOP. */
  private static HopDag replace(HopDag dag, List<BuiltOperator> built, List<FusedOp> compiled,
      MemoTable memo, Map<Hop, DataCharacteristics> sizes) {
    Map<Hop, Hop> mapped = new IdentityHashMap<>();
    Map<Hop, Integer> operatorOf = new IdentityHashMap<>();
    for (int i = 0; i < built.size(); i++) {
      for (Hop r : built.get(i).roots()) {
        operatorOf.put(r, i);
      }
    }
    Map<Integer, Hop> fusedHops = new LinkedHashMap<>();
    Replacer r = new Replacer(built, compiled, memo, sizes, mapped, operatorOf, fusedHops);
    List<Hop> roots = new ArrayList<>();
    for (Hop root : dag.roots()) {
      roots.add(r.map(root));
    }
    return new HopDag(roots);
  }

  /** Bottom-up copy of the DAG with fused operators in place of their roots. */
  private record Replacer(List<BuiltOperator> built, List<FusedOp> compiled, MemoTable memo,
      Map<Hop, DataCharacteristics> sizes, Map<Hop, Hop> mapped, Map<Hop, Integer> operatorOf,
      Map<Integer, Hop> fusedHops) {

    Hop map(Hop h) {
      Hop done = mapped.get(h);
      if (done != null) {
        return done;
      }
      Integer op = operatorOf.get(h);
      Hop out;
      if (op == null) {
        List<Hop> ins = new ArrayList<>(h.inputs().size());
        for (Hop in : h.inputs()) {
          ins.add(map(in));
        }
        if (h.op() == OpCode.TRANSPOSE && ins.get(0).op() == OpCode.TRANSPOSE
            && ins.get(0).input(0).op() == OpCode.FUSED) {
          // t(t(U) %*% W) over an Outer LEFT operator: the two transposes cancel
          out = ins.get(0).input(0);
          mapped.put(h, out);
          return out;
        }
        out = h.withInputs(ins);
        DataCharacteristics dc = sizes.get(h);
        if (dc == null && h.op() == OpCode.TRANSPOSE) {
          DataCharacteristics x = memo.size(h.input(0));
          dc = x.dimsKnown() ? new DataCharacteristics(x.cols(), x.rows(), x.nnz()) : null;
        }
        if (dc != null) {
          sizes.put(out, dc);
        }
      } else {
        out = rootReplacement(h, op);
      }
      mapped.put(h, out);
      return out;
    }

    private Hop rootReplacement(Hop root, int op) {
      BuiltOperator b = built.get(op);
      Hop fused = fusedHops.get(op);
      if (fused == null) {
        List<Hop> ins = new ArrayList<>();
        for (Hop in : b.inputs()) {
          ins.add(map(in));
        }
        boolean scalar = b.roots().size() == 1 && root.isScalar();
        fused = new Hop(OpCode.FUSED, new HopParam.Fused(compiled.get(op), replaced(b)), ins,
            scalar ? DataType.SCALAR : DataType.MATRIX, ValueType.DOUBLE, root.position());
        DataCharacteristics dc = memo.size(root);
        if (b.roots().size() > 1) {
          sizes.put(fused, DataCharacteristics.dims(1, b.roots().size()));
        } else if (!scalar && dc.dimsKnown()) {
          sizes.put(fused, b.transposedOutput() ? DataCharacteristics.dims(dc.cols(), dc.rows())
              : DataCharacteristics.dims(dc.rows(), dc.cols()));
        }
        fusedHops.put(op, fused);
      }
      if (b.roots().size() > 1) {
        // the i-th output of a multi-aggregate: as.scalar(F[1, i])
        long i = b.roots().indexOf(root) + 1;
        Hop one = literal(1, root);
        Hop col = literal(i, root);
        Hop cell = new Hop(OpCode.RIGHT_INDEX, HopParam.NONE, List.of(fused, one, one, col, col),
            DataType.MATRIX, ValueType.DOUBLE, root.position());
        sizes.put(cell, DataCharacteristics.dims(1, 1));
        return new Hop(OpCode.CAST_SCALAR, HopParam.NONE, List.of(cell), DataType.SCALAR,
            ValueType.DOUBLE, root.position());
      }
      if (b.transposedOutput()) {
        Hop t = new Hop(OpCode.TRANSPOSE, HopParam.NONE, List.of(fused), DataType.MATRIX,
            ValueType.DOUBLE, root.position());
        DataCharacteristics dc = memo.size(root);
        if (dc.dimsKnown()) {
          sizes.put(t, DataCharacteristics.dims(dc.rows(), dc.cols()));
        }
        return t;
      }
      return fused;
    }

    /**
     * What operator {@code b} computes, as the HOPs it replaces over its inputs (the lineage of
     * a fused operator is that of its sub-DAG, so a trace can be computed again and reused by
     * any plan), or null when they reach more than the inputs and literals through the
     * deterministic operations a template fuses.
     */
    static HopParam.Replaced replaced(BuiltOperator b) {
      Hop root = b.roots().get(0);
      Hop expression;
      if (b.roots().size() > 1) {
        List<Hop> cells = new ArrayList<>();
        for (Hop r : b.roots()) {
          cells.add(HopFactory.castMatrix(r, r.position()));
        }
        expression = new Hop(OpCode.CBIND, HopParam.NONE, cells, DataType.MATRIX,
            ValueType.DOUBLE, root.position());
      } else {
        expression = b.transposedOutput() ? HopFactory.transpose(root, root.position()) : root;
      }
      Set<Hop> inputs = Collections.newSetFromMap(new IdentityHashMap<>());
      inputs.addAll(b.inputs());
      Set<Hop> seen = Collections.newSetFromMap(new IdentityHashMap<>());
      List<Hop> stack = new ArrayList<>(List.of(expression));
      while (!stack.isEmpty()) {
        Hop h = stack.remove(stack.size() - 1);
        if (inputs.contains(h) || h.op() == OpCode.LITERAL || !seen.add(h)) {
          continue;
        }
        if (!REPLACEABLE.contains(h.op()) || seen.size() > MAX_REPLACED) {
          return null;
        }
        stack.addAll(h.inputs());
      }
      return new HopParam.Replaced(expression, b.inputs());
    }

    private static Hop literal(long v, Hop at) {
      return new Hop(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), List.of(),
          DataType.SCALAR, ValueType.INTEGER, at.position());
    }
  }
}
