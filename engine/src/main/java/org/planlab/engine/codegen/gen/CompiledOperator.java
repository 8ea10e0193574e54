package org.planlab.engine.codegen.gen;

import java.util.Objects;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.SpoofOperator;

/**
 * A fused operator in the {@link OperatorCache}: its plan, generated class name and source
 * (kept for explain output and debugging), the instance, and how long generation plus
 * compilation took. The operator is stateless between executions, so one instance serves every
 * caller.
 */
public record CompiledOperator(CPlan plan, String className, String source,
    SpoofOperator operator, long compileNanos) {
  public CompiledOperator {
    Objects.requireNonNull(plan, "plan is null");
    Objects.requireNonNull(className, "className is null");
    Objects.requireNonNull(source, "source is null");
    Objects.requireNonNull(operator, "operator is null");
    if (compileNanos < 0) {
      throw new IllegalArgumentException("compileNanos must be >= 0, was " + compileNanos);
    }
  }
}
