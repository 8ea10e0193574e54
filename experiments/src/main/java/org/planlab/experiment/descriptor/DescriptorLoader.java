package org.planlab.experiment.descriptor;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planlab.datagen.gen.GeneratorType;
import org.planlab.datagen.gen.Generators;
import org.planlab.engine.backend.BackendProvider;
import org.planlab.engine.backend.Backends;
import org.planlab.engine.codegen.gen.OperatorCompiler;
import org.planlab.engine.codegen.select.CostProfiles;
import org.planlab.engine.config.ByteSize;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.io.FileErrors;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.spi.PluginSpec;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.StrategyKind;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Backend;
import org.planlab.experiment.descriptor.ExperimentDescriptor.DataInput;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Jvm;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Study;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Variant;
import org.planlab.experiment.peer.PeerEngines;
import org.planlab.experiment.peer.SystemDsConfig;
import org.planlab.spark.SparkSettings;
import org.planlab.workloads.DataSpec;
import org.planlab.workloads.Input;
import org.planlab.workloads.Parameter;
import org.planlab.workloads.ParameterType;
import org.planlab.workloads.Workload;
import org.planlab.workloads.WorkloadCatalog;

/**
 * Reads an experiment descriptor (YAML) into an {@link ExperimentDescriptor}. The YAML tree is
 * walked by hand rather than mapped onto classes, so that every unknown key and bad value is
 * reported with the file, its line and column, the dotted key ({@code variants.FA.fusion}) and,
 * for an unknown name, the valid names.
 *
 * <p>The schema, with every default (the commented example
 * {@code org/planlab/experiment/descriptor-reference.yaml} shows each key):
 * <ul>
 *   <li>{@code name} — required, {@code [A-Za-z0-9._-]+}.
 *   <li>{@code description} — default {@code ""}.
 *   <li>exactly one of {@code workload} (a name of {@link WorkloadCatalog#standard()}) and
 *       {@code script} (a {@code .dml} file, relative to the descriptor's folder, which must
 *       exist).
 *   <li>{@code params} — name: value or list of values (a list is a grid axis). For a workload
 *       each name must be a parameter of it, values are checked against its type, and
 *       parameters not given take the catalogue default; for a script they are passed as
 *       {@code -nvargs}. Default: none (workload: all defaults).
 *   <li>{@code data} — input: {generator, generator parameters}; any parameter may be a list.
 *       For a workload, inputs not given are generated as the catalogue says, and an entry
 *       without {@code generator} overrides single parameters of the catalogue's spec. Generator
 *       parameters: {@code rows}, {@code cols} (not for generators that derive from an input),
 *       {@code seed} (default 1), {@code of} (the input a derived generator reads: {@code X} or
 *       {@code "@X"}), and the generator's options (defaults as {@code planlab datagen} has
 *       them). Integral values accept {@code 1.0e5} (rendered 100000). A value may also be a
 *       reference: {@code @X.rows}, {@code @X.cols} (an earlier input's shape) or {@code $k}
 *       (parameter k). Every value must be in its range ({@code planlab list} shows the
 *       options' ranges; rows 1 to 10^12, cols 1 to 2^31-9), and every set of arguments the
 *       grid gives an input must pass the generator's checks ({@link GeneratorGridCheck}).
 *   <li>{@code backend} — {@code {type: NAME, option: value, ...}}: a backend provider on the
 *       class path ({@code planlab list} shows them with their options) that runs the remote
 *       operations, default {@code cp} (none besides the driver). A SPARK backend makes
 *       {@code hybrid} the variants' default mode, a GPU backend {@code gpu}.
 *   <li>{@code variants} — name ({@code [A-Za-z0-9._-]+}): {fusion (a spec
 *       {@code name[:key=value,...]}; default: the engine's default,
 *       {@code EngineConfig.defaults().fusion()}), ordering (a spec; default
 *       {@code depth-first}), threads (in [1, {@link KernelPool#MAX_PARALLELISM}]; default: the
 *       experiment's), costProfile (a file relative to the descriptor's folder; default: the
 *       built-in constants), codegenCompiler ({@code janino} or {@code javac}; default
 *       janino), operatorCache (true or false; default true), recycle (true or false: the
 *       buffers of dead intermediates recycled; default true), exec ({@code singlenode},
 *       {@code hybrid}, {@code spark} or {@code gpu}; default from the backend), localBudget
 *       (a size such as {@code 700m}; default 70% of the point's heap), async (true or false:
 *       remote results prefetched to the driver asynchronously, MEMPHIS sec. 5.1; default
 *       false), timeline (true or false: every measured run's instruction and prefetch spans
 *       stored as {@code stats/<point>-r<rep>.timeline.csv}; default false), engine
 *       ({@code planlab}, the default, or {@code systemds-3.3.0}: the same driver runs through
 *       Apache SystemDS in a forked JVM; such a variant takes only {@code config: {codegen
 *       (default false), optlevel (0 to 5, default 2)}} besides, and needs backend cp)}. Order
 *       is kept; the first is the baseline. Default: one variant {@code Default: {}}.
 *   <li>{@code repeat} — measured runs per point, default 3, >= 1.
 *   <li>{@code warmup} — unmeasured runs per point first, default 1, >= 0.
 *   <li>{@code rounds} — how often every point runs, round-robin, each time in a fresh JVM
 *       with its warm-up and repeats, the rounds' runs pooled; default 1. Several rounds make
 *       a measurement of a few percent fair where one JVM's compilation moves a run more.
 *   <li>{@code timeout} — per point, {@code 90s}, {@code 10m}, {@code 1h}; default 30m.
 *   <li>{@code threads} — engine parallelism, in [1, {@link KernelPool#MAX_PARALLELISM}];
 *       default: all processors of the machine (at most that maximum).
 *   <li>{@code jvm} — {heap (default {@code 8g}), options (a list, default
 *       {@link #defaultJvmOptions} of the heap)}.
 *   <li>{@code reference} — {@code none} (the default) or {@code machine}: a fixed unit of
 *       machine work measured before a point's first measured run and after each, whose CPU
 *       time each run's CPU time is divided by ({@code execute_cpu_s}, {@code reference_cpu_s},
 *       {@code execute_per_reference}); planlab's points only, not a reference engine's.
 * </ul>
 */
public final class DescriptorLoader {
  /** Measured runs per point unless the descriptor says otherwise. */
  public static final int DEFAULT_REPEAT = 3;
  /** The most measured (and, separately, unmeasured) runs of a point. */
  public static final int MAX_REPEAT = 1_000_000;
  /** The largest delay factor of delayed caching ({@code reuseDelay}, {@code --reuse-delay}). */
  public static final int MAX_REUSE_DELAY = 1000;
  /** Unmeasured runs per point unless the descriptor says otherwise. */
  public static final int DEFAULT_WARMUP = 1;
  /** Wall-time limit of a point unless the descriptor says otherwise. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(30);
  /** Maximum heap of a point's JVM unless the descriptor says otherwise. */
  public static final String DEFAULT_HEAP = "8g";
  /**
   * JVM options of a point unless the descriptor gives its own ({@link #defaultJvmOptions}):
   * the throughput collector, whose heap reuses the pages it has touched where G1 touches
   * fresh ones, with a young generation of a sixteenth of the heap. Page faults spend kernel
   * time on every new page, and the collector's adaptive sizing otherwise grows the young
   * generation towards a third of the heap, so each run of a point touches fresh pages again;
   * a fixed young generation is touched once and then reused from collection to collection.
   */
  public static final String DEFAULT_COLLECTOR = "-XX:+UseParallelGC";
  /** The young generation of the default options is the heap divided by this. */
  public static final int YOUNG_GENERATION_FRACTION = 16;
  /** The name of the one variant of a descriptor without {@code variants}. */
  public static final String DEFAULT_VARIANT = "Default";

  /**
   * The JVM options of a point whose descriptor gives none, for a heap of {@code heap} (as
   * {@code -Xmx} takes it): {@link #DEFAULT_COLLECTOR} and {@code -Xmn} of a
   * {@link #YOUNG_GENERATION_FRACTION}th of the heap, in whole megabytes (at least one). A peer
   * engine's JVM gets the same options.
   */
  public static List<String> defaultJvmOptions(String heap) {
    if (!HEAP.matcher(heap).matches()) {
      throw new IllegalArgumentException("'" + heap + "' is not a heap size; use e.g. 512m, 8g");
    }
    long bytes = ByteSize.parse(heap);
    long youngMb = Math.max(1, (bytes / YOUNG_GENERATION_FRACTION) >> 20);
    return List.of(DEFAULT_COLLECTOR, "-Xmn" + youngMb + "m");
  }

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
  private static final Pattern ARG_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");
  private static final Pattern HEAP = Pattern.compile("\\d+[kKmMgGtT]?");
  private static final List<String> TOP_KEYS = List.of("name", "description", "workload",
      "script", "params", "data", "backend", "variants", "repeat", "warmup", "rounds", "timeout",
      "threads", "jvm", "reference");
  private static final List<String> VARIANT_KEYS =
      List.of("fusion", "ordering", "threads", "costProfile", "codegenCompiler",
          "operatorCache", "recycle", "exec", "localBudget", "reuse", "eviction", "cacheBudget",
          "reuseDelay", "async", "timeline", "engine", "config");
  /** The keys of a variant that a reference engine runs (the others configure planlab). */
  private static final List<String> PEER_VARIANT_KEYS = List.of("engine", "config", "exec");
  private static final List<String> SYSTEMDS_CONFIG_KEYS = List.of("codegen", "optlevel");
  private static final List<String> JVM_KEYS = List.of("heap", "options");

  private final WorkloadCatalog catalog;

  /** A loader for the workloads of {@link WorkloadCatalog#standard()}. */
  public DescriptorLoader() {
    this(WorkloadCatalog.standard());
  }

  /** A loader resolving {@code workload:} names in {@code catalog}. */
  public DescriptorLoader(WorkloadCatalog catalog) {
    this.catalog = catalog;
  }

  /**
   * Loads {@code file} with the standard workload catalogue.
   *
   * @throws DescriptorException naming the file, line, key and problem
   */
  public static ExperimentDescriptor load(Path file) {
    return new DescriptorLoader().read(file);
  }

  /**
   * Loads {@code file}.
   *
   * @throws DescriptorException naming the file, line, key and problem
   */
  public ExperimentDescriptor read(Path file) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new DescriptorException(file + ": cannot read the descriptor: "
          + FileErrors.readReason(file, e));
    }
    YAMLFactory yaml = YAMLFactory.builder()
        .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();
    Map<String, JsonLocation> locations = new HashMap<>();
    JsonNode root;
    try {
      // first pass: where each key is, so errors found while walking the tree can say so
      try (JsonParser p = yaml.createParser(bytes)) {
        while (p.nextToken() != null) {
          locations.putIfAbsent(p.getParsingContext().pathAsPointer().toString(),
              p.currentTokenLocation());
        }
      }
      root = new ObjectMapper(yaml).readTree(bytes);
    } catch (JacksonException e) {
      JsonLocation l = e.getLocation();
      throw new DescriptorException(file + (l == null ? "" : ":" + l.getLineNr() + ":"
          + l.getColumnNr()) + ": not valid YAML: " + yamlProblem(e.getOriginalMessage()));
    } catch (IOException e) {
      throw new DescriptorException(file + ": cannot read the descriptor: " + e.getMessage());
    }
    return new Walk(file, locations, catalog).descriptor(root, sha256(bytes));
  }

  /**
   * The parser's problem without its source excerpts: SnakeYAML's message interleaves what is
   * wrong with indented copies of the line and a caret, which the location already gives.
   */
  private static String yamlProblem(String message) {
    return String.join("; ", message.lines()
        .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0))).toList());
  }

  /** {@code d} as a descriptor writes it: the largest whole unit of h, m, s, ms. */
  public static String formatDuration(Duration d) {
    long ms = d.toMillis();
    if (ms % 3_600_000 == 0) {
      return ms / 3_600_000 + "h";
    } else if (ms % 60_000 == 0) {
      return ms / 60_000 + "m";
    } else if (ms % 1000 == 0) {
      return ms / 1000 + "s";
    }
    return ms + "ms";
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** A position in the tree: the dotted key users read and the JSON pointer of its location. */
  private record Key(String dotted, JsonPointer pointer) {
    static final Key ROOT = new Key("", JsonPointer.empty());

    Key child(String name) {
      return new Key(dotted.isEmpty() ? name : dotted + "." + name, pointer.appendProperty(name));
    }

    Key index(int i) {
      return new Key(dotted + "[" + i + "]", pointer.appendIndex(i));
    }
  }

  /** One walk over one descriptor's tree. */
  private static final class Walk {
    private final Path file;
    private final Map<String, JsonLocation> locations;
    private final WorkloadCatalog catalog;
    private final Plugins plugins = Plugins.load();

    Walk(Path file, Map<String, JsonLocation> locations, WorkloadCatalog catalog) {
      this.file = file;
      this.locations = locations;
      this.catalog = catalog;
    }

    ExperimentDescriptor descriptor(JsonNode root, String sha) {
      if (root == null || root.isMissingNode() || root.isNull()) {
        throw new DescriptorException(file + ": the descriptor is empty; it needs at least "
            + "'name' and 'workload' or 'script'");
      }
      requireObject(root, Key.ROOT);
      checkKeys(root, Key.ROOT, TOP_KEYS);
      Path folder = file.toAbsolutePath().getParent();

      String name = requiredText(root, Key.ROOT.child("name"));
      if (!NAME.matcher(name).matches()) {
        throw error(Key.ROOT.child("name"), "'" + name + "' is not a valid name; use letters, "
            + "digits, '.', '_' and '-'");
      }
      String description = root.has("description")
          ? text(root.get("description"), Key.ROOT.child("description")) : "";

      List<Study> studies = new ArrayList<>();
      if (root.has("workload") && root.has("script")) {
        throw error(Key.ROOT.child("script"), "give either 'workload' or 'script', not both");
      } else if (root.has("workload")) {
        Key k = Key.ROOT.child("workload");
        List<String> names = values(root.get("workload"), k, (w, wk) -> {
          if (!catalog.names().contains(w)) {
            throw error(wk, "unknown workload '" + w + "'; known: " + catalog.names());
          }
          return w;
        });
        if (new java.util.HashSet<>(names).size() < names.size()) {
          throw error(k, "a workload is listed twice: " + names);
        }
        List<Workload> workloads = names.stream().map(catalog::byName).toList();
        requireDeclared(root.get("params"), Key.ROOT.child("params"), workloads,
            w -> w.parameters().stream().map(Parameter::name).toList(), "parameter");
        requireDeclared(root.get("data"), Key.ROOT.child("data"), workloads,
            w -> w.inputs().stream().map(Input::name).toList(), "input");
        for (Workload w : workloads) {
          // with several workloads, a parameter or input applies to those that declare it
          Map<String, List<String>> params = workloadParams(root.get("params"), w);
          studies.add(new Study(w.name(), null, params,
              workloadData(root.get("data"), w, params.keySet())));
        }
      } else if (root.has("script")) {
        Key k = Key.ROOT.child("script");
        String s = text(root.get("script"), k);
        if (!s.endsWith(".dml")) {
          throw error(k, "'" + s + "' is not a DML script (.dml)");
        }
        Path script = folder.resolve(s).normalize();
        if (!Files.isRegularFile(script)) {
          throw error(k, "script not found: " + script);
        }
        Map<String, List<String>> params = scriptParams(root.get("params"));
        studies.add(new Study(null, script, params,
            scriptData(root.get("data"), params.keySet())));
      } else {
        throw new DescriptorException(file + ": key 'workload': missing; give a workload (one "
            + "of " + catalog.names() + ") or a script");
      }

      studies.forEach(this::checkGenerators);
      Backend backend = backend(root.get("backend"));
      int threads = root.has("threads")
          ? (int) integer(root.get("threads"), Key.ROOT.child("threads"), 1,
              KernelPool.MAX_PARALLELISM)
          : Math.min(Runtime.getRuntime().availableProcessors(), KernelPool.MAX_PARALLELISM);
      List<Variant> variants = variants(root.get("variants"), folder, backend);
      int repeat = root.has("repeat")
          ? (int) integer(root.get("repeat"), Key.ROOT.child("repeat"), 1, MAX_REPEAT)
          : DEFAULT_REPEAT;
      int warmup = root.has("warmup")
          ? (int) integer(root.get("warmup"), Key.ROOT.child("warmup"), 0, MAX_REPEAT)
          : DEFAULT_WARMUP;
      int rounds = root.has("rounds")
          ? (int) integer(root.get("rounds"), Key.ROOT.child("rounds"), 1,
              ExperimentDescriptor.MAX_ROUNDS)
          : 1;
      Duration timeout = root.has("timeout")
          ? duration(root.get("timeout"), Key.ROOT.child("timeout")) : DEFAULT_TIMEOUT;
      Jvm jvm = jvm(root.get("jvm"));
      String reference = root.has("reference")
          ? checked(root.get("reference"), Key.ROOT.child("reference"),
              ExperimentDescriptor::checkReference)
          : ExperimentDescriptor.REFERENCE_NONE;
      return new ExperimentDescriptor(file, sha, name, description, studies, backend, variants,
          repeat, warmup, rounds, timeout, threads, jvm, reference);
    }

    // ------------------------------------------------------------------ params

    private Map<String, List<String>> workloadParams(JsonNode node, Workload workload) {
      Key key = Key.ROOT.child("params");
      Map<String, List<String>> given = new LinkedHashMap<>();
      if (node != null && !node.isNull()) {
        requireObject(node, key);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          Key k = key.child(e.getKey());
          if (workload.parameters().stream().noneMatch(p -> p.name().equals(e.getKey()))) {
            continue; // another listed workload declares it (checked by requireDeclared)
          }
          Parameter p = workload.parameter(e.getKey());
          given.put(e.getKey(), values(e.getValue(), k, (text, vk) -> typed(p.type(), text, vk)));
        }
      }
      Map<String, List<String>> all = new LinkedHashMap<>();
      for (Parameter p : workload.parameters()) {
        all.put(p.name(), given.getOrDefault(p.name(), List.of(p.defaultText())));
      }
      return all;
    }

    /**
     * Every key of {@code node} must be a {@code what} of at least one of {@code workloads}; the
     * message names the workload (one) or lists what the workloads declare (several).
     */
    private void requireDeclared(JsonNode node, Key key, List<Workload> workloads,
        java.util.function.Function<Workload, List<String>> declared, String what) {
      if (node == null || node.isNull()) {
        return;
      }
      requireObject(node, key);
      for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
        String name = it.next();
        if (workloads.stream().noneMatch(w -> declared.apply(w).contains(name))) {
          String has = workloads.size() == 1
              ? "workload " + workloads.get(0).name() + " has no " + what + " '" + name
                  + "'; it has " + declared.apply(workloads.get(0))
              : "no listed workload has a " + what + " '" + name + "'; they have "
                  + workloads.stream().flatMap(w -> declared.apply(w).stream()).distinct()
                      .toList();
          throw error(key.child(name), has);
        }
      }
    }

    private Map<String, List<String>> scriptParams(JsonNode node) {
      Key key = Key.ROOT.child("params");
      Map<String, List<String>> params = new LinkedHashMap<>();
      if (node == null || node.isNull()) {
        return params;
      }
      requireObject(node, key);
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        Key k = key.child(e.getKey());
        if (!ARG_NAME.matcher(e.getKey()).matches()) {
          throw error(k, "'" + e.getKey() + "' is not a script argument name ([A-Za-z_]"
              + "[A-Za-z0-9_]*)");
        }
        params.put(e.getKey(), values(e.getValue(), k, (text, vk) -> text));
      }
      return params;
    }

    private String typed(ParameterType type, String text, Key k) {
      return switch (type) {
        case INTEGER -> Long.toString(wholeNumber(text, k));
        case DOUBLE -> {
          try {
            Double.parseDouble(text);
            yield text;
          } catch (NumberFormatException e) {
            throw error(k, "'" + text + "' is not a number");
          }
        }
        case BOOLEAN -> {
          String u = text.toUpperCase(Locale.ROOT);
          if (!u.equals("TRUE") && !u.equals("FALSE")) {
            throw error(k, "'" + text + "' is not a boolean (true or false)");
          }
          yield u;
        }
        case STRING -> text;
      };
    }

    // ------------------------------------------------------------------ data

    private List<DataInput> workloadData(JsonNode node, Workload workload, Set<String> params) {
      Key key = Key.ROOT.child("data");
      Map<String, JsonNode> given = new LinkedHashMap<>();
      if (node != null && !node.isNull()) {
        requireObject(node, key);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          if (workload.inputs().stream().anyMatch(in -> in.name().equals(e.getKey()))) {
            given.put(e.getKey(), e.getValue()); // others: another listed workload's input
          }
        }
      }
      List<DataInput> inputs = new ArrayList<>();
      List<String> earlier = new ArrayList<>();
      for (Input in : workload.inputs()) {
        JsonNode entry = given.get(in.name());
        DataInput d = entry == null ? fromSpec(in.name(), in.data())
            : input(entry, key.child(in.name()), in.data(), earlier, params);
        inputs.add(d);
        earlier.add(in.name());
      }
      return inputs;
    }

    private List<DataInput> scriptData(JsonNode node, Set<String> params) {
      Key key = Key.ROOT.child("data");
      List<DataInput> inputs = new ArrayList<>();
      if (node == null || node.isNull()) {
        return inputs;
      }
      requireObject(node, key);
      List<String> earlier = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        Key k = key.child(e.getKey());
        if (!ARG_NAME.matcher(e.getKey()).matches()) {
          throw error(k, "'" + e.getKey() + "' is not a script argument name ([A-Za-z_]"
              + "[A-Za-z0-9_]*)");
        }
        if (params.contains(e.getKey())) {
          throw error(k, "input '" + e.getKey() + "' has the name of a parameter; script "
              + "arguments must be unique");
        }
        inputs.add(input(e.getValue(), k, null, earlier, params));
        earlier.add(e.getKey());
      }
      return inputs;
    }

    private static DataInput fromSpec(String name, DataSpec spec) {
      Map<String, List<String>> params = new LinkedHashMap<>();
      spec.params().forEach((k, v) -> params.put(k, List.of(v)));
      return new DataInput(name, spec.generator(), params);
    }

    /**
     * One data entry. With {@code generator} it stands alone; without, it overrides parameters
     * of {@code base} (the catalogue's spec; a script's inputs have none).
     */
    private DataInput input(JsonNode node, Key key, DataSpec base, List<String> earlier,
        Set<String> params) {
      requireObject(node, key);
      String name = key.dotted().substring(key.dotted().lastIndexOf('.') + 1);
      String generatorName;
      Map<String, List<String>> values = new LinkedHashMap<>();
      if (node.has("generator")) {
        Key gk = key.child("generator");
        generatorName = text(node.get("generator"), gk);
        if (!Generators.names().contains(generatorName)) {
          throw error(gk, "unknown generator '" + generatorName + "'; known: "
              + Generators.names());
        }
      } else if (base != null) {
        generatorName = base.generator();
        base.params().forEach((k, v) -> values.put(k, List.of(v)));
      } else {
        throw error(key, "missing 'generator'; known generators: " + Generators.names());
      }
      GeneratorType type = Generators.byName(generatorName);
      List<String> known = parameterNames(type);
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getKey().equals("generator")) {
          continue;
        }
        Key k = key.child(e.getKey());
        if (!known.contains(e.getKey())) {
          throw error(k, "generator " + generatorName + " has no parameter '" + e.getKey()
              + "'; its parameters: " + known);
        }
        values.put(e.getKey(), values(e.getValue(), k,
            (text, vk) -> generatorValue(type, e.getKey(), text, vk, earlier, params)));
      }
      List<String> required = type.takesInput() ? List.of("of") : List.of("rows", "cols");
      for (String r : required) {
        if (!values.containsKey(r)) {
          throw error(key, "generator " + generatorName + " needs " + String.join(" and ",
              required));
        }
      }
      return new DataInput(name, generatorName, values);
    }

    /** rows, cols, seed, of (derived generators) and the generator's options. */
    private static List<String> parameterNames(GeneratorType type) {
      List<String> names = new ArrayList<>(type.takesInput() ? List.of("of", "seed")
          : List.of("rows", "cols", "seed"));
      names.addAll(type.optionNames());
      return names;
    }

    private String generatorValue(GeneratorType type, String param, String text, Key k,
        List<String> earlier, Set<String> params) {
      if (param.equals("of")) {
        String input = text.startsWith("@") ? text.substring(1) : text;
        if (!earlier.contains(input)) {
          throw error(k, "'" + text + "' is not an input defined before this one; earlier "
              + "inputs: " + earlier);
        }
        return "@" + input;
      }
      if (text.startsWith("$")) {
        if (!params.contains(text.substring(1))) {
          throw error(k, "'" + text + "' refers to no parameter; parameters: " + params);
        }
        return text;
      }
      if (text.startsWith("@")) {
        String ref = text.substring(1);
        int dot = ref.lastIndexOf('.');
        String input = dot < 0 ? ref : ref.substring(0, dot);
        String dim = dot < 0 ? "" : ref.substring(dot + 1);
        if (!dim.equals("rows") && !dim.equals("cols")) {
          throw error(k, "'" + text + "' is not a shape reference; use @X.rows or @X.cols");
        }
        if (!earlier.contains(input)) {
          throw error(k, "'" + text + "' refers to no input defined before this one; earlier "
              + "inputs: " + earlier);
        }
        return text;
      }
      boolean integral = switch (param) {
        case "rows", "cols", "seed" -> true;
        default -> type.options().stream().filter(o -> o.name().equals(param)).findFirst()
            .map(GeneratorType.Option::integer).orElse(false);
      };
      double v;
      if (integral) {
        long whole = wholeNumber(text, k);
        text = Long.toString(whole);
        v = whole;
      } else {
        try {
          v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
          throw error(k, "'" + text + "' is not a number");
        }
      }
      String problem = type.range(param).problem(v);
      if (problem != null) {
        throw error(k, problem);
      }
      return text;
    }

    /**
     * Every generator's checks on every set of arguments the grid gives the study's inputs
     * ({@link GeneratorGridCheck}), so that no point fails for arguments known to be wrong now.
     */
    private void checkGenerators(Study study) {
      GeneratorGridCheck.firstProblem(study.params(), study.data()).ifPresent(p -> {
        Key k = Key.ROOT;
        for (String part : p.key()) {
          k = k.child(part);
        }
        throw error(k, p.message());
      });
    }

    // ------------------------------------------------------------------ the rest

    /**
     * The backend: a provider on the class path, its options checked against the ones it
     * declares (the spec {@code type:key=value,...} the points' engines create it from).
     */
    private Backend backend(JsonNode node) {
      Key key = Key.ROOT.child("backend");
      if (node == null || node.isNull()) {
        return Backend.cp();
      }
      requireObject(node, key);
      String type = node.has("type") ? text(node.get("type"), key.child("type")) : "cp";
      List<String> known = new ArrayList<>();
      BackendProvider provider = null;
      for (BackendProvider p : Backends.providers()) {
        known.add(p.name());
        if (p.name().equals(type)) {
          provider = p;
        }
      }
      if (provider == null) {
        throw error(key.child("type"), "unknown backend '" + type + "'; on the class path: "
            + known);
      }
      StringBuilder spec = new StringBuilder(type);
      String sep = ":";
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!e.getKey().equals("type")) {
          spec.append(sep).append(e.getKey()).append('=')
              .append(text(e.getValue(), key.child(e.getKey())));
          sep = ",";
        }
      }
      if (provider.execType() != ExecType.CP) {
        try {
          Backends.check(provider.execType(), spec.toString());
        } catch (IllegalArgumentException ex) {
          throw error(key, ex.getMessage());
        }
      } else if (!sep.equals(":")) {
        throw error(key, "backend 'cp' takes no options");
      }
      return new Backend(type, provider.execType().name(), spec.toString());
    }

    private List<Variant> variants(JsonNode node, Path folder, Backend backend) {
      Key key = Key.ROOT.child("variants");
      EngineConfig defaults = EngineConfig.defaults();
      String defaultExec = switch (backend.execType()) {
        case "SPARK" -> ExecMode.HYBRID.label();
        case "GPU" -> ExecMode.GPU.label();
        default -> ExecMode.SINGLENODE.label();
      };
      if (node == null || node.isNull()) {
        return List.of(new Variant(DEFAULT_VARIANT, defaults.fusion(), defaults.ordering(),
            null, null, defaults.codegenCompiler(), defaults.operatorCache(), defaultExec, 0,
            defaults.reuse().mode().label(), defaults.reuse().eviction(), 0,
            defaults.reuse().delay(), defaults.async(), defaults.timeline(),
            defaults.recycle()));
      }
      requireObject(node, key);
      if (node.isEmpty()) {
        throw error(key, "no variants; give at least one, e.g. 'Default: {}'");
      }
      List<Variant> variants = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        Key k = key.child(e.getKey());
        if (!NAME.matcher(e.getKey()).matches()) {
          throw error(k, "'" + e.getKey() + "' is not a valid variant name; use letters, "
              + "digits, '.', '_' and '-'");
        }
        JsonNode v = e.getValue();
        String fusion = defaults.fusion();
        String ordering = defaults.ordering();
        Integer threads = null;
        Path profile = null;
        String compiler = defaults.codegenCompiler();
        boolean recycle = defaults.recycle();
        boolean operatorCache = defaults.operatorCache();
        String exec = defaultExec;
        long localBudget = 0;
        String reuse = defaults.reuse().mode().label();
        String eviction = defaults.reuse().eviction();
        long cacheBudget = 0;
        int reuseDelay = defaults.reuse().delay();
        boolean async = defaults.async();
        boolean timeline = defaults.timeline();
        String engine = PeerEngines.PLANLAB;
        SystemDsConfig engineConfig = null;
        if (v != null && !v.isNull()) {
          requireObject(v, k);
          checkKeys(v, k, VARIANT_KEYS);
          if (v.has("engine")) {
            engine = checked(v.get("engine"), k.child("engine"), PeerEngines::check);
          }
          if (PeerEngines.isPeer(engine)) {
            engineConfig = peerVariant(v, k, engine, backend);
          } else if (v.has("config")) {
            throw error(k.child("config"), "'config' holds a reference engine's settings; "
                + "give 'engine' (one of " + PeerEngines.names().subList(1,
                PeerEngines.names().size()) + ") or remove it");
          }
          if (v.has("fusion")) {
            fusion = checked(v.get("fusion"), k.child("fusion"),
                f -> plugins.check(StrategyKind.FUSION, f));
          }
          if (v.has("ordering")) {
            ordering = checked(v.get("ordering"), k.child("ordering"),
                o -> plugins.check(StrategyKind.ORDERING, o));
          }
          if (v.has("exec")) {
            exec = checked(v.get("exec"), k.child("exec"),
                m -> checkMode(ExecMode.parse(m), backend));
          }
          if (v.has("localBudget")) {
            localBudget = size(v.get("localBudget"), k.child("localBudget"), "the local budget");
          }
          if (v.has("reuse")) {
            reuse = checked(v.get("reuse"), k.child("reuse"), ReuseMode::parse);
          }
          if (v.has("eviction")) {
            eviction = checked(v.get("eviction"), k.child("eviction"),
                ev -> plugins.check(StrategyKind.EVICTION, ev));
          }
          if (v.has("cacheBudget")) {
            cacheBudget = size(v.get("cacheBudget"), k.child("cacheBudget"), "the cache budget");
          }
          if (v.has("reuseDelay")) {
            reuseDelay = (int) integer(v.get("reuseDelay"), k.child("reuseDelay"), 1,
                MAX_REUSE_DELAY);
          }
          if (v.has("threads")) {
            threads = (int) integer(v.get("threads"), k.child("threads"), 1,
                KernelPool.MAX_PARALLELISM);
          }
          if (v.has("costProfile")) {
            profile = folder.resolve(checked(v.get("costProfile"), k.child("costProfile"),
                f -> CostProfiles.read(folder.resolve(f).normalize()))).normalize();
          }
          if (v.has("codegenCompiler")) {
            compiler = checked(v.get("codegenCompiler"), k.child("codegenCompiler"),
                OperatorCompiler::checkName);
          }
          if (v.has("operatorCache")) {
            operatorCache = bool(v.get("operatorCache"), k.child("operatorCache"));
          }
          if (v.has("async")) {
            async = bool(v.get("async"), k.child("async"));
          }
          if (v.has("timeline")) {
            timeline = bool(v.get("timeline"), k.child("timeline"));
          }
          if (v.has("recycle")) {
            recycle = bool(v.get("recycle"), k.child("recycle"));
          }
        }
        variants.add(new Variant(e.getKey(), fusion, ordering, threads, profile, compiler,
            operatorCache, exec, localBudget, reuse, eviction, cacheBudget, reuseDelay, async,
            timeline, recycle, engine, engineConfig));
      }
      return variants;
    }

    /**
     * The settings of a variant a reference engine runs: planlab's own keys do not apply to it.
     * It runs single-node unless its {@code exec} names SystemDS's hybrid or spark mode, which
     * run on the master of the descriptor's Spark backend.
     */
    private SystemDsConfig peerVariant(JsonNode v, Key k, String engine, Backend backend) {
      for (Iterator<String> it = v.fieldNames(); it.hasNext(); ) {
        String f = it.next();
        if (!PEER_VARIANT_KEYS.contains(f)) {
          throw error(k.child(f), "does not apply to engine " + engine + " (it configures "
              + "planlab); the engine's settings go under 'config': " + SYSTEMDS_CONFIG_KEYS);
        }
      }
      String exec = v.has("exec") ? text(v.get("exec"), k.child("exec")) : "singlenode";
      String master = null;
      if (!exec.equals("singlenode")) {
        if (!backend.type().equals("spark")) {
          throw error(k.child("exec"), "engine " + engine + " in mode " + exec + " runs on the "
              + "descriptor's Spark backend, but the backend is '" + backend.type() + "'");
        }
        master = PluginSpec.parse(backend.spec()).options().getOrDefault("master",
            SparkSettings.DEFAULT_MASTER);
      }
      SystemDsConfig d = SystemDsConfig.defaults();
      boolean codegen = d.codegen();
      int optLevel = d.optLevel();
      JsonNode c = v.get("config");
      if (c != null && !c.isNull()) {
        Key ck = k.child("config");
        requireObject(c, ck);
        checkKeys(c, ck, SYSTEMDS_CONFIG_KEYS);
        if (c.has("codegen")) {
          codegen = bool(c.get("codegen"), ck.child("codegen"));
        }
        if (c.has("optlevel")) {
          optLevel = (int) integer(c.get("optlevel"), ck.child("optlevel"),
              SystemDsConfig.MIN_OPT_LEVEL, SystemDsConfig.MAX_OPT_LEVEL);
        }
      }
      try {
        return new SystemDsConfig(codegen, optLevel, exec, master);
      } catch (IllegalArgumentException ex) {
        throw error(k.child(master == null || !SystemDsConfig.EXEC_MODES.contains(exec)
            ? "exec" : "engine"), ex.getMessage());
      }
    }

    /** {@code true} or {@code false} (any case). */
    private boolean bool(JsonNode node, Key k) {
      return Boolean.parseBoolean(typed(ParameterType.BOOLEAN, text(node, k), k));
    }

    /** A positive memory size such as {@code 700m}; {@code what} names it in errors. */
    private long size(JsonNode node, Key k, String what) {
      String text = text(node, k);
      long bytes;
      try {
        bytes = ByteSize.parse(text);
      } catch (IllegalArgumentException ex) {
        throw error(k, ex.getMessage());
      }
      if (bytes < 1) {
        throw error(k, what + " must be positive, was '" + text + "'");
      }
      return bytes;
    }

    /** A mode that needs a backend of an execution type the descriptor's backend must run. */
    private void checkMode(ExecMode mode, Backend backend) {
      for (ExecType t : Backends.required(mode)) {
        if (!backend.execType().equals(t.name())) {
          throw new IllegalArgumentException("mode " + mode.label() + " needs a " + t
              + " backend; give one as 'backend: {type: NAME}' (the backends on the class "
              + "path: planlab list)");
        }
      }
    }

    /**
     * The text at {@code k}, checked by {@code check}, whose IllegalArgumentException (naming
     * the valid values) becomes the error at {@code k}.
     */
    private String checked(JsonNode node, Key k, java.util.function.Consumer<String> check) {
      String value = text(node, k);
      try {
        check.accept(value);
      } catch (IllegalArgumentException ex) {
        throw error(k, ex.getMessage());
      }
      return value;
    }

    private Jvm jvm(JsonNode node) {
      Key key = Key.ROOT.child("jvm");
      if (node == null || node.isNull()) {
        return new Jvm(DEFAULT_HEAP, defaultJvmOptions(DEFAULT_HEAP));
      }
      requireObject(node, key);
      checkKeys(node, key, JVM_KEYS);
      String heap = DEFAULT_HEAP;
      if (node.has("heap")) {
        heap = text(node.get("heap"), key.child("heap"));
        if (!HEAP.matcher(heap).matches()) {
          throw error(key.child("heap"), "'" + heap + "' is not a heap size; use e.g. 512m, 8g");
        }
      }
      List<String> options = new ArrayList<>();
      JsonNode o = node.get("options");
      if (o == null || o.isNull()) {
        options.addAll(defaultJvmOptions(heap));
      } else {
        Key ok = key.child("options");
        if (!o.isArray()) {
          throw error(ok, "expected a list of JVM options, e.g. [-XX:+UseParallelGC]");
        }
        for (int i = 0; i < o.size(); i++) {
          options.add(text(o.get(i), ok.index(i)));
        }
      }
      return new Jvm(heap, options);
    }

    private Duration duration(JsonNode node, Key k) {
      String text = text(node, k);
      Matcher m = DURATION.matcher(text.strip());
      if (!m.matches()) {
        throw error(k, "'" + text + "' is not a duration; use e.g. 90s, 10m, 1h");
      }
      long n = Long.parseLong(m.group(1));
      Duration d = switch (m.group(2)) {
        case "ms" -> Duration.ofMillis(n);
        case "s" -> Duration.ofSeconds(n);
        case "m" -> Duration.ofMinutes(n);
        default -> Duration.ofHours(n);
      };
      if (d.isZero()) {
        throw error(k, "the timeout must be positive, was '" + text + "'");
      }
      return d;
    }

    // ------------------------------------------------------------------ scalars

    /** Converts one scalar's text, with the key of that scalar for error messages. */
    @FunctionalInterface
    private interface ValueCheck {
      String check(String text, Key key);
    }

    /** A scalar or a non-empty list of scalars, each converted by {@code check}. */
    private List<String> values(JsonNode node, Key k, ValueCheck check) {
      List<String> out = new ArrayList<>();
      if (node != null && node.isArray()) {
        if (node.isEmpty()) {
          throw error(k, "empty list; give at least one value");
        }
        for (int i = 0; i < node.size(); i++) {
          out.add(check.check(text(node.get(i), k.index(i)), k.index(i)));
        }
      } else {
        out.add(check.check(text(node, k), k));
      }
      return out;
    }

    private long integer(JsonNode node, Key k, long min, long max) {
      long v = wholeNumber(text(node, k), k);
      if (v < min || v > max) {
        throw error(k, "must be " + (max >= 1_000_000 ? ">= " + min : "in [" + min + ", " + max
            + "]") + ", was " + v);
      }
      return v;
    }

    private long wholeNumber(String text, Key k) {
      try {
        BigInteger b = new BigDecimal(text.strip()).toBigIntegerExact();
        return b.longValueExact();
      } catch (NumberFormatException e) {
        throw error(k, "'" + text + "' is not a number");
      } catch (ArithmeticException e) {
        throw error(k, "'" + text + "' is not a whole number");
      }
    }

    private String requiredText(JsonNode parent, Key k) {
      String name = k.dotted().substring(k.dotted().lastIndexOf('.') + 1);
      if (!parent.has(name)) {
        throw new DescriptorException(file + ": key '" + k.dotted() + "': missing; it is "
            + "required");
      }
      return text(parent.get(name), k);
    }

    /** A scalar as text: numbers in Java's notation with a lowercase exponent. */
    private String text(JsonNode node, Key k) {
      if (node == null || node.isNull()) {
        throw error(k, "missing value");
      }
      if (node.isContainerNode()) {
        throw error(k, "expected a single value, got " + (node.isArray() ? "a list" : "a map"));
      }
      if (node.isIntegralNumber()) {
        return node.bigIntegerValue().toString();
      }
      if (node.isNumber()) {
        return Double.toString(node.doubleValue()).replace('E', 'e');
      }
      if (node.isBoolean()) {
        return node.booleanValue() ? "TRUE" : "FALSE";
      }
      return node.asText();
    }

    private void requireObject(JsonNode node, Key k) {
      if (!node.isObject()) {
        throw error(k, "expected a map of keys to values");
      }
    }

    private void checkKeys(JsonNode node, Key k, List<String> known) {
      for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
        String f = it.next();
        if (!known.contains(f)) {
          throw error(k.child(f), "unknown key; valid keys" + (k.dotted().isEmpty() ? ""
              : " of '" + k.dotted() + "'") + ": " + known);
        }
      }
    }

    private DescriptorException error(Key k, String message) {
      JsonLocation l = locations.get(k.pointer().toString());
      String where = l == null || l.getLineNr() < 1 ? file.toString()
          : file + ":" + l.getLineNr() + ":" + l.getColumnNr();
      return new DescriptorException(where + ": key '" + k.dotted() + "': " + message);
    }
  }
}
