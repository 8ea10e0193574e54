package org.planlab.engine.codegen.construct;

/**
 * A selected operator whose CPlan cannot be built (e.g. a construct the template's skeleton
 * does not support); the code generator then leaves that operator's HOPs unfused.
 */
public final class PlanConstructionException extends RuntimeException {
  public PlanConstructionException(String message) {
    super(message);
  }
}
