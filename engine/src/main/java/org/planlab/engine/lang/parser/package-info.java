/**
 * Reading DML: the ANTLR4 grammar {@code Dml.g4} (its lexer and parser are generated at build time
 * into this package), the AST builder, and the {@link org.planlab.engine.lang.parser.ProgramLoader}
 * that resolves {@code source} imports and builtin-library files. The generated {@code DmlParser}
 * here is internal; the public entry point is {@link org.planlab.engine.lang.DmlParser}.
 */
package org.planlab.engine.lang.parser;
