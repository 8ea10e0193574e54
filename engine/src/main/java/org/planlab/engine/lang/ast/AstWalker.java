package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.function.Consumer;

/** Pre-order traversals over statements and expressions, for analyses that need every node. */
public final class AstWalker {
  private AstWalker() {}

  /** Every statement in {@code statements}, nested bodies included, parents first. */
  public static void forEachStatement(List<Statement> statements, Consumer<Statement> action) {
    for (Statement s : statements) {
      action.accept(s);
      if (s instanceof IfStatement i) {
        forEachStatement(i.thenBody(), action);
        forEachStatement(i.elseBody(), action);
      } else if (s instanceof WhileStatement w) {
        forEachStatement(w.body(), action);
      } else if (s instanceof ForStatement f) {
        forEachStatement(f.body(), action);
      } else if (s instanceof ParForStatement p) {
        forEachStatement(p.body(), action);
      }
    }
  }

  /** Every expression node that {@code s} itself holds (not those of nested statements). */
  public static void forEachOwnExpression(Statement s, Consumer<Expression> action) {
    if (s instanceof Assignment a) {
      forEachExpression(a.value(), action);
    } else if (s instanceof IndexedAssignment a) {
      forEachExpression(a.target(), action);
      forEachInRange(a.rows(), action);
      forEachInRange(a.cols(), action);
      forEachExpression(a.value(), action);
    } else if (s instanceof MultiAssignment m) {
      forEachExpression(m.call(), action);
    } else if (s instanceof CallStatement c) {
      forEachExpression(c.call(), action);
    } else if (s instanceof IfStatement i) {
      forEachExpression(i.predicate(), action);
    } else if (s instanceof WhileStatement w) {
      forEachExpression(w.predicate(), action);
    } else if (s instanceof ForStatement f) {
      forEachInLoopRange(f.range(), action);
    } else if (s instanceof ParForStatement p) {
      forEachInLoopRange(p.range(), action);
      for (Argument option : p.options()) {
        forEachExpression(option.value(), action);
      }
    }
  }

  /** Every expression node of {@code statements} and their nested bodies. */
  public static void forEachExpression(List<Statement> statements, Consumer<Expression> action) {
    forEachStatement(statements, s -> forEachOwnExpression(s, action));
  }

  /** {@code e} and all its sub-expressions, parents first. */
  public static void forEachExpression(Expression e, Consumer<Expression> action) {
    action.accept(e);
    if (e instanceof UnaryExpression u) {
      forEachExpression(u.operand(), action);
    } else if (e instanceof BinaryExpression b) {
      forEachExpression(b.left(), action);
      forEachExpression(b.right(), action);
    } else if (e instanceof IndexExpression ix) {
      forEachExpression(ix.target(), action);
      forEachInRange(ix.rows(), action);
      forEachInRange(ix.cols(), action);
    } else if (e instanceof FunctionCall c) {
      for (Argument a : c.arguments()) {
        forEachExpression(a.value(), action);
      }
    }
  }

  private static void forEachInRange(IndexRange r, Consumer<Expression> action) {
    if (r instanceof IndexRange.Single s) {
      forEachExpression(s.index(), action);
    } else if (r instanceof IndexRange.Span s) {
      forEachExpression(s.from(), action);
      forEachExpression(s.to(), action);
    }
  }

  private static void forEachInLoopRange(LoopRange r, Consumer<Expression> action) {
    forEachExpression(r.from(), action);
    forEachExpression(r.to(), action);
    r.increment().ifPresent(i -> forEachExpression(i, action));
  }
}
