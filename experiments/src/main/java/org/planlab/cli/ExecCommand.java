package org.planlab.cli;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.backend.Backends;
import org.planlab.engine.codegen.gen.OperatorCompiler;
import org.planlab.engine.codegen.select.CostProfiles;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.lang.DmlException;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.spi.PluginSpec;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.StrategyKind;
import org.planlab.experiment.descriptor.DescriptorLoader;
import org.planlab.experiment.results.TimelineFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code planlab exec SCRIPT.dml [-nvargs k=v ...] [--stats] [--threads N] [--exec MODE]}:
 * compiles and runs a DML script. Exit codes: 0 success; 1 script error (one paragraph
 * "FILE:LINE:COL: message", no stack trace); 2 usage error.
 */
@Command(name = "exec", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Compile and run a DML script.",
    footer = {"", "Exit codes: 0 success, 1 script error, 2 usage error."})
final class ExecCommand implements Callable<Integer> {
  private final Pipeline pipeline;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  ScriptOptions script = new ScriptOptions();

  @Option(names = "--stats", description = "print compile/run statistics and heavy hitters")
  boolean stats;

  @Option(names = "--timeline", paramLabel = "FILE",
      description = "record when each instruction (and prefetch) ran, on which thread, and "
          + "write it as CSV: name,where,thread,start_ms,end_ms (written atomically)")
  Path timeline;

  @Option(names = "--threads", paramLabel = "N",
      description = "threads for kernels and parfor, 1 to " + KernelPool.MAX_PARALLELISM
          + " (default: all processors)")
  Integer threads;

  ExecCommand() {
    this(Pipeline.defaults());
  }

  /** With another compiler pipeline (tests). */
  ExecCommand(Pipeline pipeline) {
    this.pipeline = pipeline;
  }

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    Map<String, String> args = script.arguments(cl);
    EngineConfig config = config(cl, script, threads, stats);
    if (timeline != null) {
      config = config.toBuilder().timeline(true).build();
    }
    PrintStream out = new WriterPrintStream(cl.getOut());
    try (Engine engine = Engine.create(config)) {
      CompiledScript compiled = engine.compile(script.script, args, pipeline);
      PlanlabCommand.printWarnings(compiled, cl.getErr());
      RunResult r = engine.run(compiled, Map.of(), out);
      out.flush();
      if (stats) {
        cl.getOut().print(r.statistics().format(10));
        cl.getOut().flush();
      }
      if (timeline != null) {
        TimelineFile.write(timeline, r.statistics().timeline());
      }
      return 0;
    } catch (DmlException | UnsupportedOperationException | IllegalStateException
        | UncheckedIOException e) {
      out.flush();
      cl.getErr().println(PlanlabCommand.scriptError(e));
      cl.getErr().flush();
      return 1;
    }
  }

  /**
   * The engine configuration of the options, with every spec checked: an unknown strategy,
   * option key, mode or missing backend is a usage error (exit 2) that names the known ones.
   */
  static EngineConfig config(CommandLine cl, ScriptOptions script, Integer threads,
      boolean stats) {
    String ordering = script.ordering;
    ExecMode mode;
    long budget = 0;
    ReuseConfig reuse;
    Map<ExecType, String> specs;
    try {
      if (threads != null) {
        KernelPool.checkParallelism("--threads", threads);
      }
      Plugins plugins = Plugins.load();
      plugins.check(StrategyKind.ORDERING, ordering);
      plugins.check(StrategyKind.FUSION, script.fusion);
      OperatorCompiler.checkName(script.codegenCompiler);
      mode = ExecMode.parse(script.exec);
      specs = backendSpecs(script, mode);
      for (Map.Entry<ExecType, String> e : specs.entrySet()) {
        Backends.check(e.getKey(), e.getValue());
      }
      reuse = reuseConfig(cl, plugins, script);
      budget = OptionChecks.size(cl, "--local-budget", script.localBudget);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
    EngineConfig.Builder b = EngineConfig.builder().ordering(ordering).statistics(stats)
        .libraryRoots(script.libraryRoots()).fusion(script.fusion)
        .codegenCompiler(script.codegenCompiler).operatorCache(!script.noOperatorCache)
        .codegenWarmUp(!script.noCodegenWarmUp).recycle(!script.noRecycle)
        .exec(mode).localMemoryBudget(budget).reuse(reuse).backends(specs)
        .async(script.async);
    if (script.costProfile != null) {
      try {
        b.costConstants(CostProfiles.read(script.costProfile));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, e.getMessage());
      }
    }
    if (threads != null) {
      b.parallelism(threads);
    }
    return b.build();
  }

  /**
   * The backend spec of each remote execution type the mode needs: {@code --backend} when
   * given, else the default backend, with {@code --master} added as its {@code master} option.
   */
  private static Map<ExecType, String> backendSpecs(ScriptOptions script, ExecMode mode) {
    List<ExecType> types = Backends.required(mode);
    if ((script.backend != null || script.master != null) && types.isEmpty()) {
      throw new IllegalArgumentException((script.backend != null ? "--backend" : "--master")
          + " needs a mode with a remote backend (--exec hybrid, spark or gpu), not "
          + mode.label());
    }
    if ((script.gpu != null || script.gpuMemory != null) && mode != ExecMode.GPU) {
      throw new IllegalArgumentException((script.gpu != null ? "--gpu" : "--gpu-memory")
          + " needs --exec gpu, not " + mode.label());
    }
    if (script.master != null && mode == ExecMode.GPU) {
      throw new IllegalArgumentException("--master needs --exec hybrid or spark, not gpu");
    }
    Map<ExecType, String> specs = new java.util.EnumMap<>(ExecType.class);
    for (ExecType t : types) {
      String spec = script.backend != null ? script.backend : EngineConfig.DEFAULT_BACKENDS.get(t);
      spec = withOption(spec, "master", "--master", script.master);
      spec = withOption(spec, "device", "--gpu", script.gpu);
      spec = withOption(spec, "memory", "--gpu-memory", script.gpuMemory);
      specs.put(t, spec);
    }
    return specs;
  }

  /** {@code spec} with option {@code key} set from command-line option {@code flag}. */
  private static String withOption(String spec, String key, String flag, String value) {
    if (value == null) {
      return spec;
    }
    PluginSpec parsed = PluginSpec.parse(spec);
    if (parsed.options().containsKey(key)) {
      throw new IllegalArgumentException("the " + key + " is given twice: " + flag + " " + value
          + " and --backend " + spec);
    }
    return spec + (parsed.options().isEmpty() ? ":" : ",") + key + "=" + value;
  }

  /** The reuse options: mode, eviction spec (checked), cache budget, delay factor. */
  private static ReuseConfig reuseConfig(CommandLine cl, Plugins plugins,
      ScriptOptions script) {
    ReuseMode m = ReuseMode.parse(script.reuse);
    plugins.check(StrategyKind.EVICTION, script.eviction);
    long cacheBudget = OptionChecks.size(cl, "--cache-budget", script.cacheBudget);
    OptionChecks.range(cl, "--reuse-delay", script.reuseDelay, 1,
        DescriptorLoader.MAX_REUSE_DELAY);
    return new ReuseConfig(m, script.eviction, cacheBudget, script.reuseDelay, true);
  }
}
