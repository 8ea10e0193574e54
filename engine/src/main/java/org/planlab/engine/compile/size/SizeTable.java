package org.planlab.engine.compile.size;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;

/**
 * The result of size propagation over one DAG: for every HOP (by identity) its output
 * characteristics — dims and a worst-case (upper bound) nnz, -1 where unknown — and, for scalar
 * HOPs whose value could be evaluated at compile time, that value (sec. 3.2). Immutable.
 */
public final class SizeTable {
  private final Map<Hop, DataCharacteristics> sizes;
  private final Map<Hop, ScalarValue> constants;

  SizeTable(Map<Hop, DataCharacteristics> sizes, Map<Hop, ScalarValue> constants) {
    this.sizes = Collections.unmodifiableMap(new IdentityHashMap<>(sizes));
    this.constants = Collections.unmodifiableMap(new IdentityHashMap<>(constants));
  }

  /**
   * The characteristics of {@code hop}; {@link DataCharacteristics#UNKNOWN_MATRIX} for a HOP
   * the table does not cover (e.g. one created by a rewrite after propagation).
   */
  public DataCharacteristics get(Hop hop) {
    return sizes.getOrDefault(hop, DataCharacteristics.UNKNOWN_MATRIX);
  }

  /** Whether the table holds sizes for {@code hop}. */
  public boolean covers(Hop hop) {
    return sizes.containsKey(hop);
  }

  /** The compile-time value of a scalar HOP, when size propagation could evaluate it. */
  public Optional<ScalarValue> constant(Hop hop) {
    return Optional.ofNullable(constants.get(hop));
  }

  /** All entries, identity keyed, unmodifiable. */
  public Map<Hop, DataCharacteristics> asMap() {
    return sizes;
  }

  /** True when some matrix HOP has unknown dimensions (a recompilation candidate, sec. 4.1). */
  public boolean hasUnknownDims() {
    for (Map.Entry<Hop, DataCharacteristics> e : sizes.entrySet()) {
      if (e.getKey().isMatrix() && !e.getValue().dimsKnown()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "SizeTable[" + sizes.size() + " hops]";
  }
}
