package org.planlab.engine.compile.rewrite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.FunctionKey;

/**
 * Applies the static (size-independent) rewrites of the optimizer paper, sec. 3.1, to every DAG
 * of a program — basic blocks, predicates and loop bounds, in the main script and in every
 * function — in this order: common subexpression elimination, constant folding, the algebraic
 * simplifications of Eq. (5) (remove unnecessary operations, binary to unary, diag aggregates),
 * CSE again; then branch removal over the block structure (predicates are folded by then).
 * {@link #disabled()} returns programs unchanged, to compare results with and without rewrites.
 */
public final class StaticRewriter {
  private final List<StaticRewrite> dagRewrites;
  private final boolean removeBranches;

  /** A rewriter applying {@code dagRewrites} in order, then (optionally) branch removal. */
  public StaticRewriter(List<StaticRewrite> dagRewrites, boolean removeBranches) {
    this.dagRewrites = List.copyOf(dagRewrites);
    this.removeBranches = removeBranches;
  }

  /** All static rewrites, in the paper's order. */
  public static StaticRewriter standard() {
    return new StaticRewriter(List.of(new CommonSubexpressionElimination(), new ConstantFolding(),
        new RemoveUnnecessaryOperations(), new BinaryToUnary(), new SimplifyDiagAggregates(),
        new CommonSubexpressionElimination()), true);
  }

  /** No rewrites at all. */
  public static StaticRewriter disabled() {
    return new StaticRewriter(List.of(), false);
  }

  /** The standard rewriter when {@code enabled}, else the disabled one. */
  public static StaticRewriter of(boolean enabled) {
    return enabled ? standard() : disabled();
  }

  /** The rewritten program. */
  public Program rewrite(Program program) {
    if (dagRewrites.isEmpty() && !removeBranches) {
      return program;
    }
    Map<FunctionKey, Program.Function> functions = new LinkedHashMap<>();
    for (Map.Entry<FunctionKey, Program.Function> f : program.functions().entrySet()) {
      functions.put(f.getKey(), f.getValue().withBody(blocks(f.getValue().body())));
    }
    Program rewritten = new Program(blocks(program.main()), functions);
    // after branch removal, so writes only a removed branch read are found dead too
    return removeBranches ? DeadWriteElimination.rewrite(rewritten) : rewritten;
  }

  /** One DAG through the DAG rewrites. */
  public HopDag rewrite(HopDag dag) {
    HopDag d = dag;
    for (StaticRewrite r : dagRewrites) {
      d = r.rewrite(d);
    }
    return d;
  }

  private List<ProgramBlock> blocks(List<ProgramBlock> blocks) {
    List<ProgramBlock> out = new ArrayList<>();
    for (ProgramBlock b : blocks) {
      out.add(block(b));
    }
    return removeBranches ? new BranchRemoval().rewrite(out) : out;
  }

  private ProgramBlock block(ProgramBlock b) {
    if (b instanceof ProgramBlock.Basic basic) {
      return new ProgramBlock.Basic(rewrite(basic.dag()));
    }
    if (b instanceof ProgramBlock.If i) {
      return new ProgramBlock.If(rewrite(i.predicate()), blocks(i.thenBlocks()),
          blocks(i.elseBlocks()));
    }
    if (b instanceof ProgramBlock.While w) {
      return new ProgramBlock.While(rewrite(w.predicate()), blocks(w.body()));
    }
    ProgramBlock.For f = (ProgramBlock.For) b;
    return new ProgramBlock.For(f.variable(), rewrite(f.from()), rewrite(f.to()),
        f.increment().map(this::rewrite), blocks(f.body()), f.parallel(), f.parforOptions());
  }
}
