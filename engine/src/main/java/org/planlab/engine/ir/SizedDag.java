package org.planlab.engine.ir;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;

/**
 * A HOP DAG with the output sizes known for its HOPs (identity keys; a read-only view, not a
 * copy — the map may hold the sizes of a whole program).
 */
public record SizedDag(HopDag dag, Map<Hop, DataCharacteristics> sizes) {
  public SizedDag {
    Objects.requireNonNull(dag, "dag is null");
    sizes = Collections.unmodifiableMap(sizes);
  }
}
