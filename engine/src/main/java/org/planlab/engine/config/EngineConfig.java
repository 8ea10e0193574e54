package org.planlab.engine.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.codegen.gen.OperatorCompiler;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.parallel.KernelPool;

/**
 * The immutable configuration of an engine (ARCHITECTURE.md, "Configuration"): parallelism,
 * strategies (as spec strings {@code name[:key=value,...]}), execution mode and memory budget,
 * backends, limits. Built with {@link #builder()}; {@link #toBuilder()} derives variants. An
 * {@link org.planlab.engine.api.Engine} is built from one and checks the specs when it creates
 * its strategies and backends.
 *
 * @param parallelism threads of the engine's kernel pool and of parfor, in [1,
 *     {@link KernelPool#MAX_PARALLELISM}]
 * @param ordering spec of the {@link org.planlab.engine.spi.OperatorOrdering}
 * @param statistics whether per-instruction heavy hitters and per-execution-type counts are
 *     collected
 * @param maxRecursionDepth nesting of user-function calls before "recursion too deep"
 * @param libraryRoots folders of the builtin DML library ({@code m_name} functions)
 * @param workingDirectory base of relative read/write paths
 * @param fusion spec of the {@link org.planlab.engine.spi.FusionPlanSelector} ({@code none}
 *     disables code generation; {@code mpskip:approximate=false} for exact MPSkipEnum)
 * @param costConstants the fusion cost model's constants (defaults, or a calibrated profile);
 *     their {@link CostConstants#localMemoryFraction()} is the local memory budget's share of
 *     the heap unless {@code localMemoryBudget} fixes it
 * @param codegenCompiler the compiler of generated operator classes, one of
 *     {@link OperatorCompiler#NAMES}: {@code janino} (default; fast, in memory) or {@code javac}
 *     (the JDK's compiler, the fusion paper's slower baseline, sec. 5.3; needs a JDK, else each
 *     operator falls back to the unfused plan with a warning)
 * @param operatorCache whether compiled operators are reused (default): with it on, equal
 *     CPlans compile once per engine; with it off, every CPlan is generated and compiled anew
 *     each time code generation meets it (so the codegen statistics count every compile and no
 *     cache hits) — the paper's Fig. 14 comparison
 * @param codegenWarmUp whether the first compile of the engine (with fusion on) starts a
 *     background thread that compiles one small operator per template and discards them
 *     (default): the code generator's compiler is loaded and set up while the front end still
 *     parses, so the script's first fused operators compile as fast as its later ones; and
 *     whether each new operator over large inputs is run on small synthetic ones in the
 *     background, so that the JIT has compiled it before its first large execution
 *     ({@link org.planlab.engine.codegen.gen.OperatorWarmUp})
 * @param exec which execution types placement may choose ({@link ExecMode})
 * @param localMemoryBudget the local (CP) memory budget in bytes that placement compares
 *     operation memory estimates with and the fusion cost model's memory constraint uses; 0
 *     derives it as the cost constants' fraction (0.7 by default, optimizer paper sec. 3.2) of
 *     the JVM's maximum heap
 * @param backends the backend spec per remote execution type ({@code SPARK -> spark},
 *     {@code GPU -> gpu} by default); used when the mode places operations there
 * @param reuse lineage tracing and reuse ({@link ReuseConfig#NONE} by default)
 * @param async whether remote results are prefetched asynchronously (MEMPHIS sec. 5.1): a
 *     transfer of a Spark or GPU result to the driver starts the job or the copy and returns at
 *     once, and the first driver operation that reads the value waits for it
 * @param timeline whether the statistics record each instruction's start and end (and each
 *     prefetch's), so overlap of remote and local work can be seen
 * @param recycle whether the dense buffers of intermediates that die are recycled for later
 *     blocks of the same size (default on; {@link org.planlab.engine.matrix.BlockPool}): in
 *     single-node runs without lineage tracing or prefetching, whose caches and prefetches
 *     hold values beyond their variables
 */
public record EngineConfig(int parallelism, String ordering, boolean statistics,
    int maxRecursionDepth, List<Path> libraryRoots, Path workingDirectory, String fusion,
    CostConstants costConstants, String codegenCompiler, boolean operatorCache,
    boolean codegenWarmUp, ExecMode exec, long localMemoryBudget,
    Map<ExecType, String> backends, ReuseConfig reuse, boolean async, boolean timeline,
    boolean recycle) {

  /** The default backend spec of each remote execution type. */
  public static final Map<ExecType, String> DEFAULT_BACKENDS =
      Map.of(ExecType.SPARK, "spark", ExecType.GPU, "gpu");

  public EngineConfig {
    KernelPool.checkParallelism("parallelism", parallelism);
    if (maxRecursionDepth < 1) {
      throw new IllegalArgumentException("maxRecursionDepth must be >= 1, was "
          + maxRecursionDepth);
    }
    if (localMemoryBudget < 0) {
      throw new IllegalArgumentException("localMemoryBudget must be >= 0 bytes (0: derived "
          + "from the heap), was " + localMemoryBudget);
    }
    Objects.requireNonNull(ordering, "ordering is null");
    libraryRoots = List.copyOf(libraryRoots);
    Objects.requireNonNull(workingDirectory, "workingDirectory is null");
    Objects.requireNonNull(fusion, "fusion is null");
    Objects.requireNonNull(costConstants, "costConstants is null");
    OperatorCompiler.checkName(codegenCompiler);
    Objects.requireNonNull(exec, "exec is null");
    Objects.requireNonNull(reuse, "reuse is null");
    EnumMap<ExecType, String> b = new EnumMap<>(ExecType.class);
    b.putAll(DEFAULT_BACKENDS);
    b.putAll(backends);
    b.remove(ExecType.CP);
    backends = Collections.unmodifiableMap(b);
  }

  /**
   * Defaults: all available processors, depth-first, no statistics, depth 1000, fusion
   * {@code mpskip} (the fusion paper's cost-based MPSkipEnum, sec. 4; it lives in the
   * {@code optimizers} module, so a class path without it must choose {@code none}), Janino
   * with the operator cache, single-node execution with the derived local budget.
   */
  public static EngineConfig defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The backend spec for {@code type} (never null for SPARK and GPU). */
  public String backend(ExecType type) {
    return backends.get(type);
  }

  /**
   * The local memory budget in bytes: {@link #localMemoryBudget()} when set, else the cost
   * constants' fraction of {@code maxHeap}.
   */
  public long localBudget(long maxHeap) {
    return localMemoryBudget > 0 ? localMemoryBudget
        : (long) (costConstants.localMemoryFraction() * maxHeap);
  }

  public Builder toBuilder() {
    return new Builder().parallelism(parallelism).ordering(ordering).statistics(statistics)
        .maxRecursionDepth(maxRecursionDepth).libraryRoots(libraryRoots)
        .workingDirectory(workingDirectory).fusion(fusion).costConstants(costConstants)
        .codegenCompiler(codegenCompiler).operatorCache(operatorCache)
        .codegenWarmUp(codegenWarmUp).exec(exec)
        .localMemoryBudget(localMemoryBudget).backends(backends).reuse(reuse).async(async)
        .timeline(timeline).recycle(recycle);
  }

  /** Mutable builder of an {@link EngineConfig}. */
  public static final class Builder {
    private int parallelism =
        Math.min(Runtime.getRuntime().availableProcessors(), KernelPool.MAX_PARALLELISM);
    private String ordering = "depth-first";
    private boolean statistics;
    private int maxRecursionDepth = 1000;
    private List<Path> libraryRoots = List.of();
    private Path workingDirectory = Path.of("").toAbsolutePath();
    private String fusion = "mpskip";
    private CostConstants costConstants = CostConstants.DEFAULTS;
    private String codegenCompiler = OperatorCompiler.JANINO;
    private boolean operatorCache = true;
    private boolean codegenWarmUp = true;
    private ExecMode exec = ExecMode.SINGLENODE;
    private long localMemoryBudget;
    private final Map<ExecType, String> backends = new EnumMap<>(DEFAULT_BACKENDS);
    private ReuseConfig reuse = ReuseConfig.NONE;
    private boolean async;
    private boolean timeline;
    private boolean recycle = true;

    public Builder parallelism(int p) {
      this.parallelism = p;
      return this;
    }

    /** The operator ordering spec: depth-first, ... */
    public Builder ordering(String spec) {
      this.ordering = spec;
      return this;
    }

    public Builder statistics(boolean on) {
      this.statistics = on;
      return this;
    }

    public Builder maxRecursionDepth(int depth) {
      this.maxRecursionDepth = depth;
      return this;
    }

    public Builder libraryRoots(List<Path> roots) {
      this.libraryRoots = roots;
      return this;
    }

    public Builder workingDirectory(Path dir) {
      this.workingDirectory = dir;
      return this;
    }

    /** The fusion plan selector spec: none, fa, fnr, mpskip, mpskip:approximate=false, ... */
    public Builder fusion(String spec) {
      this.fusion = spec;
      return this;
    }

    /** The cost model's constants (e.g. from {@code planlab calibrate}). */
    public Builder costConstants(CostConstants c) {
      this.costConstants = c;
      return this;
    }

    /** The compiler of generated operators by name: janino or javac. */
    public Builder codegenCompiler(String name) {
      this.codegenCompiler = name;
      return this;
    }

    /** Whether compiled operators are reused across DAGs and scripts of the engine. */
    public Builder operatorCache(boolean on) {
      this.operatorCache = on;
      return this;
    }

    /** Whether the first compile warms the operator compiler up in the background. */
    public Builder codegenWarmUp(boolean on) {
      this.codegenWarmUp = on;
      return this;
    }

    /** The execution mode: singlenode, hybrid, spark or gpu. */
    public Builder exec(ExecMode mode) {
      this.exec = mode;
      return this;
    }

    /** The local memory budget in bytes (0: the cost constants' fraction of the heap). */
    public Builder localMemoryBudget(long bytes) {
      this.localMemoryBudget = bytes;
      return this;
    }

    /** The backend spec for a remote execution type ({@code SPARK}, {@code GPU}). */
    public Builder backend(ExecType type, String spec) {
      if (type == ExecType.CP) {
        throw new IllegalArgumentException("the CP backend is always cp");
      }
      this.backends.put(type, Objects.requireNonNull(spec, "spec is null"));
      return this;
    }

    /** Asynchronous prefetch of remote results to the driver (MEMPHIS sec. 5.1). */
    public Builder async(boolean on) {
      this.async = on;
      return this;
    }

    /** Recording of every instruction's start and end in the statistics. */
    public Builder timeline(boolean on) {
      this.timeline = on;
      return this;
    }

    /** Whether the buffers of dead intermediates are recycled (on by default). */
    public Builder recycle(boolean on) {
      this.recycle = on;
      return this;
    }

    /** Lineage tracing and reuse. */
    public Builder reuse(ReuseConfig r) {
      this.reuse = r;
      return this;
    }

    /** Every backend spec of {@code specs}. */
    public Builder backends(Map<ExecType, String> specs) {
      specs.forEach(this::backend);
      return this;
    }

    /**
     * The configuration.
     *
     * @throws IllegalArgumentException for an invalid value, e.g. an unknown codegen compiler
     *     (the message lists the known ones)
     */
    public EngineConfig build() {
      return new EngineConfig(parallelism, ordering, statistics, maxRecursionDepth, libraryRoots,
          workingDirectory, fusion, costConstants, codegenCompiler, operatorCache, codegenWarmUp,
          exec, localMemoryBudget, backends, reuse, async, timeline, recycle);
    }
  }
}
