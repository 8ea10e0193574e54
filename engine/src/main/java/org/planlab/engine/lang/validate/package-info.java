/**
 * Validation, the last language-level step, and the seam to the IR.
 *
 * <p>{@link org.planlab.engine.lang.validate.DmlValidator} checks a parsed program in one pass
 * (names, calls, argument binding, types, literal-known sizes) and returns a {@link
 * org.planlab.engine.lang.validate.ValidatedProgram}: the unchanged AST plus, by node identity,
 * each expression's {@link org.planlab.engine.lang.types.ExprType} and constant value, each call's
 * {@link org.planlab.engine.lang.validate.CallTarget} (builtin or user function, with arguments
 * bound to parameter names), a {@link org.planlab.engine.lang.validate.FunctionInfo} per function
 * and {@link org.planlab.engine.lang.validate.LiveVariables} per statement.
 *
 * <p>What the IR builder must know about the AST it receives:
 *
 * <ul>
 *   <li>Command-line arguments, {@code ifdef}, {@code exists($x)} and {@code pi} are already
 *       literals; {@code x += e} is already {@code x = x + e}; {@code -5} is a literal.
 *   <li>A user-defined function with one result may be called inside an expression; the IR hoists
 *       such calls into their own statements (as SystemDS does), since function calls delimit basic
 *       blocks. Predicates and loop bounds contain no user-defined calls.
 *   <li>Indexing always yields a matrix ({@code X[i, j]} is 1 x 1). A predicate may be a matrix of
 *       unknown or 1 x 1 size, to be cast to a scalar.
 *   <li>A for/parfor without increment counts by 1 if {@code from <= to}, else by -1.
 *   <li>Builtin calls list only the given arguments; omitted parameters take the catalogue's
 *       default or are absent (e.g. rand without seed: a fresh seed per call, never merged by CSE).
 *       User-function calls take the declared default of omitted parameters (constant expressions).
 *   <li>{@code exists(x)} with a variable asks the run-time symbol table.
 *   <li>Sizes known here come only from literals, folded scalar constants and size functions; size
 *       propagation in the compiler refines the rest.
 * </ul>
 */
package org.planlab.engine.lang.validate;
