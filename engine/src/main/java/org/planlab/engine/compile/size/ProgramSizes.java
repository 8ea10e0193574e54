package org.planlab.engine.compile.size;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.lang.ast.FunctionKey;

/**
 * The result of inter-procedural analysis over a whole program (optimizer paper, sec. 3.2): a
 * {@link SizeTable} per DAG (identity keyed; basic blocks, predicates, loop bounds and function
 * bodies), the DAGs that keep unknown dims and so are recompilation candidates (sec. 4.1), and
 * the functions sizes were propagated into. Immutable.
 */
public final class ProgramSizes {
  private final Map<HopDag, SizeTable> tables;
  private final Set<HopDag> recompile;
  private final Set<FunctionKey> propagatedFunctions;
  private final Map<HopDag, DagInputs> inputs;

  ProgramSizes(Map<HopDag, SizeTable> tables, Map<HopDag, DagInputs> inputs,
      Set<FunctionKey> propagatedFunctions) {
    this.inputs = Collections.unmodifiableMap(new IdentityHashMap<>(inputs));
    Map<HopDag, SizeTable> copy = new IdentityHashMap<>(tables);
    Set<HopDag> unknown = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Map.Entry<HopDag, SizeTable> e : copy.entrySet()) {
      if (e.getValue().hasUnknownDims()) {
        unknown.add(e.getKey());
      }
    }
    this.tables = Collections.unmodifiableMap(copy);
    this.recompile = Collections.unmodifiableSet(unknown);
    this.propagatedFunctions = Collections.unmodifiableSet(new LinkedHashSet<>(propagatedFunctions));
  }

  /** The sizes of {@code dag}'s HOPs. */
  public SizeTable sizes(HopDag dag) {
    SizeTable t = tables.get(dag);
    if (t == null) {
      throw new IllegalArgumentException("DAG not part of the analysed program");
    }
    return t;
  }

  /** The variable sizes and scalar values {@code dag} was propagated from. */
  public DagInputs inputs(HopDag dag) {
    DagInputs in = inputs.get(dag);
    if (in == null) {
      throw new IllegalArgumentException("DAG not part of the analysed program");
    }
    return in;
  }

  /** All tables, identity keyed, unmodifiable. */
  public Map<HopDag, SizeTable> tables() {
    return tables;
  }

  /** DAGs with a matrix HOP of unknown dims: to be recompiled at run time (sec. 4.1). */
  public Set<HopDag> recompilationCandidates() {
    return recompile;
  }

  /** Whether {@code dag} is a recompilation candidate. */
  public boolean needsRecompilation(HopDag dag) {
    return recompile.contains(dag);
  }

  /**
   * The IPA candidates: functions always called with the same input dims, into which sizes
   * were propagated (the others were analysed with unknown inputs).
   */
  public Set<FunctionKey> propagatedFunctions() {
    return propagatedFunctions;
  }
}
