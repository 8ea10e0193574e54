package org.planlab.engine.compile.rewrite;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.FunctionKey;

/**
 * Live-variable analysis over the program blocks and removal of transient writes of dead
 * variables (as SystemML's live-variable analysis between statement blocks): a variable written
 * by a basic block but overwritten before any later read — along every path, including the
 * back edges of loops — need not be materialized. This matters for operator fusion: a dead
 * write is a consumer that forces an intermediate to be materialized (e.g. {@code out} and
 * {@code sv} of L2SVM's inner loop, which the next iteration recomputes).
 *
 * <p>A function's results are live at its end. At the end of the main program every variable
 * stays live, since the caller of a script may read any of them.
 */
public final class DeadWriteElimination {
  private final Set<String> liveAtMainEnd;

  private DeadWriteElimination(Set<String> liveAtMainEnd) {
    this.liveAtMainEnd = liveAtMainEnd;
  }

  /** {@code program} without dead transient writes. */
  public static Program rewrite(Program program) {
    Set<String> all = new HashSet<>();
    collectWrites(program.main(), all);
    DeadWriteElimination d = new DeadWriteElimination(all);
    Map<FunctionKey, Program.Function> functions = new LinkedHashMap<>();
    for (Map.Entry<FunctionKey, Program.Function> f : program.functions().entrySet()) {
      Set<String> results = new HashSet<>();
      f.getValue().definition().results().forEach(p -> results.add(p.name()));
      functions.put(f.getKey(),
          f.getValue().withBody(d.blocks(f.getValue().body(), results).blocks()));
    }
    return new Program(d.blocks(program.main(), d.liveAtMainEnd).blocks(), functions);
  }

  /** Rewritten blocks and the variables live at their entry. */
  private record Result(List<ProgramBlock> blocks, Set<String> liveIn) {
  }

  private Result blocks(List<ProgramBlock> blocks, Set<String> liveOut) {
    List<ProgramBlock> out = new ArrayList<>(blocks);
    Set<String> live = new HashSet<>(liveOut);
    for (int i = blocks.size() - 1; i >= 0; i--) {
      Result r = block(blocks.get(i), live);
      out.set(i, r.blocks().get(0));
      live = r.liveIn();
    }
    return new Result(out, live);
  }

  private Result block(ProgramBlock b, Set<String> liveOut) {
    if (b instanceof ProgramBlock.Basic x) {
      HopDag dag = removeDeadWrites(x.dag(), liveOut);
      Set<String> in = new HashSet<>(liveOut);
      in.removeAll(writes(dag));
      in.addAll(reads(dag));
      return new Result(List.of(new ProgramBlock.Basic(dag)), in);
    }
    if (b instanceof ProgramBlock.If x) {
      Result t = blocks(x.thenBlocks(), liveOut);
      Result e = blocks(x.elseBlocks(), liveOut);
      Set<String> in = new HashSet<>(t.liveIn());
      in.addAll(e.liveIn());
      in.addAll(reads(x.predicate()));
      return new Result(List.of(new ProgramBlock.If(x.predicate(), t.blocks(), e.blocks())), in);
    }
    if (b instanceof ProgramBlock.While x) {
      // the loop head is live-in of the body's end (back edge) and of what follows the loop
      Set<String> head = new HashSet<>(liveOut);
      head.addAll(reads(x.predicate()));
      Result body;
      while (true) {
        body = blocks(x.body(), head);
        Set<String> next = new HashSet<>(head);
        next.addAll(body.liveIn());
        if (next.equals(head)) {
          break;
        }
        head = next;
      }
      return new Result(List.of(new ProgramBlock.While(x.predicate(), body.blocks())), head);
    }
    ProgramBlock.For x = (ProgramBlock.For) b;
    Set<String> head = new HashSet<>(liveOut);
    Result body;
    while (true) {
      body = blocks(x.body(), head);
      Set<String> next = new HashSet<>(head);
      next.addAll(body.liveIn());
      next.remove(x.variable());
      if (next.equals(head)) {
        break;
      }
      head = next;
    }
    Set<String> in = new HashSet<>(head);
    in.addAll(reads(x.from()));
    in.addAll(reads(x.to()));
    x.increment().ifPresent(d -> in.addAll(reads(d)));
    return new Result(List.of(new ProgramBlock.For(x.variable(), x.from(), x.to(),
        x.increment(), body.blocks(), x.parallel(), x.parforOptions())), in);
  }

  private static HopDag removeDeadWrites(HopDag dag, Set<String> liveOut) {
    List<Hop> kept = new ArrayList<>();
    for (Hop r : dag.roots()) {
      if (r.op() == OpCode.WRITE_VAR
          && !liveOut.contains(r.param(HopParam.Variable.class).name())) {
        continue;
      }
      kept.add(r);
    }
    return kept.size() == dag.roots().size() ? dag : new HopDag(kept);
  }

  private static Set<String> reads(HopDag dag) {
    Set<String> out = new HashSet<>();
    for (Hop h : dag.topologicalOrder()) {
      if (h.op() == OpCode.READ_VAR) {
        out.add(h.param(HopParam.Variable.class).name());
      }
    }
    return out;
  }

  private static Set<String> writes(HopDag dag) {
    Set<String> out = new HashSet<>();
    for (Hop r : dag.roots()) {
      if (r.op() == OpCode.WRITE_VAR) {
        out.add(r.param(HopParam.Variable.class).name());
      } else if (r.op() == OpCode.FUNCTION_CALL) {
        out.addAll(r.param(HopParam.Call.class).outputs());
      }
    }
    return out;
  }

  private static void collectWrites(List<ProgramBlock> blocks, Set<String> out) {
    for (ProgramBlock b : blocks) {
      if (b instanceof ProgramBlock.Basic x) {
        out.addAll(writes(x.dag()));
      } else if (b instanceof ProgramBlock.If x) {
        collectWrites(x.thenBlocks(), out);
        collectWrites(x.elseBlocks(), out);
      } else if (b instanceof ProgramBlock.While x) {
        collectWrites(x.body(), out);
      } else if (b instanceof ProgramBlock.For x) {
        out.add(x.variable());
        collectWrites(x.body(), out);
      }
    }
  }
}
