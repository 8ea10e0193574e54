package org.planlab.engine.compile.dynamic;

import java.util.Objects;
import org.planlab.engine.compile.size.SizeTable;
import org.planlab.engine.ir.HopDag;

/** A DAG after dynamic rewrites and the sizes propagated over it. */
public record RewriteResult(HopDag dag, SizeTable sizes) {
  public RewriteResult {
    Objects.requireNonNull(dag, "dag is null");
    Objects.requireNonNull(sizes, "sizes is null");
  }
}
