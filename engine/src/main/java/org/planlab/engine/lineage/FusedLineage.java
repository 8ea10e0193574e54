package org.planlab.engine.lineage;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.Instructions;

/**
 * The lineage of a fused operator as the items of the HOPs it replaced, over its operands'
 * items. LIMA traces a generated operator this way (sec. 3: the lineage of a fused operator is
 * the sub-DAG of the operations it fuses), so that a trace holding fused operators can be
 * computed again by a fresh compilation (MEMPHIS sec. 3.1, RECOMPUTE), and that equal values
 * have equal keys whatever fusion plan computed them.
 *
 * <p>Built once per instruction: the replaced HOPs in topological order, each with the opcode
 * and data an unfused instruction of it traces ({@link Instructions#opcode},
 * {@link Instruction#lineageData(Hop, String)}), and where its inputs are: an operand, a
 * literal or an earlier node. {@link #item} then makes one item per node.
 */
public final class FusedLineage {
  private final int operands;
  private final String[] opcodes;
  private final String[] data;
  /** Per node, its inputs: {@code >= 0} an earlier node, {@code < 0} operand {@code -1 - r}. */
  private final int[][] refs;
  /** Per node, the item of a literal node (made once), else null. */
  private final LineageItem[] literals;

  private FusedLineage(int operands, List<Hop> order, Map<Hop, Integer> index,
      Map<Hop, Integer> operand) {
    this.operands = operands;
    int n = order.size();
    opcodes = new String[n];
    data = new String[n];
    refs = new int[n][];
    literals = new LineageItem[n];
    for (int i = 0; i < n; i++) {
      Hop h = order.get(i);
      if (h.op() == OpCode.LITERAL) {
        literals[i] = Lineages.literal(h.param(HopParam.Literal.class).value());
        continue;
      }
      opcodes[i] = Instructions.opcode(h);
      data[i] = Instruction.lineageData(h, h.param().toString());
      refs[i] = new int[h.inputs().size()];
      for (int k = 0; k < refs[i].length; k++) {
        Hop in = h.input(k);
        Integer o = operand.get(in);
        refs[i][k] = o != null ? -1 - o : index.get(in);
      }
    }
  }

  /**
   * The lineage of the fused HOP {@code fused}, or null when it does not know the HOPs it
   * replaced.
   */
  public static FusedLineage of(Hop fused) {
    if (!(fused.param() instanceof HopParam.Fused f) || f.replaced() == null) {
      return null;
    }
    HopParam.Replaced r = f.replaced();
    Map<Hop, Integer> operand = new IdentityHashMap<>();
    for (int i = 0; i < r.inputs().size(); i++) {
      operand.putIfAbsent(r.inputs().get(i), i);
    }
    // inputs before consumers, without recursion: a post-order of an explicit stack
    List<Hop> order = new ArrayList<>();
    Map<Hop, Integer> index = new IdentityHashMap<>();
    List<Hop> stack = new ArrayList<>(List.of(r.expression()));
    List<Integer> next = new ArrayList<>(List.of(0));
    while (!stack.isEmpty()) {
      int top = stack.size() - 1;
      Hop h = stack.get(top);
      int k = next.get(top);
      if (k < h.inputs().size()) {
        next.set(top, k + 1);
        Hop in = h.input(k);
        if (!operand.containsKey(in) && !index.containsKey(in)) {
          stack.add(in);
          next.add(0);
        }
        continue;
      }
      stack.remove(top);
      next.remove(top);
      if (!index.containsKey(h)) {
        index.put(h, order.size());
        order.add(h);
      }
    }
    return new FusedLineage(r.inputs().size(), order, index, operand);
  }

  /**
   * The item of the fused operator's value over its operands' items, or null when the
   * operands are not the operator's inputs.
   */
  public LineageItem item(LineageItem[] operandItems) {
    if (operandItems.length != operands) {
      return null;
    }
    LineageItem[] items = new LineageItem[opcodes.length];
    for (int i = 0; i < items.length; i++) {
      if (literals[i] != null) {
        items[i] = literals[i];
        continue;
      }
      int[] r = refs[i];
      LineageItem[] in = new LineageItem[r.length];
      for (int k = 0; k < r.length; k++) {
        in[k] = r[k] >= 0 ? items[r[k]] : operandItems[-1 - r[k]];
      }
      items[i] = LineageItem.owning(opcodes[i], data[i], in);
    }
    return items[items.length - 1];
  }

  /** The number of items {@link #item} makes (literals are shared). */
  public int size() {
    return opcodes.length;
  }
}
