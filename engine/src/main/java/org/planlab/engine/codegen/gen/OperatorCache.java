package org.planlab.engine.codegen.gen;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.planlab.engine.codegen.cplan.CPlan;

/**
 * The operator cache (fusion paper, sec. 2.1): generated and compiled fused operators keyed by
 * their {@link CPlan}. Plans are records, so their structural equality and hash are the
 * "hash of the CPlan" that identifies equivalent operators: equal plans built from different
 * HOP DAGs share one class. An object with a lifetime (e.g. one per session), never static.
 *
 * <p>Thread-safe. Each plan is compiled at most once at a time: the first caller compiles,
 * concurrent callers for the same plan wait for that result, and callers for other plans
 * compile in parallel. Class names are {@code TMP<n>} from a per-cache counter.
 *
 * <p>Failures are not cached: a plan whose generation or compilation fails throws
 * {@link CodegenException} to every caller waiting on that attempt and is then removed, so a
 * later call tries again (and counts as another miss). Plans that fail are a compiler bug, rare
 * enough that retrying costs less than remembering them.
 */
public final class OperatorCache implements OperatorSource {
  private final SourceGenerator generator;
  private final OperatorCompiler compiler;
  private final ConcurrentMap<CPlan, Future<CompiledOperator>> operators =
      new ConcurrentHashMap<>();
  private final AtomicLong classCounter = new AtomicLong();
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  private final LongAdder failures = new LongAdder();
  private final LongAdder compileNanos = new LongAdder();

  /** An empty cache with the default generator and the Janino compiler. */
  public OperatorCache() {
    this(new SourceGenerator(), OperatorCompiler.janino());
  }

  /** An empty cache that compiles with {@code compiler}. */
  public OperatorCache(SourceGenerator generator, OperatorCompiler compiler) {
    this.generator = Objects.requireNonNull(generator, "generator is null");
    this.compiler = Objects.requireNonNull(compiler, "compiler is null");
  }

  /**
   * An operator source without a cache, the "no operator cache" baseline of the fusion paper's
   * Fig. 14: every lookup generates and compiles a new class (named {@code TMP<n>} from the
   * source's own counter), even for a plan it compiled before, and reports it as compiled.
   */
  public static OperatorSource uncached(SourceGenerator generator, OperatorCompiler compiler) {
    Objects.requireNonNull(generator, "generator is null");
    Objects.requireNonNull(compiler, "compiler is null");
    AtomicLong counter = new AtomicLong();
    return plan -> new Lookup(compile(generator, compiler, Objects.requireNonNull(plan,
        "plan is null"), "TMP" + counter.incrementAndGet()), true);
  }

  /** The compiler this cache uses. */
  public OperatorCompiler compiler() {
    return compiler;
  }

  /**
   * The compiled operator for {@code plan}: cached if an equal plan was compiled before, else
   * generated and compiled now.
   *
   * @throws CodegenException if the plan cannot be generated or compiled
   */
  public CompiledOperator getOrCompile(CPlan plan) {
    return lookup(plan).operator();
  }

  /** {@link #getOrCompile} that also says whether this call compiled the class. */
  @Override
  public Lookup lookup(CPlan plan) {
    Objects.requireNonNull(plan, "plan is null");
    boolean compiledHere = false;
    Future<CompiledOperator> cached = operators.get(plan);
    if (cached == null) {
      FutureTask<CompiledOperator> task = new FutureTask<>(() -> compile(plan));
      cached = operators.putIfAbsent(plan, task);
      if (cached == null) {
        misses.increment();
        compiledHere = true;
        task.run();
        cached = task;
      } else {
        hits.increment();
      }
    } else {
      hits.increment();
    }
    return new Lookup(await(plan, cached), compiledHere);
  }

  private CompiledOperator compile(CPlan plan) {
    CompiledOperator op = compile(generator, compiler, plan,
        "TMP" + classCounter.incrementAndGet());
    compileNanos.add(op.compileNanos());
    return op;
  }

  private static CompiledOperator compile(SourceGenerator generator, OperatorCompiler compiler,
      CPlan plan, String className) {
    long start = System.nanoTime();
    String source = generator.generate(plan, className);
    return new CompiledOperator(plan, className, source, compiler.compile(className, source),
        System.nanoTime() - start);
  }

  private CompiledOperator await(CPlan plan, Future<CompiledOperator> f) {
    try {
      return f.get();
    } catch (ExecutionException e) {
      if (operators.remove(plan, f)) {
        failures.increment();
      }
      Throwable cause = e.getCause();
      if (cause instanceof CodegenException ce) {
        throw ce;
      }
      throw new CodegenException("fused operator generation failed: " + cause, cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CodegenException("interrupted while waiting for a fused operator to compile", e);
    }
  }

  /** Lookups answered from the cache (including waits for a compile already under way). */
  public long hits() {
    return hits.sum();
  }

  /** Lookups that generated and compiled a class (successfully or not). */
  public long misses() {
    return misses.sum();
  }

  /** Compiles that failed with a CodegenException. */
  public long failures() {
    return failures.sum();
  }

  /** Total nanoseconds spent generating and compiling the cached classes. */
  public long compileNanos() {
    return compileNanos.sum();
  }

  /** Number of plans currently cached (including compiles under way). */
  public int size() {
    return operators.size();
  }
}
