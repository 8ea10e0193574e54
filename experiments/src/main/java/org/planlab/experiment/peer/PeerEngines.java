package org.planlab.experiment.peer;

import java.util.List;

/**
 * The engines a descriptor variant can name with {@code engine:}: planlab itself, or a reference
 * engine that runs the same DML driver in a forked JVM so that a report puts both side by side.
 */
public final class PeerEngines {
  /** planlab itself, the default of every variant. */
  public static final String PLANLAB = "planlab";
  /** Apache SystemDS 3.3.0, resolved from Maven Central ({@link SystemDsJars}). */
  public static final String SYSTEMDS_3_3_0 = "systemds-3.3.0";

  private static final List<String> NAMES = List.of(PLANLAB, SYSTEMDS_3_3_0);

  private PeerEngines() {
  }

  /** Every engine name a variant may give, planlab first. */
  public static List<String> names() {
    return NAMES;
  }

  /**
   * Checks an engine name.
   *
   * @throws IllegalArgumentException naming the value and the valid names when it is unknown
   */
  public static void check(String name) {
    if (!NAMES.contains(name)) {
      throw new IllegalArgumentException("unknown engine '" + name + "'; valid engines: "
          + String.join(", ", NAMES));
    }
  }

  /** Whether {@code name} is an engine other than planlab. */
  public static boolean isPeer(String name) {
    return !PLANLAB.equals(name);
  }
}
