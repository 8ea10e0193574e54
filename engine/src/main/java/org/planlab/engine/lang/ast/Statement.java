package org.planlab.engine.lang.ast;

/**
 * A DML statement. Sealed: dispatch with {@code instanceof} patterns or {@link
 * #accept(StatementVisitor)}. Function definitions and {@code source} imports are not statements;
 * they live in {@link DmlProgram} and {@link DmlModule}.
 */
public sealed interface Statement extends Node
    permits Assignment,
        IndexedAssignment,
        MultiAssignment,
        CallStatement,
        IfStatement,
        WhileStatement,
        ForStatement,
        ParForStatement {

  <R> R accept(StatementVisitor<R> visitor);
}
