package org.planlab.engine.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Looks up {@link FusionPlanSelector} implementations on the class path by name. */
public final class FusionSelectors {
  private FusionSelectors() {
  }

  /**
   * The selector called {@code name}.
   *
   * @throws IllegalArgumentException naming the known selectors when none has that name
   */
  public static FusionPlanSelector byName(String name) {
    for (FusionPlanSelector s : ServiceLoader.load(FusionPlanSelector.class)) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown fusion plan selector '" + name + "'; known: "
        + names());
  }

  /** The names of all selectors on the class path. */
  public static List<String> names() {
    List<String> known = new ArrayList<>();
    for (FusionPlanSelector s : ServiceLoader.load(FusionPlanSelector.class)) {
      known.add(s.name());
    }
    return known;
  }
}
