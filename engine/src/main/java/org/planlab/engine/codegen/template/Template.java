package org.planlab.engine.codegen.template;

import org.planlab.engine.codegen.memo.CloseType;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.ir.Hop;

/**
 * The open-fuse-merge-close abstraction of a template (fusion paper, sec. 3.2). The conditions
 * are local to a HOP and its inputs; they may consult the memo table (for the inputs' groups)
 * and the known sizes, which is how validity under unknown sizes is decided: a condition that
 * needs a dimension it does not know is false, so only the part of a DAG with known sizes is
 * fused (partial fusion), and dynamic recompilation revisits it once the sizes are known.
 */
public interface Template {

  TemplateType type();

  /** Whether a new fused operator of this template can start at {@code h}. */
  boolean open(Hop h, MemoTable memo);

  /** Whether an open operator of this template at input {@code in} can extend to {@code h}. */
  boolean fuse(Hop h, Hop in, MemoTable memo);

  /** Whether an operator of this template at {@code h} can absorb plans at input {@code in}. */
  boolean merge(Hop h, Hop in, MemoTable memo);

  /** The close status of entry {@code e} of {@code h} after {@code h}. */
  CloseType close(Hop h, MemoEntry e, MemoTable memo);
}
