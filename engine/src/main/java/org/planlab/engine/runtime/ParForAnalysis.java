package org.planlab.engine.runtime;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.runtime.program.CompiledBlock;

/**
 * The conservative dependency check of parfor: the iterations are independent when every
 * variable that was live before the loop and is written in the body is a <em>result
 * variable</em> — only ever written as {@code V[i, ...] = ...} or {@code V[..., i] = ...} with
 * {@code i} the loop variable itself as both bounds of one dimension (so iterations write
 * disjoint rows or columns), and read nowhere else in the body. Other variables written in
 * the body must be iteration-local: not live before the loop, and never read in an iteration
 * before that iteration has certainly written them. Anything else (accumulators, index
 * expressions, function calls writing live variables) makes the loop run sequentially.
 */
public final class ParForAnalysis {
  private ParForAnalysis() {
  }

  /**
   * The result variables if the loop may run in parallel, else null.
   *
   * @param liveBefore the variables defined when the loop starts
   */
  public static Set<String> resultVariables(CompiledBlock.For loop, Set<String> liveBefore) {
    Map<String, Set<Integer>> results = new HashMap<>();
    Set<String> otherWrites = new HashSet<>();
    Set<String> otherReads = new HashSet<>();
    otherWrites.add(loop.variable());
    scan(loop.body(), loop.variable(), results, otherWrites, otherReads);
    for (Map.Entry<String, Set<Integer>> e : results.entrySet()) {
      String v = e.getKey();
      // written row-wise in one place and column-wise in another: positions may overlap
      if (e.getValue().size() > 1) {
        return null;
      }
      if (otherWrites.contains(v) || otherReads.contains(v) || !liveBefore.contains(v)) {
        return null;
      }
    }
    Set<String> exposed = new HashSet<>();
    exposedReads(loop.body(), new HashSet<>(Set.of(loop.variable())), exposed);
    for (String v : otherWrites) {
      if (v.equals(loop.variable())) {
        continue;
      }
      // live before: the body overwrites a value later iterations or the caller may see;
      // read before written in an iteration: the value flows from the previous iteration
      if (liveBefore.contains(v) || exposed.contains(v)) {
        return null;
      }
    }
    return Set.copyOf(results.keySet());
  }

  /**
   * Collects in {@code exposed} the variables an iteration may read before it has certainly
   * written them (a small forward data-flow over the blocks); returns the variables certainly
   * written after {@code blocks}.
   */
  private static Set<String> exposedReads(List<CompiledBlock> blocks, Set<String> defined,
      Set<String> exposed) {
    for (CompiledBlock b : blocks) {
      if (b instanceof CompiledBlock.Basic x) {
        reads(x.body().dag(), defined, exposed);
        for (Hop root : x.body().dag().roots()) {
          if (root.op() == OpCode.WRITE_VAR) {
            defined.add(root.param(HopParam.Variable.class).name());
          } else if (root.op() == OpCode.FUNCTION_CALL) {
            defined.addAll(root.param(HopParam.Call.class).outputs());
          }
        }
      } else if (b instanceof CompiledBlock.If x) {
        reads(x.predicate().dag(), defined, exposed);
        Set<String> t = exposedReads(x.thenBlocks(), new HashSet<>(defined), exposed);
        Set<String> e = exposedReads(x.elseBlocks(), new HashSet<>(defined), exposed);
        t.retainAll(e);
        defined = t;
      } else if (b instanceof CompiledBlock.While x) {
        reads(x.predicate().dag(), defined, exposed);
        exposedReads(x.body(), new HashSet<>(defined), exposed);
      } else if (b instanceof CompiledBlock.For x) {
        reads(x.from().dag(), defined, exposed);
        reads(x.to().dag(), defined, exposed);
        Set<String> d = defined;
        x.increment().ifPresent(inc -> reads(inc.dag(), d, exposed));
        Set<String> inner = new HashSet<>(defined);
        inner.add(x.variable());
        exposedReads(x.body(), inner, exposed);
      }
    }
    return defined;
  }

  private static void reads(HopDag dag, Set<String> defined, Set<String> exposed) {
    for (Hop h : dag.topologicalOrder()) {
      if (h.op() == OpCode.READ_VAR) {
        String v = h.param(HopParam.Variable.class).name();
        if (!defined.contains(v)) {
          exposed.add(v);
        }
      }
    }
  }

  private static void scan(List<CompiledBlock> blocks, String iv,
      Map<String, Set<Integer>> results, Set<String> writes, Set<String> reads) {
    for (CompiledBlock b : blocks) {
      if (b instanceof CompiledBlock.Basic x) {
        scanDag(x.body().dag(), iv, results, writes, reads);
      } else if (b instanceof CompiledBlock.If x) {
        scanDag(x.predicate().dag(), iv, results, writes, reads);
        scan(x.thenBlocks(), iv, results, writes, reads);
        scan(x.elseBlocks(), iv, results, writes, reads);
      } else if (b instanceof CompiledBlock.While x) {
        scanDag(x.predicate().dag(), iv, results, writes, reads);
        scan(x.body(), iv, results, writes, reads);
      } else if (b instanceof CompiledBlock.For x) {
        writes.add(x.variable());
        scanDag(x.from().dag(), iv, results, writes, reads);
        scanDag(x.to().dag(), iv, results, writes, reads);
        x.increment().ifPresent(d -> scanDag(d.dag(), iv, results, writes, reads));
        scan(x.body(), iv, results, writes, reads);
      }
    }
  }

  private static void scanDag(HopDag dag, String iv, Map<String, Set<Integer>> results,
      Set<String> writes, Set<String> reads) {
    Map<Hop, List<Hop>> consumers = dag.consumers();
    Set<Hop> resultReads = new HashSet<>();
    for (Hop root : dag.roots()) {
      if (root.op() == OpCode.WRITE_VAR) {
        String v = root.param(HopParam.Variable.class).name();
        Hop li = root.input(0);
        int dim = disjointResultDimension(v, li, iv, consumers);
        if (dim != 0) {
          results.computeIfAbsent(v, k -> new HashSet<>()).add(dim);
          resultReads.add(li.input(0));
        } else {
          writes.add(v);
        }
      } else if (root.op() == OpCode.FUNCTION_CALL) {
        writes.addAll(root.param(HopParam.Call.class).outputs());
      }
    }
    for (Hop h : dag.topologicalOrder()) {
      if (h.op() == OpCode.READ_VAR && !resultReads.contains(h)) {
        reads.add(h.param(HopParam.Variable.class).name());
      }
    }
  }

  /** 1 for disjoint rows, 2 for disjoint columns, 0 when not a disjoint result write. */
  private static int disjointResultDimension(String v, Hop li, String iv,
      Map<Hop, List<Hop>> consumers) {
    if (li.op() != OpCode.LEFT_INDEX || !isRead(li.input(0), v)
        || consumers.get(li.input(0)).size() != 1 || consumers.get(li).size() != 1) {
      return 0;
    }
    if (isRead(li.input(2), iv) && isRead(li.input(3), iv)) {
      return 1;
    }
    return isRead(li.input(4), iv) && isRead(li.input(5), iv) ? 2 : 0;
  }

  private static boolean isRead(Hop h, String name) {
    return h.op() == OpCode.READ_VAR && h.param(HopParam.Variable.class).name().equals(name);
  }
}
