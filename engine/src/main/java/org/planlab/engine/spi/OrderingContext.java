package org.planlab.engine.spi;

import java.util.Map;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;

/**
 * What an ordering may consult besides the DAG: the known sizes of HOP outputs (keyed by
 * identity; missing entries are unknown) and the parallelism available.
 */
public record OrderingContext(Map<Hop, DataCharacteristics> sizes, int parallelism) {
  /** A context without size information. */
  public static OrderingContext empty(int parallelism) {
    return new OrderingContext(java.util.Collections.emptyMap(), parallelism);
  }
}
