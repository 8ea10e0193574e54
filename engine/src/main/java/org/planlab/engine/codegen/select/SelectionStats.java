package org.planlab.engine.codegen.select;

import java.util.concurrent.atomic.AtomicLong;

/** Counters of candidate selection, summed over all DAGs of a run (thread-safe). */
public final class SelectionStats {
  private final AtomicLong plansEvaluated = new AtomicLong();

  /** Adds {@code n} costed plans. */
  public void addPlansEvaluated(long n) {
    plansEvaluated.addAndGet(n);
  }

  public long plansEvaluated() {
    return plansEvaluated.get();
  }
}
