package org.planlab.engine.runtime;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.runtime.program.BlockCode;

/**
 * Evaluates omitted parameters' defaults in the callee: the default expression is compiled once
 * per (function, parameter) to a DAG with the value as its single root (by the HOP builder's
 * expression compiler), lowered, and executed in the callee's fresh frame for each call.
 */
public final class CompiledDefaultArguments implements DefaultArguments {
  private final Function<Expression, HopDag> compiler;
  private final DagLowerer lowerer;
  private final InstructionExecutor executor;
  private final Map<Key, BlockCode> cache = new ConcurrentHashMap<>();

  private record Key(FunctionKey function, String parameter) {
  }

  /**
   * @param compiler an expression to a DAG whose single root is its value
   */
  public CompiledDefaultArguments(Function<Expression, HopDag> compiler, DagLowerer lowerer,
      InstructionExecutor executor) {
    this.compiler = Objects.requireNonNull(compiler, "compiler is null");
    this.lowerer = Objects.requireNonNull(lowerer, "lowerer is null");
    this.executor = Objects.requireNonNull(executor, "executor is null");
  }

  @Override
  public Data evaluate(Program.Function function, Parameter parameter, ExecutionContext ctx) {
    Expression e = parameter.defaultValue().orElseThrow(() -> new IllegalArgumentException(
        "no value for parameter '" + parameter.name() + "' of function " + function.key()
            + ", which has no default"));
    BlockCode code = cache.computeIfAbsent(new Key(function.key(), parameter.name()),
        k -> lowerer.lower(compiler.apply(e), true));
    return executor.run(code, ctx);
  }
}
