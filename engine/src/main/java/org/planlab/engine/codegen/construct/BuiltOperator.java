package org.planlab.engine.codegen.construct;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.ir.Hop;

/**
 * A constructed fused operator: its CPlan and the HOPs to feed it, in the plan's order (main
 * input, side inputs, scalar inputs).
 *
 * @param roots the HOPs it replaces: one, or one per output of a multi-aggregate
 * @param transposedOutput whether the root is the transpose of what the operator computes
 *     ({@code t(U) %*% W} computed as the Outer LEFT product {@code t(W) %*% U})
 */
public record BuiltOperator(CPlan plan, List<Hop> roots, Hop main, List<Hop> sides,
    List<Hop> scalars, boolean transposedOutput, int operations) {
  public BuiltOperator {
    Objects.requireNonNull(plan, "plan is null");
    roots = List.copyOf(roots);
    Objects.requireNonNull(main, "main is null");
    sides = List.copyOf(sides);
    scalars = List.copyOf(scalars);
  }

  /** main, sides, scalars. */
  public List<Hop> inputs() {
    List<Hop> all = new java.util.ArrayList<>();
    all.add(main);
    all.addAll(sides);
    all.addAll(scalars);
    return all;
  }
}
