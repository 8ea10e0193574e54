package org.planlab.engine.codegen.gen;

import java.util.Objects;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;
import org.planlab.engine.codegen.runtime.SpoofOperator;

/**
 * Compiles one generated compilation unit with Janino (fusion paper, sec. 2.1) and
 * instantiates its operator class. Each unit gets its own class loader with its own copy of the
 * skeleton classes ({@link SkeletonClassLoader}), so equal class names from different caches
 * never clash, a class can be unloaded with its operator, and the JIT specializes each
 * skeleton's loops for one generated body. Stateless and thread-safe.
 */
public final class OperatorCompiler {

  /**
   * Compiles {@code source}, which must declare {@code className} in
   * {@link SourceGenerator#PACKAGE} as a subclass of {@link SpoofOperator} with a public no-arg
   * constructor, and returns a new instance.
   *
   * @throws CodegenException naming the class and Janino's message (with line and column) if
   *     the unit does not compile, or the class cannot be loaded or instantiated
   */
  public SpoofOperator compile(String className, String source) {
    SourceGenerator.checkClassName(className);
    Objects.requireNonNull(source, "source is null");
    SimpleCompiler compiler = new SimpleCompiler();
    // a private copy of the skeletons per operator keeps genexec call sites monomorphic
    compiler.setParentClassLoader(new SkeletonClassLoader(SpoofOperator.class.getClassLoader()));
    // Java 8 class files: the MAgg constructor calls the static interface method List.of
    compiler.setTargetVersion(8);
    // line numbers in stack traces point into the generated source
    compiler.setDebuggingInformation(true, true, false);
    try {
      compiler.cook(source);
    } catch (CompileException e) {
      // Janino's message starts with the location ("Line 7, Column 12: ...")
      throw new CodegenException("fused operator " + className + " does not compile: "
          + e.getMessage(), e);
    }
    String qualified = SourceGenerator.PACKAGE + "." + className;
    Class<?> cls;
    try {
      cls = compiler.getClassLoader().loadClass(qualified);
    } catch (ClassNotFoundException e) {
      throw new CodegenException("fused operator " + className + ": the unit declares no class "
          + qualified, e);
    }
    if (!SpoofOperator.class.isAssignableFrom(cls)) {
      throw new CodegenException("fused operator " + className + " does not extend "
          + SpoofOperator.class.getSimpleName());
    }
    try {
      return (SpoofOperator) cls.getConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new CodegenException("fused operator " + className + " cannot be instantiated: "
          + cause, cause);
    }
  }
}
