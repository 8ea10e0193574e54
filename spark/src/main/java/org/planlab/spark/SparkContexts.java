package org.planlab.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The JVM's SparkContext. Spark allows one active context per JVM, and starting one takes
 * seconds, so engines share it: a backend asks for a context with its configuration, gets the
 * running one when the master and the executor settings match, and otherwise the running one is
 * stopped and a new one started (engines of one JVM use one master at a time). The context
 * outlives the engines that used it and stops when the JVM ends.
 */
final class SparkContexts {
  private static JavaSparkContext current;
  private static String currentKey;
  private static boolean hookInstalled;

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

  /** Stops the running context, if any. */
  static synchronized void stop() {
    if (current != null) {
      current.stop();
      current = null;
      currentKey = null;
    }
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
