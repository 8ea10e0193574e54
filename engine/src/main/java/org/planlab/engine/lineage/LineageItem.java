package org.planlab.engine.lineage;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.planlab.engine.data.ScalarValue;

/**
 * One node of a lineage trace (MEMPHIS sec. 3.2, LIMA sec. 3): the operation that produced a
 * value (its opcode), the data that operation was given besides its inputs (a literal's value,
 * an operator's parameters, a fused operator's plan, a file's identity) and the lineage items
 * of its inputs. Two equal items denote equal values, which is what makes an item a reuse key.
 *
 * <p>Immutable. The hash is computed once, at construction, from the opcode, the data and the
 * inputs' hashes; the height (longest path to a leaf) likewise. {@link #equals} compares two
 * DAGs without recursion: a queue of pairs still to compare, early exits on identity (shared
 * sub-DAGs), hash, height, opcode, data and arity, and a set of pairs already found equal, so a
 * sub-DAG reachable along many paths is compared once. Traces of long loops are thousands of
 * levels deep; recursion would overflow the stack where this does not.
 */
public final class LineageItem {
  /** The inputs of a leaf (an empty array is immutable, so all leaves share it). */
  private static final LineageItem[] NO_INPUTS = new LineageItem[0];
  private final String opcode;
  /**
   * The data; for a literal made from its value, written when first asked for (a benign race,
   * as String's own hash: every thread computes the same immutable text).
   */
  private String data;
  /** The value of a literal ({@link Lineages#LITERAL}), else null. */
  private final ScalarValue literal;
  private final LineageItem[] inputs;
  private final int hash;
  private final int height;

  /**
   * An item of {@code opcode} with {@code data} over {@code inputs}.
   *
   * @param data everything besides the inputs the value depends on; "" when nothing
   */
  public LineageItem(String opcode, String data, LineageItem... inputs) {
    this(opcode, data, inputs.clone(), true);
  }

  /**
   * An item that owns {@code inputs} (no copy: tracing makes one item per instruction). A
   * literal's data is parsed into its value, so that literals made from text and from values
   * hash and compare alike.
   */
  private LineageItem(String opcode, String data, LineageItem[] inputs, boolean owned) {
    this(opcode, data, opcode.equals(Lineages.LITERAL) && inputs.length == 0
        ? Lineages.parseLiteral(data) : null, inputs);
  }

  /** A literal item of {@code value}: its text is made only when asked for. */
  LineageItem(ScalarValue value) {
    this(Lineages.LITERAL, null, Objects.requireNonNull(value, "value is null"), NO_INPUTS);
  }

  private LineageItem(String opcode, String data, ScalarValue literal, LineageItem[] inputs) {
    this.opcode = Objects.requireNonNull(opcode, "opcode is null");
    if (literal == null) {
      Objects.requireNonNull(data, "data is null");
    }
    this.data = data;
    this.literal = literal;
    this.inputs = inputs;
    // a literal hashes its value, so no text is made while tracing
    int h = opcode.hashCode() * 31 + (literal != null ? literal.hashCode() : data.hashCode());
    int ht = 0;
    for (LineageItem in : this.inputs) {
      Objects.requireNonNull(in, "an input is null");
      h = h * 31 + in.hash;
      ht = Math.max(ht, in.height + 1);
    }
    this.hash = h;
    this.height = ht;
  }

  /**
   * An item over {@code inputs}, which it keeps without copying: the caller hands the array
   * over and must not change it afterwards.
   */
  static LineageItem owning(String opcode, String data, LineageItem[] inputs) {
    return new LineageItem(opcode, data, inputs, true);
  }

  public String opcode() {
    return opcode;
  }

  public String data() {
    String d = data;
    if (d == null) {
      d = Lineages.literalText(literal);
      data = d;
    }
    return d;
  }

  /** The value of a literal item, else null. */
  public ScalarValue literal() {
    return literal;
  }

  /** The input items, in operand order. */
  public List<LineageItem> inputs() {
    return Arrays.asList(inputs.clone());
  }

  public int inputCount() {
    return inputs.length;
  }

  public LineageItem input(int i) {
    return inputs[i];
  }

  /** The longest path from this item to a leaf: 0 for literals and reads. */
  public int height() {
    return height;
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof LineageItem other) || !shallowEqual(this, other)) {
      return false;
    }
    ArrayDeque<LineageItem> queue = new ArrayDeque<>();
    Set<Pair> equal = new HashSet<>();
    queue.add(this);
    queue.add(other);
    while (!queue.isEmpty()) {
      LineageItem a = queue.poll();
      LineageItem b = queue.poll();
      for (int i = 0; i < a.inputs.length; i++) {
        LineageItem x = a.inputs[i];
        LineageItem y = b.inputs[i];
        if (x == y) {
          continue; // a shared sub-DAG (compaction makes these common)
        }
        if (!shallowEqual(x, y)) {
          return false;
        }
        if (x.inputs.length > 0 && equal.add(new Pair(x, y))) {
          queue.add(x);
          queue.add(y);
        }
      }
    }
    return true;
  }

  /** Everything but the inputs' inputs: the early exits of the comparison. */
  private static boolean shallowEqual(LineageItem a, LineageItem b) {
    if (a.hash != b.hash || a.height != b.height || a.inputs.length != b.inputs.length
        || !a.opcode.equals(b.opcode)) {
      return false;
    }
    if (a.literal != null || b.literal != null) {
      // exact: records compare doubles by their bits (-0.0 and 0.0 differ, NaN equals NaN)
      return Objects.equals(a.literal, b.literal);
    }
    return a.data.equals(b.data);
  }

  /** Two items by identity, for the set of pairs already compared. */
  private record Pair(LineageItem a, LineageItem b) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Pair p && p.a == a && p.b == b;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(a) * 31 + System.identityHashCode(b);
    }
  }

  /** {@code opcode(data)} with the number of inputs; the whole trace is {@link LineageLog}'s. */
  @Override
  public String toString() {
    String d = data();
    return opcode + (d.isEmpty() ? "" : "(" + d + ")") + "/" + inputs.length;
  }
}
