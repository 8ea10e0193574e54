package org.planlab.experiment.peer;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of one SystemDS run:
 * {@code java -Xmx<heap> <jvm options> <Java 17 flags> -cp "<lib>/*"
 * org.apache.sysds.api.DMLScript -f SCRIPT -config CONFIG -exec MODE -stats N -nvargs k=v ...},
 * with {@code -Dspark.master=MASTER -Dspark.app.name=SystemDS} before the class path in the
 * hybrid and spark modes.
 *
 * @param java the java binary (the runner's own, so both engines run on the same JVM)
 * @param heap the maximum heap, as the descriptor's {@code jvm.heap} gives it to planlab's point
 *     JVMs
 * @param jvmOptions the descriptor's {@code jvm.options}, as planlab's point JVMs get them
 *     (unmodifiable)
 * @param lib the folder of SystemDS's jars ({@link SystemDsJars#lib})
 */
public record SystemDsCommand(Path java, String heap, List<String> jvmOptions, Path lib) {
  /** SystemDS's entry point. */
  public static final String MAIN = "org.apache.sysds.api.DMLScript";
  /**
   * The packages SystemDS (and the Spark and Hadoop classes it loads even in single-node mode)
   * reach into by reflection, which Java 17 forbids unless they are opened.
   */
  public static final List<String> JAVA17_FLAGS = List.of(
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.ref=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
      "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
      "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED");
  /**
   * Heavy hitters {@code -stats} lists: enough for every instruction of the workloads, so that
   * the fused operators' counts are complete (SystemDS lists the 10 most expensive by default).
   */
  public static final int HEAVY_HITTERS = 1000;

  /** Checks the arguments and freezes the options. */
  public SystemDsCommand {
    requireNonNull(java, "java is null");
    requireNonNull(heap, "heap is null");
    jvmOptions = List.copyOf(jvmOptions);
    requireNonNull(lib, "lib is null");
  }

  /** The java binary of this JVM. */
  public static Path currentJava() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /**
   * The command that runs {@code script} with {@code settings}, whose configuration file is
   * {@code config}.
   *
   * <p>The mode is the variant's: {@code singlenode} unless it names another, since planlab's
   * variants run single-node unless they name a backend, and SystemDS's default (hybrid) would
   * start a local Spark context for an operation whose size it does not know at compile time
   * (multiLogReg's {@code table()} does). Its hybrid and spark modes read the Spark master and
   * application name from system properties when no {@code spark-submit} set them.
   *
   * @param nvargs the script's named arguments, in order
   */
  public List<String> command(Path script, SystemDsConfig settings, Path config,
      Map<String, String> nvargs) {
    List<String> cmd = new ArrayList<>();
    cmd.add(java.toString());
    cmd.add("-Xmx" + heap);
    cmd.addAll(jvmOptions);
    cmd.addAll(JAVA17_FLAGS);
    if (settings.master() != null) {
      cmd.add("-Dspark.master=" + settings.master());
      cmd.add("-Dspark.app.name=SystemDS");
    }
    cmd.add("-cp");
    // the JVM expands "<dir>/*" to the folder's jars (a class path of 260 jars stays short)
    cmd.add(lib.toAbsolutePath().resolve("*").toString());
    cmd.add(MAIN);
    cmd.add("-f");
    cmd.add(script.toAbsolutePath().toString());
    cmd.add("-config");
    cmd.add(config.toAbsolutePath().toString());
    cmd.add("-exec");
    cmd.add(settings.exec());
    cmd.add("-stats");
    cmd.add(Integer.toString(HEAVY_HITTERS));
    if (!nvargs.isEmpty()) {
      cmd.add("-nvargs");
      nvargs.forEach((k, v) -> cmd.add(k + "=" + v));
    }
    return List.copyOf(cmd);
  }
}
