package org.planlab.engine.ir;

/**
 * What the IR knows of a fused operator: a short description for plans and explain output.
 * The code generator implements it with the operator's plan and compiled class; keeping only
 * this interface here lets the IR stay independent of code generation.
 */
public interface FusedOperator {
  /** E.g. {@code CELL FULL_AGG TMP3}. */
  String describe();

  /** The instruction opcode, e.g. {@code spoofCell} (heavy hitters, lineage). */
  String opcode();
}
