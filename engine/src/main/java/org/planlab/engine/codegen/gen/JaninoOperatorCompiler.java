package org.planlab.engine.codegen.gen;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.ClassLoaderIClassLoader;
import org.codehaus.janino.IClassLoader;
import org.codehaus.janino.Java;
import org.codehaus.janino.Parser;
import org.codehaus.janino.Scanner;
import org.codehaus.janino.UnitCompiler;
import org.codehaus.janino.util.ClassFile;
import org.planlab.engine.codegen.runtime.SpoofOperator;

/**
 * {@link OperatorCompiler} over Janino: units are parsed and compiled in memory into class
 * files, which the operator's {@link SkeletonClassLoader} then defines.
 *
 * <p>Janino resolves a unit's names through an {@link IClassLoader} that describes classes by
 * reflection and remembers them, and also remembers the names it could not load. Building those
 * descriptions (the skeletons, the operator API, {@code java.lang}) is most of the work of
 * compiling a generated unit, so the resolvers are kept and reused: by every unit of one
 * {@link #compileAll} call and by later calls. A resolver is not thread-safe, so each call takes
 * an idle one or creates one and gives it back afterwards, like javac's file managers in {@link
 * JavacOperatorCompiler}.
 *
 * <p>Units are resolved against the engine's own classes, not against an operator's skeleton
 * copies: the copies are the same bytecode under the same names, so the class files are the
 * same, and the copies are only needed once the operator's class is defined.
 */
final class JaninoOperatorCompiler extends OperatorCompiler {
  /** Java 8 class files: the MAgg constructor calls the static interface method List.of. */
  private static final int TARGET_VERSION = 8;

  private final ClassLoader types = new TypeLoader(SpoofOperator.class.getClassLoader());
  private final Queue<IClassLoader> idle = new ConcurrentLinkedQueue<>();

  @Override
  public String name() {
    return JANINO;
  }

  @Override
  List<ClassFiles> compileUnits(List<Unit> units) {
    IClassLoader resolver = idle.poll();
    if (resolver == null) {
      resolver = new ClassLoaderIClassLoader(types);
    }
    List<ClassFiles> out = new ArrayList<>(units.size());
    for (Unit unit : units) {
      try {
        out.add(ClassFiles.of(compile(unit.source(), resolver)));
      } catch (CompileException e) {
        // Janino's message starts with the location ("Line 7, Column 12: ...")
        out.add(ClassFiles.failed(doesNotCompile(unit.className(), e.getMessage(), e)));
      } catch (RuntimeException | StackOverflowError e) {
        // an internal compiler error, or an expression nested too deeply for Janino's
        // recursive descent: this unit fails, and the units after it start with a fresh
        // resolver, since this one may have been left half-way
        out.add(ClassFiles.failed(doesNotCompile(unit.className(), "Janino failed: " + e, e)));
        resolver = new ClassLoaderIClassLoader(types);
      }
    }
    idle.add(resolver);
    return out;
  }

  /** The class files of one unit, by binary name. */
  private static Map<String, byte[]> compile(String source, IClassLoader resolver)
      throws CompileException {
    Java.AbstractCompilationUnit unit;
    try {
      unit = new Parser(new Scanner(null, new StringReader(source)))
          .parseAbstractCompilationUnit();
    } catch (IOException e) {
      throw new IllegalStateException("reading a string failed", e);
    }
    UnitCompiler compiler = new UnitCompiler(unit, resolver);
    compiler.setTargetVersion(TARGET_VERSION);
    List<ClassFile> files = new ArrayList<>();
    // line numbers in stack traces point into the generated source
    compiler.compileUnit(true, true, false, files);
    Map<String, byte[]> classes = new LinkedHashMap<>();
    for (ClassFile f : files) {
      classes.put(f.getThisClassName(), f.toByteArray());
    }
    return classes;
  }

  /**
   * The class loader Janino resolves names through: the engine's loader, except for names no
   * class of the engine can have. Janino tries every way a simple or qualified name could be
   * read — a class of the unit's own package, of each imported package, a nested class, a
   * class without a package — and the engine's loader answers each miss only after searching
   * every jar of the class path. Generated classes are never on the class path (each is
   * defined by its operator's own loader), and no class is in the unnamed package, so those
   * names fail here at once.
   */
  static final class TypeLoader extends ClassLoader {
    private static final String GENERATED = SourceGenerator.PACKAGE + ".";

    TypeLoader(ClassLoader engine) {
      super("planlab-codegen-types", engine);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.indexOf('.') < 0 || name.startsWith(GENERATED)) {
        throw new ClassNotFoundException(name);
      }
      // this loader defines nothing: no lock, the engine's loader has its own
      return getParent().loadClass(name);
    }
  }
}
