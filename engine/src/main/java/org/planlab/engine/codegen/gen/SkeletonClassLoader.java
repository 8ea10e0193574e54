package org.planlab.engine.codegen.gen;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.codegen.runtime.SideInput;
import org.planlab.engine.codegen.runtime.SpoofOperator;
import org.planlab.engine.codegen.runtime.SpoofResult;
import org.planlab.engine.codegen.runtime.VectorBuffer;
import org.planlab.engine.codegen.runtime.VectorOps;

/**
 * The class loader of one generated operator: it defines its own copy of the skeleton classes
 * (the runtime package's implementation classes) from the same bytecode, and delegates
 * everything else — including the types the engine and the generated code exchange, such as
 * {@link SpoofOperator} and {@link SideInput} — to the engine's loader.
 *
 * <p>Why: a skeleton calls the abstract {@code genexec} of its generated subclass once per
 * cell. With one skeleton class shared by all operators, the JIT sees many receiver classes at
 * that call site (megamorphic), cannot inline the body and pays a virtual call per cell, which
 * makes a fused operator slower than the basic operators it replaces once a script has a few
 * of them. With a skeleton copy per operator each copy's call site sees exactly one class, so
 * the body is inlined into the skeleton's loops as if the loop had been generated — while the
 * generated source still only contains the body (fusion paper, sec. 2.3).
 *
 * <p>The compilers hand the operator's class files over with {@link #addGenerated}; this loader
 * then defines them itself, so they sit next to the operator's skeleton copies.
 */
final class SkeletonClassLoader extends ClassLoader {
  private static final String PACKAGE = SpoofOperator.class.getPackageName() + ".";

  /** Shared with the engine: the operator API, side inputs, primitives and variant enums. */
  private static final Set<String> SHARED = Set.of(SpoofOperator.class.getName(),
      SpoofResult.class.getName(), SideInput.class.getName(), VectorBuffer.class.getName(),
      VectorOps.class.getName(), CellType.class.getName(), RowType.class.getName(),
      OuterType.class.getName());

  static {
    registerAsParallelCapable();
  }

  /** Generated class files not yet defined, by binary name. */
  private final Map<String, byte[]> generated = new ConcurrentHashMap<>();
  private final Bytecode skeletons;

  /** A loader whose skeleton copies are defined from {@code skeletons}' class files. */
  SkeletonClassLoader(ClassLoader engine, Bytecode skeletons) {
    super("planlab-operator", engine);
    this.skeletons = Objects.requireNonNull(skeletons, "skeletons is null");
  }

  /**
   * The class files of the copied skeleton classes, read through the engine's loader when
   * first needed and then shared by the operator loaders of one compiler: a script compiles
   * dozens of operators, each with copies of the same few classes, and finding and inflating
   * a class file in its jar costs more than defining the class from it. The arrays are never
   * modified ({@code defineClass} only reads them). Thread-safe.
   */
  static final class Bytecode {
    private final ClassLoader engine;
    private final Map<String, byte[]> read = new ConcurrentHashMap<>();

    Bytecode(ClassLoader engine) {
      this.engine = Objects.requireNonNull(engine, "engine is null");
    }

    /** The class file of the skeleton class {@code name}. */
    byte[] of(String name) throws ClassNotFoundException {
      byte[] bytes = read.get(name);
      if (bytes == null) {
        bytes = readClassFile(name);
        read.putIfAbsent(name, bytes);
      }
      return bytes;
    }

    private byte[] readClassFile(String name) throws ClassNotFoundException {
      String resource = name.replace('.', '/') + ".class";
      try (InputStream in = engine.getResourceAsStream(resource)) {
        if (in == null) {
          throw new ClassNotFoundException(name + " (no bytecode for the skeleton copy)");
        }
        return in.readAllBytes();
      } catch (IOException e) {
        throw new ClassNotFoundException(name + " (cannot read its bytecode)", e);
      }
    }
  }

  /**
   * Makes this loader define the generated class {@code name} from {@code bytes} when it is
   * first loaded (a nested class, too, is only loaded when used).
   *
   * @throws IllegalArgumentException if {@code name} is not in {@link SourceGenerator#PACKAGE}
   */
  void addGenerated(String name, byte[] bytes) {
    Objects.requireNonNull(bytes, "bytes is null");
    if (!name.startsWith(SourceGenerator.PACKAGE + ".")
        || name.indexOf('.', SourceGenerator.PACKAGE.length() + 1) >= 0) {
      throw new IllegalArgumentException("a generated class must be in " + SourceGenerator.PACKAGE
          + ", was " + name);
    }
    generated.put(name, bytes);
  }

  /** Generated classes; reached after the engine's loader did not find the name. */
  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    // called under the name's class-loading lock, once: later loads find the defined class
    byte[] bytes = generated.remove(name);
    if (bytes == null) {
      throw new ClassNotFoundException(name);
    }
    return defineClass(name, bytes, 0, bytes.length);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!isCopied(name)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        byte[] bytes = skeletons.of(name);
        c = defineClass(name, bytes, 0, bytes.length);
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  /** Classes of the runtime package other than the shared API (nested classes included). */
  static boolean isCopied(String name) {
    if (!name.startsWith(PACKAGE) || name.indexOf('.', PACKAGE.length()) >= 0) {
      return false;
    }
    int nested = name.indexOf('$');
    String outer = nested < 0 ? name : name.substring(0, nested);
    return !SHARED.contains(outer);
  }
}
