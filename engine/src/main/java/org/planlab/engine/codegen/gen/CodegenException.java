package org.planlab.engine.codegen.gen;

/**
 * A fused operator could not be generated or compiled: the plan uses a construct its template
 * cannot express, the compiler (Janino or javac) rejected the generated unit, or javac is not
 * available. Callers fall back to the unfused plan, so the message names the operator class
 * and, for compile errors, the compiler's first error with its line and column.
 */
public final class CodegenException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CodegenException(String message) {
    super(message);
  }

  public CodegenException(String message, Throwable cause) {
    super(message, cause);
  }
}
