package org.planlab.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code planlab} command line. Exit codes: 0 success, 1 failure, 2 usage error.
 */
@Command(
    name = "planlab",
    mixinStandardHelpOptions = true,
    version = "planlab 0.1.0-SNAPSHOT",
    description = "Compile DML to fused, cost-optimized plans; generate data; run experiments.",
    subcommands = {ListCommand.class, DatagenCommand.class, ExecCommand.class,
        RunCommand.class, ReportCommand.class, CompareCommand.class,
        ExplainCommand.class, CalibrateCommand.class, CommandLine.HelpCommand.class})
public final class PlanlabCommand implements Runnable {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand");
  }

  /** Builds the command line with planlab's exit-code and error conventions. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new PlanlabCommand());
    cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
      // user-facing failures: one message, no stack trace
      cmd.getErr().println("planlab: " + ex.getMessage());
      return 1;
    });
    return cl;
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }
}
