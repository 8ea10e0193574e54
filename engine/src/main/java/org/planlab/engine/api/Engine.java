package org.planlab.engine.api;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.backend.Backends;
import org.planlab.engine.codegen.gen.OperatorCache;
import org.planlab.engine.codegen.gen.OperatorCompiler;
import org.planlab.engine.codegen.gen.OperatorSource;
import org.planlab.engine.codegen.gen.SourceGenerator;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.DistributedExecution;
import org.planlab.engine.compile.fusion.Codegen;
import org.planlab.engine.compile.fusion.DagFusion;
import org.planlab.engine.compile.lower.DagCompiler;
import org.planlab.engine.compile.lower.ProgramLowering;
import org.planlab.engine.compile.place.Placer;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.SizedDag;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.DmlParser;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lineage.DiskBandwidth;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.lineage.LineageReuse;
import org.planlab.engine.lineage.ReuseCache;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.matrix.BlockPool;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.InstructionExecutor;
import org.planlab.engine.runtime.Interpreter;
import org.planlab.engine.runtime.Prefetcher;
import org.planlab.engine.runtime.ReuseHook;
import org.planlab.engine.runtime.program.CompiledProgram;
import org.planlab.engine.spi.FusionPlanSelector;
import org.planlab.engine.spi.NoFusion;
import org.planlab.engine.spi.OperatorOrdering;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.StrategyKind;
import org.planlab.engine.stats.CompilePhase;
import org.planlab.engine.stats.Statistics;

/**
 * An engine instance (ARCHITECTURE.md, "The engine instance"): built from one
 * {@link EngineConfig} and closed when done, it owns everything that lives longer than one
 * compilation — the kernel pool, the strategy instances created from the configuration's specs
 * (with their caches, such as MPSkipEnum's plan cache), the operator cache of its codegen
 * compiler, its backends, and its reuse cache (MEMPHIS sec. 3.3) when reuse is on. Nothing is
 * shared with other engines: two engines in one JVM never see each other's caches, so what one
 * ran does not change what the other measures.
 *
 * <p>Compiling parses, validates, builds, rewrites, sizes, fuses, places and lowers a script
 * (each phase timed); running executes it with dynamic recompilation. Front-end errors surface
 * as {@link org.planlab.engine.lang.DmlException}, run-time errors as
 * {@link org.planlab.engine.runtime.DmlRuntimeException}, both with "FILE:LINE:COL: message".
 * An engine may compile and run several scripts, one after another or from several threads.
 */
public final class Engine implements AutoCloseable {
  /**
   * The free buffers a run keeps for recycling are at most the maximum heap divided by this:
   * enough for the intermediates of a loop iteration, little against the heap.
   */
  static final int RECYCLE_HEAP_FRACTION = 8;

  private final EngineConfig config;
  private final KernelPool pool;
  private final FusionPlanSelector selector;
  private final OperatorOrdering ordering;
  private final CostConstants costs;
  private final long localBudget;
  private final Backends backends;
  /** The reuse caches' eviction policy, or null when the reuse mode keeps no cache. */
  private final EvictionPolicy eviction;
  /**
   * The policy of cached handles of distributed backends (MEMPHIS sec. 4.1), or null when no
   * cache is kept or no backend but CP is configured.
   */
  private final EvictionPolicy handleEviction;
  /** The disk bandwidth spilling is weighed with: measured once per engine, when needed. */
  private final DiskBandwidth disk = DiskBandwidth.measured();
  private OperatorCache operators;
  private boolean codegenWarmUpStarted;
  /** Threads of asynchronous prefetches (MEMPHIS sec. 5.1), created at the first async run. */
  private java.util.concurrent.ExecutorService prefetchThreads;
  private volatile boolean closed;

  private Engine(EngineConfig config) {
    this.config = config;
    Plugins plugins = Plugins.load();
    this.selector = plugins.create(StrategyKind.FUSION, config.fusion());
    this.ordering = plugins.create(StrategyKind.ORDERING, config.ordering());
    this.localBudget = config.localBudget(Runtime.getRuntime().maxMemory());
    // one local budget for placement and the fusion cost model's memory constraint (sec. 4.2)
    this.costs = config.localMemoryBudget() == 0 ? config.costConstants()
        : config.costConstants().withLocalMemoryFraction(Math.min(1.0,
            (double) localBudget / Runtime.getRuntime().maxMemory()));
    ReuseMode reuse = config.reuse().mode();
    this.eviction = reuse == ReuseMode.NONE || reuse == ReuseMode.TRACE ? null
        : plugins.create(StrategyKind.EVICTION, config.reuse().eviction());
    this.pool = config.parallelism() == 1 ? KernelPool.sequential()
        : new KernelPool(config.parallelism());
    try {
      this.backends = Backends.create(config, pool);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
    boolean remote = backends.all().stream().anyMatch(b -> b.execType() != ExecType.CP);
    EvictionPolicy handles = null;
    if (eviction != null && remote) {
      try {
        handles = plugins.create(StrategyKind.EVICTION, config.reuse().handleEviction());
      } catch (RuntimeException e) {
        close();
        throw e;
      }
    }
    this.handleEviction = handles;
  }

  /**
   * A new, empty reuse cache of this engine's configuration (budget, policy, delay, spilling,
   * admission), or null when its reuse mode keeps none. Every run gets its own: runs of one
   * engine may overlap, and each should measure the reuse within it.
   */
  public ReuseCache newReuseCache() {
    if (eviction == null) {
      return null;
    }
    ReuseConfig r = config.reuse();
    ReuseCache cache = new ReuseCache(r.budget(Runtime.getRuntime().maxMemory()), eviction,
        r.delay(), r.spill(), disk, r.minComputeNanos());
    if (handleEviction != null) {
      for (Backend b : backends.all()) {
        if (b.execType() != ExecType.CP) {
          cache.addHandleRegion(b.name(), b::reuseBudget, handleEviction);
        }
      }
    }
    return cache;
  }

  /**
   * A new engine for {@code config}.
   *
   * @throws IllegalArgumentException for an unknown strategy, backend or option in the
   *     configuration's specs (the message lists the known names or keys), or an execution mode
   *     whose backend is not on the class path
   * @throws IllegalStateException when a backend cannot start here
   */
  public static Engine create(EngineConfig config) {
    return new Engine(Objects.requireNonNull(config, "config is null"));
  }

  /** A new engine with {@link EngineConfig#defaults()}. */
  public static Engine create() {
    return create(EngineConfig.defaults());
  }

  public EngineConfig config() {
    return config;
  }

  /** The kernel pool every kernel of this engine runs on. */
  public KernelPool pool() {
    return pool;
  }

  /** This engine's fusion plan selector (one instance: its plan cache serves every run). */
  public FusionPlanSelector selector() {
    return selector;
  }

  /** This engine's operator ordering. */
  public OperatorOrdering ordering() {
    return ordering;
  }

  /**
   * The engine's prefetch threads: as many as its kernel pool has (a prefetch mostly waits for
   * a remote job), daemons, shut down with the engine.
   */
  private synchronized java.util.concurrent.ExecutorService prefetchThreads() {
    checkOpen();
    if (prefetchThreads == null) {
      java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
      prefetchThreads = java.util.concurrent.Executors.newFixedThreadPool(
          Math.max(2, config.parallelism()), task -> {
            Thread t = new Thread(task, "planlab-prefetch-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
    }
    return prefetchThreads;
  }

  /** This engine's backends. */
  public Backends backends() {
    return backends;
  }

  /** The local (CP) memory budget in bytes that placement and the fusion cost model use. */
  public long localBudget() {
    return localBudget;
  }

  /**
   * The operator cache of the configured codegen compiler, created when first used (fusion
   * paper, sec. 2.1: equal CPlans compile once). It only grows with distinct operators, which
   * are few per algorithm.
   */
  public synchronized OperatorCache operators() {
    checkOpen();
    if (operators == null) {
      operators = new OperatorCache(new SourceGenerator(),
          OperatorCompiler.byName(config.codegenCompiler()));
    }
    return operators;
  }

  /**
   * Starts warming up the operator cache and its compiler on a daemon thread at the engine's
   * first compile, if code generation is on and {@link EngineConfig#codegenWarmUp()}: parsing
   * and the front end run meanwhile, and the compiler's own start (loading its classes,
   * describing the skeletons) no longer delays the script's first fused operators. The warm-up
   * operators are not cached and not counted; a warm-up that fails changes nothing
   * ({@link OperatorCache#warmUp}).
   */
  private synchronized void warmUpCodegen() {
    if (codegenWarmUpStarted || !config.codegenWarmUp() || selector instanceof NoFusion) {
      return;
    }
    codegenWarmUpStarted = true;
    Thread t = new Thread(operators()::warmUp, "planlab-codegen-warmup");
    t.setDaemon(true);
    t.start();
  }

  /** Compiles {@code script} with {@code $name} arguments through {@link Pipeline#defaults()}. */
  public CompiledScript compile(Path script, Map<String, String> args) {
    return compile(script, args, Pipeline.defaults());
  }

  /** Compiles {@code script} through {@code pipeline}. */
  public CompiledScript compile(Path script, Map<String, String> args, Pipeline pipeline) {
    return compile(script, args, pipeline, r -> { });
  }

  /**
   * Compiles {@code script} through {@code pipeline}, handing what code generation did to each
   * DAG at compile time to {@code codegenObserver} (for explain).
   */
  public CompiledScript compile(Path script, Map<String, String> args, Pipeline pipeline,
      Consumer<Codegen.Result> codegenObserver) {
    checkOpen();
    // parsing, validation and the rewrites recurse once per nesting level of an expression
    // (a generated 1 + 1 + ... + 1 is thousands deep), so they get the interpreter's stack too
    CompiledScript[] result = new CompiledScript[1];
    runWithLargeStack(() -> {
      Statistics stats = new Statistics();
      List<Diagnostic> warnings = new ArrayList<>();
      PhaseClock timing = clock(stats);
      PhaseClock clock = new PhaseClock() {
        @Override
        public <T> T time(CompilePhase phase, Supplier<T> step) {
          return timing.time(phase, step);
        }

        @Override
        public void warnings(List<Diagnostic> found) {
          warnings.addAll(found);
        }
      };
      warmUpCodegen();
      DmlParser parser = new DmlParser(args, config.libraryRoots());
      DmlProgram ast = clock.time(CompilePhase.PARSE, () -> parser.parse(script));
      Program ir = pipeline.frontend().toProgram(ast, clock);
      result[0] = compile(ir, pipeline, stats, codegenObserver, warnings);
    });
    return result[0];
  }

  /** Compiles an IR program (e.g. built by hand in tests) through the IR stages of a pipeline. */
  public CompiledScript compile(Program program, Pipeline pipeline) {
    checkOpen();
    return compile(program, pipeline, new Statistics(), r -> { }, List.of());
  }

  /** Compiles an IR program without rewrites or size information. */
  public CompiledScript compile(Program program) {
    return compile(program, new Pipeline((ast, clock) -> program,
        Pipeline.StaticRewrites.NONE, Pipeline.SizeAnalysis.NONE));
  }

  private CompiledScript compile(Program program, Pipeline pipeline, Statistics stats,
      Consumer<Codegen.Result> codegenObserver, List<Diagnostic> warnings) {
    PhaseClock clock = clock(stats);
    Program rewritten = clock.time(CompilePhase.REWRITES,
        () -> pipeline.rewriter().rewrite(program));
    Pipeline.SizeResult sizes = clock.time(CompilePhase.SIZES,
        () -> pipeline.sizes().analyze(rewritten));
    DagCompiler dags = dagCompiler(stats, codegenObserver);
    CompiledProgram compiled = clock.time(CompilePhase.LOWERING,
        () -> new ProgramLowering(dags, sizes.sizes(), sizes.recompile()::contains)
            .lower(sizes.program()));
    stats.addDags(compiled.dagCount());
    return new CompiledScript(compiled, sizes.sizes(), sizes.recompiler(), this, stats,
        warnings);
  }

  /** Runs a compiled script, printing to {@code out}, with the configured reuse. */
  public RunResult run(CompiledScript script, PrintStream out) {
    return run(script, Map.of(), out);
  }

  /**
   * Runs a compiled script with preset variables and the configured lineage tracing and reuse.
   * Each run has a reuse cache of its own ({@link #newReuseCache}), closed when it ends: reuse
   * is within a run (a grid search, a cross validation), so repeated runs of one script
   * measure the same work, and overlapping runs never see each other's values.
   */
  public RunResult run(CompiledScript script, Map<String, Data> inputs, PrintStream out) {
    ReuseMode mode = config.reuse().mode();
    if (mode == ReuseMode.NONE) {
      return run(script, inputs, out, ReuseHook.NONE);
    }
    try (ReuseCache cache = newReuseCache()) {
      return run(script, inputs, out, new LineageReuse(mode, cache, script.program().source()));
    }
  }

  /**
   * Runs a script this engine compiled with preset variables (e.g. inputs for tests) and a reuse
   * hook (the lineage/reuse seam; {@link ReuseHook#NONE} executes everything).
   *
   * @throws IllegalArgumentException for a script another engine compiled
   */
  public RunResult run(CompiledScript script, Map<String, Data> inputs, PrintStream out,
      ReuseHook hook) {
    checkOpen();
    if (script.engine() != this) {
      throw new IllegalArgumentException("the script was compiled by another engine; compile "
          + "it with this one (its operators, plans and placement belong to that engine)");
    }
    BlockPool buffers = recycles() ? new BlockPool(Runtime.getRuntime().maxMemory()
        / RECYCLE_HEAP_FRACTION) : null;
    InstructionExecutor executor = new InstructionExecutor(hook, buffers);
    DagCompiler lowerer = dagCompiler(script.statistics(), r -> { });
    Interpreter interpreter = new Interpreter(script.program(), executor, script.recompiler(),
        lowerer);
    Prefetcher prefetcher = config.async() ? new Prefetcher(prefetchThreads()) : null;
    ExecutionContext ctx = interpreter.newContext(config, pool, script.statistics(), out,
        backends, prefetcher);
    inputs.forEach(ctx::set);
    backends.all().forEach(b -> b.runStarted(script.statistics()));
    boolean done = false;
    try {
      runWithLargeStack(() -> interpreter.run(ctx));
      done = true;
    } finally {
      if (prefetcher != null) {
        // no prefetch outlives its run: a failed run cancels those still going
        if (done) {
          prefetcher.close();
        } else {
          prefetcher.cancel();
        }
      }
      backends.all().forEach(b -> b.runFinished(script.statistics()));
      if (buffers != null) {
        script.statistics().addBuffers(buffers.freshBytes(), buffers.recycledBytes());
      }
    }
    Map<String, LineageItem> lineage = new HashMap<>();
    if (hook.traces()) {
      ctx.variables().keySet().forEach(v -> lineage.put(v, ctx.lineage(v)));
    }
    return new RunResult(ctx.variables(), script.statistics().snapshot(), lineage);
  }

  /**
   * Whether runs recycle the buffers of dead intermediates: when configured, in single-node
   * runs without prefetching (remote backends and prefetches may hold a local value beyond
   * its variables; the executor also leaves them alone while lineage is traced).
   */
  private boolean recycles() {
    return config.recycle() && config.exec() == ExecMode.SINGLENODE && !config.async();
  }

  /**
   * The code-generation step for this engine's selector: none, or exploration, selection,
   * construction and compilation through the operator cache ({@link #operators()}), or, with
   * {@code config.operatorCache()} off, compiling every operator anew.
   */
  public DagFusion fusion(Statistics stats, Consumer<Codegen.Result> observer) {
    checkOpen();
    if (selector instanceof NoFusion) {
      return DagFusion.NONE;
    }
    OperatorCache cache = operators();
    // without the cache, operators still compile with the engine's compiler: javac's reused
    // file managers are part of the compiler, not of the cache
    OperatorSource operators = config.operatorCache() ? cache
        : OperatorCache.uncached(new SourceGenerator(), cache.compiler());
    Codegen codegen = new Codegen(selector, operators, stats, costs, distributedExecution(),
        System.err::println, config.codegenWarmUp());
    return d -> {
      Codegen.Result r = codegen.optimize(d.dag(), d.sizes());
      observer.accept(r);
      return r.dag() == d.dag() ? d : new SizedDag(r.dag(), r.sizes());
    };
  }

  /**
   * Which fused operators placement will put on the distributed backend, as the fusion cost
   * model sees it (fusion paper, sec. 4.2): in {@code hybrid} mode those exceeding the local
   * budget, in {@code spark} mode all, each with the backend's broadcast budget; none in the
   * {@code singlenode} and {@code gpu} modes.
   */
  public DistributedExecution distributedExecution() {
    Backend remote = backends.get(ExecType.SPARK);
    return switch (config.exec()) {
      case SINGLENODE, GPU -> DistributedExecution.NONE;
      case HYBRID -> new DistributedExecution(DistributedExecution.Scope.EXCEEDING_LOCAL_BUDGET,
          remote.broadcastBudget());
      case SPARK -> new DistributedExecution(DistributedExecution.Scope.ALL,
          remote.broadcastBudget());
    };
  }

  /** Fusion, placement and lowering of one DAG with this engine's strategies and backends. */
  public DagCompiler dagCompiler(Statistics stats, Consumer<Codegen.Result> observer) {
    return new DagCompiler(fusion(stats, observer), new Placer(config.exec(), localBudget,
        backends), ordering, backends, config.parallelism());
  }

  /** Closes the backends and the kernel pool; the engine cannot be used afterwards. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    java.util.concurrent.ExecutorService prefetch;
    synchronized (this) {
      prefetch = prefetchThreads;
    }
    try {
      if (prefetch != null) {
        prefetch.shutdownNow();
      }
      backends.close();
    } finally {
      pool.close();
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the engine is closed");
    }
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
