package org.planlab.engine.lang.ast;

/**
 * A DML expression. The hierarchy is sealed: consumers may dispatch with {@code instanceof}
 * patterns or with {@link #accept(ExpressionVisitor)}. Nodes are immutable and compared
 * structurally (position included); analyses that annotate nodes key them by identity.
 */
public sealed interface Expression extends Node
    permits Literal, Identifier, UnaryExpression, BinaryExpression, IndexExpression, FunctionCall {

  <R> R accept(ExpressionVisitor<R> visitor);
}
