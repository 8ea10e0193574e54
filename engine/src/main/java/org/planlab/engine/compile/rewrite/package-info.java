/**
 * Static, size-independent rewrites (optimizer paper, sec. 3.1), each a small {@link
 * org.planlab.engine.compile.rewrite.StaticRewrite}, applied in the paper's order to every DAG of
 * a program by {@link org.planlab.engine.compile.rewrite.StaticRewriter}: common subexpression
 * elimination, constant folding, branch removal, the algebraic simplifications of Eq. (5), and
 * CSE again. {@code StaticRewriter.disabled()} turns them off for comparisons.
 */
package org.planlab.engine.compile.rewrite;
