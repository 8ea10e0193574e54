package org.planlab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code planlab list}: what this build offers, by the names the command line accepts. */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = "List workloads, data generators, strategies and backends.")
final class ListCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Catalog.sections().forEach((section, names) -> {
      out.println(section + ":");
      if (names.isEmpty()) {
        out.println("  (none yet)");
      }
      names.forEach(n -> out.println("  " + n));
    });
    out.flush();
    return 0;
  }
}
