package org.planlab.engine.codegen.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
  default List<Attempt> lookupAll(List<CPlan> plans) {
    List<Attempt> out = new ArrayList<>(plans.size());
    for (CPlan plan : plans) {
      try {
        out.add(new Attempt(lookup(plan), null));
      } catch (CodegenException e) {
        out.add(new Attempt(null, e));
      }
    }
    return out;
  }

  /** A compiled operator and whether this lookup compiled it (false: reused). */
  record Lookup(CompiledOperator operator, boolean compiled) {
  }

  /** The lookup of one plan of {@link #lookupAll}, or why the plan has no operator. */
  record Attempt(Lookup lookup, CodegenException failure) {
    public Attempt {
      if ((lookup == null) == (failure == null)) {
        throw new IllegalArgumentException("exactly one of lookup and failure must be set");
      }
    }

    /**
     * The lookup.
     *
     * @throws CodegenException the plan's failure
     */
    public Lookup get() {
      if (failure != null) {
        throw failure;
      }
      return Objects.requireNonNull(lookup);
    }
  }
}
