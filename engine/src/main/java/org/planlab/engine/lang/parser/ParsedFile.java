package org.planlab.engine.lang.parser;

import java.util.List;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.Statement;

/** What the AST builder makes of one file, before its {@code source} imports are resolved. */
record ParsedFile(
    List<Statement> statements, List<FunctionDefinition> functions, List<Import> imports) {

  /** {@code source(path) as alias}, as written. */
  record Import(String path, String alias, SourcePosition position) {}

  ParsedFile {
    statements = List.copyOf(statements);
    functions = List.copyOf(functions);
    imports = List.copyOf(imports);
  }
}
