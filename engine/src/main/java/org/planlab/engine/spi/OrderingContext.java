package org.planlab.engine.spi;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;

/**
 * What an ordering may consult besides the DAG: the known sizes of HOP outputs (keyed by
 * identity; missing entries are unknown), where placement put each HOP (MEMPHIS sec. 5.3: an
 * ordering for several backends needs to know which operators are remote), and the
 * parallelism available.
 */
public record OrderingContext(Map<Hop, DataCharacteristics> sizes,
    Function<Hop, ExecType> placement, int parallelism) {

  public OrderingContext {
    Objects.requireNonNull(sizes, "sizes is null");
    Objects.requireNonNull(placement, "placement is null");
  }

  /** A context with sizes and every HOP in CP. */
  public OrderingContext(Map<Hop, DataCharacteristics> sizes, int parallelism) {
    this(sizes, h -> ExecType.CP, parallelism);
  }

  /** A context without size information, every HOP in CP. */
  public static OrderingContext empty(int parallelism) {
    return new OrderingContext(java.util.Collections.emptyMap(), parallelism);
  }
}
