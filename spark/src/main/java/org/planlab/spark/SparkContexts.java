package org.planlab.spark;

import java.nio.file.Path;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The JVM's SparkContext. Spark allows one active context per JVM, and starting one takes
 * seconds, so engines share it: a backend asks for a context with its configuration, gets the
 * running one when the master and the executor settings match, and otherwise the running one is
 * stopped and a new one started (engines of one JVM use one master at a time). The context
 * outlives the engines that used it and stops when the JVM ends.
 *
 * <p>The jars packed for executors live here too ({@link #jarFolder()}): a context ships the
 * jars it started with to every executor that joins later, also to one a worker starts in place
 * of a lost executor, so they must outlive the backend that packed them.
 */
final class SparkContexts {
  private static JavaSparkContext current;
  private static String currentKey;
  private static boolean hookInstalled;
  private static Path jarFolder;

  private SparkContexts() {
  }

  /** The running context for {@code conf}, started if none matches. */
  static synchronized JavaSparkContext acquire(SparkConf conf) {
    String key = key(conf);
    if (current != null && key.equals(currentKey) && !current.sc().isStopped()) {
      return current;
    }
    if (current != null) {
      current.stop();
      current = null;
    }
    current = new JavaSparkContext(conf);
    currentKey = key;
    if (!hookInstalled) {
      Runtime.getRuntime().addShutdownHook(new Thread(SparkContexts::stop, "planlab-spark-stop"));
      hookInstalled = true;
    }
    return current;
  }

  /** Stops the running context, if any, and deletes the jars packed for its executors. */
  static synchronized void stop() {
    if (current != null) {
      current.stop();
      current = null;
      currentKey = null;
    }
    if (jarFolder != null) {
      Scratch.delete(jarFolder);
      jarFolder = null;
    }
  }

  /**
   * The folder of the jars packed for executors ({@link JarShipping}): it lives until
   * {@link #stop()}, across the backends and contexts of this JVM.
   */
  static synchronized Path jarFolder() {
    if (jarFolder == null) {
      jarFolder = Scratch.create();
    }
    return jarFolder;
  }

  /** What must match for a context to be shared: everything but the application's jars. */
  private static String key(SparkConf conf) {
    StringBuilder sb = new StringBuilder();
    for (var t : conf.getAll()) {
      if (!t._1().equals("spark.jars") && !t._1().startsWith("spark.app.")
          && !t._1().startsWith("spark.driver.port")) {
        sb.append(t._1()).append('=').append(t._2()).append('\n');
      }
    }
    java.util.List<String> lines = new java.util.ArrayList<>(java.util.List.of(
        sb.toString().split("\n")));
    java.util.Collections.sort(lines);
    return String.join("\n", lines);
  }
}
