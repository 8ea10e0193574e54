package org.planlab.engine.lang;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.builtins.BuiltinCatalogue;
import org.planlab.engine.lang.parser.ProgramLoader;

/**
 * Entry point of the DML front end's first step: reads a script (and what it sources, and the
 * builtin-library files it uses) into a {@link DmlProgram}. Immutable and reusable; each parse is
 * independent (nothing is cached across programs).
 *
 * <p>Not to be confused with {@code org.planlab.engine.lang.parser.DmlParser}, the parser ANTLR
 * generates from {@code Dml.g4}, which is internal to this class.
 *
 * <p>Errors: {@link DmlSyntaxException} with every problem found as {@code FILE:LINE:COL: message}
 * (syntax errors, malformed constructs, missing command-line arguments, unreadable or cyclic
 * sources).
 */
public final class DmlParser {
  private final Map<String, String> arguments;
  private final List<Path> libraryRoots;

  /** A parser without command-line arguments and without library roots. */
  public DmlParser() {
    this(Map.of(), List.of());
  }

  /**
   * @param arguments command-line arguments for {@code $name} / {@code $1}, keyed with or without
   *     the '$'; values are typed as SystemDS does (TRUE/FALSE, integer, double, else string)
   * @param libraryRoots folders searched in order for builtin-library files: a call {@code f(...)}
   *     that names neither a function of the calling file nor a builtin loads {@code f.dml}, which
   *     must define {@code m_f}
   */
  public DmlParser(Map<String, String> arguments, List<Path> libraryRoots) {
    Map<String, String> normalized = new LinkedHashMap<>();
    arguments.forEach((k, v) -> normalized.put(k.startsWith("$") ? k.substring(1) : k, v));
    this.arguments = Map.copyOf(normalized);
    this.libraryRoots = List.copyOf(libraryRoots);
  }

  /** This parser with other command-line arguments. */
  public DmlParser withArguments(Map<String, String> newArguments) {
    return new DmlParser(newArguments, libraryRoots);
  }

  /** This parser with other library roots. */
  public DmlParser withLibraryRoots(List<Path> newLibraryRoots) {
    return new DmlParser(arguments, newLibraryRoots);
  }

  public Map<String, String> arguments() {
    return arguments;
  }

  public List<Path> libraryRoots() {
    return libraryRoots;
  }

  /** Parses the script in {@code file}; sources resolve relative to its folder. */
  public DmlProgram parse(Path file) {
    return loader().loadFile(file);
  }

  /**
   * Parses {@code text}; {@code fileName} names it in positions and its folder (if any) is where
   * relative sources start.
   */
  public DmlProgram parse(String text, String fileName) {
    return loader().loadText(text, fileName);
  }

  private ProgramLoader loader() {
    return new ProgramLoader(arguments, libraryRoots, BuiltinCatalogue.standard());
  }
}
