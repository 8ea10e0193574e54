package org.planlab.engine.lang.ast;

/** A constant written in the source (or substituted from a command-line argument). */
public sealed interface Literal extends Expression
    permits IntLiteral, DoubleLiteral, BooleanLiteral, StringLiteral {

  /** The value as a Java object: Long, Double, Boolean or String. */
  Object value();
}
