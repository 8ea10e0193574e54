package org.planlab.engine.lang.ast;

import java.util.Objects;
import java.util.Optional;

/**
 * The iteration range of a for/parfor loop: {@code from:to} or {@code seq(from, to[, increment])}.
 * Without an increment the loop counts by 1 if {@code from <= to} and by -1 otherwise (decided at
 * run time, as in SystemDS).
 */
public record LoopRange(Expression from, Expression to, Optional<Expression> increment) {
  public LoopRange {
    Objects.requireNonNull(from, "from is null");
    Objects.requireNonNull(to, "to is null");
    Objects.requireNonNull(increment, "increment is null");
  }
}
