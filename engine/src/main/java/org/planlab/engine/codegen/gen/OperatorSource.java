package org.planlab.engine.codegen.gen;

import org.planlab.engine.codegen.cplan.CPlan;

/**
 * Where the code generator gets the compiled class of a CPlan: normally an
 * {@link OperatorCache}; tests substitute failing sources to check the fallback to unfused
 * operators.
 */
@FunctionalInterface
public interface OperatorSource {

  /**
   * The compiled operator of {@code plan}.
   *
   * @throws CodegenException when the plan's source cannot be generated or compiled
   */
  Lookup lookup(CPlan plan);

  /** A compiled operator and whether this lookup compiled it (false: reused). */
  record Lookup(CompiledOperator operator, boolean compiled) {
  }
}
