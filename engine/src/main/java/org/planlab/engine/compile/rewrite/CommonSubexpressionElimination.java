package org.planlab.engine.compile.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;

/**
 * Operator-aware common subexpression elimination (optimizer paper, sec. 3.1): equal leaves
 * (literals of equal value and type, reads of the same variable) merge first, then, bottom-up,
 * every operation whose opcode, parameter, types and (already merged) inputs are equal merges
 * into the first one. Never merged: side effects and function calls, {@code time()}, rand and
 * sample unless their seed is a literal other than -1 (a fresh seed per call otherwise), and
 * persistent reads (a write to the same file may come between them at run time).
 */
public final class CommonSubexpressionElimination implements StaticRewrite {

  private record Key(OpCode op, HopParam param, DataType dataType, ValueType valueType,
      List<Integer> inputs) {
  }

  @Override
  public HopDag rewrite(HopDag dag) {
    Map<Hop, Hop> canonical = new IdentityHashMap<>();
    Map<Hop, Integer> ids = new IdentityHashMap<>();
    Map<Key, Hop> seen = new HashMap<>();
    for (Hop h : dag.topologicalOrder()) {
      List<Hop> in = new ArrayList<>(h.inputs().size());
      List<Integer> inIds = new ArrayList<>(h.inputs().size());
      for (Hop i : h.inputs()) {
        Hop c = canonical.get(i);
        in.add(c);
        inIds.add(ids.get(c));
      }
      Hop n = h.withInputs(in);
      if (mergeable(n)) {
        Key key = new Key(n.op(), n.param(), n.dataType(), n.valueType(), inIds);
        Hop first = seen.putIfAbsent(key, n);
        if (first != null) {
          n = first;
        }
      }
      ids.putIfAbsent(n, ids.size());
      canonical.put(h, n);
    }
    List<Hop> roots = new ArrayList<>();
    boolean changed = false;
    for (Hop r : dag.roots()) {
      Hop c = canonical.get(r);
      changed |= c != r;
      roots.add(c);
    }
    return changed ? new HopDag(roots) : dag;
  }

  /** Whether two equal operations of this kind are guaranteed to produce the same value. */
  static boolean mergeable(Hop h) {
    return switch (h.op()) {
      case TIME, READ_FILE -> false;
      case RAND -> fixedSeed(h.input(5));
      case SAMPLE -> fixedSeed(h.input(3));
      default -> !h.op().hasSideEffect();
    };
  }

  /** A literal seed other than -1 (which means a fresh seed per execution). */
  static boolean fixedSeed(Hop seed) {
    if (seed.op() != OpCode.LITERAL) {
      return false; // a variable seed may be -1 at run time
    }
    var v = seed.param(HopParam.Literal.class).value();
    return v.valueType().isNumeric() && v.asDouble() != -1;
  }
}
