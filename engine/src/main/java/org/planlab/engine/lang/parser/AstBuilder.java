package org.planlab.engine.lang.parser;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.tree.ParseTree;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.ast.Argument;
import org.planlab.engine.lang.ast.Assignment;
import org.planlab.engine.lang.ast.BinaryExpression;
import org.planlab.engine.lang.ast.BinaryOperator;
import org.planlab.engine.lang.ast.CallStatement;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.ForStatement;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.IfStatement;
import org.planlab.engine.lang.ast.IndexExpression;
import org.planlab.engine.lang.ast.IndexRange;
import org.planlab.engine.lang.ast.IndexedAssignment;
import org.planlab.engine.lang.ast.IntLiteral;
import org.planlab.engine.lang.ast.LoopRange;
import org.planlab.engine.lang.ast.MultiAssignment;
import org.planlab.engine.lang.ast.ParForStatement;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.Statement;
import org.planlab.engine.lang.ast.StringLiteral;
import org.planlab.engine.lang.ast.WhileStatement;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.DmlType;
import org.planlab.engine.lang.types.ValueType;

/**
 * Turns the parse tree of one file into AST records (statements here, expressions in the {@link
 * ExpressionBuilder}). Besides the mapping it enforces what the grammar leaves open: statement
 * separators, top-level-only functions and imports, type names, {@code seq} ranges and parfor
 * options. Problems are added to the diagnostics list; the caller throws if any were found.
 */
final class AstBuilder {
  private final String namespace;
  private final TokenStream tokens;
  private final FileDiagnostics where;
  private final ExpressionBuilder expressions;

  private final List<Statement> topLevel = new ArrayList<>();
  private final List<FunctionDefinition> functions = new ArrayList<>();
  private final List<ParsedFile.Import> imports = new ArrayList<>();
  private final Map<String, SourcePosition> functionPositions = new HashMap<>();

  AstBuilder(
      String file,
      String namespace,
      Map<String, String> arguments,
      TokenStream tokens,
      List<Diagnostic> diagnostics) {
    this.namespace = namespace;
    this.tokens = tokens;
    this.where = new FileDiagnostics(file, diagnostics);
    this.expressions = new ExpressionBuilder(where, arguments);
  }

  ParsedFile build(DmlParser.ProgramContext program) {
    topLevel.addAll(statementList(program.children, true));
    return new ParsedFile(topLevel, functions, imports);
  }

  // ---------------------------------------------------------------------------------------------
  // statements

  /** The statements among {@code children} (other children are ';', braces, EOF). */
  private List<Statement> statementList(List<ParseTree> children, boolean isTopLevel) {
    List<Statement> out = new ArrayList<>();
    if (children == null) {
      return out;
    }
    for (ParseTree child : children) {
      if (child instanceof DmlParser.StatementContext s) {
        checkSeparated(s);
        statement(s, isTopLevel).ifPresent(out::add);
      }
    }
    return out;
  }

  /**
   * Statements end at a newline or ';' (DML.md). The grammar alone would accept {@code x = 1 y = 2}
   * on one line, so a statement in a list must start on a new line, or after ';' or the '{' that
   * opens its block.
   */
  private void checkSeparated(DmlParser.StatementContext s) {
    int index = s.getStart().getTokenIndex();
    if (index == 0) {
      return;
    }
    Token previous = tokens.get(index - 1);
    boolean sameLine = previous.getLine() == s.getStart().getLine();
    boolean separated = previous.getType() == DmlLexer.SEMI || previous.getText().equals("{");
    if (sameLine && !separated) {
      error(s.getStart(), "missing ';' or newline before '" + s.getStart().getText() + "'");
    }
  }

  private Optional<Statement> statement(DmlParser.StatementContext ctx, boolean isTopLevel) {
    SourcePosition pos = position(ctx.getStart());
    if (ctx instanceof DmlParser.SourceStatementContext c) {
      if (!isTopLevel) {
        error(ctx.getStart(), "source(...) is only allowed at the top level of a script");
      } else {
        imports.add(
            new ParsedFile.Import(ExpressionBuilder.stringValue(c.path), c.alias.getText(), pos));
      }
      return Optional.empty();
    }
    if (ctx instanceof DmlParser.FunctionDefinitionContext c) {
      if (!isTopLevel) {
        error(ctx.getStart(), "function definitions are only allowed at the top level of a script");
      } else {
        functionDefinition(c);
      }
      return Optional.empty();
    }
    if (ctx instanceof DmlParser.AssignmentContext c) {
      return Optional.of(new Assignment(target(c.target), expressions.expression(c.value), pos));
    }
    if (ctx instanceof DmlParser.AccumulationContext c) {
      return Optional.of(accumulation(c, pos));
    }
    if (ctx instanceof DmlParser.IndexedAssignmentContext c) {
      Identifier target = target(c.target);
      IndexRange[] ranges = expressions.indexRanges(c.index, target.name());
      return Optional.of(
          new IndexedAssignment(
              target, ranges[0], ranges[1], expressions.expression(c.value), pos));
    }
    if (ctx instanceof DmlParser.MultiAssignmentContext c) {
      List<Identifier> targets = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      for (Token t : c.targets) {
        if (!seen.add(t.getText())) {
          error(t, "variable '" + t.getText() + "' is assigned twice in one multi-assignment");
        }
        targets.add(target(t));
      }
      Expression value = expressions.expression(c.value);
      if (!(value instanceof FunctionCall call)) {
        error(
            c.value.getStart(),
            "the right-hand side of ["
                + String.join(", ", targets.stream().map(Identifier::name).toList())
                + "] = ... must be a function call");
        return Optional.empty();
      }
      return Optional.of(new MultiAssignment(targets, call, pos));
    }
    if (ctx instanceof DmlParser.CallStatementContext c) {
      Expression call = expressions.call(c.call());
      // ifdef(...) and exists($x) fold to plain values, which are not statements
      if (!(call instanceof FunctionCall fc)) {
        error(ctx.getStart(), "a value on its own is not a statement");
        return Optional.empty();
      }
      return Optional.of(new CallStatement(fc, pos));
    }
    if (ctx instanceof DmlParser.IfStatementContext c) {
      List<Statement> elseBody = c.elseBody == null ? List.of() : body(c.elseBody);
      return Optional.of(
          new IfStatement(expressions.expression(c.cond), body(c.thenBody), elseBody, pos));
    }
    if (ctx instanceof DmlParser.WhileStatementContext c) {
      return Optional.of(new WhileStatement(expressions.expression(c.cond), body(c.loopBody), pos));
    }
    if (ctx instanceof DmlParser.ForStatementContext c) {
      // SystemDS accepts parfor's name=value options on a for loop (check=0 in its scripts)
      // and ignores them: a for loop runs its iterations in order whatever they say
      parforOptions(c.options);
      return Optional.of(
          new ForStatement(target(c.var), loopRange(c.range), body(c.loopBody), pos));
    }
    if (ctx instanceof DmlParser.ParforStatementContext c) {
      return Optional.of(
          new ParForStatement(
              target(c.var), loopRange(c.range), parforOptions(c.options), body(c.loopBody), pos));
    }
    throw new IllegalStateException("unhandled statement " + ctx.getClass().getSimpleName());
  }

  /**
   * {@code x += e} is {@code x = x + e}; {@code X[r, c] += e} is {@code X[r, c] = X[r, c] + e}
   * (SystemDS's accumulation, used for parfor results). The index expressions are built twice, so
   * no node appears twice in the AST.
   */
  private Statement accumulation(DmlParser.AccumulationContext c, SourcePosition pos) {
    Identifier target = target(c.target);
    Identifier read = new Identifier(target.name(), target.position());
    SourcePosition op = position(c.op);
    if (c.index == null) {
      Expression sum =
          new BinaryExpression(BinaryOperator.PLUS, read, expressions.expression(c.value), op);
      return new Assignment(target, sum, pos);
    }
    IndexRange[] ranges = expressions.indexRanges(c.index, target.name());
    Expression current =
        new IndexExpression(
            read,
            expressions.indexRange(c.index.rows),
            expressions.indexRange(c.index.cols),
            read.position());
    Expression sum =
        new BinaryExpression(BinaryOperator.PLUS, current, expressions.expression(c.value), op);
    return new IndexedAssignment(target, ranges[0], ranges[1], sum, pos);
  }

  private List<Statement> body(DmlParser.BodyContext ctx) {
    if (ctx.block() != null) {
      return statementList(ctx.block().children, false);
    }
    List<Statement> out = new ArrayList<>();
    statement(ctx.statement(), false).ifPresent(out::add);
    return out;
  }

  /** A variable being assigned: builtin constants cannot be. */
  private Identifier target(Token name) {
    if (ExpressionBuilder.CONSTANTS.containsKey(name.getText())) {
      error(name, "cannot assign to the builtin constant '" + name.getText() + "'");
    }
    return new Identifier(name.getText(), position(name));
  }

  private void functionDefinition(DmlParser.FunctionDefinitionContext c) {
    String name = c.name.getText();
    SourcePosition pos = position(c.name);
    SourcePosition earlier = functionPositions.putIfAbsent(name, pos);
    if (earlier != null) {
      error(c.name, "function '" + name + "' is already defined at " + earlier);
    }
    List<Parameter> params = parameters(c.params, true);
    // a result may have a parameter's name (SystemDS scripts do): it starts as that argument
    List<Parameter> results = parameters(c.results, false);
    List<Statement> body = statementList(c.block().children, false);
    functions.add(new FunctionDefinition(namespace, name, params, results, body, pos));
  }

  private List<Parameter> parameters(List<DmlParser.ParameterContext> ctxs, boolean isInput) {
    List<Parameter> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (DmlParser.ParameterContext p : ctxs) {
      String name = p.name.getText();
      if (!seen.add(name)) {
        error(p.name, "duplicate " + (isInput ? "parameter" : "result") + " '" + name + "'");
      }
      Optional<Expression> defaultValue = Optional.empty();
      if (p.defaultValue != null) {
        if (isInput) {
          defaultValue = Optional.of(expressions.expression(p.defaultValue));
        } else {
          error(p.defaultValue.getStart(), "result '" + name + "' cannot have a default value");
        }
      }
      out.add(new Parameter(name, type(p.type), defaultValue, position(p.name)));
    }
    return out;
  }

  /**
   * {@code Matrix[Double]}, {@code matrix}, {@code Double}, {@code Integer}/{@code int}, {@code
   * Boolean}, {@code String}, {@code Scalar[Double]}, {@code List[Unknown]}, case-insensitive.
   * Matrices always hold doubles, so {@code Matrix[Integer]} and SystemDS's {@code
   * Matrix[Unknown]} are matrices of doubles; a list's value type (SystemDS writes {@code
   * List[Unknown]}, {@code List[String]}) says nothing planlab checks.
   */
  private DmlType type(DmlParser.TypeSpecContext t) {
    String dataName = t.dataType.getText();
    String lower = dataName.toLowerCase(java.util.Locale.ROOT);
    if (t.valueType == null) {
      if (lower.equals("matrix")) {
        return DmlType.MATRIX;
      }
      if (lower.equals("list")) {
        return DmlType.LIST;
      }
      Optional<ValueType> vt = DmlType.valueTypeNamed(dataName);
      if (vt.isPresent()) {
        return new DmlType(DataType.SCALAR, vt.get());
      }
      return unknownType(t.dataType, dataName);
    }
    String valueName = t.valueType.getText();
    boolean unknownValue = valueName.equalsIgnoreCase("unknown");
    Optional<ValueType> vt = DmlType.valueTypeNamed(valueName);
    if (vt.isEmpty() && !unknownValue) {
      error(t.valueType, "unknown value type '" + valueName
          + "' (expected Double, Integer, Boolean, String or Unknown)");
      return DmlType.MATRIX;
    }
    return switch (lower) {
      case "matrix" -> DmlType.MATRIX;
      case "list" -> DmlType.LIST;
      case "scalar" -> {
        if (unknownValue) {
          error(t.valueType, "a scalar needs a value type (Double, Integer, Boolean or String)");
          yield DmlType.DOUBLE;
        }
        yield new DmlType(DataType.SCALAR, vt.get());
      }
      default -> unknownType(t.dataType, dataName);
    };
  }

  private DmlType unknownType(Token at, String name) {
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    if (lower.equals("frame") || lower.equals("tensor")) {
      error(at, "type " + name + " is not supported (only matrices, scalars and lists)");
    } else {
      error(at, "unknown type '" + name
          + "' (expected Matrix[Double], Double, Integer, Boolean, String or List[Unknown])");
    }
    return DmlType.MATRIX;
  }

  private LoopRange loopRange(DmlParser.IterRangeContext ctx) {
    if (ctx instanceof DmlParser.ColonRangeContext c) {
      return new LoopRange(
          expressions.expression(c.from), expressions.expression(c.to), Optional.empty());
    }
    DmlParser.CallContext seq = ((DmlParser.SeqRangeContext) ctx).seq;
    SourcePosition pos = position(seq.name);
    if (seq.namespace != null || !seq.name.getText().equals("seq")) {
      error(
          seq.getStart(),
          "a loop iterates over 'from:to' or 'seq(from, to[, incr])', not '"
              + seq.getStart().getText()
              + "(...)'");
      return new LoopRange(new IntLiteral(1, pos), new IntLiteral(1, pos), Optional.empty());
    }
    Expression[] slots = new Expression[3];
    List<String> names = List.of("from", "to", "incr");
    int positional = 0;
    for (DmlParser.ArgumentContext a : seq.args) {
      int slot;
      if (a.name != null) {
        slot = names.indexOf(a.name.getText());
        if (slot < 0) {
          error(a.name, "seq has no parameter '" + a.name.getText() + "' (from, to, incr)");
          continue;
        }
      } else {
        slot = positional++;
      }
      if (slot >= slots.length) {
        error(a.getStart(), "seq takes at most 3 arguments (from, to, incr)");
        break;
      }
      if (slots[slot] != null) {
        error(a.getStart(), "seq argument '" + names.get(slot) + "' is given twice");
      }
      slots[slot] = expressions.expression(a.value);
    }
    if (slots[0] == null || slots[1] == null) {
      error(seq.getStart(), "seq in a loop needs 'from' and 'to'");
      return new LoopRange(new IntLiteral(1, pos), new IntLiteral(1, pos), Optional.empty());
    }
    return new LoopRange(slots[0], slots[1], Optional.ofNullable(slots[2]));
  }

  /** Options must be named; a bare name as value ({@code mode=LOCAL}) is that name as string. */
  private List<Argument> parforOptions(List<DmlParser.ArgumentContext> ctxs) {
    List<Argument> out = new ArrayList<>();
    for (DmlParser.ArgumentContext a : ctxs) {
      if (a.name == null) {
        error(a.getStart(), "loop options are written name=value");
        continue;
      }
      Expression value =
          a.value instanceof DmlParser.IdentifierExprContext id
              ? new StringLiteral(id.name.getText(), position(id.name))
              : expressions.expression(a.value);
      out.add(new Argument(Optional.of(a.name.getText()), value, position(a.name)));
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // helpers

  private SourcePosition position(Token t) {
    return where.position(t);
  }

  private void error(Token at, String message) {
    where.error(at, message);
  }

  private void error(SourcePosition at, String message) {
    where.error(at, message);
  }
}
