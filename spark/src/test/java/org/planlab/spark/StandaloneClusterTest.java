package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.config.ExecMode;

/**
 * The workloads' drivers on a real standalone Spark cluster — a master and two workers of one
 * core, separate JVMs started by {@code scripts/spark-cluster.sh} — in {@code spark} mode give
 * the models of a CP run, also when a worker and its executor die in the middle of a job (Spark
 * paper, sec. 4: lost partitions are recomputed from their lineage), and stopping the cluster
 * ends every process it started.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StandaloneClusterTest {
  /** Relative error allowed between the cluster's and CP's models. */
  private static final double TOL = 1e-9;
  /** Spark jobs the L2SVM run completes before a worker is killed. */
  private static final long KILL_AFTER_JOBS = 30;
  private static final String VICTIM = "worker-2";

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
    backend = "spark:master=" + cluster.masterUrl() + ",executorMemory=1g,blockSize=250";
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
    Map<String, String> args = Map.of("X", DriverRun.write(data, "ratings", x).toString(),
        "U", DriverRun.write(data, "U0", uniform(rnd, m, rank)).toString(),
        "V", DriverRun.write(data, "V0", uniform(rnd, n, rank)).toString(),
        "rank", Integer.toString(rank), "regType", "wL2", "lambda", "0.01", "maxiter", "3",
        "check", "FALSE");
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
  void l2svmModelSurvivesTheLossOfAWorkerInTheMiddleOfAJob() throws Exception {
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

    WorkerKiller killer = new WorkerKiller();
    long t0 = System.nanoTime();
    DriverRun spark = DriverRun.run("l2svm", data, args, outs, ExecMode.SPARK, backend, killer);
    killer.finish();
    System.out.printf("l2svm on the cluster: %d Spark jobs in %.1f s, %s killed after job %d%n",
        spark.spark().jobs(), (System.nanoTime() - t0) / 1e9, VICTIM, killer.killedAfter.get());
    if (killer.error.get() != null) {
      throw new AssertionError("killing " + VICTIM + " failed", killer.error.get());
    }
    assertTrue(killer.killedAfter.get() > 0, "the l2svm run ended after "
        + spark.spark().jobs() + " Spark jobs, before " + VICTIM + " was killed");
    assertTrue(spark.spark().jobs() > killer.killedAfter.get(),
        "no Spark job ran after " + VICTIM + " was killed");
    assertTrue(spark.spark().executorsRemoved() >= 1,
        "Spark did not notice the lost executor: " + spark.spark());
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
   * Kills {@link #VICTIM} and its executor from a background thread once the run has started
   * {@link #KILL_AFTER_JOBS} Spark jobs and a job is running.
   */
  private static final class WorkerKiller implements Consumer<SparkBackend> {
    final AtomicLong killedAfter = new AtomicLong();
    final AtomicReference<Throwable> error = new AtomicReference<>();
    private volatile boolean done;
    private Thread thread;

    @Override
    public void accept(SparkBackend b) {
      thread = new Thread(() -> {
        try {
          while (!done) {
            long jobs = b.counters().snapshot().jobs();
            if (jobs >= KILL_AFTER_JOBS
                && b.context().statusTracker().getActiveJobIds().length > 0
                && !cluster.executorsOf(VICTIM).isEmpty()) {
              cluster.kill(VICTIM);
              killedAfter.set(jobs);
              return;
            }
            Thread.sleep(5);
          }
        } catch (Throwable t) {
          error.set(t);
        }
      }, "kill-" + VICTIM);
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

  private static double[][] uniform(Random rnd, int rows, int cols) {
    double[][] a = new double[rows][cols];
    for (double[] row : a) {
      for (int j = 0; j < cols; j++) {
        row[j] = rnd.nextDouble() - 0.5;
      }
    }
    return a;
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
