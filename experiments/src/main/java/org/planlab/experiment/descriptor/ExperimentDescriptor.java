package org.planlab.experiment.descriptor;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.experiment.peer.PeerEngines;
import org.planlab.experiment.peer.SystemDsConfig;

/**
 * An experiment as {@link DescriptorLoader} resolved it from a YAML descriptor: every default
 * filled in, every name checked. The grid of an experiment is the cartesian product of the
 * parameter and data-parameter lists (each list of more than one value is an axis) times the
 * variants.
 *
 * @param file the descriptor file
 * @param sha256 hex SHA-256 of the descriptor file's bytes (a run resumes only the same file)
 * @param name the experiment name, {@code [A-Za-z0-9._-]+}; results go to
 *     {@code <results-root>/<name>/<run-id>/}
 * @param description free text ({@code ""} by default)
 * @param studies what runs at every point of the grid: one per workload of {@code workload}
 *     (a name or a list of names: workloads are the outermost grid axis) or the one
 *     {@code script} (unmodifiable, at least one)
 * @param backend where points run
 * @param variants the engine configurations compared at every grid point, the first is the
 *     baseline (unmodifiable, at least one)
 * @param repeat measured runs per point (>= 1)
 * @param warmup unmeasured runs per point before the measured ones (>= 0)
 * @param rounds how often every point runs, round-robin, each time in a fresh JVM with its
 *     warm-up and repeats; the rounds' measured runs are pooled (1 to {@link #MAX_ROUNDS})
 * @param timeout wall-time limit of one point's JVM (all its runs)
 * @param threads engine parallelism of variants that do not set their own
 * @param jvm heap and options of the points' JVMs
 * @param reference the same-run reference work timed between a point's runs:
 *     {@link #REFERENCE_NONE} or {@link #REFERENCE_MACHINE}
 */
public record ExperimentDescriptor(Path file, String sha256, String name, String description,
    List<Study> studies, Backend backend, List<Variant> variants, int repeat, int warmup,
    int rounds, Duration timeout, int threads, Jvm jvm, String reference) {
  /** The most rounds a descriptor or {@code --rounds} may ask for. */
  public static final int MAX_ROUNDS = 1000;
  /** No reference work: the points' runs follow each other directly. */
  public static final String REFERENCE_NONE = "none";
  /**
   * A fixed unit of machine work (streaming and multiply-adds) measured before the first and
   * after every measured run, so that each run's CPU time can be divided by the CPU time of the
   * same work on the machine as it was during that run.
   */
  public static final String REFERENCE_MACHINE = "machine";
  /** The values of {@code reference}. */
  public static final List<String> REFERENCES = List.of(REFERENCE_NONE, REFERENCE_MACHINE);

  /** Checks the arguments and freezes the collections. */
  public ExperimentDescriptor {
    requireNonNull(file, "file is null");
    requireNonNull(sha256, "sha256 is null");
    requireNonNull(name, "name is null");
    requireNonNull(description, "description is null");
    studies = List.copyOf(studies);
    if (studies.isEmpty()) {
      throw new IllegalArgumentException("at least one workload or a script is needed");
    }
    requireNonNull(backend, "backend is null");
    variants = List.copyOf(variants);
    if (variants.isEmpty()) {
      throw new IllegalArgumentException("at least one variant is needed");
    }
    if (repeat < 1 || warmup < 0 || threads < 1 || rounds < 1 || rounds > MAX_ROUNDS) {
      throw new IllegalArgumentException("repeat >= 1, warmup >= 0, threads >= 1 and rounds in "
          + "[1, " + MAX_ROUNDS + "] are needed");
    }
    requireNonNull(timeout, "timeout is null");
    requireNonNull(jvm, "jvm is null");
    checkReference(reference);
  }

  /**
   * Checks a {@code reference} value.
   *
   * @throws IllegalArgumentException naming the value and the valid ones
   */
  public static void checkReference(String reference) {
    if (!REFERENCES.contains(reference)) {
      throw new IllegalArgumentException("unknown reference '" + reference + "'; valid values: "
          + String.join(", ", REFERENCES));
    }
  }

  /** Whether points time the machine reference work between their runs. */
  public boolean machineReference() {
    return reference.equals(REFERENCE_MACHINE);
  }

  /**
   * What a grid point runs: a catalogue workload's driver or a script, with its parameters and
   * inputs.
   *
   * @param workload the catalogue workload, or null when {@code script} is given
   * @param script the DML script (absolute), or null when {@code workload} is given
   * @param params script arguments by name, each a list of values as command-line text (one value:
   *     a constant; more: a grid axis). For a workload every parameter of the workload is present,
   *     defaults from the catalogue, in catalogue order (unmodifiable)
   * @param data the inputs in generation order (every input comes after the inputs it refers to);
   *     for a workload every input of the workload (unmodifiable)
   */
  public record Study(String workload, Path script, Map<String, List<String>> params,
      List<DataInput> data) {
    /** Checks the arguments and freezes the collections. */
    public Study {
      if ((workload == null) == (script == null)) {
        throw new IllegalArgumentException("exactly one of workload and script must be given");
      }
      params = freeze(params);
      data = List.copyOf(data);
    }

    /** The {@code workload} column of its points: the workload, or the script's base name. */
    public String label() {
      return workload != null ? workload
          : script.getFileName().toString().replaceFirst("\\.dml$", "");
    }
  }

  /**
   * One input matrix: a generator and its parameters, each a list of values as text (more than
   * one value: a grid axis). Values may be references ({@code @X} the file of input X,
   * {@code @X.rows}, {@code @X.cols}, {@code $k} a parameter), see
   * {@link org.planlab.workloads.DataSpec}.
   *
   * @param name the input name (the script argument that receives the file)
   * @param generator the datagen generator name
   * @param params generator parameters by name, in a stable order (unmodifiable)
   */
  public record DataInput(String name, String generator, Map<String, List<String>> params) {
    /** Checks the arguments and freezes the parameters. */
    public DataInput {
      requireNonNull(name, "name is null");
      requireNonNull(generator, "generator is null");
      params = freeze(params);
    }
  }

  /**
   * One engine configuration.
   *
   * @param name the variant name, {@code [A-Za-z0-9._-]+}
   * @param fusion the fusion plan selector
   * @param ordering the operator ordering
   * @param threads engine parallelism, or null for the experiment's {@code threads}
   * @param costProfile a cost-model profile (absolute), or null for the built-in constants
   * @param codegenCompiler the Java compiler of generated operators ({@code janino} or
   *     {@code javac})
   * @param operatorCache whether compiled operators are reused within the point's engine
   * @param exec the execution mode ({@code singlenode}, {@code hybrid}, {@code spark},
   *     {@code gpu})
   * @param localBudget the local memory budget in bytes, or 0 for 70% of the point's heap
   * @param reuse the reuse mode ({@code none}, {@code trace}, {@code full}, {@code multilevel})
   * @param eviction the reuse cache's eviction policy spec
   * @param cacheBudget the reuse cache's memory in bytes, or 0 for 5% of the point's heap
   * @param reuseDelay the delay factor of delayed caching (1: store at once)
   * @param async whether remote results are prefetched to the driver asynchronously (MEMPHIS
   *     sec. 5.1)
   * @param timeline whether each measured run's timeline (instruction and prefetch spans) is
   *     recorded and stored beside its stats file
   * @param recycle whether the buffers of dead intermediates are recycled (single-node runs)
   * @param engine the engine that runs the variant's points: {@code planlab}, or a reference
   *     engine of {@link PeerEngines#names()} that runs the same driver in a forked JVM
   * @param engineConfig the reference engine's settings, null for planlab
   */
  public record Variant(String name, String fusion, String ordering, Integer threads,
      Path costProfile, String codegenCompiler, boolean operatorCache, String exec,
      long localBudget, String reuse, String eviction, long cacheBudget, int reuseDelay,
      boolean async, boolean timeline, boolean recycle, String engine,
      SystemDsConfig engineConfig) {
    /** A variant planlab runs. */
    public Variant(String name, String fusion, String ordering, Integer threads,
        Path costProfile, String codegenCompiler, boolean operatorCache, String exec,
        long localBudget, String reuse, String eviction, long cacheBudget, int reuseDelay,
        boolean async, boolean timeline, boolean recycle) {
      this(name, fusion, ordering, threads, costProfile, codegenCompiler, operatorCache, exec,
          localBudget, reuse, eviction, cacheBudget, reuseDelay, async, timeline, recycle,
          PeerEngines.PLANLAB, null);
    }

    /** Checks the arguments. */
    public Variant {
      requireNonNull(engine, "engine is null");
      PeerEngines.check(engine);
      if (PeerEngines.isPeer(engine) != (engineConfig != null)) {
        throw new IllegalArgumentException("a reference engine needs its config, planlab none");
      }
      requireNonNull(name, "name is null");
      requireNonNull(fusion, "fusion is null");
      requireNonNull(ordering, "ordering is null");
      requireNonNull(codegenCompiler, "codegenCompiler is null");
      requireNonNull(exec, "exec is null");
      requireNonNull(reuse, "reuse is null");
      requireNonNull(eviction, "eviction is null");
    }
  }

  /**
   * The backend that runs the experiment's remote operations, besides CP.
   *
   * @param type the backend's name ({@code cp}: none besides CP)
   * @param execType the execution type it runs ({@code CP}, {@code SPARK}, {@code GPU})
   * @param spec its spec with the descriptor's options, {@code name[:key=value,...]}
   */
  public record Backend(String type, String execType, String spec) {
    /** Checks the arguments. */
    public Backend {
      requireNonNull(type, "type is null");
      requireNonNull(execType, "execType is null");
      requireNonNull(spec, "spec is null");
    }

    /** Only CP. */
    public static Backend cp() {
      return new Backend("cp", "CP", "cp");
    }
  }

  /**
   * The JVM of each point.
   *
   * @param heap the maximum heap, as {@code -Xmx} takes it ({@code 8g})
   * @param options further JVM options, appended after planlab's own (unmodifiable)
   */
  public record Jvm(String heap, List<String> options) {
    /** Checks the arguments and freezes the options. */
    public Jvm {
      requireNonNull(heap, "heap is null");
      options = List.copyOf(options);
    }
  }

  /** The variant every other is compared with (the first). */
  public Variant baseline() {
    return variants.get(0);
  }

  /** The descriptor as resolved, as JSON (the {@code descriptor} field of run.json). */
  public ObjectNode toJson() {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode o = f.objectNode();
    o.put("name", name);
    o.put("description", description);
    ArrayNode ss = o.putArray("studies");
    for (Study st : studies) {
      ObjectNode so = ss.addObject();
      if (st.workload() != null) {
        so.put("workload", st.workload());
      } else {
        so.put("script", st.script().toString());
      }
      so.set("params", valuesJson(st.params()));
      ObjectNode d = so.putObject("data");
      for (DataInput in : st.data()) {
        ObjectNode i = d.putObject(in.name());
        i.put("generator", in.generator());
        i.setAll(valuesJson(in.params()));
      }
    }
    o.putObject("backend").put("type", backend.type());
    ObjectNode vs = o.putObject("variants");
    for (Variant v : variants) {
      ObjectNode vo = vs.putObject(v.name());
      vo.put("fusion", v.fusion());
      vo.put("ordering", v.ordering());
      vo.put("exec", v.exec());
      if (v.threads() != null) {
        vo.put("threads", v.threads());
      }
      if (v.costProfile() != null) {
        vo.put("costProfile", v.costProfile().toString());
      }
      vo.put("codegenCompiler", v.codegenCompiler());
      vo.put("operatorCache", v.operatorCache());
      vo.put("recycle", v.recycle());
      vo.put("async", v.async());
      vo.put("timeline", v.timeline());
      if (v.engineConfig() != null) {
        vo.put("engine", v.engine());
        ObjectNode c = vo.putObject("config");
        c.put("codegen", v.engineConfig().codegen());
        c.put("optlevel", v.engineConfig().optLevel());
      }
    }
    o.put("repeat", repeat);
    o.put("warmup", warmup);
    o.put("rounds", rounds);
    o.put("timeout", DescriptorLoader.formatDuration(timeout));
    o.put("threads", threads);
    ObjectNode j = o.putObject("jvm");
    j.put("heap", jvm.heap());
    ArrayNode opts = j.putArray("options");
    jvm.options().forEach(opts::add);
    o.put("reference", reference);
    return o;
  }

  private static ObjectNode valuesJson(Map<String, List<String>> values) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    values.forEach((k, vs) -> {
      if (vs.size() == 1) {
        o.put(k, vs.get(0));
      } else {
        ArrayNode a = o.putArray(k);
        vs.forEach(a::add);
      }
    });
    return o;
  }

  private static Map<String, List<String>> freeze(Map<String, List<String>> m) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    m.forEach((k, v) -> {
      if (v.isEmpty()) {
        throw new IllegalArgumentException("parameter " + k + " has no value");
      }
      copy.put(k, List.copyOf(v));
    });
    return Collections.unmodifiableMap(copy);
  }
}
