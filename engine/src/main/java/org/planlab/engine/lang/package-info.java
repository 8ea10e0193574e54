/**
 * The DML language front end: the first step of the engine's data flow (ARCHITECTURE.md), {@code
 * DML text -> parse -> AST -> validate}, after sec. 2 of the optimizer paper.
 *
 * <p>Entry points: {@link org.planlab.engine.lang.DmlFrontEnd} (parse and validate), or the two
 * steps {@link org.planlab.engine.lang.DmlParser} (text to {@link
 * org.planlab.engine.lang.ast.DmlProgram}) and {@link
 * org.planlab.engine.lang.validate.DmlValidator} (program to {@link
 * org.planlab.engine.lang.validate.ValidatedProgram}). Problems are {@link
 * org.planlab.engine.lang.DmlException}s listing {@code FILE:LINE:COL: message} diagnostics.
 *
 * <p>Packages:
 *
 * <ul>
 *   <li>{@code lang.types}: data/value types, the inferred {@code ExprType} (with sizes where
 *       known), broadcasting rules;
 *   <li>{@code lang.ast}: immutable AST records with positions, sealed {@code Expression} and
 *       {@code Statement} hierarchies with visitors, {@code DmlProgram} with modules and name
 *       resolution;
 *   <li>{@code lang.parser}: the ANTLR grammar {@code Dml.g4} (generated at build time) and the AST
 *       builder, {@code source} and builtin-library loading, command-line arguments;
 *   <li>{@code lang.builtins}: the builtin catalogue, one entry per builtin;
 *   <li>{@code lang.validate}: validation, type inference, call resolution, live variables.
 * </ul>
 */
package org.planlab.engine.lang;
