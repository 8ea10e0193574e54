package org.planlab.spark;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.LongAdder;
import org.apache.spark.SparkEnv;
import org.planlab.engine.codegen.gen.CodegenException;
import org.planlab.engine.codegen.gen.OperatorCompiler;
import org.planlab.engine.codegen.runtime.SpoofOperator;

/**
 * The compiled fused operators of one executor JVM (fusion paper, sec. 2.1 and 5.5: the driver
 * ships the generated class's source in the task closure; executors compile it and reuse the
 * class across tasks). Keyed by class name and a SHA-256 of the source, since class names are
 * counters of one engine's operator cache and two engines of a JVM may both have a TMP1.
 *
 * <p>Deliberately JVM-wide: an executor has no engine object that could own a cache, and tasks
 * of every job on it must find the class compiled by the first. Each source is compiled at most
 * once at a time (concurrent tasks wait for the first); a failed compile is not kept, so a retry
 * of the task compiles again. Compilation goes through the engine's own Janino path
 * ({@link OperatorCompiler#janino()}), so an executor's class is built exactly as the driver's.
 */
final class ExecutorOperators {
  private static final ConcurrentMap<String, Future<SpoofOperator>> OPERATORS =
      new ConcurrentHashMap<>();
  private static final OperatorCompiler COMPILER = OperatorCompiler.janino();
  private static final LongAdder COMPILES = new LongAdder();

  private ExecutorOperators() {
  }

  /** The cache key of a generated class: its name and the SHA-256 of its source. */
  static String key(String className, String source) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest(source.getBytes(StandardCharsets.UTF_8));
      return className + "#" + HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }

  /**
   * The operator of {@code source}, compiled on first use in this JVM.
   *
   * @throws FusedCompileException naming the class, the executor and the compiler's error when
   *     the source does not compile here
   */
  static SpoofOperator get(String key, String className, String source) {
    Future<SpoofOperator> f = OPERATORS.get(key);
    if (f == null) {
      FutureTask<SpoofOperator> task = new FutureTask<>(() -> {
        COMPILES.increment();
        return COMPILER.compile(className, source);
      });
      f = OPERATORS.putIfAbsent(key, task);
      if (f == null) {
        f = task;
        task.run();
      }
    }
    try {
      return f.get();
    } catch (ExecutionException e) {
      OPERATORS.remove(key, f);
      Throwable cause = e.getCause();
      String why = cause instanceof CodegenException ? cause.getMessage() : String.valueOf(cause);
      throw new FusedCompileException("Spark executor " + executorId() + " cannot build the "
          + "fused operator the driver shipped: " + why);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while compiling fused operator " + className,
          e);
    }
  }

  /**
   * Registers an operator the driver compiled from the source of {@code key}: executors in the
   * driver's JVM (a local master) run that class instead of compiling the source again, and so
   * share its JIT-compiled code with the driver's own runs. A key already present keeps its
   * class.
   */
  static void offer(String key, SpoofOperator compiled) {
    OPERATORS.computeIfAbsent(key, k -> CompletableFuture.completedFuture(compiled));
  }

  /** Sources compiled in this JVM so far (failed attempts included). */
  static long compiles() {
    return COMPILES.sum();
  }

  private static String executorId() {
    SparkEnv env = SparkEnv.get();
    return env == null ? "(no Spark environment)" : env.executorId();
  }

  /**
   * An executor could not compile a shipped operator; the message says which and why. It
   * carries no cause: the compiler's exceptions need not be serializable, and the message
   * already holds the compiler's first error.
   */
  static final class FusedCompileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FusedCompileException(String message) {
      super(message);
    }
  }
}
