package org.planlab.engine.codegen.gen;

import java.util.Objects;

/**
 * What one item of a batch of code generation gave — a unit compiled, a plan looked up — or
 * why it gave nothing: an item that fails does not fail the others of its batch.
 *
 * @param <T> what the item gives
 */
public record Attempt<T>(T value, CodegenException failure) {
  public Attempt {
    if ((value == null) == (failure == null)) {
      throw new IllegalArgumentException("exactly one of value and failure must be set");
    }
  }

  /** A success. */
  public static <T> Attempt<T> of(T value) {
    return new Attempt<>(Objects.requireNonNull(value, "value is null"), null);
  }

  /** A failure. */
  public static <T> Attempt<T> failed(CodegenException failure) {
    return new Attempt<>(null, Objects.requireNonNull(failure, "failure is null"));
  }

  /**
   * The value.
   *
   * @throws CodegenException the item's failure
   */
  public T get() {
    if (failure != null) {
      throw failure;
    }
    return value;
  }
}
