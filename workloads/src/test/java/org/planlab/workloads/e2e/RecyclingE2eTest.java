package org.planlab.workloads.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.matrix.BlockPool;

/**
 * Workloads on dense inputs with more rows than {@link BlockPool#MIN_CELLS}, so that their
 * vectors and matrices are recycled: with recycling on, the runs hand dead intermediates'
 * buffers out again, and their objective and outputs equal those of the runs without it bit for
 * bit ({@link Variants#assertSameWithoutRecycling}; {@link LargerInputsE2eTest} checks every
 * workload the same way on its sparse inputs).
 */
class RecyclingE2eTest {
  private static final int ROWS = BlockPool.MIN_CELLS + 2000;

  @TempDir
  Path dir;

  private String write(String name, double[][] values) throws IOException {
    return WorkloadRun.write(dir, name, values).toString();
  }

  private void assertRecycled(String workload, Map<String, String> args, List<String> outputs)
      throws IOException {
    WorkloadRun run = Variants.assertSameWithoutRecycling(
        setup -> WorkloadRun.run(workload, dir, args, outputs, setup));
    assertTrue(run.statistics().buffers().recycledBytes() > 0,
        workload + " recycled nothing: " + run.statistics().buffers());
  }

  @Test
  void l2svm() throws IOException {
    Random rnd = new Random(901);
    double[][] x = Checks.gaussian(rnd, ROWS, 4);
    double[] score = Checks.linearResponse(rnd, x, 0.5);
    double[] y = new double[x.length];
    for (int i = 0; i < y.length; i++) {
      y[i] = score[i] >= 0 ? 1 : -1;
    }
    assertRecycled("l2svm", Map.of("X", write("X", x), "Y", write("Y", WorkloadRun.column(y)),
        "maxiter", "5"), List.of("out_model"));
  }

  @Test
  void multiLogReg() throws IOException {
    Random rnd = new Random(902);
    double[][] x = Checks.gaussian(rnd, ROWS, 4);
    double[] y = Checks.classLabels(rnd, x, 2, 1.0);
    assertRecycled("multiLogReg", Map.of("X", write("X", x),
        "Y", write("Y", WorkloadRun.column(y)), "maxiter", "4", "maxii", "4"),
        List.of("out_betas"));
  }

  @Test
  void kmeans() throws IOException {
    Random rnd = new Random(903);
    double[][] x = Checks.uniform(rnd, ROWS, 3, 0, 5);
    double[][] c = {x[0].clone(), x[1].clone(), x[2].clone()};
    assertRecycled("kmeans", Map.of("X", write("X", x), "C", write("C", c), "k", "3",
        "maxiter", "5"), List.of("out_C"));
  }

  @Test
  void autoencoder() throws IOException {
    // batches of 512 rows by 64 hidden units: 32,768 cells
    Random rnd = new Random(904);
    int n = 1200;
    int m = 20;
    int h1 = 64;
    int h2 = 2;
    Map<String, String> args = new HashMap<>(Map.of("X", write("X", Checks.gaussian(rnd, n, m)),
        "W1", write("W1", Checks.uniform(rnd, h1, m, -1, 1)),
        "W2", write("W2", Checks.uniform(rnd, h2, h1, -1, 1)),
        "W3", write("W3", Checks.uniform(rnd, h1, h2, -1, 1)),
        "W4", write("W4", Checks.uniform(rnd, m, h1, -1, 1)),
        "order", write("order", Checks.uniform(rnd, n, 1, 0, 1))));
    args.putAll(Map.of("H1", String.valueOf(h1), "H2", String.valueOf(h2), "epochs", "2",
        "batch", "512", "step", "0.1"));
    assertRecycled("autoencoder_2layer", args, List.of("out_W1", "out_hidden"));
  }
}
