package org.planlab.engine.lang.ast;

import java.util.Optional;

/**
 * Infix operators. {@code &&} and {@code ||} are the same operators as {@code &} and {@code |} (DML
 * evaluates both operands, as SystemDS does).
 */
public enum BinaryOperator {
  POW("^"),
  MATMULT("%*%"),
  INTDIV("%/%"),
  MOD("%%"),
  MULT("*"),
  DIV("/"),
  PLUS("+"),
  MINUS("-"),
  LESS("<"),
  LESS_EQUAL("<="),
  GREATER(">"),
  GREATER_EQUAL(">="),
  EQUAL("=="),
  NOT_EQUAL("!="),
  AND("&"),
  OR("|");

  private final String symbol;

  BinaryOperator(String symbol) {
    this.symbol = symbol;
  }

  /** The operator as written in DML. */
  public String symbol() {
    return symbol;
  }

  /** Cell-wise arithmetic: {@code ^ %/% %% * / + -}. */
  public boolean isArithmetic() {
    return switch (this) {
      case POW, INTDIV, MOD, MULT, DIV, PLUS, MINUS -> true;
      default -> false;
    };
  }

  public boolean isComparison() {
    return switch (this) {
      case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, EQUAL, NOT_EQUAL -> true;
      default -> false;
    };
  }

  public boolean isLogical() {
    return this == AND || this == OR;
  }

  /** The operator written {@code symbol} ({@code &&} maps to AND, {@code ||} to OR). */
  public static Optional<BinaryOperator> fromSymbol(String symbol) {
    if (symbol.equals("&&")) {
      return Optional.of(AND);
    }
    if (symbol.equals("||")) {
      return Optional.of(OR);
    }
    for (BinaryOperator op : values()) {
      if (op.symbol.equals(symbol)) {
        return Optional.of(op);
      }
    }
    return Optional.empty();
  }
}
