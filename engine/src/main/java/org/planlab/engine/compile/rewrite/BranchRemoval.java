package org.planlab.engine.compile.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.ProgramBlock;

/**
 * Branch removal (optimizer paper, sec. 3.1): an if whose predicate is a constant (after
 * constant folding) is replaced by the blocks of the branch taken, a while whose predicate is
 * constant false disappears. Applied recursively to nested blocks. Adjacent basic blocks are not
 * merged afterwards (their DAGs communicate through variables, which stays correct).
 */
public final class BranchRemoval {

  /** The blocks with constant branches resolved. */
  public List<ProgramBlock> rewrite(List<ProgramBlock> blocks) {
    List<ProgramBlock> out = new ArrayList<>();
    for (ProgramBlock b : blocks) {
      if (b instanceof ProgramBlock.If i) {
        Optional<Boolean> c = constant(i.predicate());
        if (c.isPresent()) {
          out.addAll(rewrite(c.get() ? i.thenBlocks() : i.elseBlocks()));
        } else {
          out.add(new ProgramBlock.If(i.predicate(), rewrite(i.thenBlocks()),
              rewrite(i.elseBlocks())));
        }
      } else if (b instanceof ProgramBlock.While w) {
        if (!constant(w.predicate()).orElse(true)) {
          continue;
        }
        out.add(new ProgramBlock.While(w.predicate(), rewrite(w.body())));
      } else if (b instanceof ProgramBlock.For f) {
        out.add(new ProgramBlock.For(f.variable(), f.from(), f.to(), f.increment(),
            rewrite(f.body()), f.parallel(), f.parforOptions()));
      } else {
        out.add(b);
      }
    }
    return out;
  }

  /** The predicate's value if its single root is a numeric or boolean literal. */
  static Optional<Boolean> constant(HopDag predicate) {
    if (predicate.roots().size() != 1) {
      return Optional.empty();
    }
    Hop root = predicate.roots().get(0);
    if (root.op() != OpCode.LITERAL) {
      return Optional.empty();
    }
    ScalarValue v = root.param(HopParam.Literal.class).value();
    return v.valueType().isNumeric() ? Optional.of(v.asBoolean()) : Optional.empty();
  }
}
