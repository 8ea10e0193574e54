package org.planlab.cli;

import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.io.FileErrors;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.DmlException;
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
      cmd.getErr().println("planlab: " + message(ex));
      return 1;
    });
    return cl;
  }

  /**
   * What a failure says to the user: its message, with the operating system's reason for a file
   * error whose message is only a path, and never a bare "null" for an exception without one
   * (a defect of planlab, which the user can report with the exception's name).
   */
  static String message(Exception ex) {
    if (ex instanceof java.io.IOException io) {
      return FileErrors.describe(io);
    }
    if (ex instanceof java.io.UncheckedIOException u && u.getMessage() == null) {
      return FileErrors.describe(u.getCause());
    }
    String m = ex.getMessage();
    return m != null && !m.isBlank() ? m
        : "internal error (" + ex.getClass().getName() + "); please report it";
  }

  /**
   * The line(s) a failed script prints on standard error: a DML error as the compiler form
   * {@code FILE:LINE:COL: error: message} alone (so editors and CI problem matchers find the
   * file), anything else prefixed with {@code planlab: }.
   */
  static String scriptError(Exception ex) {
    return ex instanceof DmlException ? message(ex)
        : "planlab: " + message(ex);
  }

  /**
   * The front end's warnings about the user's script, one per line as {@code FILE:LINE:COL:
   * warning: message}. Warnings inside the builtin library (planlab's, or one given with
   * --lib) are not the user's to act on and are left out.
   */
  static void printWarnings(CompiledScript compiled, PrintWriter err) {
    List<Path> libraries = compiled.config().libraryRoots().stream()
        .map(p -> p.toAbsolutePath().normalize()).toList();
    for (Diagnostic d : compiled.warnings()) {
      Path file;
      try {
        file = Path.of(d.position().file()).toAbsolutePath().normalize();
      } catch (InvalidPathException e) {
        file = null;
      }
      Path f = file;
      if (f == null || libraries.stream().noneMatch(f::startsWith)) {
        err.println(d.asWarning());
      }
    }
    err.flush();
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }
}
