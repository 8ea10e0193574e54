package org.planlab.engine.lang.ast;

/** Prefix operators. */
public enum UnaryOperator {
  MINUS("-"),
  PLUS("+"),
  NOT("!");

  private final String symbol;

  UnaryOperator(String symbol) {
    this.symbol = symbol;
  }

  /** The operator as written in DML. */
  public String symbol() {
    return symbol;
  }
}
