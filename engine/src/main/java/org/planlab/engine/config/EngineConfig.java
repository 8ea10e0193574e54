package org.planlab.engine.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.planlab.engine.codegen.gen.OperatorCompiler;

/**
 * The immutable configuration of one engine run: parallelism, operator ordering, statistics,
 * limits. Built with {@link #builder()}; {@link #toBuilder()} derives variants.
 *
 * @param parallelism threads of the shared kernel pool and of parfor (>= 1)
 * @param ordering name of the {@link org.planlab.engine.spi.OperatorOrdering}
 * @param statistics whether per-instruction heavy hitters are collected
 * @param maxRecursionDepth nesting of user-function calls before "recursion too deep"
 * @param libraryRoots folders of the builtin DML library ({@code m_name} functions)
 * @param workingDirectory base of relative read/write paths
 * @param fusion name of the {@link org.planlab.engine.spi.FusionPlanSelector} ({@code none}
 *     disables code generation)
 * @param costConstants the fusion cost model's constants (defaults, or a calibrated profile)
 * @param codegenCompiler the compiler of generated operator classes, one of
 *     {@link OperatorCompiler#NAMES}: {@code janino} (default; fast, in memory) or {@code javac}
 *     (the JDK's compiler, the fusion paper's slower baseline, sec. 5.3; needs a JDK, else each
 *     operator falls back to the unfused plan with a warning)
 * @param operatorCache whether compiled operators are reused (default): with it on, equal
 *     CPlans compile once per JVM, through one JVM-wide cache per compiler; with it off, every
 *     CPlan is generated and compiled anew each time code generation meets it (so the codegen
 *     statistics count every compile and no cache hits) — the paper's Fig. 14 comparison
 */
public record EngineConfig(int parallelism, String ordering, boolean statistics,
    int maxRecursionDepth, List<Path> libraryRoots, Path workingDirectory, String fusion,
    org.planlab.engine.codegen.select.CostConstants costConstants, String codegenCompiler,
    boolean operatorCache) {

  public EngineConfig {
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be >= 1, was " + parallelism);
    }
    if (maxRecursionDepth < 1) {
      throw new IllegalArgumentException("maxRecursionDepth must be >= 1, was "
          + maxRecursionDepth);
    }
    Objects.requireNonNull(ordering, "ordering is null");
    libraryRoots = List.copyOf(libraryRoots);
    Objects.requireNonNull(workingDirectory, "workingDirectory is null");
    Objects.requireNonNull(fusion, "fusion is null");
    Objects.requireNonNull(costConstants, "costConstants is null");
    OperatorCompiler.checkName(codegenCompiler);
  }

  /**
   * Defaults: all available processors, depth-first, no statistics, depth 1000, fusion
   * {@code mpskip} (the fusion paper's cost-based MPSkipEnum, sec. 4; it lives in the
   * {@code optimizers} module, so a class path without it must choose {@code none}), Janino
   * with the operator cache.
   */
  public static EngineConfig defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().parallelism(parallelism).ordering(ordering).statistics(statistics)
        .maxRecursionDepth(maxRecursionDepth).libraryRoots(libraryRoots)
        .workingDirectory(workingDirectory).fusion(fusion).costConstants(costConstants)
        .codegenCompiler(codegenCompiler).operatorCache(operatorCache);
  }

  /** Mutable builder of an {@link EngineConfig}. */
  public static final class Builder {
    private int parallelism = Runtime.getRuntime().availableProcessors();
    private String ordering = "depth-first";
    private boolean statistics;
    private int maxRecursionDepth = 1000;
    private List<Path> libraryRoots = List.of();
    private Path workingDirectory = Path.of("").toAbsolutePath();
    private String fusion = "mpskip";
    private org.planlab.engine.codegen.select.CostConstants costConstants =
        org.planlab.engine.codegen.select.CostConstants.DEFAULTS;
    private String codegenCompiler = OperatorCompiler.JANINO;
    private boolean operatorCache = true;

    public Builder parallelism(int p) {
      this.parallelism = p;
      return this;
    }

    public Builder ordering(String name) {
      this.ordering = name;
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

    /** The fusion plan selector by name: none, fa, fnr, ... */
    public Builder fusion(String name) {
      this.fusion = name;
      return this;
    }

    /** The cost model's constants (e.g. from {@code planlab calibrate}). */
    public Builder costConstants(org.planlab.engine.codegen.select.CostConstants c) {
      this.costConstants = c;
      return this;
    }

    /** The compiler of generated operators by name: janino or javac. */
    public Builder codegenCompiler(String name) {
      this.codegenCompiler = name;
      return this;
    }

    /** Whether compiled operators are reused across DAGs and scripts of this JVM. */
    public Builder operatorCache(boolean on) {
      this.operatorCache = on;
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
          workingDirectory, fusion, costConstants, codegenCompiler, operatorCache);
    }
  }
}
