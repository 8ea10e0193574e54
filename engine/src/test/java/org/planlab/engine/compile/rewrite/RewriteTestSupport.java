package org.planlab.engine.compile.rewrite;

import java.util.List;
import org.planlab.engine.compile.build.BuildTestSupport;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;

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

  /**
   * The DAG of the last block of a function body made of {@code statements}: a statement
   * calling time() gets a basic block of its own.
   */
  static HopDag lastDag(String statements) {
    Program p = BuildTestSupport.build(SIGNATURE + statements + "\n}\n");
    List<ProgramBlock> blocks = BuildTestSupport.function(p, "f");
    return BuildTestSupport.dagOf(blocks, blocks.size() - 1);
  }

  /** {@code Z = expression} after {@code rewrite}, rendered. */
  static String after(StaticRewrite rewrite, String expression) {
    return BuildTestSupport.render(value(rewrite.rewrite(lastDag("  Z = " + expression)), "Z"));
  }

  static Hop value(HopDag dag, String variable) {
    return BuildTestSupport.written(dag, variable);
  }

  static String render(Hop h) {
    return BuildTestSupport.render(h);
  }
}
