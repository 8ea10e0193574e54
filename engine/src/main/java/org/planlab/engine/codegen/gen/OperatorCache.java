package org.planlab.engine.codegen.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.SpoofOperator;

/**
 * The operator cache (fusion paper, sec. 2.1): generated and compiled fused operators keyed by
 * their {@link CPlan}. Plans are records, so their structural equality and hash are the
 * "hash of the CPlan" that identifies equivalent operators: equal plans built from different
 * HOP DAGs share one class. An object with a lifetime (e.g. one per session), never static.
 *
 * <p>The plans of one {@link #lookupAll} that are not cached yet are compiled together, in one
 * invocation of the compiler ({@link OperatorCompiler#compileAll}); a plan that fails to
 * generate or compile fails alone.
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
  private final ConcurrentMap<CPlan, CompletableFuture<CompiledOperator>> operators =
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
    return new OperatorSource() {
      @Override
      public Lookup lookup(CPlan plan) {
        return lookupAll(List.of(plan)).get(0).get();
      }

      @Override
      public List<Attempt<Lookup>> lookupAll(List<CPlan> plans) {
        List<String> names = new ArrayList<>(plans.size());
        for (CPlan plan : plans) {
          Objects.requireNonNull(plan, "plan is null");
          names.add("TMP" + counter.incrementAndGet());
        }
        List<Attempt<Lookup>> out = new ArrayList<>(plans.size());
        for (Built b : compile(generator, compiler, plans, names)) {
          out.add(b.failure() == null ? Attempt.of(new Lookup(b.operator(), true))
              : Attempt.failed(asCodegenException(b.failure())));
        }
        return out;
      }
    };
  }

  /**
   * Prepares a fresh JVM for this cache's first lookups, without caching or counting anything:
   * compares and hashes plans of every template (a record's {@code equals} and {@code hashCode}
   * are set up at their first call, and every lookup hashes its plan), then warms the compiler
   * up ({@link OperatorCompiler#warmUp}). Never throws; true if all of it worked.
   */
  public boolean warmUp() {
    try {
      List<CPlan> plans = WarmUpPlans.plans();
      List<CPlan> equal = WarmUpPlans.plans();
      boolean keys = plans.equals(equal) && plans.hashCode() == equal.hashCode();
      return compiler.warmUp() && keys;
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
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
    return lookupAll(List.of(plan)).get(0).get();
  }

  @Override
  public List<Attempt<Lookup>> lookupAll(List<CPlan> plans) {
    List<CompletableFuture<CompiledOperator>> results = new ArrayList<>(plans.size());
    boolean[] compiledHere = new boolean[plans.size()];
    List<CPlan> claimed = new ArrayList<>();
    List<CompletableFuture<CompiledOperator>> claims = new ArrayList<>();
    for (int i = 0; i < plans.size(); i++) {
      CPlan plan = Objects.requireNonNull(plans.get(i), "plan is null");
      CompletableFuture<CompiledOperator> cached = operators.get(plan);
      if (cached == null) {
        CompletableFuture<CompiledOperator> claim = new CompletableFuture<>();
        cached = operators.putIfAbsent(plan, claim);
        if (cached == null) {
          misses.increment();
          compiledHere[i] = true;
          claimed.add(plan);
          claims.add(claim);
          cached = claim;
        } else {
          hits.increment();
        }
      } else {
        hits.increment();
      }
      results.add(cached);
    }
    compileClaimed(claimed, claims);
    List<Attempt<Lookup>> out = new ArrayList<>(plans.size());
    for (int i = 0; i < plans.size(); i++) {
      try {
        out.add(Attempt.of(new Lookup(await(plans.get(i), results.get(i)), compiledHere[i])));
      } catch (CodegenException e) {
        out.add(Attempt.failed(e));
      }
    }
    return out;
  }

  /** Compiles the plans this call claimed and completes each claim. */
  private void compileClaimed(List<CPlan> plans,
      List<CompletableFuture<CompiledOperator>> claims) {
    if (plans.isEmpty()) {
      return;
    }
    List<String> names = new ArrayList<>(plans.size());
    for (int i = 0; i < plans.size(); i++) {
      names.add("TMP" + classCounter.incrementAndGet());
    }
    List<Built> results;
    try {
      results = compile(generator, compiler, plans, names);
    } catch (Throwable t) {
      // a failure no single unit caused: every plan of the call falls back to unfused
      // operators, as a failed compile of each would (the waiting callers wrap it)
      claims.forEach(c -> c.completeExceptionally(t));
      return;
    }
    for (int i = 0; i < plans.size(); i++) {
      Built b = results.get(i);
      if (b.failure() == null) {
        compileNanos.add(b.operator().compileNanos());
        claims.get(i).complete(b.operator());
      } else {
        claims.get(i).completeExceptionally(b.failure());
      }
    }
  }

  /** The operator of one plan, or the exception that stopped its generation or compilation. */
  private record Built(CompiledOperator operator, RuntimeException failure) {
  }

  /**
   * Generates the plans' sources and compiles them in one call of the compiler. Each operator's
   * compile time is its own generation time plus an equal share of the call's compile time.
   */
  private static List<Built> compile(SourceGenerator generator, OperatorCompiler compiler,
      List<CPlan> plans, List<String> names) {
    long[] nanos = new long[plans.size()];
    Built[] built = new Built[plans.size()];
    List<OperatorCompiler.Unit> units = new ArrayList<>();
    List<Integer> planOf = new ArrayList<>();
    for (int i = 0; i < plans.size(); i++) {
      long start = System.nanoTime();
      try {
        units.add(new OperatorCompiler.Unit(names.get(i), generator.generate(plans.get(i),
            names.get(i))));
        planOf.add(i);
      } catch (RuntimeException e) {
        built[i] = new Built(null, e);
      }
      nanos[i] = System.nanoTime() - start;
    }
    long start = System.nanoTime();
    List<Attempt<SpoofOperator>> outcomes = compiler.compileAll(units);
    long share = units.isEmpty() ? 0 : (System.nanoTime() - start) / units.size();
    for (int u = 0; u < units.size(); u++) {
      int i = planOf.get(u);
      Attempt<SpoofOperator> o = outcomes.get(u);
      built[i] = o.failure() != null ? new Built(null, o.failure())
          : new Built(new CompiledOperator(plans.get(i), names.get(i), units.get(u).source(),
              o.value(), nanos[i] + share), null);
    }
    return List.of(built);
  }

  private CompiledOperator await(CPlan plan, CompletableFuture<CompiledOperator> f) {
    try {
      return f.get();
    } catch (ExecutionException e) {
      if (operators.remove(plan, f)) {
        failures.increment();
      }
      throw asCodegenException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CodegenException("interrupted while waiting for a fused operator to compile", e);
    }
  }

  private static CodegenException asCodegenException(Throwable cause) {
    if (cause instanceof CodegenException ce) {
      return ce;
    }
    return new CodegenException("fused operator generation failed: " + cause, cause);
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
