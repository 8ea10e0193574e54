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
    for (OperatorOrdering o : ServiceLoader.load(OperatorOrdering.class)) {
      if (o.name().equals(name)) {
        return o;
      }
    }
    throw new IllegalArgumentException("unknown operator ordering '" + name + "'; known: "
        + names());
  }

  /** The names of all orderings on the class path. */
  public static List<String> names() {
    List<String> known = new ArrayList<>();
    for (OperatorOrdering o : ServiceLoader.load(OperatorOrdering.class)) {
      known.add(o.name());
    }
    return known;
  }
}
