package org.planlab.engine.runtime;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.SizedDag;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.runtime.program.CompiledBlock;

/**
 * The code lowered for recompiled DAGs, kept per block for the last few recompiled forms: a
 * DAG recompiled again into the same operations with the same sizes gets the code lowered
 * before, without fusion, placement and lowering again.
 *
 * <p>Why: the optimizer paper (sec. 2 and 4.2) designs dynamic recompilation to stay below a
 * millisecond per DAG, since it lies on the critical path; with operator fusion, lowering a DAG
 * explores, costs and constructs its fusion plans every time, which for the DAGs of MLogreg's
 * inner loop takes several times that. In a loop, a DAG whose sizes could not be inferred
 * statically is recompiled at every iteration, mostly to the same sizes. SystemML avoids part of
 * that with functions it recompiles once on entry; here the cache catches every case where
 * recompilation reproduces what it produced before.
 *
 * <p>Lowering is a function of the recompiled DAG's operations (opcode, parameters, literal
 * values, types, source positions, inputs), the sizes of its operations and whether it is a
 * predicate (see {@link DagLowerer#lower}), so that is the key; scalar values enter it only
 * where recompilation folded them into the DAG. Thread-safe: parfor workers recompile the same
 * blocks.
 */
final class LoweredCode {
  /** The recompiled forms kept per block (a loop's partial last batch and its full ones). */
  static final int FORMS_PER_BLOCK = 4;

  private final Map<CompiledBlock.Dag, Map<Key, BlockCode>> byBlock = new IdentityHashMap<>();

  /**
   * The code for {@code recompiled}, a recompiled form of {@code block}: the code lowered
   * before for an equal form, else what {@code lower} returns, kept for the next time.
   */
  BlockCode get(CompiledBlock.Dag block, SizedDag recompiled, boolean predicate,
      Supplier<BlockCode> lower) {
    Key key = Key.of(recompiled, predicate);
    synchronized (byBlock) {
      BlockCode code = forms(block).get(key);
      if (code != null) {
        return code;
      }
    }
    BlockCode code = Objects.requireNonNull(lower.get(), "lowered code is null");
    synchronized (byBlock) {
      forms(block).put(key, code);
    }
    return code;
  }

  private Map<Key, BlockCode> forms(CompiledBlock.Dag block) {
    return byBlock.computeIfAbsent(block, b -> new LinkedHashMap<>(8, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, BlockCode> eldest) {
        return size() > FORMS_PER_BLOCK;
      }
    });
  }

  /** One operation of a recompiled DAG: what it computes, from which operations, at what size. */
  private record Node(OpCode op, HopParam param, DataType dataType, ValueType valueType,
      SourcePosition position, List<Integer> inputs, DataCharacteristics size) {
  }

  /** A recompiled DAG's operations in topological order, its roots, and the predicate flag. */
  record Key(List<Node> nodes, List<Integer> roots, boolean predicate) {
    static Key of(SizedDag dag, boolean predicate) {
      Map<Hop, Integer> index = new IdentityHashMap<>();
      List<Node> nodes = new ArrayList<>();
      for (Hop h : dag.dag().topologicalOrder()) {
        List<Integer> inputs = new ArrayList<>(h.inputs().size());
        for (Hop in : h.inputs()) {
          inputs.add(index.get(in));
        }
        nodes.add(new Node(h.op(), h.param(), h.dataType(), h.valueType(), h.position(),
            inputs, dag.sizes().get(h)));
        index.put(h, index.size());
      }
      List<Integer> roots = new ArrayList<>();
      for (Hop r : dag.dag().roots()) {
        roots.add(index.get(r));
      }
      return new Key(nodes, roots, predicate);
    }
  }
}
