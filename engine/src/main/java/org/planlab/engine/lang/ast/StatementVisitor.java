package org.planlab.engine.lang.ast;

/** Double dispatch over {@link Statement}. */
public interface StatementVisitor<R> {
  R visitAssignment(Assignment s);

  R visitIndexedAssignment(IndexedAssignment s);

  R visitMultiAssignment(MultiAssignment s);

  R visitCallStatement(CallStatement s);

  R visitIf(IfStatement s);

  R visitWhile(WhileStatement s);

  R visitFor(ForStatement s);

  R visitParFor(ParForStatement s);
}
