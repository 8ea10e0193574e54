package org.planlab.engine.lang.ast;

/** Anything in the AST: knows where it starts in the source. */
public interface Node {
  SourcePosition position();
}
