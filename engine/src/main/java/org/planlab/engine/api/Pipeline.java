package org.planlab.engine.api;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.planlab.engine.compile.build.HopBuilder;
import org.planlab.engine.compile.dynamic.DynamicRecompiler;
import org.planlab.engine.compile.dynamic.ProgramRewriter;
import org.planlab.engine.compile.rewrite.StaticRewriter;
import org.planlab.engine.compile.size.InterProceduralAnalysis;
import org.planlab.engine.compile.size.ProgramSizes;
import org.planlab.engine.compile.size.SizeTable;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.SizedDag;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.validate.DmlValidator;
import org.planlab.engine.lang.validate.ValidatedProgram;
import org.planlab.engine.runtime.Recompiler;
import org.planlab.engine.stats.CompilePhase;

/**
 * The compiler stages between parsing and lowering, as replaceable functions, so the facade
 * does not depend on how they are implemented (ARCHITECTURE.md data flow):
 * <ol>
 *   <li>{@link Frontend}: validate the AST and build the IR program (HOP builder);
 *   <li>{@link StaticRewrites}: static rewrites over the whole program (sec. 3.1);
 *   <li>{@link SizeAnalysis}: size propagation / IPA, dynamic rewrites, and the dynamic
 *       recompiler for DAGs whose sizes stay unknown (sec. 3.2, 4).
 * </ol>
 * The HOP builder binds every function argument at the call site, defaults included, so the
 * runtime never evaluates a default itself.
 * {@link #defaults()} is where the real implementations are wired.
 */
public record Pipeline(Frontend frontend, StaticRewrites rewriter, SizeAnalysis sizes) {

  public Pipeline {
    Objects.requireNonNull(frontend, "frontend is null");
    Objects.requireNonNull(rewriter, "rewriter is null");
    Objects.requireNonNull(sizes, "sizes is null");
  }

  /** AST -> IR; times VALIDATE and BUILD through the clock. */
  @FunctionalInterface
  public interface Frontend {
    Program toProgram(DmlProgram parsed, PhaseClock clock);
  }

  /** Static rewrites (optimizer paper, sec. 3.1). */
  @FunctionalInterface
  public interface StaticRewrites {
    StaticRewrites NONE = p -> p;

    Program rewrite(Program program);
  }

  /** Size propagation and IPA (sec. 3.2), dynamic rewrites, recompilation (sec. 4). */
  @FunctionalInterface
  public interface SizeAnalysis {
    /** Knows no sizes: every DAG runs as compiled, none is recompiled. */
    SizeAnalysis NONE = p -> new SizeResult(p, Map.of(), Set.of(), Recompiler.NONE);

    SizeResult analyze(Program program);
  }

  /**
   * What size analysis produces: the (dynamically rewritten) program, the known output sizes
   * per HOP, the DAGs with unknown sizes (recompilation candidates, sec. 4.1; identity set), and
   * the recompiler to call for them before they run.
   */
  public record SizeResult(Program program, Map<Hop, DataCharacteristics> sizes,
      Set<HopDag> recompile, Recompiler recompiler) {
    public SizeResult {
      Objects.requireNonNull(program, "program is null");
      IdentityHashMap<Hop, DataCharacteristics> s = new IdentityHashMap<>(sizes);
      sizes = Collections.unmodifiableMap(s);
      Set<HopDag> r = Collections.newSetFromMap(new IdentityHashMap<>());
      r.addAll(recompile);
      recompile = Collections.unmodifiableSet(r);
      Objects.requireNonNull(recompiler, "recompiler is null");
    }
  }

  /**
   * The pipeline {@code planlab exec} uses: validation, the HOP builder, static rewrites, IPA
   * with compile-time dynamic rewrites and run-time recompilation.
   */
  public static Pipeline defaults() {
    return withStaticRewrites(true);
  }

  /** {@link #defaults()} with the static rewrites on or off (for equivalence tests). */
  public static Pipeline withStaticRewrites(boolean enabled) {
    return new Pipeline(frontend(HopBuilder::build), StaticRewriter.of(enabled)::rewrite,
        sizeAnalysis());
  }

  /** Validation with {@link DmlValidator}, then {@code builder}; each phase timed. */
  public static Frontend frontend(Function<ValidatedProgram, Program> builder) {
    Objects.requireNonNull(builder, "builder is null");
    return (ast, clock) -> {
      ValidatedProgram v = clock.time(CompilePhase.VALIDATE,
          () -> new DmlValidator().validate(ast));
      clock.warnings(v.warnings());
      return clock.time(CompilePhase.BUILD, () -> builder.apply(v));
    };
  }

  /**
   * Size analysis by the sizes helper's entry points: inter-procedural analysis, the dynamic
   * rewrites it enables at compile time ({@link ProgramRewriter}), analysis again for the
   * rewritten DAGs, and {@link DynamicRecompiler} for the DAGs
   * whose sizes stay unknown.
   */
  public static SizeAnalysis sizeAnalysis() {
    return program -> {
      ProgramSizes first = InterProceduralAnalysis.analyze(program);
      Program rewritten = ProgramRewriter.rewrite(program, first);
      ProgramSizes sizes = InterProceduralAnalysis.analyze(rewritten);
      Map<Hop, DataCharacteristics> all = new IdentityHashMap<>();
      for (SizeTable t : sizes.tables().values()) {
        all.putAll(t.asMap());
      }
      return new SizeResult(rewritten, all, sizes.recompilationCandidates(), (dag, live) -> {
        DynamicRecompiler.Recompiled r = DynamicRecompiler.recompile(dag, live);
        return new SizedDag(r.dag(), r.sizes().asMap());
      });
    };
  }
}
