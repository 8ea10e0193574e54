package org.planlab.engine.matrix;

/** A matrix too large for one in-memory block, or a negative/absurd dimension. */
public class MatrixSizeException extends IllegalArgumentException {
  public MatrixSizeException(String message) {
    super(message);
  }
}
