package org.planlab.engine.lang.parser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.DmlSyntaxException;
import org.planlab.engine.lang.ast.AstWalker;
import org.planlab.engine.lang.ast.DmlModule;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.ast.SourceImport;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.StringLiteral;
import org.planlab.engine.lang.builtins.BuiltinCatalogue;

/**
 * Loads one program: parses the main script, the files it sources (recursively, paths relative to
 * the sourcing file, cycles rejected) and, lazily, the builtin-library files its calls need ({@code
 * f(...)} that is neither a function of the calling file nor a builtin loads {@code f.dml} from the
 * first library root that has it, which must define {@code m_f}). One instance per load; {@code
 * org.planlab.engine.lang.DmlParser} is the public entry point.
 *
 * <p>Top-level statements of sourced and library files are ignored: a source imports functions (as
 * in SystemDS).
 */
public final class ProgramLoader {
  private final Map<String, String> arguments;
  private final List<Path> libraryRoots;
  private final BuiltinCatalogue builtins;

  private final List<Diagnostic> diagnostics = new ArrayList<>();
  private final List<ModuleState> modules = new ArrayList<>();
  private final Map<Path, ModuleState> modulesByFile = new HashMap<>();
  private final Set<String> namespaces = new HashSet<>();
  private final Deque<ModuleState> loading = new ArrayDeque<>();
  private final Map<FunctionKey, FunctionDefinition> functions = new LinkedHashMap<>();
  private final Map<String, FunctionKey> libraryFunctions = new LinkedHashMap<>();
  private final Set<String> libraryMisses = new HashSet<>();
  /** String literals of the loaded modules (candidate targets of eval), in load order. */
  private final Set<String> stringLiterals = new java.util.LinkedHashSet<>();
  private final Set<String> evalTried = new HashSet<>();
  private boolean evalSeen;

  /**
   * @param arguments command-line arguments by name without '$' ("X", "1")
   * @param libraryRoots folders searched in order for builtin-library files NAME.dml
   * @param builtins the builtins (names that never load a library file)
   */
  public ProgramLoader(
      Map<String, String> arguments, List<Path> libraryRoots, BuiltinCatalogue builtins) {
    this.arguments = Map.copyOf(arguments);
    this.libraryRoots = List.copyOf(libraryRoots);
    this.builtins = builtins;
  }

  /** Loads the program whose main script is {@code file}. */
  public DmlProgram loadFile(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new DmlSyntaxException(
          List.of(
              new Diagnostic(
                  new SourcePosition(file.toString(), 0, 0),
                  "cannot read script: " + describe(e))));
    }
    return loadText(text, file.toString(), file);
  }

  /**
   * Loads a program from text; {@code fileName} names it in positions, and its folder is where
   * relative {@code source} paths start.
   */
  public DmlProgram loadText(String text, String fileName) {
    Path file;
    try {
      file = Path.of(fileName);
    } catch (java.nio.file.InvalidPathException notAPath) {
      file = Path.of("script.dml"); // a display name only; sources resolve from the working dir
    }
    return loadText(text, fileName, file);
  }

  private DmlProgram loadText(String text, String fileName, Path file) {
    if (!modules.isEmpty()) {
      throw new IllegalStateException("a ProgramLoader loads one program");
    }
    ModuleState main = register(DmlModule.Kind.MAIN, DmlProgram.MAIN_NAMESPACE, fileName, file);
    ParsedFile parsed = parseModule(main, text);
    for (int i = 0; i < modules.size(); i++) {
      resolveLibraryCalls(modules.get(i), i == 0 ? parsed : null);
      if (i == modules.size() - 1 && evalSeen) {
        loadEvalTargets(); // may add modules, whose calls the loop then resolves
      }
    }
    if (!diagnostics.isEmpty()) {
      throw new DmlSyntaxException(diagnostics);
    }
    Map<String, DmlModule> byNamespace = new LinkedHashMap<>();
    for (ModuleState m : modules) {
      byNamespace.put(m.namespace, m.toModule());
    }
    return new DmlProgram(
        fileName,
        parsed == null ? List.of() : parsed.statements(),
        functions,
        byNamespace,
        libraryFunctions);
  }

  /** Per-module bookkeeping while loading. */
  private static final class ModuleState {
    final DmlModule.Kind kind;
    final String namespace;
    final String displayName;
    final Path file;
    final Map<String, String> aliases = new LinkedHashMap<>();
    final List<SourceImport> imports = new ArrayList<>();
    final List<FunctionKey> functionKeys = new ArrayList<>();

    ModuleState(DmlModule.Kind kind, String namespace, String displayName, Path file) {
      this.kind = kind;
      this.namespace = namespace;
      this.displayName = displayName;
      this.file = file;
    }

    DmlModule toModule() {
      return new DmlModule(kind, namespace, displayName, aliases, imports, functionKeys);
    }
  }

  private ModuleState register(
      DmlModule.Kind kind, String namespace, String displayName, Path file) {
    ModuleState m = new ModuleState(kind, namespace, displayName, file);
    modules.add(m);
    modulesByFile.put(key(file), m);
    namespaces.add(namespace);
    return m;
  }

  /** Parses a module's text, registers its functions and loads its imports; null on errors. */
  private ParsedFile parseModule(ModuleState module, String text) {
    int errorsBefore = diagnostics.size();
    SyntaxErrorListener listener = new SyntaxErrorListener(module.displayName, diagnostics);
    DmlLexer lexer = new DmlLexer(CharStreams.fromString(text, module.displayName));
    lexer.removeErrorListeners();
    lexer.addErrorListener(listener);
    CommonTokenStream tokens = new CommonTokenStream(lexer);
    DmlParser parser = new DmlParser(tokens);
    parser.removeErrorListeners();
    parser.addErrorListener(listener);
    DmlParser.ProgramContext tree;
    ParsedFile parsed;
    try {
      tree = parser.program();
      if (diagnostics.size() > errorsBefore) {
        return null;
      }
      parsed = new AstBuilder(module.displayName, module.namespace, arguments, tokens, diagnostics)
          .build(tree);
    } catch (StackOverflowError e) {
      // the parser and the AST builder recurse once per nesting level (parentheses, operator
      // chains such as 1 + 1 + ... + 1, nested blocks): a script error, not a crash
      diagnostics.add(new Diagnostic(new SourcePosition(module.displayName, 1, 1),
          "the script nests expressions or blocks too deeply to parse"));
      return null;
    }
    for (FunctionDefinition f : parsed.functions()) {
      functions.put(f.key(), f);
      module.functionKeys.add(f.key());
    }
    loading.push(module);
    for (ParsedFile.Import imp : parsed.imports()) {
      loadImport(module, imp);
    }
    loading.pop();
    return parsed;
  }

  private void loadImport(ModuleState importer, ParsedFile.Import imp) {
    Path file = siblingOf(importer.file, imp.path());
    String displayName = siblingOf(Path.of(importer.displayName), imp.path()).toString();
    if (!Files.isRegularFile(file)) {
      Optional<Path> elsewhere = sourceFallback(imp.path());
      if (elsewhere.isPresent()) {
        file = elsewhere.get();
        displayName = file.toString();
      }
    }
    ModuleState target = modulesByFile.get(key(file));
    if (target != null && loading.contains(target)) {
      diagnostics.add(
          new Diagnostic(imp.position(), "cyclic source: " + cycle(target, displayName)));
      return;
    }
    String bound = importer.aliases.get(imp.alias());
    if (target == null) {
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        diagnostics.add(
            new Diagnostic(
                imp.position(), "cannot read source file '" + displayName + "': " + describe(e)));
        return;
      }
      if (bound != null) {
        aliasTaken(imp, bound);
        return;
      }
      target = register(DmlModule.Kind.SOURCED, uniqueNamespace(imp.alias()), displayName, file);
      bindAlias(importer, imp, target, displayName);
      parseModule(target, text);
      return;
    }
    if (bound != null && !bound.equals(target.namespace)) {
      aliasTaken(imp, bound);
      return;
    }
    bindAlias(importer, imp, target, displayName);
  }

  private void bindAlias(
      ModuleState importer, ParsedFile.Import imp, ModuleState target, String displayName) {
    importer.aliases.put(imp.alias(), target.namespace);
    importer.imports.add(
        new SourceImport(imp.path(), imp.alias(), displayName, target.namespace, imp.position()));
  }

  private void aliasTaken(ParsedFile.Import imp, String boundNamespace) {
    String file =
        modules.stream()
            .filter(m -> m.namespace.equals(boundNamespace))
            .map(m -> m.displayName)
            .findFirst()
            .orElse(boundNamespace);
    diagnostics.add(
        new Diagnostic(
            imp.position(), "namespace '" + imp.alias() + "' is already used for '" + file + "'"));
  }

  /** "a.dml -> b.dml -> a.dml": the loading chain from {@code target} back to it. */
  private String cycle(ModuleState target, String targetDisplayName) {
    List<String> chain = new ArrayList<>();
    for (ModuleState m : loading) { // innermost first
      chain.add(0, m.displayName);
      if (m == target) {
        break;
      }
    }
    chain.add(targetDisplayName);
    return String.join(" -> ", chain);
  }

  private String uniqueNamespace(String alias) {
    String ns = alias;
    for (int n = 2; namespaces.contains(ns); n++) {
      ns = alias + "#" + n;
    }
    return ns;
  }

  /**
   * Loads the library files the calls of {@code module} need. For the main module the top-level
   * statements count too ({@code parsed} holds them).
   */
  private void resolveLibraryCalls(ModuleState module, ParsedFile parsed) {
    List<FunctionCall> calls = new ArrayList<>();
    // one walk: the calls to resolve, and the string literals eval may name
    java.util.function.Consumer<Expression> collect =
        e -> {
          if (e instanceof FunctionCall c && c.namespace().isEmpty()) {
            calls.add(c);
          }
          noteStringLiteral(e);
        };
    if (parsed != null) {
      AstWalker.forEachExpression(parsed.statements(), collect);
    }
    for (FunctionKey key : module.functionKeys) {
      FunctionDefinition f = functions.get(key);
      for (Parameter p : f.parameters()) {
        p.defaultValue().ifPresent(d -> AstWalker.forEachExpression(d, collect));
      }
      AstWalker.forEachExpression(f.body(), collect);
    }
    for (FunctionCall call : calls) {
      String name = call.name();
      if (name.equals("eval")) {
        evalSeen = true;
      }
      if (functions.containsKey(new FunctionKey(module.namespace, name))
          || builtins.isBuiltin(name)
          || libraryFunctions.containsKey(name)
          || libraryMisses.contains(name)) {
        continue;
      }
      Optional<Path> file = findLibraryFile(name);
      if (file.isEmpty()) {
        libraryMisses.add(name); // the validator reports the unknown function
        continue;
      }
      loadLibrary(name, file.get(), call.position());
    }
  }

  /** Remembers a string literal that could name a function for {@code eval}. */
  private void noteStringLiteral(Expression e) {
    if (e instanceof StringLiteral s && !s.stringValue().isEmpty()
        && Character.isLetter(s.stringValue().charAt(0))) {
      stringLiterals.add(s.stringValue());
    }
  }

  /**
   * {@code eval("f", ...)} calls a function chosen at run time. A program that uses eval gets
   * the library functions its string literals name loaded (and so compiled), as SystemDS
   * resolves eval's targets in its builtin library: {@code gridSearch(X, y, "lm", "lmPredict",
   * ...)} loads {@code lm} and {@code lmPredict}. Functions the scripts define are compiled
   * anyway.
   */
  private void loadEvalTargets() {
    for (String name : List.copyOf(stringLiterals)) {
      if (name.contains("::") || builtins.isBuiltin(name) || libraryFunctions.containsKey(name)
          || libraryMisses.contains(name) || evalTried.contains(name)) {
        continue;
      }
      evalTried.add(name);
      findLibraryFile(name).ifPresent(file -> loadLibrary(name, file,
          new SourcePosition(file.toString(), 1, 1)));
    }
  }

  private Optional<Path> findLibraryFile(String name) {
    for (Path root : libraryRoots) {
      Path candidate = root.resolve(name + ".dml");
      if (Files.isRegularFile(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  private void loadLibrary(String name, Path file, SourcePosition usedAt) {
    ModuleState module = modulesByFile.get(key(file));
    if (module == null) {
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        diagnostics.add(
            new Diagnostic(
                usedAt,
                "cannot read library file '" + file + "' for " + name + "(...): " + describe(e)));
        return;
      }
      module =
          register(
              DmlModule.Kind.LIBRARY,
              uniqueNamespace(DmlProgram.LIBRARY_NAMESPACE_PREFIX + name),
              file.toString(),
              file);
      if (parseModule(module, text) == null) {
        return;
      }
    }
    FunctionKey key = new FunctionKey(module.namespace, DmlProgram.LIBRARY_FUNCTION_PREFIX + name);
    if (!functions.containsKey(key)) {
      diagnostics.add(
          new Diagnostic(
              usedAt,
              "library file '"
                  + module.displayName
                  + "' does not define "
                  + key.name()
                  + ", which "
                  + name
                  + "(...) calls"));
      return;
    }
    libraryFunctions.put(name, key);
  }

  /**
   * Where a relative source path not found beside the sourcing file is: in the working
   * directory (SystemDS resolves sources there), else under a library root or one of its two
   * parent folders, so that SystemDS's builtin scripts, run with {@code --lib} pointing at their
   * {@code scripts/builtin} folder, find {@code nn/layers/affine.dml} and {@code
   * scripts/nn/...} in their own distribution.
   */
  private Optional<Path> sourceFallback(String path) {
    Path p = Path.of(path);
    if (p.isAbsolute()) {
      return Optional.empty();
    }
    List<Path> candidates = new ArrayList<>();
    candidates.add(p);
    for (Path root : libraryRoots) {
      Path r = root.toAbsolutePath().normalize();
      for (int up = 0; up <= 2 && r != null; up++, r = r.getParent()) {
        candidates.add(r.resolve(p));
      }
    }
    return candidates.stream().filter(Files::isRegularFile).map(Path::normalize).findFirst();
  }

  /** {@code path} relative to the folder of {@code file} (absolute paths stay as they are). */
  private static Path siblingOf(Path file, String path) {
    Path parent = file.getParent();
    return (parent == null ? Path.of(path) : parent.resolve(path)).normalize();
  }

  private static Path key(Path file) {
    return file.toAbsolutePath().normalize();
  }

  private static String describe(IOException e) {
    return e instanceof NoSuchFileException ? "no such file" : e.getMessage();
  }
}
