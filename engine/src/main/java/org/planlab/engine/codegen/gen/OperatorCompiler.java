package org.planlab.engine.codegen.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.SpoofOperator;

/**
 * Compiles generated compilation units and instantiates their operator classes (fusion paper,
 * sec. 2.1). Two implementations, chosen by {@link #byName}: {@code janino} (the default: the
 * small in-memory compiler the paper uses) and {@code javac} (the JDK's compiler through
 * {@code javax.tools}, for comparing compile overhead as in the paper's Fig. 14).
 *
 * <p>Several units compile in one call ({@link #compileAll}): the code generator hands over all
 * operators of a DAG at once, so the compiler's fixed cost per invocation — javac's task, the
 * types Janino resolves by reflection — is paid once for them. A unit that does not compile
 * fails alone; the others of the call still yield their operators.
 *
 * <p>Implementations only turn source into class files. Each unit's classes are then defined by
 * their own class loader with its own copy of the skeleton classes ({@link
 * SkeletonClassLoader}), so equal class names from different caches never clash, a class can be
 * unloaded with its operator, and the JIT specializes each skeleton's loops for one generated
 * body. Loading, the type check and instantiation are shared here. Thread-safe.
 */
public abstract sealed class OperatorCompiler permits JaninoOperatorCompiler,
    JavacOperatorCompiler {
  /** Name of the Janino compiler (the default). */
  public static final String JANINO = "janino";
  /** Name of the JDK's javac. */
  public static final String JAVAC = "javac";
  /** The known compiler names, default first. */
  public static final List<String> NAMES = List.of(JANINO, JAVAC);

  /**
   * One compilation unit: {@code source} must declare {@code className} in
   * {@link SourceGenerator#PACKAGE} as a subclass of {@link SpoofOperator} with a public no-arg
   * constructor.
   */
  public record Unit(String className, String source) {
    /** @throws IllegalArgumentException if className is not a plain Java identifier */
    public Unit {
      SourceGenerator.checkClassName(className);
      Objects.requireNonNull(source, "source is null");
    }

    /** The binary name of the unit's operator class. */
    String qualifiedName() {
      return SourceGenerator.PACKAGE + "." + className;
    }
  }

  /** The class files of one unit by binary name, or why it does not compile. */
  record ClassFiles(Map<String, byte[]> classes, CodegenException failure) {
    static ClassFiles of(Map<String, byte[]> classes) {
      return new ClassFiles(Map.copyOf(classes), null);
    }

    static ClassFiles failed(CodegenException failure) {
      return new ClassFiles(null, Objects.requireNonNull(failure, "failure is null"));
    }
  }

  /** The engine's class loader: the parent of every operator's skeleton loader. */
  private static final ClassLoader ENGINE = SpoofOperator.class.getClassLoader();

  /** The skeletons' class files, shared by the loaders of this compiler's operators. */
  private final SkeletonClassLoader.Bytecode skeletons = new SkeletonClassLoader.Bytecode(ENGINE);

  OperatorCompiler() {
  }

  /**
   * Compiles and instantiates one small operator of each template (Cell, MAgg, Row, Outer) and
   * discards them: afterwards the compiler's classes are loaded and its view of the skeletons
   * is built, so the first operators of a script compile as fast as later ones. Never throws;
   * true if every warm-up operator compiled.
   */
  public final boolean warmUp() {
    try {
      List<Unit> units = new ArrayList<>();
      SourceGenerator generator = new SourceGenerator();
      List<CPlan> plans = WarmUpPlans.plans();
      for (int i = 0; i < plans.size(); i++) {
        String name = "WarmUp" + i;
        units.add(new Unit(name, generator.generate(plans.get(i), name)));
      }
      return compileAll(units).stream().allMatch(o -> o.failure() == null);
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
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
   * @throws IllegalArgumentException if className is not a plain Java identifier
   * @throws CodegenException naming the class and the compiler's first error (with line and
   *     column) if the unit does not compile, or if the class cannot be loaded or instantiated
   */
  public final SpoofOperator compile(String className, String source) {
    return compileAll(List.of(new Unit(className, source))).get(0).get();
  }

  /**
   * Compiles {@code units} in one invocation of the compiler and instantiates each unit's
   * operator class. The outcomes are in the order of the units; a unit that does not compile,
   * load or instantiate has its {@link CodegenException} in its place (as {@link #compile} would
   * throw it) and does not affect the others.
   */
  public final List<Attempt<SpoofOperator>> compileAll(List<Unit> units) {
    List<Unit> copy = List.copyOf(units);
    if (copy.isEmpty()) {
      return List.of();
    }
    List<ClassFiles> files = compileUnits(copy);
    if (files.size() != copy.size()) {
      throw new IllegalStateException(name() + " returned " + files.size() + " results for "
          + copy.size() + " units");
    }
    List<Attempt<SpoofOperator>> outcomes = new ArrayList<>(copy.size());
    for (int i = 0; i < copy.size(); i++) {
      ClassFiles f = files.get(i);
      try {
        if (f.failure() != null) {
          throw f.failure();
        }
        outcomes.add(Attempt.of(instantiate(copy.get(i), f.classes())));
      } catch (CodegenException e) {
        outcomes.add(Attempt.failed(e));
      }
    }
    return List.copyOf(outcomes);
  }

  /** Defines the unit's classes beside a private copy of the skeletons and instantiates it. */
  private SpoofOperator instantiate(Unit unit, Map<String, byte[]> classes) {
    String className = unit.className();
    // a private copy of the skeletons per operator keeps genexec call sites monomorphic
    SkeletonClassLoader loader = new SkeletonClassLoader(ENGINE, skeletons);
    for (Map.Entry<String, byte[]> c : classes.entrySet()) {
      try {
        loader.addGenerated(c.getKey(), c.getValue());
      } catch (IllegalArgumentException e) {
        throw new CodegenException("fused operator " + className + ": the unit declares "
            + c.getKey() + ", outside " + SourceGenerator.PACKAGE, e);
      }
    }
    String qualified = unit.qualifiedName();
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
   * The class files of each unit, in the order of the units: the classes a unit declares, or a
   * {@link CodegenException} "fused operator NAME does not compile: " and the first error with
   * its line and column. One unit's errors must not fail the others.
   */
  abstract List<ClassFiles> compileUnits(List<Unit> units);

  /** The message of a unit that does not compile. */
  static CodegenException doesNotCompile(String className, String error, Throwable cause) {
    return new CodegenException("fused operator " + className + " does not compile: " + error,
        cause);
  }
}
