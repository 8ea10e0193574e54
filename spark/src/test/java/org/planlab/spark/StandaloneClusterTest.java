package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.config.ExecMode;

/**
 * The workloads' drivers on a real standalone Spark cluster — a master and two workers of one
 * core, separate JVMs started by {@code scripts/spark-cluster.sh} — in {@code spark} mode give
 * the models of a CP run, also when a worker and its executor die in the middle of a job and
 * then the other worker's executor (Spark paper, sec. 4: lost partitions are recomputed from
 * their lineage), and stopping the cluster ends every process it started.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
// a driver whose executors cannot start waits for them forever: bound every test
@Timeout(value = 170, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StandaloneClusterTest {
  /** Relative error allowed between the cluster's and CP's models. */
  private static final double TOL = 1e-9;
  /** Spark jobs the L2SVM run starts before a worker dies. */
  private static final long KILL_WORKER_AFTER_JOBS = 30;
  /** Spark jobs the L2SVM run starts before the other worker's executor dies. */
  private static final long KILL_EXECUTOR_AFTER_JOBS = 70;
  private static final String VICTIM = "worker-2";
  private static final String SURVIVOR = "worker-1";

  @TempDir
  static Path data;
  private static ClusterScript cluster;
  private static String backend;

  @BeforeAll
  static void startCluster() {
    Path dir = Path.of("target", "standalone-cluster").toAbsolutePath();
    cluster = ClusterScript.start(dir, 2, "2g");
    // 1g executors (one per worker, all of its core); small blocks give the small test
    // matrices several blocks, so jobs have several tasks on both executors
    backend = "spark:master=" + cluster.masterUrl() + ",executorMemory=1g,blockSize=250,smallInDriver=false";
  }

  @AfterAll
  static void stopCluster() {
    try {
      SparkContexts.stop();
    } finally {
      if (cluster != null) {
        cluster.stop();
      }
    }
  }

  @Test
  @Order(1)
  void alsCgFactorsOnTheClusterEqualTheCpRun() throws IOException {
    Random rnd = new Random(907);
    int m = 600;
    int n = 120;
    int rank = 4;
    double[][] x = new double[m][n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        if (rnd.nextDouble() < 0.1) {
          x[i][j] = 1 + 4 * rnd.nextDouble();
        }
      }
    }
    // both runs draw the initial factors from the seed (rand's per-block seeds, wherever it runs)
    Map<String, String> args = Map.of("X", DriverRun.write(data, "ratings", x).toString(),
        "seed", "907", "rank", Integer.toString(rank), "regType", "wL2", "lambda", "0.01",
        "maxiter", "3", "check", "FALSE");
    List<String> outs = List.of("out_U", "out_V");
    DriverRun cp = DriverRun.run("alsCG", data, args, outs, ExecMode.SINGLENODE, null, null);
    long t0 = System.nanoTime();
    DriverRun spark = DriverRun.run("alsCG", data, args, outs, ExecMode.SPARK, backend, null);
    System.out.printf("alsCG on the cluster: %d Spark jobs in %.1f s%n", spark.spark().jobs(),
        (System.nanoTime() - t0) / 1e9);
    assertTrue(spark.spark().jobs() > 0, "the alsCG run started no Spark job");
    assertClose("U", cp.matrix("out_U"), spark.matrix("out_U"));
    assertClose("V", cp.matrix("out_V"), spark.matrix("out_V"));
    assertClose("objective", new double[][] {{cp.objective()}},
        new double[][] {{spark.objective()}});
  }

  @Test
  @Order(2)
  void l2svmModelSurvivesLostWorkersAndExecutorsInTheMiddleOfJobs() throws Exception {
    Random rnd = new Random(911);
    int n = 2000;
    int m = 20;
    double[][] x = new double[n][m];
    double[] w = new double[m];
    for (int j = 0; j < m; j++) {
      w[j] = rnd.nextGaussian();
    }
    double[][] y = new double[n][1];
    for (int i = 0; i < n; i++) {
      double score = 0.5 * rnd.nextGaussian();
      for (int j = 0; j < m; j++) {
        x[i][j] = rnd.nextGaussian();
        score += x[i][j] * w[j];
      }
      y[i][0] = score >= 0 ? 1 : -1;
    }
    Map<String, String> args = Map.of("X", DriverRun.write(data, "X", x).toString(),
        "Y", DriverRun.write(data, "Y", y).toString(), "icpt", "1", "lambda", "0.01",
        "tol", "1e-12", "maxiter", "10");
    List<String> outs = List.of("out_model");
    DriverRun cp = DriverRun.run("l2svm", data, args, outs, ExecMode.SINGLENODE, null, null);

    List<ProcessHandle> firstExecutors = cluster.executorsOf(SURVIVOR);
    Faults faults = new Faults();
    long t0 = System.nanoTime();
    DriverRun spark = DriverRun.run("l2svm", data, args, outs, ExecMode.SPARK, backend, faults);
    faults.finish();
    System.out.printf("l2svm on the cluster: %d Spark jobs in %.1f s, %s killed after job %d, "
        + "the executor of %s after job %d%n", spark.spark().jobs(),
        (System.nanoTime() - t0) / 1e9, VICTIM, faults.workerKilledAfter.get(), SURVIVOR,
        faults.executorKilledAfter.get());
    if (faults.error.get() != null) {
      throw new AssertionError("injecting the failures failed", faults.error.get());
    }
    assertTrue(faults.workerKilledAfter.get() > 0 && faults.executorKilledAfter.get() > 0,
        "the l2svm run ended after " + spark.spark().jobs() + " Spark jobs, before both "
        + "failures were injected");
    assertTrue(spark.spark().jobs() > faults.executorKilledAfter.get(),
        "no Spark job ran after the failures");
    assertTrue(spark.spark().executorsRemoved() >= 2,
        "Spark did not notice both lost executors: " + spark.spark());
    List<ProcessHandle> replacement = cluster.executorsOf(SURVIVOR);
    assertTrue(!replacement.isEmpty() && replacement.stream().noneMatch(firstExecutors::contains),
        SURVIVOR + " runs no new executor: " + replacement + ", before " + firstExecutors);
    assertClose("model", cp.matrix("out_model"), spark.matrix("out_model"));
    assertClose("objective", new double[][] {{cp.objective()}},
        new double[][] {{spark.objective()}});
  }

  @Test
  @Order(3)
  void stoppingTheClusterEndsEveryProcessItStarted() {
    SparkContexts.stop();
    cluster.observe();
    cluster.stop();
    assertEquals(List.of(), cluster.alive(), "processes of the cluster still alive after stop");
  }

  /**
   * Injects two failures from a background thread, each while a Spark job runs: after
   * {@link #KILL_WORKER_AFTER_JOBS} jobs {@link #VICTIM} dies with its executor (a lost machine:
   * its tasks, cached blocks and shuffle files are recomputed from their lineage on the other
   * executor, Spark paper sec. 4); after {@link #KILL_EXECUTOR_AFTER_JOBS} jobs the executor of
   * {@link #SURVIVOR} dies, and its worker starts a new one, which must get planlab's classes
   * from the driver to run the remaining tasks.
   */
  private static final class Faults implements Consumer<SparkBackend> {
    final AtomicLong workerKilledAfter = new AtomicLong();
    final AtomicLong executorKilledAfter = new AtomicLong();
    final AtomicReference<Throwable> error = new AtomicReference<>();
    private volatile boolean done;
    private Thread thread;

    @Override
    public void accept(SparkBackend b) {
      thread = new Thread(() -> {
        try {
          while (!done && executorKilledAfter.get() == 0) {
            long jobs = b.counters().snapshot().jobs();
            boolean running = jobs > 0 && b.context().statusTracker().getActiveJobIds().length > 0;
            if (running && workerKilledAfter.get() == 0 && jobs >= KILL_WORKER_AFTER_JOBS
                && !cluster.executorsOf(VICTIM).isEmpty()) {
              cluster.kill(VICTIM);
              workerKilledAfter.set(jobs);
            } else if (running && workerKilledAfter.get() > 0
                && jobs >= KILL_EXECUTOR_AFTER_JOBS) {
              List<ProcessHandle> executors = cluster.executorsOf(SURVIVOR);
              if (!executors.isEmpty()) {
                executors.forEach(ProcessHandle::destroyForcibly);
                executorKilledAfter.set(jobs);
              }
            }
            Thread.sleep(5);
          }
        } catch (Throwable t) {
          error.set(t);
        }
      }, "inject-failures");
      thread.setDaemon(true);
      thread.start();
    }

    void finish() throws InterruptedException {
      done = true;
      if (thread != null) {
        thread.join(30_000);
      }
    }
  }

  /**
   * Asserts |a - e| <= TOL * max(|e|, 1e-3 * max|e|) per cell: relative error, cells near zero
   * compared at the matrix's scale.
   */
  private static void assertClose(String what, double[][] expected, double[][] actual) {
    assertEquals(expected.length, actual.length, what + ": rows");
    double scale = 0;
    for (double[] row : expected) {
      for (double v : row) {
        scale = Math.max(scale, Math.abs(v));
      }
    }
    double floor = Math.max(1e-3 * scale, Double.MIN_NORMAL);
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i].length, actual[i].length, what + ": columns of row " + i);
      for (int j = 0; j < expected[i].length; j++) {
        double e = expected[i][j];
        double a = actual[i][j];
        if (!(Math.abs(a - e) <= TOL * Math.max(Math.abs(e), floor))) {
          throw new AssertionError(String.format("%s[%d,%d]: %.17g on the cluster, %.17g in CP "
              + "(rel. error %.3g > %.0g)", what, i + 1, j + 1, a, e,
              Math.abs(a - e) / Math.abs(e), TOL));
        }
      }
    }
  }
}
