package org.planlab.engine.lang.ast;

/** Double dispatch over {@link Expression} (Java 17 has no pattern matching in switch). */
public interface ExpressionVisitor<R> {
  R visitIntLiteral(IntLiteral e);

  R visitDoubleLiteral(DoubleLiteral e);

  R visitBooleanLiteral(BooleanLiteral e);

  R visitStringLiteral(StringLiteral e);

  R visitIdentifier(Identifier e);

  R visitUnary(UnaryExpression e);

  R visitBinary(BinaryExpression e);

  R visitIndex(IndexExpression e);

  R visitCall(FunctionCall e);
}
