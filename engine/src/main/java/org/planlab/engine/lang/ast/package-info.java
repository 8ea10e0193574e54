/**
 * The abstract syntax tree of DML: immutable records, each with the {@link
 * org.planlab.engine.lang.ast.SourcePosition} where it starts. {@code Expression} and {@code
 * Statement} are sealed interfaces with visitors ({@link
 * org.planlab.engine.lang.ast.ExpressionVisitor}, {@link
 * org.planlab.engine.lang.ast.StatementVisitor}); records compare structurally, so analyses
 * annotate nodes by identity. {@link org.planlab.engine.lang.ast.DmlProgram} holds the main
 * script's statements, all functions by (namespace, name), and the modules (files) with their
 * namespace aliases.
 */
package org.planlab.engine.lang.ast;
