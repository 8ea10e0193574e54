package org.planlab.engine.api;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.runtime.Recompiler;

/**
 * The compiler stages between parsing and lowering, as replaceable functions, so the facade
 * does not depend on how they are implemented (ARCHITECTURE.md data flow):
 * <ol>
 *   <li>{@link Frontend}: validate the AST and build the IR program (HOP builder);
 *   <li>{@link ProgramRewriter}: static rewrites over the whole program;
 *   <li>{@link SizeAnalysis}: size propagation / IPA, dynamic rewrites, and the dynamic
 *       recompiler for DAGs whose sizes stay unknown;
 *   <li>optionally, the compiler of parameter default expressions (to a DAG whose single root
 *       is the value) when the HOP builder leaves omitted arguments to the callee.
 * </ol>
 * {@link #defaults()} is where the real implementations are wired.
 */
public record Pipeline(Frontend frontend, ProgramRewriter rewriter, SizeAnalysis sizes,
    Optional<Function<Expression, HopDag>> defaultCompiler) {

  public Pipeline {
    Objects.requireNonNull(frontend, "frontend is null");
    Objects.requireNonNull(rewriter, "rewriter is null");
    Objects.requireNonNull(sizes, "sizes is null");
    Objects.requireNonNull(defaultCompiler, "defaultCompiler is null");
  }

  /**
   * A pipeline whose HOP builder binds every function argument at the call site (no default
   * is evaluated in the callee).
   */
  public Pipeline(Frontend frontend, ProgramRewriter rewriter, SizeAnalysis sizes) {
    this(frontend, rewriter, sizes, Optional.empty());
  }

  /** AST -> IR; times VALIDATE and BUILD through the clock. */
  @FunctionalInterface
  public interface Frontend {
    Program toProgram(DmlProgram parsed, PhaseClock clock);
  }

  /** Static rewrites (optimizer paper, sec. 3.1). */
  @FunctionalInterface
  public interface ProgramRewriter {
    ProgramRewriter NONE = p -> p;

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
   * The pipeline {@code planlab exec} uses. WIRING POINT for the merge: replace the frontend
   * with {@code (ast, clock) -> HopBuilder over the validated program}, the rewriter with
   * {@code StaticRewriter}, the size analysis with {@code SizePropagation}/IPA plus the sizes
   * helper's recompiler, and (if the builder leaves defaults to the callee) the default
   * compiler. Until then scripts fail with a clear message after parsing.
   */
  public static Pipeline defaults() {
    return new Pipeline((ast, clock) -> {
      throw new UnsupportedOperationException("the DML front end (validation and HOP builder) "
          + "is not part of this build yet; only parsing is available");
    }, ProgramRewriter.NONE, SizeAnalysis.NONE);
  }
}
