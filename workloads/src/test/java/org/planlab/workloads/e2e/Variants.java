package org.planlab.workloads.e2e;

import java.util.Map;

/** Checks that results do not depend on the static rewrites or the thread count. */
final class Variants {
  private Variants() {
  }

  /**
   * Asserts that {@code other} (another setup of the same run) printed the same objective and
   * wrote the same matrices as {@code base}, within {@link Checks#VARIANT_TOL}.
   */
  static void assertSame(String what, WorkloadRun base, WorkloadRun other) {
    Checks.assertClose(what + " objective", base.objective(), other.objective(),
        Checks.VARIANT_TOL, 1e-12);
    for (Map.Entry<String, double[][]> e : base.outputs().entrySet()) {
      Checks.assertClose(what + " " + e.getKey(), e.getValue(), other.matrix(e.getKey()),
          Checks.VARIANT_TOL);
    }
  }
}
