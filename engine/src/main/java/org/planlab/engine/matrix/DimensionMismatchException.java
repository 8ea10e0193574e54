package org.planlab.engine.matrix;

/** Operand shapes that an operation cannot combine; the message names both shapes. */
public class DimensionMismatchException extends IllegalArgumentException {
  public DimensionMismatchException(String message) {
    super(message);
  }

  /** "dimension mismatch in OP: RxC and RxC" (optionally with a reason). */
  public static DimensionMismatchException of(String op, MatrixBlock a, MatrixBlock b, String why) {
    return new DimensionMismatchException("dimension mismatch in " + op + ": " + a.shape() + " and "
        + b.shape() + (why == null || why.isEmpty() ? "" : " (" + why + ")"));
  }
}
