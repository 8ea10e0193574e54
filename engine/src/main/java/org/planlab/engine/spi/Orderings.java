package org.planlab.engine.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Looks up {@link OperatorOrdering} implementations on the class path by name. */
public final class Orderings {
  private Orderings() {
  }

  /**
   * The ordering called {@code name}.
   *
   * @throws IllegalArgumentException naming the known orderings when none has that name
   */
  public static OperatorOrdering byName(String name) {
    List<String> known = new ArrayList<>();
    for (OperatorOrdering o : ServiceLoader.load(OperatorOrdering.class)) {
      if (o.name().equals(name)) {
        return o;
      }
      known.add(o.name());
    }
    throw new IllegalArgumentException("unknown operator ordering '" + name + "'; known: "
        + known);
  }
}
