package org.planlab.engine.compile.build;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.ast.BinaryExpression;
import org.planlab.engine.lang.ast.BinaryOperator;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.IndexExpression;
import org.planlab.engine.lang.ast.IndexRange;
import org.planlab.engine.lang.ast.Literal;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.UnaryExpression;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.lang.validate.CallTarget;
import org.planlab.engine.lang.validate.ValidatedProgram;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;

/**
 * Builds the DAG of one basic block (or predicate, or loop bound) statement by statement
 * (optimizer paper, sec. 2, "construct"). Variables read before they are assigned in the block
 * become one {@link OpCode#READ_VAR} leaf each; assignments bind names to HOPs, so later reads
 * in the block use the HOP itself; {@link #finish()} adds one {@link OpCode#WRITE_VAR} root per
 * assigned variable (its last value) after the side-effect roots, which keep statement order.
 */
final class DagBuilder {
  private final ValidatedProgram program;
  /** Hoisted user-function calls: the temporary variable holding each call's result. */
  private final Map<FunctionCall, String> hoisted;
  private final BuiltinLowering builtins;
  private final Map<String, Hop> reads = new HashMap<>();
  private final Map<String, Hop> assigned = new LinkedHashMap<>();
  private final List<Hop> effects = new ArrayList<>();

  DagBuilder(ValidatedProgram program, Map<FunctionCall, String> hoisted) {
    this.program = program;
    this.hoisted = hoisted;
    this.builtins = new BuiltinLowering(this);
  }

  ValidatedProgram program() {
    return program;
  }

  /** Whether nothing was assigned, read or emitted yet. */
  boolean isEmpty() {
    return assigned.isEmpty() && effects.isEmpty();
  }

  /** Binds {@code name} to {@code value} for the rest of the block. */
  void assign(String name, Hop value) {
    assigned.remove(name); // keep assignment order by last assignment
    assigned.put(name, value);
  }

  /** Adds a root that must run (print, write, function call, ...), in statement order. */
  void effect(Hop root) {
    effects.add(root);
  }

  /** The DAG: side-effect roots in statement order, then one WRITE_VAR per assigned variable. */
  HopDag finish() {
    List<Hop> roots = new ArrayList<>(effects);
    for (Map.Entry<String, Hop> a : assigned.entrySet()) {
      Hop v = a.getValue();
      boolean unchanged = v.op() == OpCode.READ_VAR
          && v.param(HopParam.Variable.class).name().equals(a.getKey());
      if (!unchanged) {
        roots.add(new Hop(OpCode.WRITE_VAR, new HopParam.Variable(a.getKey()), List.of(v),
            v.dataType(), v.valueType(), v.position()));
      }
    }
    return new HopDag(roots);
  }

  /** The current value of variable {@code name}: its HOP in this block, or a READ_VAR leaf. */
  Hop variable(String name, ExprType type, SourcePosition pos) {
    Hop h = assigned.get(name);
    if (h != null) {
      return h;
    }
    return reads.computeIfAbsent(name, n -> new Hop(OpCode.READ_VAR, new HopParam.Variable(n),
        List.of(), dataType(type), valueType(type), pos));
  }

  // ---------------------------------------------------------------- expressions

  /** The HOP computing {@code e}. */
  Hop expression(Expression e) {
    if (e instanceof Literal l) {
      return literal(scalarOf(l.value()), l.position());
    }
    if (e instanceof Identifier id) {
      return variable(id.name(), program.typeOf(id), id.position());
    }
    if (e instanceof UnaryExpression u) {
      Hop x = expression(u.operand());
      return switch (u.operator()) {
        case PLUS -> x;
        case MINUS -> hop(OpCode.UNARY, new HopParam.Unary(UnaryOp.NEG), List.of(x), e);
        case NOT -> hop(OpCode.UNARY, new HopParam.Unary(UnaryOp.NOT), List.of(x), e);
      };
    }
    if (e instanceof BinaryExpression b) {
      Hop l = expression(b.left());
      Hop r = expression(b.right());
      if (b.operator() == BinaryOperator.MATMULT) {
        return hop(OpCode.MATMULT, HopParam.NONE, List.of(l, r), e);
      }
      return hop(OpCode.BINARY, new HopParam.Binary(binaryOp(b.operator())), List.of(l, r), e);
    }
    if (e instanceof IndexExpression ix) {
      Hop x = expression(ix.target());
      if (x.dataType() == DataType.LIST) {
        return hop(OpCode.LIST_INDEX, HopParam.NONE, listRange(x, ix.rows(), ix.position()), e);
      }
      List<Hop> in = new ArrayList<>(List.of(x));
      in.addAll(range(x, ix.rows(), OpCode.NROW, ix.position()));
      in.addAll(range(x, ix.cols(), OpCode.NCOL, ix.position()));
      return hop(OpCode.RIGHT_INDEX, HopParam.NONE, in, e);
    }
    FunctionCall call = (FunctionCall) e;
    String temp = hoisted.get(call);
    if (temp != null) {
      return variable(temp, program.typeOf(call), call.position());
    }
    CallTarget target = program.targetOf(call);
    if (!(target instanceof CallTarget.Builtin b)) {
      throw new IllegalStateException(call.position() + ": call of " + call.displayName()
          + " was not hoisted into its own block");
    }
    return builtins.lower(call, b);
  }

  /**
   * The 1-based inclusive bounds of one index dimension: all is {@code 1:nrow(X)} (or ncol), a
   * single index i is {@code i:i} (the same HOP twice).
   */
  List<Hop> range(Hop x, IndexRange r, OpCode extent, SourcePosition pos) {
    if (r instanceof IndexRange.Single s) {
      Hop i = expression(s.index());
      return List.of(i, i);
    }
    if (r instanceof IndexRange.Span sp) {
      return List.of(expression(sp.from()), expression(sp.to()));
    }
    Hop n = new Hop(extent, HopParam.NONE, List.of(x), DataType.SCALAR, ValueType.INTEGER, pos);
    return List.of(literal(ScalarValue.of(1L), pos), n);
  }

  /**
   * The inputs (L, lo, hi) of a list index: L[i] is i:i (the same HOP twice, a position or a
   * name), L[i:j] is i:j, L[] is 1:length(L).
   */
  List<Hop> listRange(Hop list, IndexRange r, SourcePosition pos) {
    List<Hop> in = new ArrayList<>(List.of(list));
    if (r instanceof IndexRange.All) {
      in.add(literal(ScalarValue.of(1L), pos));
      in.add(new Hop(OpCode.LENGTH, HopParam.NONE, List.of(list), DataType.SCALAR,
          ValueType.INTEGER, pos));
    } else {
      in.addAll(range(list, r, OpCode.LENGTH, pos));
    }
    return in;
  }

  /** One HOP per result of a builtin with several results, in the order of its results. */
  List<Hop> builtinResults(FunctionCall call, CallTarget.Builtin target) {
    return builtins.lowerResults(call, target);
  }

  // ---------------------------------------------------------------- helpers

  /** A HOP of {@code e}'s inferred type at {@code e}'s position. */
  Hop hop(OpCode op, HopParam p, List<Hop> inputs, Expression e) {
    ExprType t = program.typeOf(e);
    return new Hop(op, p, inputs, dataType(t), valueType(t), e.position());
  }

  static Hop literal(ScalarValue v, SourcePosition pos) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(v), List.of(), DataType.SCALAR,
        v.valueType(), pos);
  }

  static ScalarValue scalarOf(Object v) {
    if (v instanceof Long l) {
      return ScalarValue.of(l);
    }
    if (v instanceof Integer i) {
      return ScalarValue.of((long) i);
    }
    if (v instanceof Double d) {
      return ScalarValue.of(d);
    }
    if (v instanceof Boolean b) {
      return ScalarValue.of(b);
    }
    if (v instanceof String s) {
      return ScalarValue.of(s);
    }
    throw new IllegalArgumentException("not a scalar constant: " + v);
  }

  static DataType dataType(ExprType t) {
    return t.dataType();
  }

  /** Matrices are matrices of doubles; otherwise the scalar's value type. */
  static ValueType valueType(ExprType t) {
    return t.isMatrix() ? ValueType.DOUBLE : t.valueType();
  }

  static BinaryOp binaryOp(BinaryOperator op) {
    return switch (op) {
      case POW -> BinaryOp.POW;
      case INTDIV -> BinaryOp.INTDIV;
      case MOD -> BinaryOp.MOD;
      case MULT -> BinaryOp.MULT;
      case DIV -> BinaryOp.DIV;
      case PLUS -> BinaryOp.PLUS;
      case MINUS -> BinaryOp.MINUS;
      case LESS -> BinaryOp.LT;
      case LESS_EQUAL -> BinaryOp.LE;
      case GREATER -> BinaryOp.GT;
      case GREATER_EQUAL -> BinaryOp.GE;
      case EQUAL -> BinaryOp.EQ;
      case NOT_EQUAL -> BinaryOp.NEQ;
      case AND -> BinaryOp.AND;
      case OR -> BinaryOp.OR;
      case MATMULT -> throw new IllegalArgumentException("%*% is not element-wise");
    };
  }

  /** Identity map of hoisted calls, for the statement builder. */
  static Map<FunctionCall, String> newHoistMap() {
    return new IdentityHashMap<>();
  }
}
