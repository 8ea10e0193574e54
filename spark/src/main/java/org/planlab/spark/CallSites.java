package org.planlab.spark;

import java.util.function.Supplier;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Spark's call site — the description Spark gives every RDD, job and broadcast a thread
 * creates — set to a fixed text while planlab's Spark work runs.
 *
 * <p>Why: with no call site set, Spark walks the thread's stack for the first frame outside
 * Spark each time it creates an RDD or starts a job; with both of its thread-local properties
 * set ({@value #SHORT} and {@value #LONG}) it takes them as they are. The stack of planlab's
 * interpreter would name an interpreter method rather than a script line anyway, so a fixed
 * description of the operation says as much without the walks. Callers describe operations
 * by opcode or by kind of transfer, never by script text. The thread's previous call site is
 * restored afterwards, so labelled work nests.
 */
final class CallSites {
  /** Spark's property of the short call site (job and stage names). */
  static final String SHORT = "callSite.short";
  /** Spark's property of the long call site (the details of a stage or an RDD). */
  static final String LONG = "callSite.long";

  private CallSites() {
  }

  /**
   * Runs {@code work} with the current thread's call site on {@code sc} set to
   * {@code description}, then restores the one before (unset if it was unset); with no context
   * ({@code sc} null), just runs it.
   */
  static <T> T labelled(JavaSparkContext sc, String description, Supplier<T> work) {
    if (sc == null) {
      return work.get();
    }
    String shortBefore = sc.getLocalProperty(SHORT);
    String longBefore = sc.getLocalProperty(LONG);
    sc.setLocalProperty(SHORT, description);
    sc.setLocalProperty(LONG, description);
    try {
      return work.get();
    } finally {
      sc.setLocalProperty(SHORT, shortBefore);
      sc.setLocalProperty(LONG, longBefore);
    }
  }
}
