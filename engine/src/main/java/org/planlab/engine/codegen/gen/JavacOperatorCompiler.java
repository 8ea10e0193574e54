package org.planlab.engine.codegen.gen;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.planlab.engine.codegen.runtime.SpoofOperator;

/**
 * {@link OperatorCompiler} over the JDK's javac ({@code javax.tools}), the baseline Janino is
 * compared with in the fusion paper (sec. 5.3, Fig. 14). Source and class files stay in memory;
 * the class files are defined by the operator's {@link SkeletonClassLoader}, so the generated
 * class extends the operator's own skeleton copy, as with Janino.
 *
 * <p>The class path javac resolves the engine's types against is the JVM's
 * {@code java.class.path} plus the location the runtime package was loaded from (a launcher or
 * test runner may load the engine from somewhere the property does not name). Maven Surefire
 * starts test JVMs with a manifest-only jar but sets the property to the real test class path;
 * a manifest-only jar in the property would work too, as javac follows a jar manifest's
 * {@code Class-Path}.
 *
 * <p>Standard file managers are reused: the {@link JavaCompiler} Javadoc recommends it, since a
 * fresh one rescans the class path and reopens its jars (warm compiles took 1.5 to 2 times as
 * long with a fresh one here). They are not thread-safe, so each compile takes an idle one or
 * creates one and gives it back afterwards: concurrent compiles never share one, and there are
 * never more than the most compiles that ran at once. They stay open as long as this compiler
 * lives.
 */
final class JavacOperatorCompiler extends OperatorCompiler {
  private final JavaCompiler javac;
  private final List<File> classPath = engineClassPath();
  private final Queue<StandardJavaFileManager> idle = new ConcurrentLinkedQueue<>();

  /** The JDK's compiler (none on a JRE without one). */
  JavacOperatorCompiler() {
    this(ToolProvider.getSystemJavaCompiler());
  }

  /** With {@code javac}; null stands for a runtime without a system compiler (tests). */
  JavacOperatorCompiler(JavaCompiler javac) {
    this.javac = javac;
  }

  @Override
  public String name() {
    return JAVAC;
  }

  /**
   * All units in one javac task. javac writes no class files when any unit has an error, so a
   * failed task of several units is followed by one task per unit, which finds the units that
   * do not compile and compiles the others.
   */
  @Override
  List<ClassFiles> compileUnits(List<Unit> units) {
    if (javac == null) {
      List<ClassFiles> out = new ArrayList<>();
      for (Unit u : units) {
        out.add(ClassFiles.failed(new CodegenException("fused operator " + u.className()
            + " cannot be compiled with javac: this Java runtime has no system Java compiler "
            + "(javax.tools.ToolProvider.getSystemJavaCompiler() is null); run on a JDK or use "
            + "the janino compiler")));
      }
      return out;
    }
    List<Source> sources = new ArrayList<>();
    for (Unit u : units) {
      sources.add(new Source(u.qualifiedName(), u.source()));
    }
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Map<JavaFileObject, Map<String, byte[]>> classes;
    try {
      classes = task(units.get(0).className(), sources, diagnostics);
    } catch (CodegenException e) {
      if (units.size() == 1) {
        return List.of(ClassFiles.failed(e));
      }
      return oneByOne(units);
    }
    if (classes == null) {
      if (units.size() == 1) {
        return List.of(ClassFiles.failed(doesNotCompile(units.get(0).className(),
            firstError(diagnostics.getDiagnostics()), null)));
      }
      return oneByOne(units);
    }
    List<ClassFiles> out = new ArrayList<>(units.size());
    for (Source s : sources) {
      out.add(ClassFiles.of(classes.getOrDefault(s, Map.of())));
    }
    return out;
  }

  private List<ClassFiles> oneByOne(List<Unit> units) {
    List<ClassFiles> out = new ArrayList<>(units.size());
    for (Unit u : units) {
      out.add(compileUnits(List.of(u)).get(0));
    }
    return out;
  }

  /**
   * Runs one javac task over {@code sources}: the class files each source produced, or null if
   * javac reported errors (in {@code diagnostics}).
   *
   * @throws CodegenException if javac itself failed; named after {@code className}
   */
  private Map<JavaFileObject, Map<String, byte[]>> task(String className, List<Source> sources,
      DiagnosticCollector<JavaFileObject> diagnostics) {
    StandardJavaFileManager standard = idle.poll();
    if (standard == null) {
      standard = newFileManager(className);
    }
    InMemoryFiles files = new InMemoryFiles(standard);
    // -g: line numbers and locals in stack traces, as with Janino; no annotation processing
    List<String> options = List.of("-g", "--release", "17", "-proc:none");
    boolean ok;
    try {
      ok = javac.getTask(null, files, diagnostics, options, null, sources).call();
    } catch (RuntimeException e) {
      // javac wraps its own crashes and bad options in runtime exceptions; a file manager
      // javac crashed with is not reused
      close(standard);
      throw doesNotCompile(className, "javac failed: " + e, e);
    }
    idle.add(standard);
    return ok ? files.classes() : null;
  }

  /** A file manager whose class path is the engine's. */
  private StandardJavaFileManager newFileManager(String className) {
    StandardJavaFileManager standard =
        javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
    try {
      standard.setLocation(StandardLocation.CLASS_PATH, classPath);
    } catch (IOException e) {
      close(standard);
      throw doesNotCompile(className, "javac cannot use the class path " + classPath + ": " + e,
          e);
    }
    return standard;
  }

  /** "Line L, Column C: message" of the first error, like Janino's messages. */
  private static String firstError(List<Diagnostic<? extends JavaFileObject>> diagnostics) {
    for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        // multi-line messages ("cannot find symbol / symbol: ...") on one line for the warning
        String message = String.join("; ", d.getMessage(Locale.ROOT).strip().lines()
            .map(String::strip).toList());
        if (d.getLineNumber() == Diagnostic.NOPOS) {
          return message;
        }
        return "Line " + d.getLineNumber() + ", Column " + d.getColumnNumber() + ": " + message;
      }
    }
    return "javac reported failure without an error diagnostic";
  }

  private static void close(StandardJavaFileManager files) {
    try {
      files.close();
    } catch (IOException e) {
      // closing only releases the jars javac opened; the compile result stands
    }
  }

  /** {@code java.class.path}, then the engine's own location if the property lacks it. */
  static List<File> engineClassPath() {
    Set<File> entries = new LinkedHashSet<>();
    for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!e.isEmpty()) {
        entries.add(new File(e));
      }
    }
    CodeSource code = SpoofOperator.class.getProtectionDomain().getCodeSource();
    if (code != null && code.getLocation() != null
        && "file".equals(code.getLocation().getProtocol())) {
      try {
        entries.add(Path.of(code.getLocation().toURI()).toFile());
      } catch (URISyntaxException | IllegalArgumentException e) {
        // an unusual location: java.class.path has to do
      }
    }
    return List.copyOf(entries);
  }

  /** The unit as an in-memory source file named after its public class. */
  private static final class Source extends SimpleJavaFileObject {
    private final String text;

    Source(String qualifiedName, String text) {
      super(URI.create("string:///" + qualifiedName.replace('.', '/') + Kind.SOURCE.extension),
          Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }

  /** A class file javac writes into memory. */
  private static final class ClassFile extends SimpleJavaFileObject {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    ClassFile(String binaryName) {
      super(URI.create("mem:///" + binaryName.replace('.', '/') + Kind.CLASS.extension),
          Kind.CLASS);
    }

    @Override
    public OutputStream openOutputStream() {
      return bytes;
    }
  }

  /** Reads through the standard file manager; keeps the class files javac writes. */
  private static final class InMemoryFiles
      extends ForwardingJavaFileManager<StandardJavaFileManager> {
    private final Map<String, ClassFile> outputs = new LinkedHashMap<>();
    private final Map<String, FileObject> sources = new LinkedHashMap<>();

    InMemoryFiles(StandardJavaFileManager standard) {
      super(standard);
    }

    @Override
    public JavaFileObject getJavaFileForOutput(Location location, String className,
        JavaFileObject.Kind kind, FileObject sibling) throws IOException {
      if (kind != JavaFileObject.Kind.CLASS) {
        return super.getJavaFileForOutput(location, className, kind, sibling);
      }
      ClassFile f = new ClassFile(className);
      outputs.put(className, f);
      // javac names the source a class file comes from as its sibling
      sources.put(className, sibling);
      return f;
    }

    /** The class files written, by the source they come from, then by binary name. */
    Map<JavaFileObject, Map<String, byte[]>> classes() {
      Map<JavaFileObject, Map<String, byte[]>> classes = new LinkedHashMap<>();
      outputs.forEach((name, f) -> {
        if (sources.get(name) instanceof Source s) {
          classes.computeIfAbsent(s, k -> new LinkedHashMap<>()).put(name,
              f.bytes.toByteArray());
        }
      });
      return classes;
    }
  }
}
