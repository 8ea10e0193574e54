package org.planlab.engine.compile.lower;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.Instructions;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.spi.OperatorOrdering;
import org.planlab.engine.spi.OrderingContext;

/**
 * HOP DAG to instructions for the CP backend (optimizer paper, sec. 3.3, "low-level operator
 * selection" and "runtime plan generation"): picks fused physical operators that need no code
 * generation by pattern, linearizes with an {@link OperatorOrdering}, and allocates frame slots
 * for intermediates, releasing each after its last use and reusing freed slots.
 *
 * <p>Patterns (X, v, w are arbitrary HOPs; the inner intermediates must have no other consumer,
 * otherwise they would be computed twice):
 * <ul>
 *   <li>{@code t(X) %*% X} -> tsmm left; {@code X %*% t(X)} -> tsmm right;
 *   <li>{@code t(X) %*% (w * (X %*% v))} and {@code t(X) %*% (X %*% v)} -> mmchain (when sizes
 *       are known, only for column vectors v and w; the instruction re-checks at run time);
 *   <li>any other {@code t(X) %*% y} -> transpose-left multiply (no transpose materialized);
 *   <li>{@code t(t(y) %*% X)} (what the dynamic rewrite of {@code t(X) %*% y} produces) is
 *       treated as {@code t(X) %*% y}, so the patterns above still apply.
 * </ul>
 * A transpose feeding only fused operators is not executed at all. Literals become constants
 * of the frame rather than instructions.
 */
public final class Lowering {
  private Lowering() {
  }

  /**
   * Lowers {@code dag}. {@code sizes} holds whatever is known of HOP output sizes (may be
   * empty). For a predicate DAG pass {@code predicate = true}: its single root's value is kept
   * in {@link BlockCode#resultSlot()}.
   */
  public static BlockCode lower(HopDag dag, OperatorOrdering ordering,
      Map<Hop, DataCharacteristics> sizes, boolean predicate) {
    Map<Hop, List<Hop>> consumers = dag.consumers();
    Map<Hop, Physical> physical = selectOperators(dag, consumers, sizes);

    // which HOPs still need an instruction: reachable from the roots over physical inputs
    Set<Hop> needed = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Hop> work = new ArrayDeque<>(dag.roots());
    while (!work.isEmpty()) {
      Hop h = work.pop();
      if (needed.add(h)) {
        work.addAll(physicalInputs(h, physical));
      }
    }

    // Variable writes go last, in root order: a block reads the values its variables had at
    // block start, so no WRITE_VAR may overwrite a variable before another READ_VAR of it ran.
    List<Hop> order = new ArrayList<>();
    List<Hop> writes = new ArrayList<>();
    for (Hop h : ordering.linearize(dag, new OrderingContext(sizes, 1))) {
      if (needed.contains(h)) {
        (h.op() == OpCode.WRITE_VAR ? writes : order).add(h);
      }
    }
    order.addAll(writes);
    if (order.size() != needed.size()) {
      throw new IllegalStateException("ordering " + ordering.name() + " returned "
          + order.size() + " of " + needed.size() + " needed nodes");
    }

    Map<Hop, Integer> position = new IdentityHashMap<>();
    for (int i = 0; i < order.size(); i++) {
      position.put(order.get(i), i);
    }
    int[] lastUse = new int[order.size()];
    for (int i = 0; i < order.size(); i++) {
      lastUse[i] = -1;
    }
    for (int i = 0; i < order.size(); i++) {
      for (Hop in : physicalInputs(order.get(i), physical)) {
        Integer p = position.get(in);
        if (p == null || p >= i) {
          throw new IllegalStateException("ordering " + ordering.name()
              + " placed an operator before its input: " + order.get(i));
        }
        lastUse[p] = i;
      }
    }
    Hop result = predicate ? dag.roots().get(0) : null;

    // literals are constants of the frame (its first slots), not instructions: they cost no
    // dispatch and are never released
    Deque<Integer> free = new ArrayDeque<>();
    int slots = 0;
    Map<Hop, Integer> slotOf = new IdentityHashMap<>();
    List<Data> constants = new ArrayList<>();
    for (Hop h : order) {
      if (h.op() == OpCode.LITERAL) {
        slotOf.put(h, slots++);
        constants.add(h.param(HopParam.Literal.class).value());
      }
    }
    // slot allocation with a free list; release lists per instruction
    List<Instruction> instructions = new ArrayList<>(order.size());
    List<List<Integer>> releases = new ArrayList<>(order.size());
    for (int i = 0; i < order.size(); i++) {
      releases.add(new ArrayList<>());
    }
    for (int i = 0; i < order.size(); i++) {
      Hop h = order.get(i);
      if (h.op() == OpCode.LITERAL) {
        instructions.add(null);
        continue;
      }
      List<Hop> ins = physicalInputs(h, physical);
      int[] inSlots = new int[ins.size()];
      for (int k = 0; k < inSlots.length; k++) {
        inSlots[k] = slotOf.get(ins.get(k));
      }
      // free dead operands before allocating the output, so a slot can be reused right away
      for (Hop in : ins) {
        int p = position.get(in);
        if (lastUse[p] == i && in != result && in.op() != OpCode.LITERAL) {
          int s = slotOf.get(in);
          if (!releases.get(i).contains(s)) {
            releases.get(i).add(s);
            free.push(s);
          }
        }
      }
      boolean hasOutput = producesValue(h) && (lastUse[i] > i || h == result);
      int out = -1;
      if (hasOutput) {
        out = free.isEmpty() ? slots++ : free.pop();
        slotOf.put(h, out);
        // an operand slot reused for the output must not be cleared after the instruction
        releases.get(i).remove(Integer.valueOf(out));
      }
      instructions.add(instruction(h, physical.get(h), inSlots, out));
    }
    List<Instruction> code = new ArrayList<>(order.size());
    List<int[]> releaseAfter = new ArrayList<>(order.size());
    for (int i = 0; i < order.size(); i++) {
      if (instructions.get(i) != null) {
        code.add(instructions.get(i));
        releaseAfter.add(releases.get(i).stream().mapToInt(Integer::intValue).toArray());
      }
    }
    int resultSlot = result == null ? -1 : slotOf.get(result);
    return new BlockCode(code, releaseAfter, constants, slots, resultSlot);
  }

  /** A fused physical operator replacing a MATMULT: its kind and its real inputs. */
  record Physical(MatMultInstruction.Kind kind, List<Hop> inputs) {
  }

  private static boolean producesValue(Hop h) {
    return switch (h.op()) {
      case WRITE_VAR, WRITE_FILE, PRINT, STOP, ASSERT, FUNCTION_CALL -> false;
      default -> true;
    };
  }

  private static List<Hop> physicalInputs(Hop h, Map<Hop, Physical> physical) {
    Physical p = physical.get(h);
    return p == null ? h.inputs() : p.inputs();
  }

  private static Instruction instruction(Hop h, Physical p, int[] in, int out) {
    if (p != null) {
      return new MatMultInstruction(p.kind(), h, in, out);
    }
    return Instructions.forHop(h, in, out);
  }

  /** Pattern-based selection of tsmm, mmchain and transpose-left multiply for MATMULT HOPs. */
  static Map<Hop, Physical> selectOperators(HopDag dag, Map<Hop, List<Hop>> consumers,
      Map<Hop, DataCharacteristics> sizes) {
    Map<Hop, Physical> out = new IdentityHashMap<>();
    for (Hop h : dag.topologicalOrder()) {
      if (h.op() == OpCode.TRANSPOSE) {
        // t(t(y) %*% X) is t(X) %*% y, the form the dynamic rewrite "t(X)%*%y -> t(t(y)%*%X)"
        // produces; computing it as t(X) %*% y needs no transpose at all (and may be a chain)
        Hop m = h.input(0);
        if (m.op() == OpCode.MATMULT && m.input(0).op() == OpCode.TRANSPOSE
            && singleConsumer(m, consumers) && singleConsumer(m.input(0), consumers)) {
          Hop y = m.input(0).input(0);
          Hop x = m.input(1);
          Physical chain = matchChain(x, y, consumers, sizes);
          out.put(h, chain != null ? chain
              : new Physical(MatMultInstruction.Kind.TRANSPOSE_LEFT, List.of(x, y)));
        }
        continue;
      }
      if (h.op() != OpCode.MATMULT) {
        continue;
      }
      Hop left = h.input(0);
      Hop right = h.input(1);
      if (left.op() == OpCode.TRANSPOSE) {
        Hop x = left.input(0);
        if (right == x) {
          out.put(h, new Physical(MatMultInstruction.Kind.TSMM_LEFT, List.of(x)));
          continue;
        }
        Physical chain = matchChain(x, right, consumers, sizes);
        out.put(h, chain != null ? chain
            : new Physical(MatMultInstruction.Kind.TRANSPOSE_LEFT, List.of(x, right)));
      } else if (right.op() == OpCode.TRANSPOSE && right.input(0) == left) {
        out.put(h, new Physical(MatMultInstruction.Kind.TSMM_RIGHT, List.of(left)));
      }
    }
    return out;
  }

  /** {@code y} is {@code X %*% v} or {@code w * (X %*% v)} (either operand order). */
  private static Physical matchChain(Hop x, Hop y, Map<Hop, List<Hop>> consumers,
      Map<Hop, DataCharacteristics> sizes) {
    if (isMatMultOf(x, y) && singleConsumer(y, consumers)
        && columnVectorOrUnknown(y.input(1), sizes)) {
      return new Physical(MatMultInstruction.Kind.MMCHAIN_XTXV, List.of(x, y.input(1)));
    }
    if (y.op() == OpCode.BINARY && y.param() instanceof HopParam.Binary b
        && b.op() == BinaryOp.MULT && singleConsumer(y, consumers)) {
      for (int side = 0; side < 2; side++) {
        Hop xv = y.input(side);
        Hop w = y.input(1 - side);
        if (isMatMultOf(x, xv) && singleConsumer(xv, consumers) && w.isMatrix()
            && columnVectorOrUnknown(xv.input(1), sizes) && columnVectorOrUnknown(w, sizes)) {
          return new Physical(MatMultInstruction.Kind.MMCHAIN_XTWXV,
              List.of(x, xv.input(1), w));
        }
      }
    }
    return null;
  }

  private static boolean isMatMultOf(Hop x, Hop h) {
    return h.op() == OpCode.MATMULT && h.input(0) == x;
  }

  private static boolean singleConsumer(Hop h, Map<Hop, List<Hop>> consumers) {
    return consumers.getOrDefault(h, List.of()).size() == 1;
  }

  /** Known sizes must say column vector; unknown sizes are decided at run time. */
  private static boolean columnVectorOrUnknown(Hop h, Map<Hop, DataCharacteristics> sizes) {
    DataCharacteristics dc = sizes.get(h);
    return dc == null || dc.cols() < 0 || dc.cols() == 1;
  }
}
