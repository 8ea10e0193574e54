package org.planlab.engine.codegen.gen;

import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;

/**
 * {@link OperatorCompiler} over Janino: the unit is compiled in memory into Janino's own class
 * loader, a child of the operator's {@link SkeletonClassLoader}.
 */
final class JaninoOperatorCompiler extends OperatorCompiler {

  @Override
  public String name() {
    return JANINO;
  }

  @Override
  ClassLoader compileInto(String className, String source, SkeletonClassLoader skeletons) {
    SimpleCompiler compiler = new SimpleCompiler();
    compiler.setParentClassLoader(skeletons);
    // Java 8 class files: the MAgg constructor calls the static interface method List.of
    compiler.setTargetVersion(8);
    // line numbers in stack traces point into the generated source
    compiler.setDebuggingInformation(true, true, false);
    try {
      compiler.cook(source);
    } catch (CompileException e) {
      // Janino's message starts with the location ("Line 7, Column 12: ...")
      throw doesNotCompile(className, e.getMessage(), e);
    }
    return compiler.getClassLoader();
  }
}
