package org.planlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.lineage.LineageLog;

/** {@code planlab explain --lineage VAR}: a variable's trace at the end of a run. */
class ExplainLineageTest {
  @TempDir
  Path dir;

  @Test
  void printsTheTraceOfAVariableThatParsesBack() throws IOException {
    Path s = dir.resolve("l.dml");
    Files.writeString(s, """
        X = rand(rows=10, cols=3, seed=7)
        for (i in 1:3) {
          X = X + i
        }
        G = t(X) %*% X
        print(sum(G))
        """);
    CliRun r = CliRun.planlab("explain", s.toString(), "--lineage", "G", "--fusion", "none");
    assertEquals(0, r.code(), r.err());
    // the seeded rand, the loop's three iterations (one dedup item each), t(X) %*% X as tsmm
    assertEquals(5, r.out().lines().filter(l -> l.matches("\\(\\d+\\) (rand|dedup|tsmm) .*"))
        .count(), r.out());
    assertTrue(r.out().contains(" rand [1,2,3,4,4,5,6] "), r.out());
    String last = r.out().lines().reduce((a, b) -> b).orElseThrow();
    assertTrue(last.matches("\\(14\\) tsmm \\[13\\] .*"), last);
    LineageItem g = LineageLog.parse(r.out());
    assertEquals("tsmm", g.opcode());
    assertEquals(5, g.height());
  }

  @Test
  void anUndefinedVariableIsAnError() throws IOException {
    Path s = dir.resolve("u.dml");
    Files.writeString(s, "x = 1\n");
    CliRun r = CliRun.planlab("explain", s.toString(), "--lineage", "y");
    assertEquals(1, r.code());
    assertEquals("planlab: variable 'y' is not defined at the end of " + s, r.err().strip());
  }
}
