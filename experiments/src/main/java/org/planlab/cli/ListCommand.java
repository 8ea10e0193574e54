package org.planlab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code planlab list}: what this build offers, by the names the command line accepts;
 * strategies and backends with a line of documentation and their options, which a spec sets as
 * {@code name:key=value,...}.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = "List workloads, data generators, strategies (with their options) and "
        + "backends.")
final class ListCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Catalog.sections().forEach((section, entries) -> {
      out.println(section + ":");
      if (entries.isEmpty()) {
        out.println("  (none)");
      }
      for (Catalog.Entry e : entries) {
        out.println(e.doc().isEmpty() ? "  " + e.name() : String.format("  %-18s %s",
            e.name(), e.doc()));
        e.options().forEach(o -> out.println("      " + o));
      }
    });
    out.flush();
    return 0;
  }
}
