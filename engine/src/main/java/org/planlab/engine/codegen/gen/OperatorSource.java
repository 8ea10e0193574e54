package org.planlab.engine.codegen.gen;

import java.util.ArrayList;
import java.util.List;
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

  /**
   * The compiled operators of {@code plans}, in their order, each as {@link #lookup} would give
   * it or fail. Sources that compile (the operator cache) compile the plans they lack in one
   * invocation of the compiler; a plan that cannot be generated or compiled fails alone.
   */
  default List<Attempt<Lookup>> lookupAll(List<CPlan> plans) {
    List<Attempt<Lookup>> out = new ArrayList<>(plans.size());
    for (CPlan plan : plans) {
      try {
        out.add(Attempt.of(lookup(plan)));
      } catch (CodegenException e) {
        out.add(Attempt.failed(e));
      }
    }
    return out;
  }

  /** A compiled operator and whether this lookup compiled it (false: reused). */
  record Lookup(CompiledOperator operator, boolean compiled) {
  }
}
