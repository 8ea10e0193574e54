package org.planlab.experiment.run;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.experiment.peer.PeerPointSpec;
import org.planlab.experiment.results.AtomicFiles;

/**
 * What a point's JVM ({@link PointMain}) runs, as the JSON file the runner hands it. Paths are
 * absolute text.
 *
 * @param point the point id
 * @param variant the variant name
 * @param script the DML script (a workload's driver, or the descriptor's script)
 * @param args the script's {@code -nvargs}, input files included (unmodifiable)
 * @param params the point's parameters, for the stats files (unmodifiable)
 * @param inputs input name to file (unmodifiable)
 * @param libraryRoots builtin-library folders (unmodifiable)
 * @param workingDirectory base of the script's relative paths
 * @param fusion the fusion plan selector
 * @param ordering the operator ordering
 * @param threads engine parallelism
 * @param costProfile a cost profile file, or null for the built-in constants
 * @param codegenCompiler the compiler of generated operators
 * @param operatorCache whether compiled operators are reused
 * @param exec the execution mode
 * @param localBudget the local memory budget in bytes, 0 for 70% of the heap
 * @param reuse the reuse mode
 * @param eviction the reuse cache's eviction policy spec
 * @param cacheBudget the reuse cache's memory in bytes, 0 for 5% of the heap
 * @param reuseDelay the delay factor of delayed caching
 * @param async whether remote results are prefetched to the driver asynchronously
 * @param timeline whether each measured run's timeline is written beside its stats file
 * @param recycle whether the buffers of dead intermediates are recycled
 * @param backend the spec of the remote backend ({@code cp}: none)
 * @param backendType the execution type the remote backend runs ({@code CP}: none)
 * @param warmup unmeasured runs
 * @param repeat measured runs
 * @param firstRep the number of the first measured run (later rounds of a point continue the
 *     numbering of the earlier ones)
 * @param runDir the run folder (stats files go to its stats/)
 * @param timeoutMillis the point's wall-time limit in milliseconds: its JVM ends itself past it
 *     (the runner enforces it as well)
 * @param peer the reference engine that runs the point instead of planlab, or null for planlab
 * @param machineReference whether the machine reference work is timed around every measured
 *     run ({@code reference: machine})
 */
public record PointSpec(String point, String variant, String script, Map<String, String> args,
    Map<String, String> params, Map<String, String> inputs, List<String> libraryRoots,
    String workingDirectory, String fusion, String ordering, int threads, String costProfile,
    String codegenCompiler, boolean operatorCache, String exec, long localBudget, String reuse,
    String eviction, long cacheBudget, int reuseDelay, boolean async, boolean timeline,
    boolean recycle, String backend, String backendType, int warmup, int repeat, int firstRep,
    String runDir, long timeoutMillis, PeerPointSpec peer, boolean machineReference) {

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  /** Checks the arguments and freezes the collections. */
  public PointSpec {
    requireNonNull(point, "point is null");
    requireNonNull(variant, "variant is null");
    requireNonNull(script, "script is null");
    args = freeze(args);
    params = freeze(params);
    inputs = freeze(inputs);
    libraryRoots = List.copyOf(libraryRoots);
    requireNonNull(workingDirectory, "workingDirectory is null");
    requireNonNull(fusion, "fusion is null");
    requireNonNull(ordering, "ordering is null");
    requireNonNull(codegenCompiler, "codegenCompiler is null");
    requireNonNull(exec, "exec is null");
    requireNonNull(reuse, "reuse is null");
    requireNonNull(eviction, "eviction is null");
    requireNonNull(backend, "backend is null");
    requireNonNull(backendType, "backendType is null");
    requireNonNull(runDir, "runDir is null");
    if (timeoutMillis <= 0) {
      throw new IllegalArgumentException("timeoutMillis must be > 0, was " + timeoutMillis);
    }
  }

  /** A point planlab runs, without reference work. */
  public PointSpec(String point, String variant, String script, Map<String, String> args,
      Map<String, String> params, Map<String, String> inputs, List<String> libraryRoots,
      String workingDirectory, String fusion, String ordering, int threads, String costProfile,
      String codegenCompiler, boolean operatorCache, String exec, long localBudget, String reuse,
      String eviction, long cacheBudget, int reuseDelay, boolean async, boolean timeline,
      boolean recycle, String backend, String backendType, int warmup, int repeat, int firstRep,
      String runDir, long timeoutMillis) {
    this(point, variant, script, args, params, inputs, libraryRoots, workingDirectory, fusion,
        ordering, threads, costProfile, codegenCompiler, operatorCache, exec, localBudget, reuse,
        eviction, cacheBudget, reuseDelay, async, timeline, recycle, backend, backendType, warmup,
        repeat, firstRep, runDir, timeoutMillis, null, false);
  }

  /** Writes this spec to {@code file} atomically. */
  public void write(Path file) {
    try {
      AtomicFiles.write(file, JSON.writeValueAsBytes(this));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  /** Reads a spec written by {@link #write}. */
  public static PointSpec read(Path file) throws IOException {
    return JSON.readValue(file.toFile(), PointSpec.class);
  }

  private static Map<String, String> freeze(Map<String, String> m) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(m));
  }
}
