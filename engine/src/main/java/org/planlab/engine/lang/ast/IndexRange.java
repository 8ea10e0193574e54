package org.planlab.engine.lang.ast;

import java.util.Objects;

/**
 * One dimension of an index {@code X[rows, cols]}: empty (all), a single 1-based index, or an
 * inclusive range {@code a:b}.
 */
public sealed interface IndexRange permits IndexRange.All, IndexRange.Single, IndexRange.Span {

  /** The shared "whole dimension" range ({@code X[, j]}). */
  All ALL = new All();

  /** The whole dimension. */
  record All() implements IndexRange {}

  /** One index, {@code X[i, ]}. */
  record Single(Expression index) implements IndexRange {
    public Single {
      Objects.requireNonNull(index, "index is null");
    }
  }

  /** An inclusive range, {@code X[a:b, ]}. */
  record Span(Expression from, Expression to) implements IndexRange {
    public Span {
      Objects.requireNonNull(from, "from is null");
      Objects.requireNonNull(to, "to is null");
    }
  }
}
