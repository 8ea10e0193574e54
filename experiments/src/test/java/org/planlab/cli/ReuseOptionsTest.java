package org.planlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reuse options of {@code exec}: their effect in --stats and their errors. */
class ReuseOptionsTest {
  @TempDir
  Path dir;

  private Path script() throws IOException {
    // the same product for three lambdas: t(X) %*% X is reusable
    return Files.writeString(dir.resolve("g.dml"), """
        X = rand(rows=2000, cols=40, seed=3)
        s = 0
        for (l in 1:3) {
          G = t(X) %*% X + l
          s = s + sum(G)
        }
        print(s)
        """);
  }

  @Test
  void reuseShowsInTheStatisticsAndTheDelayDefersStoring() throws IOException {
    Path s = script();
    CliRun off = CliRun.planlab("exec", s.toString(), "--stats");
    CliRun on = CliRun.planlab("exec", s.toString(), "--stats", "--reuse", "full");
    CliRun late = CliRun.planlab("exec", s.toString(), "--stats", "--reuse", "full",
        "--reuse-delay", "3");
    assertEquals(0, on.code(), on.err());
    String printed = off.out().lines().findFirst().orElseThrow();
    assertEquals(printed, on.out().lines().findFirst().orElseThrow());
    assertEquals(printed, late.out().lines().findFirst().orElseThrow());
    assertTrue(!off.out().contains("Reuse hits"), off.out());
    // the product is computed once and found twice; stored only at its third computation, it
    // is never found
    assertTrue(on.out().contains("Reuse hits (memory/disk/partial/function):\t2/0/0/0"), on.out());
    assertTrue(late.out().contains("Reuse hits (memory/disk/partial/function):\t0/0/0/0"), late.out());
  }

  @Test
  void badReuseOptionsAreUsageErrorsNamingWhatExists() throws IOException {
    Path s = script();
    CliRun mode = CliRun.planlab("exec", s.toString(), "--reuse", "always");
    assertEquals(2, mode.code());
    assertTrue(mode.err().startsWith("unknown reuse mode 'always'; valid modes: none, trace, "
        + "full, multilevel"), mode.err());
    CliRun eviction = CliRun.planlab("exec", s.toString(), "--reuse", "full", "--eviction",
        "fifo");
    assertEquals(2, eviction.code());
    assertTrue(eviction.err().contains("lru") && eviction.err().contains("costnsize")
        && eviction.err().contains("dagheight") && eviction.err().contains("'fifo'"),
        eviction.err());
    CliRun delay = CliRun.planlab("exec", s.toString(), "--reuse-delay", "0");
    assertEquals(2, delay.code());
    assertTrue(delay.err().startsWith("--reuse-delay must be in [1, 1000], was 0"), delay.err());
    CliRun budget = CliRun.planlab("exec", s.toString(), "--cache-budget", "0");
    assertEquals(2, budget.code());
    assertTrue(budget.err().startsWith("--cache-budget must be positive, was '0'"), budget.err());
  }
}
