package org.planlab.engine.compile.size;

import java.util.Map;
import java.util.Objects;
import org.planlab.engine.ir.DataCharacteristics;

/**
 * What inter-procedural analysis knew on entry to one DAG: the sizes of the live matrix
 * variables and the values of the known scalars — exactly the inputs of {@link
 * SizePropagation#propagate}, so later passes (dynamic rewrites) can re-propagate after
 * changing the DAG.
 */
public record DagInputs(Map<String, DataCharacteristics> sizes, ScalarEnvironment constants) {
  public DagInputs {
    sizes = Map.copyOf(Objects.requireNonNull(sizes, "sizes is null"));
    Objects.requireNonNull(constants, "constants is null");
  }
}
