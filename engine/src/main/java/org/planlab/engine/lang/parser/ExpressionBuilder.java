package org.planlab.engine.lang.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.antlr.v4.runtime.Token;
import org.planlab.engine.lang.ast.Argument;
import org.planlab.engine.lang.ast.BinaryExpression;
import org.planlab.engine.lang.ast.BinaryOperator;
import org.planlab.engine.lang.ast.BooleanLiteral;
import org.planlab.engine.lang.ast.DoubleLiteral;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.IndexExpression;
import org.planlab.engine.lang.ast.IndexRange;
import org.planlab.engine.lang.ast.IntLiteral;
import org.planlab.engine.lang.ast.Literal;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.StringLiteral;
import org.planlab.engine.lang.ast.UnaryExpression;
import org.planlab.engine.lang.ast.UnaryOperator;

/**
 * Turns expression parse trees into AST expressions: operators, literals (a sign folds into a
 * numeric literal), indexing, calls. Two call forms are resolved here because they depend on the
 * command line, not on the program: {@code $x} / {@code ifdef($x, default)} are substituted by the
 * given argument values, and {@code exists($x)} becomes a boolean; the builtin constant {@code pi}
 * becomes a literal.
 */
final class ExpressionBuilder {
  /** Names that denote constants (SystemDS's builtin constants besides the NaN/Inf keywords). */
  static final Map<String, Double> CONSTANTS = Map.of("pi", Math.PI);

  private final FileDiagnostics where;
  private final Map<String, String> arguments;

  ExpressionBuilder(FileDiagnostics where, Map<String, String> arguments) {
    this.where = where;
    this.arguments = arguments;
  }

  Expression expression(DmlParser.ExpressionContext ctx) {
    if (ctx instanceof DmlParser.BinaryExprContext c) {
      BinaryOperator op =
          BinaryOperator.fromSymbol(c.op.getText())
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
    UnaryOperator op =
        switch (c.op.getText()) {
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
  Expression call(DmlParser.CallContext c) {
    String name = c.name.getText();
    SourcePosition pos = position(c.getStart()); // the namespace, if written, else the name
    if (c.namespace == null && name.equals("ifdef")) {
      return ifdef(c);
    }
    if (c.namespace == null
        && name.equals("exists")
        && c.args.size() == 1
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
    if (c.args.size() != 2
        || c.args.get(0).name != null
        || c.args.get(1).name != null
        || !(c.args.get(0).value instanceof DmlParser.CommandLineExprContext arg)) {
      error(
          c.getStart(), "ifdef takes a command-line argument and a default: ifdef($name, default)");
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
      error(
          t,
          "command-line argument "
              + t.getText()
              + " is not given (pass it, or write ifdef("
              + t.getText()
              + ", default))");
      return new StringLiteral("", pos);
    }
    return argumentLiteral(value, pos);
  }

  private static Literal argumentLiteral(String value, SourcePosition pos) {
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
    boolean quoted =
        value.length() >= 2
            && ((value.startsWith("\"") && value.endsWith("\""))
                || (value.startsWith("'") && value.endsWith("'")));
    return new StringLiteral(quoted ? value.substring(1, value.length() - 1) : value, pos);
  }

  /** "$x" -> "x", "$1" -> "1": the key in the argument map. */
  private static String argumentKey(String dollarName) {
    return dollarName.substring(1);
  }

  /**
   * Rows and columns of {@code [rows, cols]}. One index, {@code v[i]}, selects rows as SystemDS
   * does ({@code v[i, ]}); on a list it selects elements.
   */
  IndexRange[] indexRanges(DmlParser.IndexSuffixContext ix, String target) {
    return new IndexRange[] {indexRange(ix.rows), indexRange(ix.cols)};
  }

  IndexRange indexRange(DmlParser.IndexRangeContext r) {
    if (r == null) {
      return IndexRange.ALL;
    }
    if (r.upper == null) {
      return new IndexRange.Single(expression(r.lower));
    }
    return new IndexRange.Span(expression(r.lower), expression(r.upper));
  }

  /** The text of a STRING token without quotes, escapes decoded. */
  static String stringValue(Token t) {
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
      sb.append(
          switch (e) {
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
    return where.position(t);
  }

  private void error(Token at, String message) {
    where.error(at, message);
  }
}
