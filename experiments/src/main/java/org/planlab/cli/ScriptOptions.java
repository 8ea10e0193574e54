package org.planlab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What {@code exec} and {@code explain} share: the script, its {@code -nvargs}, the library
 * folders, the operator ordering, the fusion plan selector, how fused operators are compiled
 * (compiler, operator cache), the execution mode and the local memory budget.
 */
final class ScriptOptions {
  @Parameters(index = "0", paramLabel = "SCRIPT", description = "the DML script")
  Path script;

  @Option(names = "-nvargs", arity = "1..*", paramLabel = "k=v",
      description = "named script arguments, read in the script as $k")
  List<String> nvargs = List.of();

  @Option(names = "--ordering", paramLabel = "SPEC", defaultValue = "depth-first",
      description = "operator ordering: depth-first, breadth-first or max-parallelize "
          + "(default: ${DEFAULT-VALUE})")
  String ordering;

  @Option(names = "--fusion", paramLabel = "SPEC", defaultValue = "mpskip",
      description = "fusion plan selector, name[:key=value,...]: none, fa, fnr, mpskip, "
          + "mpskip:approximate=false, ... (`planlab list` shows all and their options; "
          + "default: ${DEFAULT-VALUE})")
  String fusion;

  @Option(names = "--exec", paramLabel = "MODE", defaultValue = "singlenode",
      description = "execution mode: singlenode, hybrid, spark or gpu (default: "
          + "${DEFAULT-VALUE})")
  String exec;

  @Option(names = "--master", paramLabel = "URL",
      description = "Spark master of the hybrid and spark modes: local[K] or spark://host:port "
          + "(default: local[2])")
  String master;

  @Option(names = "--async", description = "prefetch remote results to the driver "
      + "asynchronously (MEMPHIS sec. 5.1): a Spark job or device copy whose result the driver "
      + "reads starts at once and the driver goes on until it needs the value")
  boolean async;

  @Option(names = "--gpu", paramLabel = "DEVICE",
      description = "device of the gpu mode: cuda (a CUDA GPU) or sim (the simulated device, "
          + "for machines without a GPU) (default: cuda)")
  String gpu;

  @Option(names = "--gpu-memory", paramLabel = "SIZE",
      description = "device memory of the gpu mode, e.g. 2g (default: the CUDA device's free "
          + "memory; 2g simulated)")
  String gpuMemory;

  @Option(names = "--backend", paramLabel = "SPEC",
      description = "the remote backend of the mode with its options, name[:key=value,...], "
          + "e.g. spark:master=spark://127.0.0.1:7077,blockSize=1000,executorMemory=2g "
          + "(`planlab list` shows the backends and their options)")
  String backend;

  @Option(names = "--local-budget", paramLabel = "SIZE",
      description = "local (CP) memory budget, e.g. 700m or 2g, that placement compares "
          + "operation memory with (default: 70%% of the heap)")
  String localBudget;

  @Option(names = "--reuse", paramLabel = "MODE", defaultValue = "none",
      description = "lineage-based reuse: none, trace (tracing only), full (instruction "
          + "outputs) or multilevel (also whole function calls) (default: ${DEFAULT-VALUE})")
  String reuse;

  @Option(names = "--eviction", paramLabel = "SPEC", defaultValue = "costnsize",
      description = "reuse-cache eviction policy, name[:key=value,...]: lru, costnsize, "
          + "dagheight, memphis-gpu (default: ${DEFAULT-VALUE})")
  String eviction;

  @Option(names = "--cache-budget", paramLabel = "SIZE",
      description = "memory of the reuse cache, e.g. 500m (default: 5%% of the heap)")
  String cacheBudget;

  @Option(names = "--reuse-delay", paramLabel = "N", defaultValue = "1",
      description = "delayed caching (MEMPHIS sec. 5.2): store an output the N-th time it is "
          + "computed, 1 to 1000 (default: ${DEFAULT-VALUE}, at once)")
  int reuseDelay;

  @Option(names = "--codegen-compiler", paramLabel = "NAME", defaultValue = "janino",
      description = "compiler of fused operators: janino or javac (default: ${DEFAULT-VALUE})")
  String codegenCompiler;

  @Option(names = "--no-operator-cache", description = "compile every fused operator anew "
      + "each time code generation meets it, instead of reusing equal operators' classes")
  boolean noOperatorCache;

  @Option(names = "--no-codegen-warmup", description = "do not warm the operator compiler up "
      + "in the background while the script is parsed (its first start then counts in the "
      + "codegen compile time), nor new operators over large inputs on small synthetic ones "
      + "(the JIT then compiles them during their first executions)")
  boolean noCodegenWarmUp;

  @Option(names = "--no-recycle", description = "allocate every block buffer new instead of "
      + "recycling those of intermediates that died (single-node runs recycle by default)")
  boolean noRecycle;

  @Option(names = "--cost-profile", paramLabel = "FILE",
      description = "cost-model constants measured by `planlab calibrate` (default: built-in)")
  Path costProfile;

  @Option(names = "--lib", paramLabel = "DIR",
      description = "extra builtin-library folder (files NAME.dml defining m_NAME); planlab's "
          + "algorithm library (l2svm, multiLogReg, ...) is always available")
  List<Path> libraries = List.of();

  /** The library roots: the user's folders first (they shadow ours), then planlab's own. */
  List<Path> libraryRoots() {
    List<Path> roots = new java.util.ArrayList<>(libraries);
    roots.add(org.planlab.workloads.WorkloadCatalog.standard().libraryFolder());
    return roots;
  }

  /** Checks the script exists and parses k=v pairs; usage errors otherwise. */
  Map<String, String> arguments(CommandLine cl) {
    if (!Files.isRegularFile(script)) {
      throw new CommandLine.ParameterException(cl, "script not found: " + script);
    }
    Map<String, String> args = new LinkedHashMap<>();
    for (String kv : nvargs) {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        throw new CommandLine.ParameterException(cl, "-nvargs expects name=value, got '" + kv
            + "'");
      }
      args.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return args;
  }
}
