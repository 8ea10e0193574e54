package org.planlab.engine.api;

import java.util.function.Supplier;
import org.planlab.engine.stats.CompilePhase;

/** Times a compiler phase into the run's statistics. */
@FunctionalInterface
public interface PhaseClock {
  /** Runs {@code step}, adding its wall time to {@code phase}, and returns its result. */
  <T> T time(CompilePhase phase, Supplier<T> step);

  /** Receives the front end's warnings (validation's {@code FILE:LINE:COL} diagnostics). */
  default void warnings(java.util.List<org.planlab.engine.lang.Diagnostic> warnings) {
  }
}
