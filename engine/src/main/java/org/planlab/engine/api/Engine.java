package org.planlab.engine.api;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.planlab.engine.codegen.gen.OperatorCache;
import org.planlab.engine.codegen.gen.OperatorCompiler;
import org.planlab.engine.codegen.gen.OperatorSource;
import org.planlab.engine.codegen.gen.SourceGenerator;
import org.planlab.engine.compile.fusion.Codegen;
import org.planlab.engine.compile.fusion.DagFusion;
import org.planlab.engine.compile.lower.Lowering;
import org.planlab.engine.compile.lower.ProgramLowering;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.SizedDag;
import org.planlab.engine.lang.DmlParser;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.runtime.DagLowerer;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.InstructionExecutor;
import org.planlab.engine.runtime.Interpreter;
import org.planlab.engine.runtime.ReuseHook;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.runtime.program.CompiledProgram;
import org.planlab.engine.spi.FusionPlanSelector;
import org.planlab.engine.spi.FusionSelectors;
import org.planlab.engine.spi.NoFusion;
import org.planlab.engine.spi.OperatorOrdering;
import org.planlab.engine.spi.Orderings;
import org.planlab.engine.stats.CompilePhase;
import org.planlab.engine.stats.Statistics;

/**
 * The small facade used by the CLI and tests: compile a DML script (parse, validate, build,
 * rewrites, sizes, lowering — each phase timed) and run it. Front-end errors surface as
 * {@link org.planlab.engine.lang.DmlException}, run-time errors as
 * {@link org.planlab.engine.runtime.DmlRuntimeException}, both with "FILE:LINE:COL: message".
 */
public final class Engine {
  /**
   * The operator cache shared by every script of this JVM that compiles with Janino (fusion
   * paper, sec. 2.1: equal CPlans compile once). It only grows with distinct operators, which
   * are few per algorithm.
   */
  public static final OperatorCache OPERATORS = new OperatorCache();

  /**
   * The fusion plan selectors by name, one instance per JVM like {@link #OPERATORS}: a
   * cost-based selector's plan cache (fusion paper, sec. 4.3) then serves the recompilations of
   * every run and script of this JVM, not only those of one run. Selectors are pure functions
   * of their inputs; the cache only memoizes them.
   */
  private static final ConcurrentMap<String, FusionPlanSelector> SELECTORS =
      new ConcurrentHashMap<>();

  private Engine() {
  }

  /** The JVM-wide cache of javac-compiled operators, created when first used. */
  private static final class JavacOperators {
    static final OperatorCache CACHE = new OperatorCache(new SourceGenerator(),
        OperatorCompiler.javac());
  }

  /**
   * The JVM-wide operator cache of the named compiler: {@link #OPERATORS} for {@code janino},
   * a second one for {@code javac} (classes of different compilers are never mixed, so each
   * compiler's compile statistics stay its own).
   *
   * @throws IllegalArgumentException naming the known compilers for an unknown name
   */
  public static OperatorCache operators(String compiler) {
    return switch (OperatorCompiler.checkName(compiler)) {
      case OperatorCompiler.JANINO -> OPERATORS;
      case OperatorCompiler.JAVAC -> JavacOperators.CACHE;
      default -> throw new AssertionError(compiler);
    };
  }

  /** Compiles {@code script} with {@code $name} arguments through {@link Pipeline#defaults()}. */
  public static CompiledScript compile(Path script, Map<String, String> args,
      EngineConfig config) {
    return compile(script, args, config, Pipeline.defaults());
  }

  /** Compiles {@code script} through {@code pipeline}. */
  public static CompiledScript compile(Path script, Map<String, String> args,
      EngineConfig config, Pipeline pipeline) {
    return compile(script, args, config, pipeline, r -> { });
  }

  /**
   * Compiles {@code script} through {@code pipeline}, handing what code generation did to each
   * DAG at compile time to {@code codegenObserver} (for explain).
   */
  public static CompiledScript compile(Path script, Map<String, String> args,
      EngineConfig config, Pipeline pipeline, Consumer<Codegen.Result> codegenObserver) {
    // parsing, validation and the rewrites recurse once per nesting level of an expression
    // (a generated 1 + 1 + ... + 1 is thousands deep), so they get the interpreter's stack too
    CompiledScript[] result = new CompiledScript[1];
    runWithLargeStack(() -> {
      Statistics stats = new Statistics();
      PhaseClock clock = clock(stats);
      DmlParser parser = new DmlParser(args, config.libraryRoots());
      DmlProgram ast = clock.time(CompilePhase.PARSE, () -> parser.parse(script));
      Program ir = pipeline.frontend().toProgram(ast, clock);
      result[0] = compile(ir, config, pipeline, stats, codegenObserver);
    });
    return result[0];
  }

  /** Compiles an IR program (e.g. built by hand in tests) through the IR stages of a pipeline. */
  public static CompiledScript compile(Program program, EngineConfig config, Pipeline pipeline) {
    return compile(program, config, pipeline, new Statistics(), r -> { });
  }

  /** Compiles an IR program without rewrites or size information. */
  public static CompiledScript compile(Program program, EngineConfig config) {
    return compile(program, config, new Pipeline((ast, clock) -> program,
        Pipeline.StaticRewrites.NONE, Pipeline.SizeAnalysis.NONE), new Statistics(), r -> { });
  }

  private static CompiledScript compile(Program program, EngineConfig config, Pipeline pipeline,
      Statistics stats, Consumer<Codegen.Result> codegenObserver) {
    PhaseClock clock = clock(stats);
    Program rewritten = clock.time(CompilePhase.REWRITES,
        () -> pipeline.rewriter().rewrite(program));
    Pipeline.SizeResult sizes = clock.time(CompilePhase.SIZES,
        () -> pipeline.sizes().analyze(rewritten));
    OperatorOrdering ordering = Orderings.byName(config.ordering());
    DagFusion fusion = fusion(config, stats, codegenObserver);
    CompiledProgram compiled = clock.time(CompilePhase.LOWERING,
        () -> new ProgramLowering(ordering, sizes.sizes(), sizes.recompile()::contains, fusion)
            .lower(sizes.program()));
    stats.addDags(compiled.dagCount());
    return new CompiledScript(compiled, sizes.sizes(), sizes.recompiler(), config, stats);
  }

  /** Runs a compiled script, printing to {@code out}. */
  public static RunResult run(CompiledScript script, PrintStream out) {
    return run(script, Map.of(), out, ReuseHook.NONE);
  }

  /**
   * Runs a compiled script with preset variables (e.g. inputs for tests) and a reuse hook (the
   * lineage/reuse seam; {@link ReuseHook#NONE} executes everything).
   */
  public static RunResult run(CompiledScript script, Map<String, Data> inputs, PrintStream out,
      ReuseHook hook) {
    EngineConfig config = script.config();
    OperatorOrdering ordering = Orderings.byName(config.ordering());
    InstructionExecutor executor = new InstructionExecutor(hook);
    DagFusion fusion = fusion(config, script.statistics(), r -> { });
    DagLowerer lowerer = new DagLowerer() {
      @Override
      public BlockCode lower(HopDag dag, Map<Hop, DataCharacteristics> sizes,
          boolean predicate) {
        SizedDag fused = fusion.fuse(new SizedDag(dag, sizes));
        return Lowering.lower(fused.dag(), ordering, fused.sizes(), predicate);
      }

      @Override
      public boolean fusesOperators() {
        return fusion != DagFusion.NONE;
      }
    };
    Interpreter interpreter = new Interpreter(script.program(), executor, script.recompiler(),
        lowerer);
    try (KernelPool pool = config.parallelism() == 1 ? null : new KernelPool(
        config.parallelism())) {
      ExecutionContext ctx = interpreter.newContext(config,
          pool == null ? KernelPool.sequential() : pool, script.statistics(), out);
      inputs.forEach(ctx::set);
      runWithLargeStack(() -> interpreter.run(ctx));
      return new RunResult(ctx.variables(), script.statistics().snapshot());
    }
  }

  /**
   * The code-generation step for {@code config.fusion()}: none, or exploration, the named
   * selector, construction and compilation with {@code config.codegenCompiler()} — through that
   * compiler's JVM-wide cache ({@link #operators(String)}), or, with
   * {@code config.operatorCache()} off, compiling every operator anew.
   *
   * @throws IllegalArgumentException naming the known selectors for an unknown name
   */
  public static DagFusion fusion(EngineConfig config, Statistics stats,
      Consumer<Codegen.Result> observer) {
    FusionPlanSelector selector = SELECTORS.computeIfAbsent(config.fusion(),
        FusionSelectors::byName);
    if (selector instanceof NoFusion) {
      return DagFusion.NONE;
    }
    OperatorCache shared = operators(config.codegenCompiler());
    // without the cache, operators still compile with the shared compiler: javac's reused file
    // managers are part of the compiler, not of the cache
    OperatorSource operators = config.operatorCache() ? shared
        : OperatorCache.uncached(new SourceGenerator(), shared.compiler());
    Codegen codegen = new Codegen(selector, operators, stats, config.costConstants(),
        System.err::println);
    return d -> {
      Codegen.Result r = codegen.optimize(d.dag(), d.sizes());
      observer.accept(r);
      return r.dag() == d.dag() ? d : new SizedDag(r.dag(), r.sizes());
    };
  }

  /**
   * Runs the interpreter (and the compiler) on a thread with a large stack: each nested DML
   * function call costs a dozen Java frames, and the configured recursion limit, not the JVM's
   * default stack, should decide how deep scripts may recurse.
   */
  private static void runWithLargeStack(Runnable body) {
    RuntimeException[] failure = new RuntimeException[1];
    Error[] error = new Error[1];
    Thread t = new Thread(null, () -> {
      try {
        body.run();
      } catch (RuntimeException e) {
        failure[0] = e;
      } catch (Error e) {
        error[0] = e;
      }
    }, "planlab-main", Interpreter.STACK_BYTES);
    t.start();
    try {
      t.join();
    } catch (InterruptedException e) {
      t.interrupt();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running the script", e);
    }
    if (failure[0] != null) {
      throw failure[0];
    }
    if (error[0] != null) {
      throw error[0];
    }
  }

  private static PhaseClock clock(Statistics stats) {
    return new PhaseClock() {
      @Override
      public <T> T time(CompilePhase phase, Supplier<T> step) {
        long t0 = System.nanoTime();
        try {
          return step.get();
        } finally {
          stats.addCompileTime(phase, System.nanoTime() - t0);
        }
      }
    };
  }
}
