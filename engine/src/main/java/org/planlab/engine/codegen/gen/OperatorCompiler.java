package org.planlab.engine.codegen.gen;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.codegen.runtime.SpoofOperator;

/**
 * Compiles one generated compilation unit and instantiates its operator class (fusion paper,
 * sec. 2.1). Two implementations, chosen by {@link #byName}: {@code janino} (the default: the
 * small in-memory compiler the paper uses) and {@code javac} (the JDK's compiler through
 * {@code javax.tools}, for comparing compile overhead as in the paper's Fig. 14).
 *
 * <p>Each unit gets its own class loader with its own copy of the skeleton classes
 * ({@link SkeletonClassLoader}), so equal class names from different caches never clash, a
 * class can be unloaded with its operator, and the JIT specializes each skeleton's loops for
 * one generated body. What happens after the class bytes exist — loading, the type check and
 * instantiation — is shared here; implementations only turn source into classes. Stateless and
 * thread-safe.
 */
public abstract sealed class OperatorCompiler permits JaninoOperatorCompiler,
    JavacOperatorCompiler {
  /** Name of the Janino compiler (the default). */
  public static final String JANINO = "janino";
  /** Name of the JDK's javac. */
  public static final String JAVAC = "javac";
  /** The known compiler names, default first. */
  public static final List<String> NAMES = List.of(JANINO, JAVAC);

  OperatorCompiler() {
  }

  /** The Janino compiler. */
  public static OperatorCompiler janino() {
    return new JaninoOperatorCompiler();
  }

  /**
   * The JDK's javac. Creating it never fails; on a JRE without a system compiler every
   * {@link #compile} throws a {@link CodegenException} saying so.
   */
  public static OperatorCompiler javac() {
    return new JavacOperatorCompiler();
  }

  /**
   * The compiler called {@code name} ({@link #NAMES}).
   *
   * @throws IllegalArgumentException naming the known compilers for an unknown name
   */
  public static OperatorCompiler byName(String name) {
    return switch (checkName(name)) {
      case JANINO -> janino();
      case JAVAC -> javac();
      default -> throw new AssertionError(name);
    };
  }

  /**
   * {@code name} if it is a known compiler name.
   *
   * @throws IllegalArgumentException naming the known compilers otherwise
   */
  public static String checkName(String name) {
    Objects.requireNonNull(name, "codegen compiler name is null");
    if (!NAMES.contains(name)) {
      throw new IllegalArgumentException("unknown codegen compiler '" + name + "' (known: "
          + String.join(", ", NAMES) + ")");
    }
    return name;
  }

  /** This compiler's name, one of {@link #NAMES}. */
  public abstract String name();

  /**
   * Compiles {@code source}, which must declare {@code className} in
   * {@link SourceGenerator#PACKAGE} as a subclass of {@link SpoofOperator} with a public no-arg
   * constructor, and returns a new instance.
   *
   * @throws CodegenException naming the class and the compiler's first error (with line and
   *     column) if the unit does not compile, or if the class cannot be loaded or instantiated
   */
  public final SpoofOperator compile(String className, String source) {
    SourceGenerator.checkClassName(className);
    Objects.requireNonNull(source, "source is null");
    // a private copy of the skeletons per operator keeps genexec call sites monomorphic
    SkeletonClassLoader skeletons =
        new SkeletonClassLoader(SpoofOperator.class.getClassLoader());
    ClassLoader loader = compileInto(className, source, skeletons);
    String qualified = SourceGenerator.PACKAGE + "." + className;
    Class<?> cls;
    try {
      cls = loader.loadClass(qualified);
    } catch (ClassNotFoundException e) {
      throw new CodegenException("fused operator " + className + ": the unit declares no class "
          + qualified, e);
    } catch (LinkageError e) {
      // e.g. a class file the verifier rejects: the unfused plan still runs
      throw new CodegenException("fused operator " + className + " cannot be loaded: " + e, e);
    }
    if (!SpoofOperator.class.isAssignableFrom(cls)) {
      throw new CodegenException("fused operator " + className + " does not extend "
          + SpoofOperator.class.getSimpleName());
    }
    try {
      return (SpoofOperator) cls.getConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new CodegenException("fused operator " + className + " cannot be instantiated: "
          + cause, cause);
    }
  }

  /**
   * Compiles the unit and returns a class loader that loads its classes and whose parent (or
   * itself) is {@code skeletons}, so the unit's skeleton superclass is the operator's own copy.
   *
   * @throws CodegenException "fused operator NAME does not compile: " and the first error with
   *     its line and column
   */
  abstract ClassLoader compileInto(String className, String source,
      SkeletonClassLoader skeletons);

  /** The message of a unit that does not compile. */
  static CodegenException doesNotCompile(String className, String error, Throwable cause) {
    return new CodegenException("fused operator " + className + " does not compile: " + error,
        cause);
  }
}
