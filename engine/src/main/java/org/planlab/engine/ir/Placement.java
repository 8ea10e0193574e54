package org.planlab.engine.ir;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The execution type of every HOP of one DAG for one compilation (optimizer paper, sec. 3.3;
 * Spark paper, sec. 3.3), with what decided it: the HOP's operation memory estimate, the budget
 * it was compared with, and the rule. A side table like the sizes, so the immutable HOPs can be
 * placed anew at every recompilation. Immutable.
 */
public final class Placement {

  /** Why a HOP got its execution type. */
  public enum Rule {
    /** A scalar, variable or control operation: always in the driver. */
    DRIVER("driver op"),
    /** The mode runs everything in CP. */
    SINGLENODE("singlenode"),
    /** The operation memory fits the budget. */
    FITS("fits"),
    /** The operation memory exceeds the local budget (Spark paper, sec. 3.3). */
    EXCEEDS("exceeds local budget"),
    /** Sizes unknown: placed on the robust distributed backend and marked for recompilation. */
    UNKNOWN("unknown size"),
    /** Pulled after its only consumer's main input on SPARK (Spark paper, sec. 3.3). */
    TRANSITIVE("input on spark"),
    /** The mode places every operation the backend supports there. */
    FORCED("forced by mode"),
    /**
     * Forced mode, but the operation is small and reads no distributed input: the backend keeps
     * it in the driver ({@link org.planlab.engine.backend.Backend#driverLocalBytes()}).
     */
    SMALL_LOCAL("small, inputs in driver"),
    /**
     * Forced mode, but the operation reads no distributed input and every consumer runs in the
     * driver: on the backend it would only add a transfer each way.
     */
    DRIVER_CONSUMERS("inputs and consumers in driver"),
    /** The backend of the mode has no operator for it. */
    UNSUPPORTED("backend has no operator"),
    /** The operation does not fit the device's memory. */
    EXCEEDS_DEVICE("exceeds device budget");

    private final String text;

    Rule(String text) {
      this.text = text;
    }

    /** How explain prints the rule. */
    public String text() {
      return text;
    }
  }

  /**
   * One HOP's placement.
   *
   * @param type where it runs
   * @param memory its operation memory estimate in bytes ({@code Long.MAX_VALUE}: unknown)
   * @param budget the budget the estimate was compared with, in bytes
   * @param rule what decided
   */
  public record Decision(ExecType type, long memory, long budget, Rule rule) {
    public Decision {
      Objects.requireNonNull(type, "type is null");
      Objects.requireNonNull(rule, "rule is null");
    }
  }

  private final Map<Hop, Decision> decisions;
  private final boolean recompile;

  /** The placement made of {@code decisions} (copied). */
  public Placement(Map<Hop, Decision> decisions, boolean recompile) {
    IdentityHashMap<Hop, Decision> copy = new IdentityHashMap<>(decisions);
    this.decisions = Collections.unmodifiableMap(copy);
    this.recompile = recompile;
  }

  /** Where {@code hop} runs (CP for a HOP this placement does not cover). */
  public ExecType type(Hop hop) {
    Decision d = decisions.get(hop);
    return d == null ? ExecType.CP : d.type();
  }

  /** The decision for {@code hop}, or null when this placement does not cover it. */
  public Decision decision(Hop hop) {
    return decisions.get(hop);
  }

  /** Every decision, by HOP identity (unmodifiable). */
  public Map<Hop, Decision> decisions() {
    return decisions;
  }

  /**
   * Whether a HOP was placed without knowing its size, so the DAG must be recompiled once the
   * sizes are known (optimizer paper, sec. 4.1: "mark the current HOP for recompilation").
   */
  public boolean needsRecompile() {
    return recompile;
  }

  /** Whether some HOP runs on {@code type}. */
  public boolean uses(ExecType type) {
    for (Decision d : decisions.values()) {
      if (d.type() == type) {
        return true;
      }
    }
    return false;
  }
}
