package org.planlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's class-data training run: every command of it succeeds. */
class ClassDataTrainingTest {
  @TempDir
  Path dir;

  @Test
  void everyCommandOfTheTrainingRunSucceedsAndEveryDriverFuses() {
    StringWriter out = new StringWriter();
    assertEquals(0, ClassDataTraining.run(dir, new PrintWriter(out, true)), out.toString());
    String text = out.toString();
    long drivers = ClassDataTraining.commands(dir, dir).stream()
        .filter(c -> c.get(0).equals("exec")).count();
    assertEquals(8, drivers);
    assertEquals(drivers, text.lines().filter(l -> l.startsWith("objective: ")).count(), text);
    // every driver's statistics report fused operators compiled without failures
    assertEquals(drivers, text.lines().filter(l -> l.startsWith("Codegen (DAGs"))
        .filter(l -> !l.endsWith("/0/0/0/0") && l.endsWith("/0")).count(), text);
    assertTrue(text.contains("spoof"), "fused operators ran");
    // the two forced-Spark runs ran Spark operations, so Spark's classes are loaded and archived
    assertEquals(2, text.lines()
        .filter(l -> l.matches("Instructions by execution type:.*spark [1-9][0-9]*.*")).count(),
        text);
  }
}
