package org.planlab.engine.compile.dynamic;

import org.planlab.engine.ir.Hop;

/**
 * One size-dependent HOP rewrite (optimizer paper, sec. 3.1, Eq. 6): a local pattern rooted at
 * one HOP whose validity or benefit depends on sizes. Implementations are stateless.
 */
public interface DynamicRewrite {
  /**
   * The replacement of {@code hop} (computing the same value), or {@code hop} itself when the
   * rewrite does not apply. The inputs of {@code hop} have already been rewritten.
   */
  Hop apply(Hop hop, RewriteContext context);
}
