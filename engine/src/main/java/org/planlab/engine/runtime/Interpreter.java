package org.planlab.engine.runtime;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.CountedHandle;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ListValue;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Program;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.runtime.program.CompiledBlock;
import org.planlab.engine.runtime.program.CompiledProgram;
import org.planlab.engine.stats.ProcessTimes;
import org.planlab.engine.stats.Statistics;

/**
 * Executes a {@link CompiledProgram}: basic blocks through the {@link InstructionExecutor}
 * (after dynamic recompilation when their sizes were unknown), if/while/for, parfor on a local
 * thread pool, and user-function calls with copy semantics.
 */
public final class Interpreter {
  /** Stack size of the threads running scripts (main and parfor workers); see Engine.run. */
  public static final long STACK_BYTES = 512L << 20;

  private final CompiledProgram program;
  private final InstructionExecutor executor;
  private final Recompiler recompiler;
  private final DagLowerer lowerer;
  private final LoweredCode lowered = new LoweredCode();

  public Interpreter(CompiledProgram program, InstructionExecutor executor, Recompiler recompiler,
      DagLowerer lowerer) {
    this.program = Objects.requireNonNull(program, "program is null");
    this.executor = Objects.requireNonNull(executor, "executor is null");
    this.recompiler = Objects.requireNonNull(recompiler, "recompiler is null");
    this.lowerer = Objects.requireNonNull(lowerer, "lowerer is null");
  }

  /**
   * A main-program context over an empty symbol table, moving values with {@code mover} and,
   * when {@code prefetcher} is not null, remote results to the driver asynchronously.
   */
  public ExecutionContext newContext(EngineConfig config, KernelPool pool, Statistics statistics,
      PrintStream out, DataMover mover, Prefetcher prefetcher) {
    return new ExecutionContext(new ExecutionContext.Shared(config, pool, statistics, out, this,
        mover, new AtomicLong(), prefetcher, executor.recycler()),
        new HashMap<>(), new HashMap<>(), 0);
  }

  /** Runs the main program in {@code ctx}. */
  public void run(ExecutionContext ctx) {
    long t0 = System.nanoTime();
    ProcessTimes cpu0 = ProcessTimes.now();
    try {
      execute(program.main(), ctx);
    } finally {
      ctx.statistics().addExecutionTime(System.nanoTime() - t0);
      ctx.statistics().addExecutionCpu(ProcessTimes.now().since(cpu0));
    }
  }

  /** Runs {@code blocks} in order. */
  public void execute(List<CompiledBlock> blocks, ExecutionContext ctx) {
    for (CompiledBlock b : blocks) {
      execute(b, ctx);
    }
  }

  private void execute(CompiledBlock block, ExecutionContext ctx) {
    if (block instanceof CompiledBlock.Basic b) {
      executor.run(code(b.body(), ctx, false), ctx);
      if (ctx.config().statistics()) {
        ctx.statistics().observeLiveBytes(ctx.liveBytes());
      }
    } else if (block instanceof CompiledBlock.If b) {
      execute(predicate(b.predicate(), ctx) ? b.thenBlocks() : b.elseBlocks(), ctx);
    } else if (block instanceof CompiledBlock.While b) {
      while (predicate(b.predicate(), ctx)) {
        iteration(b.body(), ctx);
      }
    } else if (block instanceof CompiledBlock.For b) {
      runFor(b, ctx);
    }
  }

  /** One iteration of a sequential loop's body; then the hook may compact its lineage. */
  private void iteration(List<CompiledBlock> body, ExecutionContext ctx) {
    ReuseHook hook = executor.hook();
    if (!hook.traces()) {
      execute(body, ctx);
      return;
    }
    java.util.Map<String, LineageItem> enclosing = ctx.beginIteration();
    java.util.Map<String, LineageItem> changed;
    try {
      execute(body, ctx);
    } finally {
      changed = ctx.endIteration(enclosing);
    }
    hook.endOfIteration(changed, ctx);
  }

  /** The code to run for {@code d} now: re-lowered after recompilation when it is flagged. */
  private BlockCode code(CompiledBlock.Dag d, ExecutionContext ctx, boolean predicate) {
    if (!d.recompile()) {
      return d.code();
    }
    ctx.statistics().incrementRecompilations();
    org.planlab.engine.ir.SizedDag r = recompiler.recompile(d.dag(), ctx.variables());
    if (r.dag() == d.dag() && !lowerer.dependsOnSizes()) {
      return d.code();
    }
    // with fusion or placement, lowered again even when the DAG is unchanged: the sizes now
    // known may enable fused operators or change where operations run; the same recompiled
    // form again (a loop's next iteration, as a rule) gets the code lowered for it before
    return lowered.get(d, r, predicate, () -> lowerer.lower(r.dag(), r.sizes(), predicate));
  }

  private Data value(CompiledBlock.Dag d, ExecutionContext ctx) {
    return executor.run(code(d, ctx, true), ctx);
  }

  private boolean predicate(CompiledBlock.Dag d, ExecutionContext ctx) {
    return scalarOf(value(d, ctx), d, ctx).asBoolean();
  }

  /** A matrix value as a local block, moved to the driver if it lives on a backend. */
  private static MatrixBlock local(Data v, ExecutionContext ctx) {
    return ctx.mover().move((MatrixData) v, ExecType.CP, ctx).acquireLocal();
  }

  private static ScalarValue scalarOf(Data v, CompiledBlock.Dag d, ExecutionContext ctx) {
    if (v instanceof ScalarValue s) {
      return s;
    }
    MatrixBlock m = local(v, ctx);
    if (m.rows() == 1 && m.cols() == 1) {
      return ScalarValue.of(m.get(0, 0));
    }
    throw new DmlRuntimeException(d.dag().roots().get(0).position(),
        "a condition or loop bound must be a scalar, got a " + m.shape() + " matrix");
  }

  // ---- for / parfor

  /** The iteration values of a for loop: from, from + incr, ... up to to (inclusive). */
  private record Range(double from, double incr, long count, boolean integral) {
    ScalarValue at(long k) {
      double v = from + k * incr;
      return integral ? ScalarValue.of((long) v) : ScalarValue.of(v);
    }
  }

  private Range range(CompiledBlock.For loop, ExecutionContext ctx) {
    ScalarValue from = scalarOf(value(loop.from(), ctx), loop.from(), ctx);
    ScalarValue to = scalarOf(value(loop.to(), ctx), loop.to(), ctx);
    double f = from.asDouble();
    double t = to.asDouble();
    ScalarValue inc = loop.increment().isPresent()
        ? scalarOf(value(loop.increment().get(), ctx), loop.increment().get(), ctx)
        : ScalarValue.of(f <= t ? 1L : -1L);
    double i = inc.asDouble();
    if (i == 0 || Double.isNaN(i) || Double.isNaN(f) || Double.isNaN(t)) {
      throw new DmlRuntimeException(loop.from().dag().roots().get(0).position(),
          "invalid loop range " + from.asString() + ":" + to.asString() + " by "
              + inc.asString());
    }
    long count = (t - f) / i < 0 ? 0 : (long) Math.floor((t - f) / i + 1e-10) + 1;
    boolean integral = f == Math.rint(f) && i == Math.rint(i);
    return new Range(f, i, count, integral);
  }

  private void runFor(CompiledBlock.For loop, ExecutionContext ctx) {
    Range r = range(loop, ctx);
    Set<String> results = loop.parallel() && r.count() > 1
        ? ParForAnalysis.resultVariables(loop, ctx.variables().keySet()) : null;
    int threads = loop.parallel() ? parforThreads(loop, ctx) : 1;
    if (results == null || threads < 2) {
      for (long k = 0; k < r.count(); k++) {
        ctx.set(loop.variable(), r.at(k));
        iteration(loop.body(), ctx);
      }
      return;
    }
    runParallel(loop, r, results, threads, ctx);
  }

  private static int parforThreads(CompiledBlock.For loop, ExecutionContext ctx) {
    String par = loop.parforOptions().get("par");
    int p = ctx.config().parallelism();
    if (par != null) {
      double v;
      try {
        v = Double.parseDouble(par);
      } catch (NumberFormatException e) {
        throw new DmlRuntimeException(loop.from().dag().roots().get(0).position(),
            "parfor option par must be a number, was '" + par + "'");
      }
      if (!(v >= 1 && v <= KernelPool.MAX_PARALLELISM)) {
        // each worker is a thread: an unbounded par would exhaust the JVM's threads
        throw new DmlRuntimeException(loop.from().dag().roots().get(0).position(),
            "parfor option par must be in [1, " + KernelPool.MAX_PARALLELISM + "], was " + par);
      }
      p = (int) v;
    }
    return p;
  }

  /**
   * Runs the iterations on {@code threads} workers, each on its own copy of the symbol table
   * taking iterations from a shared counter, then merges each result variable: cells a worker
   * changed relative to the value before the loop are copied into the result (iterations write
   * disjoint positions, so the merge equals sequential execution).
   */
  private void runParallel(CompiledBlock.For loop, Range r, Set<String> results, int threads,
      ExecutionContext ctx) {
    int workers = (int) Math.min(threads, r.count());
    AtomicLong next = new AtomicLong();
    List<ExecutionContext> frames = new ArrayList<>();
    List<Future<?>> futures = new ArrayList<>();
    ExecutorService es = Executors.newFixedThreadPool(workers, task -> {
      Thread t = new Thread(null, task, "planlab-parfor", STACK_BYTES);
      t.setDaemon(true);
      return t;
    });
    try {
      for (int w = 0; w < workers; w++) {
        ExecutionContext wctx = ctx.forkForWorker();
        frames.add(wctx);
        futures.add(es.submit(() -> {
          for (long k = next.getAndIncrement(); k < r.count(); k = next.getAndIncrement()) {
            wctx.set(loop.variable(), r.at(k));
            execute(loop.body(), wctx);
          }
        }));
      }
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          next.set(Long.MAX_VALUE / 2); // stop the other workers early
          if (e.getCause() instanceof RuntimeException re) {
            throw re;
          }
          throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while waiting for parfor workers", e);
        }
      }
    } finally {
      es.shutdownNow();
    }
    for (ExecutionContext f : frames) {
      if (f.isNondeterministic()) {
        ctx.markNondeterministic();
      }
    }
    for (String v : results) {
      // the merged value's lineage is not traced: it gets an item of its own when read
      ctx.set(v, merge(ctx.get(v), frames, v, ctx));
    }
    frames.forEach(ExecutionContext::dispose);
  }

  private static Data merge(Data before, List<ExecutionContext> frames, String v,
      ExecutionContext ctx) {
    MatrixBlock base = local(before, ctx);
    MatrixBlock out = null;
    for (ExecutionContext f : frames) {
      Data d = f.get(v);
      if (d == before) {
        continue;
      }
      MatrixBlock w = local(d, ctx);
      if (out == null) {
        out = base.copy().toDenseInPlace();
      }
      for (int i = 0; i < w.rows(); i++) {
        for (int j = 0; j < w.cols(); j++) {
          double x = w.get(i, j);
          if (Double.doubleToLongBits(x) != Double.doubleToLongBits(base.get(i, j))) {
            out.set(i, j, x);
          }
        }
      }
    }
    if (out == null) {
      return before;
    }
    out.recomputeNonZeros();
    return new MatrixValue(out.examSparsity());
  }

  // ---- functions

  /**
   * Calls {@code key} with the bound {@code args} (parameter order; missing trailing ones get
   * their defaults) in a fresh frame and copies its results into the caller's {@code outputs}.
   * With the arguments' lineage ({@code argLineage}, null when not tracing) the parameters keep
   * it, and a call the reuse hook may reuse as a whole (multi-level reuse, MEMPHIS sec. 3.3) is
   * looked up first and offered afterwards, unless its frame did something nondeterministic.
   *
   * @throws DmlRuntimeException "recursion too deep in f" beyond the configured depth
   */
  public void call(FunctionKey key, Data[] args, LineageItem[] argLineage, List<String> outputs,
      ExecutionContext caller, SourcePosition position) {
    Program.Function f = program.source().functions().get(key);
    List<CompiledBlock> body = program.functions().get(key);
    if (f == null || body == null) {
      throw new DmlRuntimeException(position, "function " + key + " is not defined");
    }
    if (caller.depth() >= caller.config().maxRecursionDepth()) {
      throw new DmlRuntimeException(position, "recursion too deep in " + key + " (more than "
          + caller.config().maxRecursionDepth() + " nested calls)");
    }
    List<Parameter> params = f.definition().parameters();
    // the HOP builder binds every parameter at the call site, defaults included
    if (args.length != params.size()) {
      throw new DmlRuntimeException(position, "function " + key + " takes " + params.size()
          + " argument(s), got " + args.length);
    }
    List<Parameter> results = f.definition().results();
    if (outputs.size() > results.size()) {
      throw new DmlRuntimeException(position, "function " + key + " returns " + results.size()
          + " value(s), " + outputs.size() + " requested");
    }
    ReuseHook hook = executor.hook();
    Data[] coerced = new Data[params.size()];
    LineageItem[] paramLineage = argLineage == null ? null : new LineageItem[params.size()];
    for (int i = 0; i < params.size(); i++) {
      coerced[i] = coerce(args[i], params.get(i), key, position);
      if (paramLineage != null) {
        // a coerced scalar (an Integer for a Double parameter) is a new literal
        // (a scalar argument is traced by its value: its item is made here)
        paramLineage[i] = coerced[i] == args[i] && argLineage[i] != null ? argLineage[i]
            : caller.lineageOfValue(coerced[i]);
      }
    }
    List<LineageItem> callItems = paramLineage == null ? null
        : hook.callLineage(key, paramLineage, results.size());
    if (callItems != null) {
      Data[] reused = hook.reuseCall(callItems, caller);
      if (reused != null) {
        for (int i = 0; i < outputs.size(); i++) {
          caller.set(outputs.get(i), reused[i], callItems.get(i));
        }
        // the cache retained each value it handed out; the caller's variables hold them now
        for (Data d : reused) {
          CountedHandle.dropAny(d);
        }
        return;
      }
    }
    ExecutionContext callee = caller.newFrame();
    for (int i = 0; i < params.size(); i++) {
      callee.set(params.get(i).name(), coerced[i],
          paramLineage == null ? null : paramLineage[i]);
    }
    long t0 = System.nanoTime();
    try {
      execute(body, callee);
    } catch (StackOverflowError e) {
      throw new DmlRuntimeException(position, "recursion too deep in " + key
          + " (the Java stack is exhausted)");
    }
    long nanos = System.nanoTime() - t0;
    if (callee.isNondeterministic()) {
      caller.markNondeterministic();
      callItems = null; // the results depend on more than the arguments
    }
    // read all results before writing any: an output may share a name with an argument
    Data[] values = new Data[results.size()];
    LineageItem[] lineage = new LineageItem[values.length];
    for (int i = 0; i < values.length; i++) {
      String name = results.get(i).name();
      Data v = callee.get(name);
      if (v == null) {
        if (i >= outputs.size()) {
          callItems = null; // an unassigned result nobody asked for: nothing to cache
          continue;
        }
        throw new DmlRuntimeException(f.definition().position(), "function " + key
            + " did not assign its result '" + name + "'");
      }
      // as SystemDS's checkOutputs: a scalar result takes its declared value type, so
      // return (Double y) { y = 1 } gives 1.0, as the validator typed the call
      values[i] = coerce(v, results.get(i), key, position);
      if (paramLineage != null) {
        lineage[i] = values[i] == v ? callee.lineage(name) : caller.lineageOfValue(values[i]);
      }
    }
    if (callItems != null) {
      hook.putCall(callItems, values, nanos, caller);
      // the results' lineage is the call's (LIMA's function items): compact, and what a later
      // identical call is looked up by
      lineage = callItems.toArray(LineageItem[]::new);
    }
    for (int i = 0; i < outputs.size(); i++) {
      caller.set(outputs.get(i), values[i], paramLineage == null ? null : lineage[i]);
    }
    callee.dispose();
  }

  /**
   * {@code eval(name, args)}: calls the function the string {@code name} names — one the
   * scripts define, else the builtin library's {@code m_name} — binding {@code args} by name
   * where {@code names} gives one (null: positional, in parameter order). A parameter without
   * an argument takes its default, which must then be a compile-time constant (the HOP builder
   * evaluates other defaults at call sites, and an eval call site is not known before it runs).
   * Returns the function's first result.
   */
  public Data eval(String name, List<Data> args, List<String> names, ExecutionContext caller,
      SourcePosition position) {
    FunctionKey key = evalTarget(name, position);
    Program.Function f = program.source().functions().get(key);
    List<Parameter> params = f.definition().parameters();
    Data[] bound = new Data[params.size()];
    int next = 0;
    for (int i = 0; i < args.size(); i++) {
      String n = names == null ? null : names.get(i);
      int at;
      if (n != null) {
        at = -1;
        for (int j = 0; j < params.size(); j++) {
          if (params.get(j).name().equals(n)) {
            at = j;
          }
        }
        if (at < 0) {
          throw new DmlRuntimeException(position, "eval: function " + name
              + " has no parameter '" + n + "'");
        }
      } else {
        while (next < params.size() && bound[next] != null) {
          next++;
        }
        if (next >= params.size()) {
          throw new DmlRuntimeException(position, "eval: too many arguments for " + name
              + " (" + params.size() + " parameters)");
        }
        at = next;
      }
      bound[at] = args.get(i);
    }
    for (int j = 0; j < params.size(); j++) {
      if (bound[j] == null) {
        Data d = f.constantDefaults().get(j);
        if (d == null) {
          throw new DmlRuntimeException(position, "eval: argument '" + params.get(j).name()
              + "' of " + name + " is missing" + (params.get(j).defaultValue().isPresent()
              ? " (its default is not a constant, so eval cannot compute it)" : ""));
        }
        bound[j] = d;
      }
    }
    String temp = "_eval#";
    call(key, bound, null, List.of(temp), caller, position);
    Data result = caller.get(temp);
    // a local value, so the temporary's reference can go before the caller stores it
    Data local = result instanceof MatrixData m ? new MatrixValue(m.acquireLocal()) : result;
    caller.remove(temp);
    return local;
  }

  private FunctionKey evalTarget(String name, SourcePosition position) {
    Map<FunctionKey, Program.Function> functions = program.source().functions();
    FunctionKey own = new FunctionKey(DmlProgram.MAIN_NAMESPACE, name);
    if (functions.containsKey(own)) {
      return own;
    }
    for (FunctionKey k : functions.keySet()) {
      if (k.name().equals(DmlProgram.LIBRARY_FUNCTION_PREFIX + name)
          && k.namespace().startsWith(DmlProgram.LIBRARY_NAMESPACE_PREFIX)) {
        return k;
      }
    }
    for (FunctionKey k : functions.keySet()) {
      if (k.name().equals(name)) {
        return k;
      }
    }
    throw new DmlRuntimeException(position, "eval: unknown function '" + name + "' (eval calls"
        + " functions the scripts define, or library functions a string literal of the program"
        + " names)");
  }

  /** Scalars take the declared value type (an Integer argument for a Double parameter ...). */
  private static Data coerce(Data v, Parameter p, FunctionKey key, SourcePosition position) {
    if (p.type().dataType() == DataType.LIST) {
      if (!(v instanceof ListValue)) {
        throw new DmlRuntimeException(position, "function " + key + ": parameter '" + p.name()
            + "' expects a list, got " + (v instanceof MatrixData ? "a matrix" : "a scalar"));
      }
      return v;
    }
    if (v instanceof ListValue l && l.size() == 1) {
      v = l.get(1); // a one-element list (L[i], or an element eval passes on) is its element
    }
    if (p.type().dataType() == DataType.MATRIX) {
      if (!(v instanceof MatrixData)) {
        throw new DmlRuntimeException(position, "function " + key + ": parameter '" + p.name()
            + "' expects a matrix, got " + (v instanceof ListValue ? "a list" : "a scalar"));
      }
      return v;
    }
    if (!(v instanceof ScalarValue s)) {
      throw new DmlRuntimeException(position, "function " + key + ": parameter '" + p.name()
          + "' expects a scalar, got " + (v instanceof ListValue ? "a list" : "a matrix"));
    }
    try {
      return switch (p.type().valueType()) {
        case DOUBLE -> s instanceof ScalarValue.DoubleValue ? s : ScalarValue.of(s.asDouble());
        case INTEGER -> s instanceof ScalarValue.IntValue ? s : ScalarValue.of(s.asLong());
        case BOOLEAN -> s instanceof ScalarValue.BoolValue ? s : ScalarValue.of(s.asBoolean());
        case STRING -> s instanceof ScalarValue.StringValue ? s : ScalarValue.of(s.asString());
        default -> s;
      };
    } catch (IllegalArgumentException e) {
      throw new DmlRuntimeException(position, "function " + key + ": parameter '" + p.name()
          + "': " + e.getMessage());
    }
  }
}
