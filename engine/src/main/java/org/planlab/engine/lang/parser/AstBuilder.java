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
import org.planlab.engine.lang.ast.BooleanLiteral;
import org.planlab.engine.lang.ast.CallStatement;
import org.planlab.engine.lang.ast.DoubleLiteral;
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
import org.planlab.engine.lang.ast.Literal;
import org.planlab.engine.lang.ast.LoopRange;
import org.planlab.engine.lang.ast.MultiAssignment;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.ast.ParForStatement;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.Statement;
import org.planlab.engine.lang.ast.StringLiteral;
import org.planlab.engine.lang.ast.UnaryExpression;
import org.planlab.engine.lang.ast.UnaryOperator;
import org.planlab.engine.lang.ast.WhileStatement;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.DmlType;
import org.planlab.engine.lang.types.ValueType;

/**
 * Turns the parse tree of one file into AST records. Besides the mapping it enforces what the
 * grammar leaves open: statement separators, top-level-only functions and imports, type names,
 * the shape of {@code ifdef}, {@code seq} ranges and parfor options, and it substitutes
 * command-line arguments ({@code $x}) and the builtin constant {@code pi}. Problems are added to
 * the diagnostics list; the caller throws if any were found.
 */
final class AstBuilder {
  /** Names that denote constants (SystemDS's builtin constants besides the NaN/Inf keywords). */
  private static final Map<String, Double> CONSTANTS = Map.of("pi", Math.PI);

  private final String file;
  private final String namespace;
  private final Map<String, String> arguments;
  private final TokenStream tokens;
  private final List<Diagnostic> diagnostics;

  private final List<Statement> topLevel = new ArrayList<>();
  private final List<FunctionDefinition> functions = new ArrayList<>();
  private final List<ParsedFile.Import> imports = new ArrayList<>();
  private final Map<String, SourcePosition> functionPositions = new HashMap<>();

  AstBuilder(String file, String namespace, Map<String, String> arguments, TokenStream tokens,
      List<Diagnostic> diagnostics) {
    this.file = file;
    this.namespace = namespace;
    this.arguments = arguments;
    this.tokens = tokens;
    this.diagnostics = diagnostics;
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
   * Statements end at a newline or ';' (DML.md). The grammar alone would accept
   * {@code x = 1 y = 2} on one line, so a statement in a list must start on a new line, or
   * after ';' or the '{' that opens its block.
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
        imports.add(new ParsedFile.Import(stringValue(c.path), c.alias.getText(), pos));
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
      return Optional.of(new Assignment(target(c.target), expression(c.value), pos));
    }
    if (ctx instanceof DmlParser.AccumulationContext c) {
      return Optional.of(accumulation(c, pos));
    }
    if (ctx instanceof DmlParser.IndexedAssignmentContext c) {
      Identifier target = target(c.target);
      IndexRange[] ranges = indexRanges(c.index, target.name());
      return Optional.of(
          new IndexedAssignment(target, ranges[0], ranges[1], expression(c.value), pos));
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
      Expression value = expression(c.value);
      if (!(value instanceof FunctionCall call)) {
        error(c.value.getStart(), "the right-hand side of [" + String.join(", ",
            targets.stream().map(Identifier::name).toList()) + "] = ... must be a function call");
        return Optional.empty();
      }
      return Optional.of(new MultiAssignment(targets, call, pos));
    }
    if (ctx instanceof DmlParser.CallStatementContext c) {
      Expression call = call(c.call());
      // ifdef(...) and exists($x) fold to plain values, which are not statements
      if (!(call instanceof FunctionCall fc)) {
        error(ctx.getStart(), "a value on its own is not a statement");
        return Optional.empty();
      }
      return Optional.of(new CallStatement(fc, pos));
    }
    if (ctx instanceof DmlParser.IfStatementContext c) {
      List<Statement> elseBody = c.elseBody == null ? List.of() : body(c.elseBody);
      return Optional.of(new IfStatement(expression(c.cond), body(c.thenBody), elseBody, pos));
    }
    if (ctx instanceof DmlParser.WhileStatementContext c) {
      return Optional.of(new WhileStatement(expression(c.cond), body(c.loopBody), pos));
    }
    if (ctx instanceof DmlParser.ForStatementContext c) {
      if (!c.options.isEmpty()) {
        error(c.options.get(0).getStart(), "for loops take no options (did you mean parfor?)");
      }
      return Optional.of(new ForStatement(target(c.var), loopRange(c.range), body(c.loopBody), pos));
    }
    if (ctx instanceof DmlParser.ParforStatementContext c) {
      return Optional.of(new ParForStatement(target(c.var), loopRange(c.range),
          parforOptions(c.options), body(c.loopBody), pos));
    }
    throw new IllegalStateException("unhandled statement " + ctx.getClass().getSimpleName());
  }

  /**
   * {@code x += e} is {@code x = x + e}; {@code X[r, c] += e} is {@code X[r, c] = X[r, c] + e}
   * (SystemDS's accumulation, used for parfor results). The index expressions are built twice,
   * so no node appears twice in the AST.
   */
  private Statement accumulation(DmlParser.AccumulationContext c, SourcePosition pos) {
    Identifier target = target(c.target);
    Identifier read = new Identifier(target.name(), target.position());
    SourcePosition op = position(c.op);
    if (c.index == null) {
      Expression sum = new BinaryExpression(BinaryOperator.PLUS, read, expression(c.value), op);
      return new Assignment(target, sum, pos);
    }
    IndexRange[] ranges = indexRanges(c.index, target.name());
    Expression current = new IndexExpression(read, indexRange(c.index.rows),
        indexRange(c.index.cols), read.position());
    Expression sum = new BinaryExpression(BinaryOperator.PLUS, current, expression(c.value), op);
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
    if (CONSTANTS.containsKey(name.getText())) {
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
    List<Parameter> results = parameters(c.results, false);
    Set<String> paramNames = new HashSet<>();
    params.forEach(p -> paramNames.add(p.name()));
    for (Parameter r : results) {
      if (paramNames.contains(r.name())) {
        error(r.position(), "result '" + r.name() + "' has the name of a parameter of " + name);
      }
    }
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
          defaultValue = Optional.of(expression(p.defaultValue));
        } else {
          error(p.defaultValue.getStart(), "result '" + name + "' cannot have a default value");
        }
      }
      out.add(new Parameter(name, type(p.type), defaultValue, position(p.name)));
    }
    return out;
  }

  /**
   * {@code Matrix[Double]}, {@code matrix}, {@code Double}, {@code Integer}/{@code int},
   * {@code Boolean}, {@code String}, {@code Scalar[Double]}, case-insensitive. Matrices always
   * hold doubles, so {@code Matrix[Integer]} is accepted as a matrix of doubles.
   */
  private DmlType type(DmlParser.TypeSpecContext t) {
    String dataName = t.dataType.getText();
    String lower = dataName.toLowerCase(java.util.Locale.ROOT);
    if (t.valueType == null) {
      if (lower.equals("matrix")) {
        return DmlType.MATRIX;
      }
      Optional<ValueType> vt = DmlType.valueTypeNamed(dataName);
      if (vt.isPresent()) {
        return new DmlType(DataType.SCALAR, vt.get());
      }
      return unknownType(t.dataType, dataName);
    }
    Optional<ValueType> vt = DmlType.valueTypeNamed(t.valueType.getText());
    if (vt.isEmpty()) {
      error(t.valueType, "unknown value type '" + t.valueType.getText()
          + "' (expected Double, Integer, Boolean or String)");
      return DmlType.MATRIX;
    }
    return switch (lower) {
      case "matrix" -> DmlType.MATRIX;
      case "scalar" -> new DmlType(DataType.SCALAR, vt.get());
      default -> unknownType(t.dataType, dataName);
    };
  }

  private DmlType unknownType(Token at, String name) {
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    if (lower.equals("frame") || lower.equals("list") || lower.equals("tensor")) {
      error(at, "type " + name + " is not supported (only matrices and scalars)");
    } else {
      error(at, "unknown type '" + name
          + "' (expected Matrix[Double], Double, Integer, Boolean or String)");
    }
    return DmlType.MATRIX;
  }

  private LoopRange loopRange(DmlParser.IterRangeContext ctx) {
    if (ctx instanceof DmlParser.ColonRangeContext c) {
      return new LoopRange(expression(c.from), expression(c.to), Optional.empty());
    }
    DmlParser.CallContext seq = ((DmlParser.SeqRangeContext) ctx).seq;
    SourcePosition pos = position(seq.name);
    if (seq.namespace != null || !seq.name.getText().equals("seq")) {
      error(seq.getStart(), "a loop iterates over 'from:to' or 'seq(from, to[, incr])', not '"
          + seq.getStart().getText() + "(...)'");
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
      slots[slot] = expression(a.value);
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
        error(a.getStart(), "parfor options are written name=value");
        continue;
      }
      Expression value = a.value instanceof DmlParser.IdentifierExprContext id
          ? new StringLiteral(id.name.getText(), position(id.name))
          : expression(a.value);
      out.add(new Argument(Optional.of(a.name.getText()), value, position(a.name)));
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // expressions

  private Expression expression(DmlParser.ExpressionContext ctx) {
    if (ctx instanceof DmlParser.BinaryExprContext c) {
      BinaryOperator op = BinaryOperator.fromSymbol(c.op.getText())
          .orElseThrow(() -> new IllegalStateException("unknown operator " + c.op.getText()));
      return new BinaryExpression(op, expression(c.left), expression(c.right), position(c.op));
    }
    if (ctx instanceof DmlParser.UnaryExprContext c) {
      return unary(c);
    }
    if (ctx instanceof DmlParser.ParenExprContext c) {
      return expression(c.inner);
    }
    if (ctx instanceof DmlParser.CallExprContext c) {
      return call(c.call());
    }
    if (ctx instanceof DmlParser.IndexExprContext c) {
      Identifier target = new Identifier(c.name.getText(), position(c.name));
      IndexRange[] ranges = indexRanges(c.index, target.name());
      return new IndexExpression(target, ranges[0], ranges[1], position(c.name));
    }
    if (ctx instanceof DmlParser.IdentifierExprContext c) {
      String name = c.name.getText();
      Double constant = CONSTANTS.get(name);
      return constant != null
          ? new DoubleLiteral(constant, position(c.name))
          : new Identifier(name, position(c.name));
    }
    if (ctx instanceof DmlParser.CommandLineExprContext c) {
      return commandLineArgument(c.CMD_ARG().getSymbol());
    }
    if (ctx instanceof DmlParser.IntLiteralContext c) {
      return intLiteral(c.INT().getSymbol(), false);
    }
    if (ctx instanceof DmlParser.DoubleLiteralContext c) {
      return new DoubleLiteral(Double.parseDouble(c.getText()), position(c.getStart()));
    }
    if (ctx instanceof DmlParser.StringLiteralContext c) {
      return new StringLiteral(stringValue(c.STRING().getSymbol()), position(c.getStart()));
    }
    if (ctx instanceof DmlParser.BooleanLiteralContext c) {
      return new BooleanLiteral(c.value.getType() == DmlLexer.TRUE, position(c.getStart()));
    }
    if (ctx instanceof DmlParser.NanLiteralContext c) {
      return new DoubleLiteral(Double.NaN, position(c.getStart()));
    }
    if (ctx instanceof DmlParser.InfLiteralContext c) {
      return new DoubleLiteral(Double.POSITIVE_INFINITY, position(c.getStart()));
    }
    throw new IllegalStateException("unhandled expression " + ctx.getClass().getSimpleName());
  }

  /** Folds a sign into a numeric literal ({@code -5}, {@code -Inf}); keeps other operands. */
  private Expression unary(DmlParser.UnaryExprContext c) {
    SourcePosition pos = position(c.op);
    UnaryOperator op = switch (c.op.getText()) {
      case "-" -> UnaryOperator.MINUS;
      case "+" -> UnaryOperator.PLUS;
      default -> UnaryOperator.NOT;
    };
    if (op == UnaryOperator.MINUS && c.operand instanceof DmlParser.IntLiteralContext i) {
      IntLiteral negated = intLiteral(i.INT().getSymbol(), true);
      return new IntLiteral(negated.longValue(), pos);
    }
    Expression operand = expression(c.operand);
    if (op != UnaryOperator.NOT && operand instanceof DoubleLiteral d) {
      return new DoubleLiteral(op == UnaryOperator.MINUS ? -d.doubleValue() : d.doubleValue(), pos);
    }
    if (op == UnaryOperator.PLUS && operand instanceof IntLiteral i) {
      return new IntLiteral(i.longValue(), pos);
    }
    return new UnaryExpression(op, operand, pos);
  }

  private IntLiteral intLiteral(Token t, boolean negative) {
    String text = (negative ? "-" : "") + t.getText();
    try {
      return new IntLiteral(Long.parseLong(text), position(t));
    } catch (NumberFormatException e) {
      error(t, "integer literal " + text + " is out of range (64-bit); write it as a double");
      return new IntLiteral(0, position(t));
    }
  }

  /**
   * A call; two forms are resolved here because they depend on the command line, not on the
   * program: {@code ifdef($x, default)} and {@code exists($x)}.
   */
  private Expression call(DmlParser.CallContext c) {
    String name = c.name.getText();
    SourcePosition pos = position(c.getStart()); // the namespace, if written, else the name
    if (c.namespace == null && name.equals("ifdef")) {
      return ifdef(c);
    }
    if (c.namespace == null && name.equals("exists") && c.args.size() == 1
        && c.args.get(0).name == null
        && c.args.get(0).value instanceof DmlParser.CommandLineExprContext arg) {
      return new BooleanLiteral(arguments.containsKey(argumentKey(arg.getText())), pos);
    }
    List<Argument> args = new ArrayList<>();
    for (DmlParser.ArgumentContext a : c.args) {
      Optional<String> argName = Optional.ofNullable(a.name).map(Token::getText);
      SourcePosition argPos = a.name != null ? position(a.name) : position(a.value.getStart());
      args.add(new Argument(argName, expression(a.value), argPos));
    }
    Optional<String> ns = Optional.ofNullable(c.namespace).map(Token::getText);
    return new FunctionCall(ns, name, args, pos);
  }

  private Expression ifdef(DmlParser.CallContext c) {
    if (c.args.size() != 2 || c.args.get(0).name != null || c.args.get(1).name != null
        || !(c.args.get(0).value instanceof DmlParser.CommandLineExprContext arg)) {
      error(c.getStart(), "ifdef takes a command-line argument and a default: ifdef($name, default)");
      return new IntLiteral(0, position(c.getStart()));
    }
    Token token = arg.CMD_ARG().getSymbol();
    if (arguments.containsKey(argumentKey(token.getText()))) {
      return commandLineArgument(token);
    }
    return expression(c.args.get(1).value);
  }

  /**
   * {@code $name} or {@code $1}: the given value as a literal, typed as SystemDS does: TRUE/FALSE
   * boolean, then integer, then double, else a string (surrounding quotes removed).
   */
  private Expression commandLineArgument(Token t) {
    SourcePosition pos = position(t);
    String value = arguments.get(argumentKey(t.getText()));
    if (value == null) {
      error(t, "command-line argument " + t.getText()
          + " is not given (pass it, or write ifdef(" + t.getText() + ", default))");
      return new StringLiteral("", pos);
    }
    return argumentLiteral(value, pos);
  }

  static Literal argumentLiteral(String value, SourcePosition pos) {
    if (value.equals("TRUE")) {
      return new BooleanLiteral(true, pos);
    }
    if (value.equals("FALSE")) {
      return new BooleanLiteral(false, pos);
    }
    try {
      return new IntLiteral(Long.parseLong(value), pos);
    } catch (NumberFormatException notAnInteger) {
      // fall through to double
    }
    try {
      return new DoubleLiteral(Double.parseDouble(value), pos);
    } catch (NumberFormatException notADouble) {
      // fall through to string
    }
    boolean quoted = value.length() >= 2
        && ((value.startsWith("\"") && value.endsWith("\""))
            || (value.startsWith("'") && value.endsWith("'")));
    return new StringLiteral(quoted ? value.substring(1, value.length() - 1) : value, pos);
  }

  /** "$x" -> "x", "$1" -> "1": the key in the argument map. */
  static String argumentKey(String dollarName) {
    return dollarName.substring(1);
  }

  /** Rows and columns of {@code [rows, cols]}; both dimensions must be written. */
  private IndexRange[] indexRanges(DmlParser.IndexSuffixContext ix, String target) {
    if (ix.comma == null) {
      error(ix.getStart(), "indexing needs rows and columns: " + target + "[rows, cols] (either may"
          + " be empty)");
    }
    return new IndexRange[] {indexRange(ix.rows), indexRange(ix.cols)};
  }

  private IndexRange indexRange(DmlParser.IndexRangeContext r) {
    if (r == null) {
      return IndexRange.ALL;
    }
    if (r.upper == null) {
      return new IndexRange.Single(expression(r.lower));
    }
    return new IndexRange.Span(expression(r.lower), expression(r.upper));
  }

  // ---------------------------------------------------------------------------------------------
  // helpers

  /** The text of a STRING token without quotes, escapes decoded. */
  private static String stringValue(Token t) {
    String text = t.getText();
    String body = text.substring(1, text.length() - 1);
    StringBuilder sb = new StringBuilder(body.length());
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = body.charAt(++i); // the lexer guarantees a valid escape follows
      sb.append(switch (e) {
        case 'b' -> '\b';
        case 't' -> '\t';
        case 'n' -> '\n';
        case 'f' -> '\f';
        case 'r' -> '\r';
        default -> e; // \" \' \\
      });
    }
    return sb.toString();
  }

  private SourcePosition position(Token t) {
    return new SourcePosition(file, t.getLine(), t.getCharPositionInLine() + 1);
  }

  private void error(Token at, String message) {
    diagnostics.add(new Diagnostic(position(at), message));
  }

  private void error(SourcePosition at, String message) {
    diagnostics.add(new Diagnostic(at, message));
  }
}
