package org.planlab.experiment.peer;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.planlab.experiment.results.AtomicFiles;

/**
 * The SystemDS settings a variant chooses: the {@code SystemDS-config.xml} file that SystemDS
 * reads with {@code -config}, and its execution mode.
 *
 * @param codegen {@code sysds.codegen.enabled}: operator fusion with SystemDS's cost-based plan
 *     selector (its default, the fusion paper's MPSkipEnum); SystemDS's own default is off
 * @param optLevel {@code sysds.optlevel}, 0 to 5; SystemDS's default is 2 (local memory-based
 *     optimization with static and dynamic rewrites)
 * @param exec SystemDS's {@code -exec} mode: {@code singlenode}, {@code hybrid} or {@code spark}
 *     (every matrix operation it can run on Spark runs there)
 * @param master the Spark master of the hybrid and spark modes, {@code local[K]} (SystemDS's
 *     executors need its own jars, which only its local master has); null for singlenode
 */
public record SystemDsConfig(boolean codegen, int optLevel, String exec, String master) {
  /** The lowest optimization level SystemDS 3.3.0 knows ({@code O0_LOCAL_STATIC}). */
  public static final int MIN_OPT_LEVEL = 0;
  /** The highest optimization level SystemDS 3.3.0 knows ({@code O5_DEBUG_MODE}). */
  public static final int MAX_OPT_LEVEL = 5;
  /** SystemDS's default optimization level. */
  public static final int DEFAULT_OPT_LEVEL = 2;
  /** The name SystemDS gives its configuration file. */
  public static final String FILE_NAME = "SystemDS-config.xml";
  /** SystemDS's execution modes. */
  public static final List<String> EXEC_MODES = List.of("singlenode", "hybrid", "spark");
  private static final Pattern LOCAL_MASTER = Pattern.compile("local(\\[(\\d+|\\*)\\])?");

  /** Checks the optimization level, the mode and its master. */
  public SystemDsConfig {
    if (optLevel < MIN_OPT_LEVEL || optLevel > MAX_OPT_LEVEL) {
      throw new IllegalArgumentException("the SystemDS optimization level must be in ["
          + MIN_OPT_LEVEL + ", " + MAX_OPT_LEVEL + "], was " + optLevel);
    }
    if (!EXEC_MODES.contains(exec)) {
      throw new IllegalArgumentException("SystemDS's execution mode must be one of "
          + EXEC_MODES + ", was '" + exec + "'");
    }
    if (exec.equals("singlenode") != (master == null)) {
      throw new IllegalArgumentException("SystemDS's " + exec + " mode "
          + (master == null ? "needs a Spark master" : "runs no Spark master, was given "
          + master));
    }
    if (master != null && !LOCAL_MASTER.matcher(master).matches()) {
      throw new IllegalArgumentException("SystemDS runs Spark on a local master (local[K]) "
          + "only: a cluster's executors would need SystemDS's jars; was '" + master + "'");
    }
  }

  /** Single-node SystemDS with these settings. */
  public static SystemDsConfig singleNode(boolean codegen, int optLevel) {
    return new SystemDsConfig(codegen, optLevel, "singlenode", null);
  }

  /** SystemDS's defaults: no code generation, optimization level 2, single-node. */
  public static SystemDsConfig defaults() {
    return singleNode(false, DEFAULT_OPT_LEVEL);
  }

  /**
   * The configuration file's text. Scratch space and local temporary files go below
   * {@code workDir} (SystemDS puts them in its working directory otherwise, and may leave them
   * behind when it is killed).
   */
  public String xml(Path workDir) {
    Path dir = workDir.toAbsolutePath();
    return "<root>\n"
        + "  <sysds.codegen.enabled>" + codegen + "</sysds.codegen.enabled>\n"
        + "  <sysds.optlevel>" + optLevel + "</sysds.optlevel>\n"
        + "  <sysds.scratch>" + escape(dir.resolve("scratch_space").toString())
        + "</sysds.scratch>\n"
        + "  <sysds.localtmpdir>" + escape(dir.resolve("tmp").toString())
        + "</sysds.localtmpdir>\n"
        + "</root>\n";
  }

  /** Writes {@link #xml} to {@code workDir}/{@link #FILE_NAME} atomically; the file. */
  public Path write(Path workDir) {
    Path file = workDir.resolve(FILE_NAME);
    AtomicFiles.writeString(file, xml(workDir));
    return file;
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
