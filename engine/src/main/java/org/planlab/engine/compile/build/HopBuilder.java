package org.planlab.engine.compile.build;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.Argument;
import org.planlab.engine.lang.ast.Assignment;
import org.planlab.engine.lang.ast.AstWalker;
import org.planlab.engine.lang.ast.BinaryExpression;
import org.planlab.engine.lang.ast.CallStatement;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.ForStatement;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.IfStatement;
import org.planlab.engine.lang.ast.IndexExpression;
import org.planlab.engine.lang.ast.IndexRange;
import org.planlab.engine.lang.ast.IndexedAssignment;
import org.planlab.engine.lang.ast.Literal;
import org.planlab.engine.lang.ast.LoopRange;
import org.planlab.engine.lang.ast.MultiAssignment;
import org.planlab.engine.lang.ast.ParForStatement;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.ast.Statement;
import org.planlab.engine.lang.ast.UnaryExpression;
import org.planlab.engine.lang.ast.WhileStatement;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ListValue;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.lang.validate.CallTarget;
import org.planlab.engine.lang.validate.ValidatedProgram;

/**
 * Builds the HOP IR of a validated program (optimizer paper, sec. 2: "construct" the
 * hierarchy of program blocks with one HOP DAG per basic block).
 *
 * <p>Block structure: maximal straight-line runs of statements become one {@link
 * ProgramBlock.Basic}; if/while/for/parfor become their blocks, with one DAG per predicate and
 * loop bound; every call of a user-defined function gets a basic block of its own whose DAG
 * computes the arguments and has a single {@link OpCode#FUNCTION_CALL} root (as SystemML splits
 * blocks at function calls). Calls of single-result functions nested in expressions are hoisted
 * first, inner calls first, into such blocks writing a temporary variable {@code _fcallN#}
 * (the {@code #} keeps it apart from every DML identifier) that the expression then reads.
 *
 * <p>Function-call arguments are bound in the callee's parameter order; an omitted argument is
 * the callee's declared default expression, built in the caller's DAG over the arguments bound
 * before it (a default reads only earlier parameters, so evaluating it at the call site is the
 * same value, and the call's inputs are then always the full parameter list).
 */
public final class HopBuilder {
  private final ValidatedProgram program;
  private final Map<FunctionCall, String> hoisted = DagBuilder.newHoistMap();
  private int temporaries;

  private HopBuilder(ValidatedProgram program) {
    this.program = program;
  }

  /** The program blocks of the main script and of every user-defined function. */
  public static Program build(ValidatedProgram program) {
    HopBuilder b = new HopBuilder(program);
    List<ProgramBlock> main = b.blocks(program.program().statements());
    Map<FunctionKey, Program.Function> functions = new LinkedHashMap<>();
    for (FunctionDefinition f : program.program().functions().values()) {
      functions.put(f.key(), new Program.Function(f, b.blocks(f.body()), constantDefaults(
          program, f)));
    }
    return new Program(main, functions);
  }

  /**
   * Per parameter of {@code f}, its default's value when validation found it constant ({@code
   * list()} is the empty list), else null: what {@code eval} binds at run time.
   */
  private static List<Data> constantDefaults(ValidatedProgram program, FunctionDefinition f) {
    List<Data> out = new ArrayList<>();
    for (Parameter p : f.parameters()) {
      Data value = null;
      if (p.defaultValue().isPresent()) {
        Expression d = p.defaultValue().get();
        Optional<Object> c = program.constantOf(d);
        if (c.isPresent()) {
          value = DagBuilder.scalarOf(c.get());
        } else if (d instanceof FunctionCall call && call.name().equals("list")
            && call.arguments().isEmpty()) {
          value = ListValue.of(List.of());
        }
      }
      out.add(value);
    }
    return out;
  }

  // ---------------------------------------------------------------- statements

  /** Accumulates blocks; the open basic block is flushed when a statement needs its own. */
  private final class Blocks {
    final List<ProgramBlock> out = new ArrayList<>();
    DagBuilder current = new DagBuilder(program, hoisted);

    void flush() {
      if (!current.isEmpty()) {
        out.add(new ProgramBlock.Basic(current.finish()));
      }
      current = new DagBuilder(program, hoisted);
    }

    void add(ProgramBlock b) {
      flush();
      out.add(b);
    }
  }

  private List<ProgramBlock> blocks(List<Statement> statements) {
    Blocks blocks = new Blocks();
    for (Statement s : statements) {
      statement(s, blocks);
    }
    blocks.flush();
    return blocks.out;
  }

  private void statement(Statement s, Blocks blocks) {
    if (callsBuiltin(s, "write")) {
      // reads have no data dependence on a write of their file, so inside one DAG the
      // ordering may run a read of the rewritten file before the write, or an earlier read
      // after it; a block of its own keeps the file's reads and writes in source order
      blocks.flush();
      basicStatement(s, blocks);
      blocks.flush();
    } else if (callsBuiltin(s, "time")) {
      // time() has no data dependence on the statements around it, so inside one DAG the
      // ordering may run it before or after them; a block of its own keeps source order
      blocks.flush();
      basicStatement(s, blocks);
      blocks.flush();
    } else if (callsDataDependent(s)) {
      // the output size of table/removeEmpty is known only once it ran: a block boundary
      // after the statement lets dynamic recompilation see the exact size before the
      // operations that consume it are compiled again (and fused)
      basicStatement(s, blocks);
      blocks.flush();
    } else {
      basicStatement(s, blocks);
    }
  }

  /**
   * Builtins whose output size is known only once they ran: table and removeEmpty, unique, and
   * aggregate without ngroups (as many groups as the largest group id).
   */
  private static final java.util.Set<String> DATA_DEPENDENT =
      java.util.Set.of("table", "removeEmpty", "unique", "aggregate");

  /** Whether the own expressions of {@code s} call a builtin of {@link #DATA_DEPENDENT}. */
  private boolean callsDataDependent(Statement s) {
    boolean[] found = new boolean[1];
    AstWalker.forEachOwnExpression(s, e -> found[0] |= e instanceof FunctionCall c
        && program.targetOf(c) instanceof CallTarget.Builtin b
        && DATA_DEPENDENT.contains(b.function().name()));
    return found[0];
  }

  /** Whether the own expressions of {@code s} call the builtin {@code time()}. */
  /** Whether {@code s} calls the builtin {@code name}. */
  private boolean callsBuiltin(Statement s, String name) {
    boolean[] found = new boolean[1];
    AstWalker.forEachOwnExpression(s, e -> found[0] |= e instanceof FunctionCall c
        && program.targetOf(c) instanceof CallTarget.Builtin b
        && b.function().name().equals(name));
    return found[0];
  }

  private void basicStatement(Statement s, Blocks blocks) {
    if (s instanceof Assignment a) {
      FunctionCall call = userCall(a.value());
      hoistNested(a.value(), call, blocks);
      if (call != null) {
        blocks.add(callBlock(call, List.of(a.target().name())));
      } else {
        blocks.current.assign(a.target().name(), blocks.current.expression(a.value()));
      }
    } else if (s instanceof MultiAssignment m
        && program.targetOf(m.call()) instanceof CallTarget.Builtin b) {
      // a builtin with several results: one HOP per result in the open block, all built
      // before any target is bound, since a target may also be an argument ([A, B] = lu(A))
      hoistNested(m.call(), null, blocks);
      List<Hop> results = blocks.current.builtinResults(m.call(), b);
      for (int i = 0; i < results.size(); i++) {
        blocks.current.assign(m.targets().get(i).name(), results.get(i));
      }
    } else if (s instanceof MultiAssignment m) {
      hoistNested(m.call(), m.call(), blocks);
      blocks.add(callBlock(m.call(), m.targets().stream().map(Identifier::name).toList()));
    } else if (s instanceof CallStatement c) {
      FunctionCall call = userCall(c.call());
      hoistNested(c.call(), c.call(), blocks);
      if (call != null) {
        blocks.add(callBlock(call, List.of()));
      } else {
        Hop h = blocks.current.expression(c.call());
        if (h.op().hasSideEffect()) {
          blocks.current.effect(h);
        } // a pure builtin whose result is dropped computes nothing observable
      }
    } else if (s instanceof IndexedAssignment ia) {
      hoistNested(ia.value(), null, blocks);
      hoistNestedRange(ia.rows(), blocks);
      hoistNestedRange(ia.cols(), blocks);
      leftIndex(ia, blocks.current);
    } else if (s instanceof IfStatement i) {
      blocks.add(new ProgramBlock.If(single(i.predicate()), blocks(i.thenBody()),
          blocks(i.elseBody())));
    } else if (s instanceof WhileStatement w) {
      blocks.add(new ProgramBlock.While(single(w.predicate()), blocks(w.body())));
    } else if (s instanceof ForStatement f) {
      blocks.add(loop(f.variable().name(), f.range(), f.body(), false, Map.of()));
    } else if (s instanceof ParForStatement p) {
      blocks.add(loop(p.variable().name(), p.range(), p.body(), true, options(p)));
    } else {
      throw new IllegalStateException("unknown statement " + s);
    }
  }

  /** {@code X[rows, cols] = value}: LEFT_INDEX over X's current value, bound to X. */
  private void leftIndex(IndexedAssignment ia, DagBuilder dag) {
    Hop value = dag.expression(ia.value());
    if (program.typeOf(ia.target()).isList()) {
      Hop list = dag.variable(ia.target().name(), ExprType.LIST, ia.target().position());
      List<Hop> in = dag.listRange(list, ia.rows(), ia.position());
      dag.assign(ia.target().name(), new Hop(OpCode.LIST_SET, HopParam.NONE,
          List.of(list, in.get(1), value), DataType.LIST, ValueType.UNKNOWN, ia.position()));
      return;
    }
    // a left-indexing target here is a matrix (validation checked it)
    Hop x = dag.variable(ia.target().name(), ExprType.MATRIX, ia.target().position());
    List<Hop> in = new ArrayList<>(List.of(x, value));
    in.addAll(dag.range(x, ia.rows(), OpCode.NROW, ia.position()));
    in.addAll(dag.range(x, ia.cols(), OpCode.NCOL, ia.position()));
    dag.assign(ia.target().name(), new Hop(OpCode.LEFT_INDEX, HopParam.NONE, in, DataType.MATRIX,
        ValueType.DOUBLE, ia.position()));
  }

  private ProgramBlock loop(String variable, LoopRange range, List<Statement> body,
      boolean parallel, Map<String, String> options) {
    return new ProgramBlock.For(variable, single(range.from()), single(range.to()),
        range.increment().map(this::single), blocks(body), parallel, options);
  }

  /**
   * A DAG whose single root is the scalar value of {@code e} (a predicate or a loop bound); a
   * matrix value (validation allows a 1x1 matrix, e.g. {@code X[i, j] > 0}) is cast to a scalar.
   */
  private HopDag single(Expression e) {
    DagBuilder dag = new DagBuilder(program, hoisted);
    Hop value = dag.expression(e);
    if (value.isMatrix()) {
      value = new Hop(OpCode.CAST_SCALAR, HopParam.NONE, List.of(value), DataType.SCALAR,
          ValueType.DOUBLE, value.position());
    }
    return new HopDag(List.of(value));
  }

  private Map<String, String> options(ParForStatement p) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Argument a : p.options()) {
      Object v = a.value() instanceof Literal l ? l.value()
          : program.constantOf(a.value()).orElseThrow(() -> new IllegalStateException(
              a.position() + ": parfor option " + a.name().orElse("?") + " is not a constant"));
      out.put(a.name().orElseThrow(), DagBuilder.scalarOf(v).asString());
    }
    return out;
  }

  // ---------------------------------------------------------------- function calls

  /** {@code e} itself if it is a call of a user-defined function, else null. */
  private FunctionCall userCall(Expression e) {
    return e instanceof FunctionCall c && program.targetOf(c) instanceof CallTarget.UserFunction
        ? c : null;
  }

  /**
   * Hoists every user-function call inside {@code e} except {@code keep} into a call block of
   * its own writing a temporary, inner calls first, so {@code e} can then be built reading the
   * temporaries.
   */
  private void hoistNested(Expression e, FunctionCall keep, Blocks blocks) {
    List<FunctionCall> calls = new ArrayList<>();
    collectUserCalls(e, calls);
    for (FunctionCall c : calls) {
      if (c == keep || hoisted.containsKey(c)) {
        continue;
      }
      String temp = "_fcall" + (++temporaries) + "#";
      blocks.add(callBlock(c, List.of(temp)));
      hoisted.put(c, temp);
    }
  }

  private void hoistNestedRange(IndexRange r, Blocks blocks) {
    if (r instanceof IndexRange.Single s) {
      hoistNested(s.index(), null, blocks);
    } else if (r instanceof IndexRange.Span sp) {
      hoistNested(sp.from(), null, blocks);
      hoistNested(sp.to(), null, blocks);
    }
  }

  /** User-function calls in {@code e}, in post-order (arguments before their call). */
  private void collectUserCalls(Expression e, List<FunctionCall> out) {
    if (e instanceof UnaryExpression u) {
      collectUserCalls(u.operand(), out);
    } else if (e instanceof BinaryExpression b) {
      collectUserCalls(b.left(), out);
      collectUserCalls(b.right(), out);
    } else if (e instanceof IndexExpression ix) {
      collectRange(ix.rows(), out);
      collectRange(ix.cols(), out);
    } else if (e instanceof FunctionCall c) {
      for (Argument a : c.arguments()) {
        collectUserCalls(a.value(), out);
      }
      if (userCall(c) != null) {
        out.add(c);
      }
    }
  }

  private void collectRange(IndexRange r, List<FunctionCall> out) {
    if (r instanceof IndexRange.Single s) {
      collectUserCalls(s.index(), out);
    } else if (r instanceof IndexRange.Span sp) {
      collectUserCalls(sp.from(), out);
      collectUserCalls(sp.to(), out);
    }
  }

  /**
   * The basic block of one call: the bound arguments in the callee's parameter order (omitted
   * ones are the callee's default expressions) and a FUNCTION_CALL root writing {@code outputs}.
   */
  private ProgramBlock callBlock(FunctionCall call, List<String> outputs) {
    CallTarget.UserFunction target = (CallTarget.UserFunction) program.targetOf(call);
    FunctionDefinition callee = program.function(target.function()).definition();
    DagBuilder dag = new DagBuilder(program, hoisted);
    // a default may read the parameters before it: built in a DAG builder of its own where
    // those names are the bound arguments (not the caller's variables of the same name)
    DagBuilder defaults = new DagBuilder(program, hoisted);
    List<Hop> args = new ArrayList<>();
    for (Parameter p : callee.parameters()) {
      Expression e = target.arguments().get(p.name());
      Hop arg;
      if (e != null) {
        arg = dag.expression(e);
      } else {
        Expression d = p.defaultValue().orElseThrow(() -> new IllegalStateException(
            call.position() + ": no argument for " + p.name() + " of " + callee.key()));
        arg = defaults.expression(d);
      }
      defaults.assign(p.name(), arg);
      args.add(arg);
    }
    Hop root = new Hop(OpCode.FUNCTION_CALL, new HopParam.Call(callee.key(), outputs), args,
        DataType.UNKNOWN, ValueType.UNKNOWN, call.position());
    dag.effect(root);
    return new ProgramBlock.Basic(dag.finish());
  }
}
