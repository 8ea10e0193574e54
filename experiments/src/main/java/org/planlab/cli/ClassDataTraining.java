package org.planlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.planlab.workloads.WorkloadCatalog;
import picocli.CommandLine;

/**
 * The run whose classes {@code ./planlab} records into its class-data archive (README,
 * "Start-up"; JDK application class-data sharing: the JVM that runs this with
 * {@code -XX:ArchiveClassesAtExit} writes every class it loaded into the archive, and later
 * JVMs map those classes instead of loading, parsing and verifying them again).
 *
 * <p>It runs what a planlab JVM typically loads, through the command line in this JVM: {@code
 * datagen} for small inputs, then {@code exec --stats} of the workload drivers of the fusion
 * paper's Table 2 (L2SVM, MLogreg, KMeans, ALS-CG, PNMF, AutoEncoder) on those inputs, with two
 * iterations or a small network, so that parsing, compilation, code generation with Janino
 * (every template), the kernels, the file formats and the statistics are all covered; then
 * L2SVM and MLogreg forced to Spark on a local master (blocks small enough that the input is
 * distributed), so that Spark's context, scheduler, executors and the Spark backend's operators
 * are archived too: creating a SparkContext then maps its classes instead of loading them. Classes
 * it does not load are loaded as usual later; an archive only saves time. Its output is not
 * meant to be read.
 *
 * <p>Usage: {@code ClassDataTraining [DIR]}: inputs go to DIR (default: a new temporary folder,
 * deleted afterwards). Exit code 0, or 1 if a command failed.
 */
public final class ClassDataTraining {

  private ClassDataTraining() {
  }

  public static void main(String[] args) throws IOException {
    boolean temporary = args.length == 0;
    Path dir = temporary ? Files.createTempDirectory("planlab-cds") : Path.of(args[0]);
    int exit;
    try {
      exit = run(dir, new PrintWriter(System.out, true));
    } finally {
      if (temporary) {
        deleteTree(dir);
      }
    }
    System.exit(exit);
  }

  /** The commands of the training run, in order, each a planlab command line. */
  static List<List<String>> commands(Path dir, Path drivers) {
    String x = dir.resolve("X.bin").toString();
    String y = dir.resolve("y.bin").toString();
    List<List<String>> c = new ArrayList<>();
    c.add(datagen("dense-uniform", x, "--rows", "1000", "--cols", "10", "--seed", "7"));
    c.add(datagen("labels-from-model", y, "--of", x, "--classes", "2", "--seed", "11"));
    c.add(datagen("dense-uniform", file(dir, "C"), "--rows", "5", "--cols", "10", "--seed", "8"));
    c.add(datagen("sparse-powerlaw", file(dir, "R"), "--rows", "300", "--cols", "200",
        "--sparsity", "0.05", "--seed", "13"));
    c.add(datagen("dense-uniform", file(dir, "U"), "--rows", "300", "--cols", "5",
        "--min", "-0.5", "--max", "0.5", "--seed", "17"));
    c.add(datagen("dense-uniform", file(dir, "V"), "--rows", "200", "--cols", "5",
        "--min", "-0.5", "--max", "0.5", "--seed", "18"));
    c.add(datagen("nonneg-sparse", file(dir, "P"), "--rows", "300", "--cols", "200",
        "--sparsity", "0.05", "--seed", "19"));
    c.add(datagen("dense-uniform", file(dir, "F"), "--rows", "300", "--cols", "5", "--seed",
        "20"));
    c.add(datagen("dense-uniform", file(dir, "H"), "--rows", "5", "--cols", "200", "--seed",
        "21"));
    c.add(datagen("dense-uniform", file(dir, "A"), "--rows", "200", "--cols", "20", "--seed",
        "7"));
    c.add(datagen("dense-uniform", file(dir, "order"), "--rows", "200", "--cols", "1", "--seed",
        "29"));
    int[][] weights = {{10, 20}, {2, 10}, {10, 2}, {20, 10}};
    for (int i = 0; i < weights.length; i++) {
      c.add(datagen("dense-uniform", file(dir, "W" + (i + 1)), "--rows",
          Integer.toString(weights[i][0]), "--cols", Integer.toString(weights[i][1]),
          "--min", "-1", "--max", "1", "--seed", Integer.toString(30 + i)));
    }
    c.add(exec(drivers, "l2svm", "X=" + x, "Y=" + y, "maxiter=2"));
    c.add(exec(drivers, "multiLogReg", "X=" + x, "Y=" + y, "maxiter=2"));
    c.add(exec(drivers, "kmeans", "X=" + x, "C=" + file(dir, "C"), "maxiter=2"));
    c.add(exec(drivers, "alsCG", "X=" + file(dir, "R"), "U=" + file(dir, "U"),
        "V=" + file(dir, "V"), "rank=5", "maxiter=2"));
    c.add(exec(drivers, "pnmf", "X=" + file(dir, "P"), "W=" + file(dir, "F"),
        "H=" + file(dir, "H"), "rank=5", "maxiter=2"));
    c.add(exec(drivers, "autoencoder_2layer", "X=" + file(dir, "A"), "W1=" + file(dir, "W1"),
        "W2=" + file(dir, "W2"), "W3=" + file(dir, "W3"), "W4=" + file(dir, "W4"),
        "order=" + file(dir, "order"), "H1=10", "H2=2", "batch=64"));
    String xs = file(dir, "Xs");
    String ys = file(dir, "ys");
    c.add(datagen("dense-uniform", xs, "--rows", "5000", "--cols", "10", "--seed", "7"));
    c.add(datagen("labels-from-model", ys, "--of", xs, "--classes", "2", "--seed", "11"));
    c.add(onSpark(exec(drivers, "l2svm", "X=" + xs, "Y=" + ys, "maxiter=2")));
    c.add(onSpark(exec(drivers, "multiLogReg", "X=" + xs, "Y=" + ys, "maxiter=2")));
    return c;
  }

  /** Runs the commands; 0, or 1 after the first one that failed (its output on {@code out}). */
  static int run(Path dir, PrintWriter out) {
    Path drivers = WorkloadCatalog.standard().driverFolder();
    for (List<String> command : commands(dir, drivers)) {
      StringWriter err = new StringWriter();
      CommandLine cl = PlanlabCommand.commandLine();
      cl.setOut(out);
      cl.setErr(new PrintWriter(err, true));
      int exit = cl.execute(command.toArray(String[]::new));
      if (exit != 0) {
        out.println("planlab " + String.join(" ", command) + " failed (" + exit + "): " + err);
        return 1;
      }
    }
    return 0;
  }

  private static String file(Path dir, String name) {
    return dir.resolve(name + ".bin").toString();
  }

  private static List<String> datagen(String generator, String out, String... options) {
    List<String> c = new ArrayList<>(List.of("datagen", generator, "--no-progress",
        "--threads", "2", "--out", out));
    c.addAll(List.of(options));
    return c;
  }

  private static List<String> exec(Path drivers, String workload, String... args) {
    List<String> c = new ArrayList<>(List.of("exec",
        drivers.resolve(workload + ".dml").toString(), "--stats", "-nvargs"));
    c.addAll(List.of(args));
    return c;
  }

  /** {@code command} (an exec) with every operation forced to Spark, on the default master. */
  private static List<String> onSpark(List<String> command) {
    List<String> c = new ArrayList<>(command);
    c.addAll(2, List.of("--exec", "spark", "--backend", "spark:blockSize=100"));
    return c;
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
