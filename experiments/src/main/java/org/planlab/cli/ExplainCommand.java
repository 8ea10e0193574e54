package org.planlab.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Explain;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.compile.fusion.Codegen;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.lang.DmlException;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.lineage.LineageLog;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.runtime.program.CompiledBlock;
import org.planlab.engine.runtime.program.CompiledProgram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code planlab explain SCRIPT.dml --hops} prints each block's HOP DAG as it runs — after
 * rewrites, size analysis and operator fusion — with sizes, memory estimates and each HOP's
 * execution type with the budget it was compared with; {@code --instructions} prints the
 * lowered instructions; {@code --memo},
 * {@code --plans} and {@code --source} print what operator fusion did per DAG (memo table,
 * selected plans and operators, generated source). Exit codes as {@code exec}.
 */
@Command(name = "explain", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Print the compiled plan of a DML script.",
    footer = {"", "Exit codes: 0 success, 1 script error, 2 usage error."})
final class ExplainCommand implements Callable<Integer> {
  private final Pipeline pipeline;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  ScriptOptions script = new ScriptOptions();

  @Option(names = "--hops", description = "print the HOP DAGs with sizes, memory estimates and "
      + "execution types (default)")
  boolean hops;

  @Option(names = "--instructions", description = "print the lowered instructions")
  boolean instructions;

  @Option(names = "--memo", description = "print the memo table of partial fusion plans per DAG")
  boolean memo;

  @Option(names = "--plans", description = "print the selected fusion plans and operators per DAG")
  boolean plans;

  @Option(names = "--source", description = "print the generated Java source of each operator")
  boolean source;

  @Option(names = "--lineage", paramLabel = "VAR", description = "run the script with lineage "
      + "tracing and print the lineage trace of variable VAR at its end (MEMPHIS sec. 3.2), "
      + "one item per line: (ID) OPCODE [INPUT IDS] DATA")
  String lineage;

  ExplainCommand() {
    this(Pipeline.defaults());
  }

  ExplainCommand(Pipeline pipeline) {
    this.pipeline = pipeline;
  }

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    Map<String, String> args = script.arguments(cl);
    // the default parallelism, as exec has it: an ordering may plan concurrent chains by it
    EngineConfig config = ExecCommand.config(cl, script, null, false);
    if (lineage != null && config.reuse().mode() == ReuseMode.NONE) {
      // tracing alone, unless the user asked for reuse as well
      config = config.toBuilder().reuse(config.reuse().withMode(ReuseMode.TRACE)).build();
    }
    try (Engine engine = Engine.create(config)) {
      List<Codegen.Result> codegen = new ArrayList<>();
      CompiledScript compiled = engine.compile(script.script, args, pipeline, codegen::add);
      PlanlabCommand.printWarnings(compiled, cl.getErr());
      boolean fusion = memo || plans || source;
      if (lineage != null) {
        // the script's own output is not part of the explanation
        RunResult r = engine.run(compiled, Map.of(),
            new PrintStream(OutputStream.nullOutputStream()));
        LineageItem item = r.lineage().get(lineage);
        if (item == null) {
          cl.getErr().println("planlab: variable '" + lineage + "' is not defined at the end of "
              + script.script);
          cl.getErr().flush();
          return 1;
        }
        cl.getOut().print(LineageLog.serialize(item));
      }
      if (hops || !instructions && !fusion && lineage == null) {
        cl.getOut().print(Explain.hops(compiled));
      }
      if (instructions) {
        cl.getOut().print(instructions(compiled.program()));
      }
      if (fusion) {
        cl.getOut().print(FusionReport.format(codegen, script.fusion, memo, plans, source));
      }
      cl.getOut().flush();
      return 0;
    } catch (DmlException | UnsupportedOperationException | IllegalStateException e) {
      cl.getErr().println(PlanlabCommand.scriptError(e));
      cl.getErr().flush();
      return 1;
    }
  }

  private static String instructions(CompiledProgram p) {
    StringBuilder sb = new StringBuilder("INSTRUCTIONS\n--MAIN PROGRAM\n");
    blocks(p.main(), sb, "----");
    p.functions().forEach((k, body) -> {
      sb.append("--FUNCTION ").append(k).append('\n');
      blocks(body, sb, "----");
    });
    return sb.toString();
  }

  private static void blocks(java.util.List<CompiledBlock> blocks, StringBuilder sb,
      String indent) {
    for (CompiledBlock b : blocks) {
      if (b instanceof CompiledBlock.Basic x) {
        sb.append(indent).append("GENERIC\n");
        code(x.body(), sb, indent + "--");
      } else if (b instanceof CompiledBlock.If x) {
        sb.append(indent).append("IF\n");
        code(x.predicate(), sb, indent + "--");
        blocks(x.thenBlocks(), sb, indent + "--");
        sb.append(indent).append("ELSE\n");
        blocks(x.elseBlocks(), sb, indent + "--");
      } else if (b instanceof CompiledBlock.While x) {
        sb.append(indent).append("WHILE\n");
        code(x.predicate(), sb, indent + "--");
        blocks(x.body(), sb, indent + "--");
      } else if (b instanceof CompiledBlock.For x) {
        sb.append(indent).append(x.parallel() ? "PARFOR " : "FOR ").append(x.variable())
            .append('\n');
        code(x.from(), sb, indent + "--");
        code(x.to(), sb, indent + "--");
        x.increment().ifPresent(d -> code(d, sb, indent + "--"));
        blocks(x.body(), sb, indent + "--");
      }
    }
  }

  private static void code(CompiledBlock.Dag d, StringBuilder sb, String indent) {
    for (String line : d.code().explain().split("\n")) {
      sb.append(indent).append(line).append('\n');
    }
  }
}
