package org.planlab.engine.lang.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.planlab.engine.lang.ast.Argument;
import org.planlab.engine.lang.ast.Assignment;
import org.planlab.engine.lang.ast.CallStatement;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.ForStatement;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.IfStatement;
import org.planlab.engine.lang.ast.IndexedAssignment;
import org.planlab.engine.lang.ast.LoopRange;
import org.planlab.engine.lang.ast.MultiAssignment;
import org.planlab.engine.lang.ast.ParForStatement;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.Statement;
import org.planlab.engine.lang.ast.WhileStatement;
import org.planlab.engine.lang.types.Dims;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.types.ValueType;

/**
 * Validates the statements of one body in a single forward pass over a {@link Scope}, as sec. 2 of
 * the optimizer paper describes: definedness of variables on all or some paths, types and sizes
 * with reconciliation at branch joins, and loops iterated (silently) until the state at the loop
 * head is stable before the one reporting pass.
 */
final class StatementValidator {
  /** Loop heads converge in a few rounds (each round only forgets facts); this bounds it. */
  private static final int MAX_LOOP_ROUNDS = 8;

  private final ValidationContext ctx;
  private final Reporter reporter;
  private final ExpressionValidator expressions;

  StatementValidator(ValidationContext ctx, String namespace, Set<FunctionKey> callees) {
    this.ctx = ctx;
    this.reporter = ctx.reporter;
    this.expressions = new ExpressionValidator(ctx, namespace, callees);
  }

  ExpressionValidator expressions() {
    return expressions;
  }

  void statements(List<Statement> statements, Scope scope) {
    for (Statement s : statements) {
      statement(s, scope);
    }
  }

  private void statement(Statement s, Scope scope) {
    if (s instanceof Assignment a) {
      ExprType t = expressions.checkAssigned(a.value(), scope);
      scope.define(a.target().name(), t, expressions.constant(a.value()));
    } else if (s instanceof IndexedAssignment a) {
      leftIndexing(a, scope);
    } else if (s instanceof MultiAssignment m) {
      multiAssignment(m, scope);
    } else if (s instanceof CallStatement c) {
      expressions.checkStatement(c.call(), scope);
      if (ctx.targets.get(c.call()) instanceof CallTarget.Builtin b
          && b.function().name().equals("stop")) {
        scope.markUnreachable();
      }
    } else if (s instanceof IfStatement i) {
      ifStatement(i, scope);
    } else if (s instanceof WhileStatement w) {
      loop(w.position(), scope, head -> predicate(w.predicate(), head, "while"), null, w.body());
    } else if (s instanceof ForStatement f) {
      ExprType var = loopRange(f.range(), scope);
      loop(f.position(), scope, head -> {}, new LoopVariable(f.variable(), var), f.body());
    } else if (s instanceof ParForStatement p) {
      ExprType var = loopRange(p.range(), scope);
      parforOptions(p, scope);
      loop(p.position(), scope, head -> {}, new LoopVariable(p.variable(), var), p.body());
    } else {
      throw new IllegalStateException("unhandled statement " + s);
    }
  }

  private void leftIndexing(IndexedAssignment a, Scope scope) {
    Scope.Variable v = expressions.variable(a.target(), scope);
    ExprType target = v == null ? ExprType.UNKNOWN : v.type();
    String name = a.target().name();
    if (target.isList()) {
      // L[i] = v, L["name"] = v: a new list with that element replaced (or added by name)
      expressions.listIndex(a.rows(), a.cols(), scope);
      expressions.check(a.value(), scope);
      if (a.rows() instanceof org.planlab.engine.lang.ast.IndexRange.Span s) {
        reporter.error(s.from().position(), "a list element is replaced one at a time: "
            + name + "[i] = value");
      }
      scope.define(name, ExprType.LIST, null);
      return;
    }
    long rows = expressions.indexSize(a.rows(), target, true, name, scope);
    long cols = expressions.indexSize(a.cols(), target, false, name, scope);
    ExprType value = expressions.check(a.value(), scope);
    if (target.isUnknown()) {
      return;
    }
    if (!target.isMatrix()) {
      reporter.error(
          a.position(),
          "cannot index '"
              + name
              + "', "
              + ExpressionValidator.article(target.describe())
              + "; only matrices can be indexed");
      return;
    }
    if (value.isString()) {
      reporter.error(a.value().position(), "cannot assign a string into matrix '" + name + "'");
    } else if (value.isMatrix()
        && (Dims.conflict(rows, value.rows()) || Dims.conflict(cols, value.cols()))) {
      reporter.error(
          a.position(),
          "dimension mismatch in left indexing: "
              + name
              + "["
              + "...] selects "
              + shape(rows, cols)
              + " but the value is "
              + value.shape());
    }
    // a new version of the matrix, same size; its value is no longer a known constant
    scope.define(name, target, null);
  }

  private static String shape(long rows, long cols) {
    return ExprType.matrix(rows, cols).shape();
  }

  private void multiAssignment(MultiAssignment m, Scope scope) {
    Optional<List<ExprType>> results = expressions.checkMultiAssigned(m.call(), scope);
    List<Identifier> targets = m.targets();
    if (results.isPresent() && results.get().size() != targets.size()) {
      int n = results.get().size();
      reporter.error(
          m.position(),
          m.call().displayName()
              + " returns "
              + n
              + (n == 1 ? " value" : " values")
              + " but "
              + targets.size()
              + " targets are given");
    }
    for (int i = 0; i < targets.size(); i++) {
      boolean typed = results.isPresent() && i < results.get().size();
      scope.define(targets.get(i).name(), typed ? results.get().get(i) : ExprType.UNKNOWN, null);
    }
  }

  private void ifStatement(IfStatement i, Scope scope) {
    predicate(i.predicate(), scope, "if");
    Scope thenScope = scope.copy();
    statements(i.thenBody(), thenScope);
    Scope elseScope = scope.copy();
    statements(i.elseBody(), elseScope);
    List<String> conflicts = new ArrayList<>();
    Scope joined = Scope.merge(thenScope, elseScope, conflicts);
    reportConflicts(conflicts, i.position(), "if");
    scope.replaceWith(joined);
  }

  private void reportConflicts(List<String> conflicts, SourcePosition at, String construct) {
    for (String name : conflicts) {
      reporter.error(
          at,
          "variable '"
              + name
              + "' is a matrix on one path through this "
              + construct
              + " and a scalar on another");
    }
  }

  /** The loop variable of a for/parfor and its type. */
  private record LoopVariable(Identifier name, ExprType type) {}

  /**
   * A loop: the head state is the join of the state before the loop and after each iteration,
   * computed by iterating the body silently until it is stable; then the body is checked once with
   * reporting. After the loop the head state holds (the loop may run zero times).
   */
  private void loop(
      SourcePosition at,
      Scope scope,
      java.util.function.Consumer<Scope> atHead,
      LoopVariable variable,
      List<Statement> body) {
    Scope entry = scope.copy();
    Scope head = entry;
    // data-type conflicts show in the rounds (later the variable's type is already unknown)
    List<String> conflicts = new ArrayList<>();
    reporter.mute();
    try {
      for (int round = 0; round < MAX_LOOP_ROUNDS; round++) {
        Scope next = Scope.merge(entry, iterate(head, atHead, variable, body), conflicts);
        if (next.equals(head)) {
          break;
        }
        head = next;
      }
    } finally {
      reporter.unmute();
    }
    Scope exit = iterate(head, atHead, variable, body);
    Scope.merge(entry, exit, conflicts);
    reportConflicts(new ArrayList<>(new java.util.LinkedHashSet<>(conflicts)), at, "loop");
    scope.replaceWith(Scope.merge(head, exit));
  }

  private Scope iterate(
      Scope head,
      java.util.function.Consumer<Scope> atHead,
      LoopVariable variable,
      List<Statement> body) {
    Scope s = head.copy();
    atHead.accept(s);
    if (variable != null) {
      s.define(variable.name().name(), variable.type(), null);
    }
    statements(body, s);
    return s;
  }

  /** Checks from, to and increment; returns the loop variable's type. */
  private ExprType loopRange(LoopRange r, Scope scope) {
    List<Expression> bounds = new ArrayList<>(List.of(r.from(), r.to()));
    r.increment().ifPresent(bounds::add);
    boolean integral = true;
    for (Expression e : bounds) {
      ExprType t = expressions.checkPredicate(e, scope);
      if (t.isMatrix()) {
        reporter.error(
            e.position(),
            "a loop bound must be a scalar, found " + ExpressionValidator.article(t.describe()));
      } else if (t.isString()) {
        reporter.error(e.position(), "a loop bound must be a number, found a string");
      }
      integral &=
          t.isScalar()
              && (t.valueType() == ValueType.INTEGER || t.valueType() == ValueType.BOOLEAN);
    }
    return integral ? ExprType.INTEGER : ExprType.DOUBLE;
  }

  private void parforOptions(ParForStatement p, Scope scope) {
    for (Argument option : p.options()) {
      String name = option.name().orElseThrow();
      if (!ParForStatement.OPTION_NAMES.contains(name)) {
        reporter.error(
            option.position(),
            "unknown parfor option '"
                + name
                + "'"
                + NameSuggestions.didYouMean(name, ParForStatement.OPTION_NAMES)
                + " (options: "
                + String.join(", ", ParForStatement.OPTION_NAMES)
                + ")");
      }
      ExprType t = expressions.check(option.value(), scope);
      if (t.isMatrix()) {
        reporter.error(
            option.value().position(),
            "parfor option '"
                + name
                + "' must be a scalar, found "
                + ExpressionValidator.article(t.describe()));
      }
    }
  }

  /**
   * A predicate is a scalar (a 1x1 matrix is accepted and cast, as in SystemDS; a matrix of unknown
   * size is accepted and must be 1x1 at run time).
   */
  private void predicate(Expression p, Scope scope, String construct) {
    ExprType t = expressions.checkPredicate(p, scope);
    if (t.isMatrix() && ((t.rowsKnown() && t.rows() != 1) || (t.colsKnown() && t.cols() != 1))) {
      reporter.error(
          p.position(),
          "the predicate of "
              + construct
              + " must be a scalar, found "
              + ExpressionValidator.article(t.describe()));
    } else if (t.isString()) {
      reporter.error(
          p.position(),
          "the predicate of " + construct + " must be a boolean or a number, found a string");
    }
  }
}
