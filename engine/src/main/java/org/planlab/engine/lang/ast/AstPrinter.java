package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Prints AST nodes as compact S-expressions, e.g. {@code (= y (+ (* a b) c))}: for tests, debugging
 * and error messages. Integer literals print bare ({@code 3}), doubles with a point or exponent
 * ({@code 3.0}, {@code 1.0E-12}, {@code NaN}, {@code Inf}), strings quoted with Java escapes.
 */
public final class AstPrinter implements ExpressionVisitor<String>, StatementVisitor<String> {
  private static final AstPrinter INSTANCE = new AstPrinter();

  private AstPrinter() {}

  public static String print(Expression e) {
    return e.accept(INSTANCE);
  }

  public static String print(Statement s) {
    return s.accept(INSTANCE);
  }

  /** Statements separated by single spaces. */
  public static String print(List<Statement> statements) {
    return statements.stream().map(AstPrinter::print).collect(Collectors.joining(" "));
  }

  /** {@code (function f ((Matrix[Double] X) (Double r 1.0)) ((Double y)) (body...))}. */
  public static String print(FunctionDefinition f) {
    return "(function "
        + f.key()
        + " ("
        + parameters(f.parameters())
        + ") ("
        + parameters(f.results())
        + ") ("
        + print(f.body())
        + "))";
  }

  private static String parameters(List<Parameter> ps) {
    return ps.stream()
        .map(
            p ->
                "("
                    + p.type()
                    + " "
                    + p.name()
                    + p.defaultValue().map(d -> " " + print(d)).orElse("")
                    + ")")
        .collect(Collectors.joining(" "));
  }

  @Override
  public String visitIntLiteral(IntLiteral e) {
    return Long.toString(e.longValue());
  }

  @Override
  public String visitDoubleLiteral(DoubleLiteral e) {
    double v = e.doubleValue();
    if (Double.isInfinite(v)) {
      return v > 0 ? "Inf" : "-Inf";
    }
    return Double.toString(v);
  }

  @Override
  public String visitBooleanLiteral(BooleanLiteral e) {
    return e.booleanValue() ? "TRUE" : "FALSE";
  }

  @Override
  public String visitStringLiteral(StringLiteral e) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : e.stringValue().toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\t' -> sb.append("\\t");
        case '\r' -> sb.append("\\r");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        default -> sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  @Override
  public String visitIdentifier(Identifier e) {
    return e.name();
  }

  @Override
  public String visitUnary(UnaryExpression e) {
    return "(" + e.operator().symbol() + " " + print(e.operand()) + ")";
  }

  @Override
  public String visitBinary(BinaryExpression e) {
    return "(" + e.operator().symbol() + " " + print(e.left()) + " " + print(e.right()) + ")";
  }

  @Override
  public String visitIndex(IndexExpression e) {
    return "(index " + e.target().name() + " " + range(e.rows()) + " " + range(e.cols()) + ")";
  }

  private static String range(IndexRange r) {
    if (r instanceof IndexRange.Single s) {
      return print(s.index());
    }
    if (r instanceof IndexRange.Span s) {
      return "(: " + print(s.from()) + " " + print(s.to()) + ")";
    }
    return "_";
  }

  @Override
  public String visitCall(FunctionCall e) {
    StringBuilder sb = new StringBuilder("(call ").append(e.displayName());
    for (Argument a : e.arguments()) {
      sb.append(' ').append(argument(a));
    }
    return sb.append(')').toString();
  }

  private static String argument(Argument a) {
    return a.name().map(n -> "(" + n + "= " + print(a.value()) + ")").orElse(print(a.value()));
  }

  @Override
  public String visitAssignment(Assignment s) {
    return "(= " + s.target().name() + " " + print(s.value()) + ")";
  }

  @Override
  public String visitIndexedAssignment(IndexedAssignment s) {
    return "(=[] "
        + s.target().name()
        + " "
        + range(s.rows())
        + " "
        + range(s.cols())
        + " "
        + print(s.value())
        + ")";
  }

  @Override
  public String visitMultiAssignment(MultiAssignment s) {
    return "(= ["
        + s.targets().stream().map(Identifier::name).collect(Collectors.joining(" "))
        + "] "
        + print(s.call())
        + ")";
  }

  @Override
  public String visitCallStatement(CallStatement s) {
    return print(s.call());
  }

  @Override
  public String visitIf(IfStatement s) {
    return "(if "
        + print(s.predicate())
        + " ("
        + print(s.thenBody())
        + ")"
        + (s.elseBody().isEmpty() ? "" : " (" + print(s.elseBody()) + ")")
        + ")";
  }

  @Override
  public String visitWhile(WhileStatement s) {
    return "(while " + print(s.predicate()) + " (" + print(s.body()) + "))";
  }

  @Override
  public String visitFor(ForStatement s) {
    return "(for " + s.variable().name() + " " + range(s.range()) + " (" + print(s.body()) + "))";
  }

  @Override
  public String visitParFor(ParForStatement s) {
    String options =
        s.options().stream().map(AstPrinter::argument).collect(Collectors.joining(" "));
    return "(parfor "
        + s.variable().name()
        + " "
        + range(s.range())
        + " ("
        + options
        + ") ("
        + print(s.body())
        + "))";
  }

  private static String range(LoopRange r) {
    return "(: "
        + print(r.from())
        + " "
        + print(r.to())
        + r.increment().map(i -> " " + print(i)).orElse("")
        + ")";
  }
}
