package org.planlab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * Exit code, stdout and stderr (line ends normalized to \n) of one command-line invocation, for
 * the command tests.
 */
record CliRun(int code, String out, String err) {

  /** {@code planlab ARGS} through the real command tree. */
  static CliRun planlab(String... args) {
    return of(PlanlabCommand.commandLine(), args);
  }

  /** {@code cl} run with {@code args}, its output captured. */
  static CliRun of(CommandLine cl, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new CliRun(code, out.toString().replace("\r\n", "\n"),
        err.toString().replace("\r\n", "\n"));
  }
}
