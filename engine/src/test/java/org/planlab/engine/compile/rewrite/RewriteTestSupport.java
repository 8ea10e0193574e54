package org.planlab.engine.compile.rewrite;

import org.planlab.engine.compile.build.BuildTestSupport;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;

/** Builds snippets in a function context and applies one rewrite to the DAG. */
final class RewriteTestSupport {
  private static final String SIGNATURE = "f = function(matrix[double] X, matrix[double] Y,"
      + " double s, integer i, boolean b, string str) return (matrix[double] R) {\n"
      + "  R = X\n";

  private RewriteTestSupport() {
  }

  /** The DAG of a function body made of {@code statements} (X, Y, s, i, b, str are inputs). */
  static HopDag dag(String statements) {
    Program p = BuildTestSupport.build(SIGNATURE + statements + "\n}\n");
    return BuildTestSupport.dagOf(BuildTestSupport.function(p, "f"), 0);
  }

  /** {@code Z = expression} after {@code rewrite}, rendered. */
  static String after(StaticRewrite rewrite, String expression) {
    return BuildTestSupport.render(value(rewrite.rewrite(dag("  Z = " + expression)), "Z"));
  }

  static Hop value(HopDag dag, String variable) {
    return BuildTestSupport.written(dag, variable);
  }

  static String render(Hop h) {
    return BuildTestSupport.render(h);
  }
}
