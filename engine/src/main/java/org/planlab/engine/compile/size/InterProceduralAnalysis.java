package org.planlab.engine.compile.size;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Parameter;

/**
 * Intra-/inter-procedural size analysis over a whole {@link Program} (optimizer paper, sec. 3.2,
 * "IPA"). Blocks are visited in program order: variable sizes (and known scalar values) are
 * pushed into each DAG's transient reads, propagated by {@link SizePropagation}, and the
 * transient writes give the sizes after the block. An {@code if} keeps a size only where both
 * branches agree; a loop whose body changes sizes is re-propagated with those sizes unknown
 * until nothing changes.
 *
 * <p>Functions follow the paper's candidate-based algorithm: (1) collect all calls and their
 * input sizes (a first pass that does not enter functions), (2) prune functions called with
 * possibly different (or unknown) input dims, (3) propagate sparsity only where it agrees too,
 * (4) a full pass that, at each call of a remaining candidate, propagates sizes into the
 * function (once; its inputs are the same at every call) and continues with its output sizes.
 * Other functions are analysed with unknown inputs.
 */
public final class InterProceduralAnalysis {
  /** Bound on loop re-propagation before every variable the body writes becomes unknown. */
  private static final int MAX_LOOP_PASSES = 4;

  private final Program program;
  /** Phase 1 (null after it): the arguments seen at every call site. */
  private Map<FunctionKey, List<State>> callSites = new HashMap<>();
  /** Phase 4: the candidates' merged inputs. */
  private final Map<FunctionKey, State> candidates = new LinkedHashMap<>();
  private final Map<FunctionKey, State> functionOutputs = new HashMap<>();
  private final Set<FunctionKey> inProgress = new HashSet<>();
  private Map<HopDag, SizeTable> tables = new IdentityHashMap<>();
  private Map<HopDag, DagInputs> inputs = new IdentityHashMap<>();

  private InterProceduralAnalysis(Program program) {
    this.program = program;
  }

  /** Sizes of every DAG of {@code program}, starting with no live variables. */
  public static ProgramSizes analyze(Program program) {
    return analyze(program, Map.of(), ScalarEnvironment.empty());
  }

  /**
   * Sizes of every DAG of {@code program}, starting with the given live variables.
   *
   * @throws DimensionMismatchError for a mismatch that known sizes prove
   */
  public static ProgramSizes analyze(Program program, Map<String, DataCharacteristics> inputs,
      ScalarEnvironment constants) {
    Objects.requireNonNull(program, "program is null");
    InterProceduralAnalysis ipa = new InterProceduralAnalysis(program);
    State start = new State(new HashMap<>(inputs), new HashMap<>(constants.values()));
    // (1) collect calls without entering functions
    ipa.blocks(program.main(), start.copy());
    for (Program.Function f : program.functions().values()) {
      ipa.blocks(f.body(), State.empty());
    }
    // (2), (3) candidates and their merged inputs
    for (Map.Entry<FunctionKey, List<State>> e : ipa.callSites.entrySet()) {
      State merged = consistentInputs(e.getValue());
      if (merged != null && program.functions().containsKey(e.getKey())) {
        ipa.candidates.put(e.getKey(), merged);
      }
    }
    ipa.callSites = null;
    ipa.tables = new IdentityHashMap<>();
    ipa.inputs = new IdentityHashMap<>();
    // (4) the full analysis
    ipa.blocks(program.main(), start);
    for (Program.Function f : program.functions().values()) {
      if (!ipa.functionOutputs.containsKey(f.key())) {
        ipa.enter(f);
      }
    }
    return new ProgramSizes(ipa.tables, ipa.inputs, ipa.candidates.keySet());
  }

  // ---------------------------------------------------------------- program structure

  private void blocks(List<ProgramBlock> blocks, State state) {
    for (ProgramBlock b : blocks) {
      block(b, state);
    }
  }

  private void block(ProgramBlock block, State state) {
    if (block instanceof ProgramBlock.Basic basic) {
      basic(basic.dag(), state);
    } else if (block instanceof ProgramBlock.If branch) {
      SizeTable predicate = propagate(branch.predicate(), state);
      // a predicate known here (e.g. a constant argument of a function: if (intercept) ...)
      // decides the branch: only the taken one is analysed (the other is dead for these inputs,
      // and its code may only be valid when it is taken) and its sizes flow on
      Optional<ScalarValue> known = predicate.constant(branch.predicate().roots().get(0));
      if (known.isPresent() && known.get().valueType().isNumeric()) {
        blocks(known.get().asBoolean() ? branch.thenBlocks() : branch.elseBlocks(), state);
      } else {
        State yes = state.copy();
        State no = state.copy();
        blocks(branch.thenBlocks(), yes);
        blocks(branch.elseBlocks(), no);
        state.replaceWith(State.mergeBranches(yes, no));
      }
    } else if (block instanceof ProgramBlock.While loop) {
      loop(state, s -> {
        propagate(loop.predicate(), s);
        blocks(loop.body(), s);
      }, loop.body(), null);
    } else if (block instanceof ProgramBlock.For loop) {
      propagate(loop.from(), state);
      propagate(loop.to(), state);
      loop.increment().ifPresent(d -> propagate(d, state));
      loop(state, s -> blocks(loop.body(), s), loop.body(), loop.variable());
    }
  }

  /**
   * Runs the body from the loop's entry sizes, generalising every size the body changes, until
   * a pass starts and ends with the same sizes; that last pass's tables are kept (sec. 3.2:
   * "if they do, we re-propagate unknown sizes into the loop body"). The sizes after the loop
   * merge entry and exit, since a loop may run zero times. A mismatch found with the entry's
   * precise sizes makes the body's variables unknown first; only one that persists is reported.
   */
  private void loop(State state, Consumer<State> body, List<ProgramBlock> blocks,
      String loopVariable) {
    State entry = state.copy();
    if (loopVariable != null) {
      entry.setScalar(loopVariable, null);
    }
    boolean generalised = false;
    for (int pass = 1; ; pass++) {
      State exit = entry.copy();
      try {
        body.accept(exit);
      } catch (DimensionMismatchError e) {
        if (generalised) {
          throw e;
        }
        entry = entry.forgetting(writtenVariables(blocks));
        generalised = true;
        continue;
      }
      State next = State.mergeLoop(entry, exit);
      if (next.equals(entry)) {
        state.replaceWith(next);
        return;
      }
      if (pass >= MAX_LOOP_PASSES) {
        // forgetting everything the body writes always reaches the fixpoint in one more pass
        entry = next.forgetting(writtenVariables(blocks));
        generalised = true;
      } else {
        entry = next;
      }
    }
  }

  private static Set<String> writtenVariables(List<ProgramBlock> blocks) {
    Set<String> out = new HashSet<>();
    collectWrites(blocks, out);
    return out;
  }

  private static void collectWrites(List<ProgramBlock> blocks, Set<String> out) {
    for (ProgramBlock b : blocks) {
      if (b instanceof ProgramBlock.Basic basic) {
        for (Hop root : basic.dag().roots()) {
          if (root.op() == OpCode.WRITE_VAR) {
            out.add(root.param(HopParam.Variable.class).name());
          } else if (root.op() == OpCode.FUNCTION_CALL) {
            out.addAll(root.param(HopParam.Call.class).outputs());
          }
        }
      } else if (b instanceof ProgramBlock.If branch) {
        collectWrites(branch.thenBlocks(), out);
        collectWrites(branch.elseBlocks(), out);
      } else if (b instanceof ProgramBlock.While loop) {
        collectWrites(loop.body(), out);
      } else if (b instanceof ProgramBlock.For loop) {
        out.add(loop.variable());
        collectWrites(loop.body(), out);
      }
    }
  }

  // ---------------------------------------------------------------- DAGs and calls

  private SizeTable propagate(HopDag dag, State state) {
    DagInputs in = new DagInputs(state.sizes, new ScalarEnvironment(state.values));
    SizeTable table = SizePropagation.propagate(dag, in.sizes(), in.constants());
    tables.put(dag, table);
    inputs.put(dag, in);
    return table;
  }

  private void basic(HopDag dag, State state) {
    SizeTable table = propagate(dag, state);
    // all reads of the DAG saw the entry sizes, so the writes are applied afterwards
    State after = state.copy();
    for (Hop root : dag.roots()) {
      if (root.op() == OpCode.WRITE_VAR) {
        String name = root.param(HopParam.Variable.class).name();
        Hop value = root.input(0);
        if (value.isMatrix()) {
          after.setMatrix(name, table.get(value));
        } else {
          after.setScalar(name, table.constant(value).orElse(null));
        }
      } else if (root.op() == OpCode.FUNCTION_CALL) {
        call(root, table, after);
      }
    }
    state.replaceWith(after);
  }

  private void call(Hop call, SizeTable table, State state) {
    HopParam.Call p = call.param(HopParam.Call.class);
    Program.Function f = program.functions().get(p.function());
    State args = new State(new HashMap<>(), new HashMap<>());
    if (f != null) {
      List<Parameter> params = f.definition().parameters();
      for (int i = 0; i < call.inputs().size() && i < params.size(); i++) {
        Hop arg = call.input(i);
        String name = params.get(i).name();
        if (arg.isMatrix()) {
          args.setMatrix(name, table.get(arg));
        } else {
          args.setScalar(name, table.constant(arg).orElse(null));
        }
      }
    }
    State outputs = null;
    if (callSites != null) {
      callSites.computeIfAbsent(p.function(), k -> new ArrayList<>()).add(args);
    } else if (f != null && candidates.containsKey(f.key()) && !inProgress.contains(f.key())) {
      outputs = enter(f);
    }
    List<String> targets = p.outputs();
    for (int i = 0; i < targets.size(); i++) {
      String target = targets.get(i);
      String result = f != null && i < f.definition().results().size()
          ? f.definition().results().get(i).name() : null;
      if (outputs != null && result != null && outputs.sizes.containsKey(result)) {
        state.setMatrix(target, outputs.sizes.get(result));
      } else if (outputs != null && result != null && outputs.values.containsKey(result)) {
        state.setScalar(target, outputs.values.get(result));
      } else {
        state.forget(target);
      }
    }
  }

  /** Analyses a function body once (memoised): candidates with their inputs, others unknown. */
  private State enter(Program.Function f) {
    State known = functionOutputs.get(f.key());
    if (known != null) {
      return known;
    }
    State in = candidates.containsKey(f.key()) ? candidates.get(f.key()).copy()
        : State.empty();
    inProgress.add(f.key());
    try {
      blocks(f.body(), in);
    } finally {
      inProgress.remove(f.key());
    }
    functionOutputs.put(f.key(), in);
    return in;
  }

  /**
   * The merged inputs when every call passes the same dims for each matrix parameter (nnz kept
   * only where all calls agree, scalars only where all values agree); null to prune.
   */
  private static State consistentInputs(List<State> calls) {
    State merged = calls.get(0).copy();
    for (DataCharacteristics dc : merged.sizes.values()) {
      if (!dc.dimsKnown()) {
        return null;
      }
    }
    for (State other : calls.subList(1, calls.size())) {
      if (!other.sizes.keySet().equals(merged.sizes.keySet())) {
        return null;
      }
      for (Map.Entry<String, DataCharacteristics> e : other.sizes.entrySet()) {
        DataCharacteristics a = merged.sizes.get(e.getKey());
        DataCharacteristics b = e.getValue();
        if (a.rows() != b.rows() || a.cols() != b.cols()) {
          return null;
        }
        if (a.nnz() != b.nnz()) {
          merged.sizes.put(e.getKey(), a.withNnz(DataCharacteristics.UNKNOWN));
        }
      }
      for (String name : new ArrayList<>(merged.values.keySet())) {
        if (!Objects.equals(merged.values.get(name), other.values.get(name))) {
          merged.values.remove(name);
        }
      }
    }
    return merged;
  }

  // ---------------------------------------------------------------- variable state

  /** Sizes of matrix variables and values of scalar ones; absent means unknown. */
  private static final class State {
    final Map<String, DataCharacteristics> sizes;
    final Map<String, ScalarValue> values;
    State(Map<String, DataCharacteristics> sizes, Map<String, ScalarValue> values) {
      this.sizes = sizes;
      this.values = values;
    }

    static State empty() {
      return new State(new HashMap<>(), new HashMap<>());
    }

    State copy() {
      return new State(new HashMap<>(sizes), new HashMap<>(values));
    }

    void replaceWith(State other) {
      sizes.clear();
      sizes.putAll(other.sizes);
      values.clear();
      values.putAll(other.values);
    }

    void setMatrix(String name, DataCharacteristics dc) {
      values.remove(name);
      sizes.put(name, dc);
    }

    void setScalar(String name, ScalarValue v) {
      sizes.remove(name);
      if (v == null) {
        values.remove(name);
      } else {
        values.put(name, v);
      }
    }

    void forget(String name) {
      sizes.remove(name);
      values.remove(name);
    }

    State forgetting(Set<String> names) {
      State s = copy();
      for (String n : names) {
        s.forget(n);
      }
      return s;
    }

    /** After an if: dims where both branches agree, the larger nnz bound. */
    static State mergeBranches(State a, State b) {
      return merge(a, b, true);
    }

    /** Across loop iterations: only what did not change (so the fixpoint is reached). */
    static State mergeLoop(State a, State b) {
      return merge(a, b, false);
    }

    private static State merge(State a, State b, boolean maxNnz) {
      State out = new State(new HashMap<>(), new HashMap<>());
      for (Map.Entry<String, DataCharacteristics> e : a.sizes.entrySet()) {
        DataCharacteristics y = b.sizes.get(e.getKey());
        if (y == null) {
          continue;
        }
        DataCharacteristics x = e.getValue();
        long rows = x.rows() == y.rows() ? x.rows() : DataCharacteristics.UNKNOWN;
        long cols = x.cols() == y.cols() ? x.cols() : DataCharacteristics.UNKNOWN;
        long nnz = x.nnz() == y.nnz() ? x.nnz()
            : maxNnz && x.nnzKnown() && y.nnzKnown() && rows >= 0 && cols >= 0
                ? Math.max(x.nnz(), y.nnz()) : DataCharacteristics.UNKNOWN;
        if (rows >= 0 || cols >= 0 || nnz >= 0) {
          out.sizes.put(e.getKey(), new DataCharacteristics(rows, cols, nnz));
        }
      }
      for (Map.Entry<String, ScalarValue> e : a.values.entrySet()) {
        if (e.getValue().equals(b.values.get(e.getKey()))) {
          out.values.put(e.getKey(), e.getValue());
        }
      }
      return out;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof State s && s.sizes.equals(sizes) && s.values.equals(values);
    }

    @Override
    public int hashCode() {
      return sizes.hashCode() * 31 + values.hashCode();
    }
  }
}
