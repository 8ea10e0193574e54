package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.lang.DmlParser;
import org.planlab.engine.lang.DmlSyntaxException;

/**
 * What planlab does not support (DML.md: "a clear compile error naming the construct and its
 * position, never a silent misbehaviour"), and the parser's limit on nesting.
 */
class UnsupportedConstructsTest {
  @TempDir
  Path dir;
  Dml dml;

  @BeforeEach
  void setUp() {
    dml = new Dml(dir);
  }

  private void assertRejected(String script, String message) {
    assertEquals(message, dml.fails(script).message());
  }

  @Test
  void existsOfAVariable() {
    assertRejected("z = 1\nprint(exists(\"z\"))", Dml.FILE + ":2:7: error: exists() of a variable is "
        + "not supported yet; use exists($name) for script arguments");
  }

  @Test
  void userFunctionInAPredicate() {
    assertRejected("g = function(Double x) return (Boolean b) { b = x > 2 }\ni = 0\n"
        + "while (!g(i)) { i = i + 1 }", Dml.FILE + ":3:9: error: user-defined function 'g' cannot "
        + "be called in a predicate or loop bound; assign its result to a variable first");
  }

  @Test
  void poissonRand() {
    assertRejected("X = rand(rows=2, cols=2, pdf=\"poisson\", lambda=3)\nprint(sum(X))",
        Dml.FILE + ":1:5: error: rand with pdf=\"poisson\" is not supported; use \"uniform\" or "
        + "\"normal\"");
  }

  @Test
  void nestingBeyondTheStackIsASyntaxError() throws InterruptedException {
    // a small stack makes the limit reachable with a small script
    String deep = "x = " + "(".repeat(20_000) + "1" + ")".repeat(20_000) + "\n";
    DmlSyntaxException[] caught = new DmlSyntaxException[1];
    Thread t = new Thread(null, () -> caught[0] = assertThrows(DmlSyntaxException.class,
        () -> new DmlParser().parse(deep, "deep.dml")), "small-stack", 256 << 10);
    t.start();
    t.join();
    assertEquals("deep.dml:1:1: error: the script nests expressions or blocks too deeply to parse",
        caught[0].getMessage());
  }
}
