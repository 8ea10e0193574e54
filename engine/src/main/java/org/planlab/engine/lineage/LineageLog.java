package org.planlab.engine.lineage;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * SERIALIZE and DESERIALIZE of MEMPHIS sec. 3.1: a lineage trace as text, one line per distinct
 * item (shared sub-DAGs written once), inputs before their consumers, the traced item last:
 *
 * <pre>
 * (ID) OPCODE [IN_ID,IN_ID,...] DATA
 * </pre>
 *
 * <p>DATA is the rest of the line, with backslash, line feed and carriage return escaped as
 * {@code \\}, {@code \n} and {@code \r}, so any string literal survives. Parsing gives a DAG equal
 * to the written one (same opcodes, data and structure, so same hash and height).
 */
public final class LineageLog {
  private LineageLog() {
  }

  /** The log of the trace ending in {@code root}. */
  public static String serialize(LineageItem root) {
    Map<LineageItem, Integer> ids = new IdentityHashMap<>();
    StringBuilder sb = new StringBuilder();
    for (LineageItem item : topologicalOrder(root)) {
      int id = ids.size() + 1;
      ids.put(item, id);
      sb.append('(').append(id).append(") ");
      appendItem(sb, item, ids::get);
    }
    return sb.toString();
  }

  /**
   * Writes {@code OPCODE [REF,...] DATA} and a line feed for {@code item}, naming each input
   * by {@code ref} and escaping the data: the line of a log after its id, and of a loop
   * iteration's patch ({@link LoopDeduplication}).
   */
  static void appendItem(StringBuilder sb, LineageItem item, Function<LineageItem, ?> ref) {
    sb.append(item.opcode()).append(" [");
    for (int k = 0; k < item.inputCount(); k++) {
      sb.append(k == 0 ? "" : ",").append(ref.apply(item.input(k)));
    }
    sb.append("] ").append(escape(item.data())).append('\n');
  }

  /**
   * One line {@link #appendItem} wrote.
   *
   * @param refs the input references as written, none for a leaf
   */
  record ItemLine(String opcode, List<String> refs, String data) {
  }

  /**
   * The parts of a line {@link #appendItem} wrote (without its line feed).
   *
   * @param lineNo the line's number for messages
   * @throws IllegalArgumentException naming the line when it is malformed
   */
  static ItemLine parseItem(String text, int lineNo) {
    int open = text.indexOf(" [");
    int end = open < 0 ? -1 : text.indexOf("] ", open + 2);
    if (open < 0 || end < 0) {
      throw new IllegalArgumentException("lineage log line " + lineNo
          + ": expected 'OPCODE [INPUTS] DATA', got '" + text + "'");
    }
    String inputs = text.substring(open + 2, end);
    return new ItemLine(text.substring(0, open),
        inputs.isEmpty() ? List.of() : List.of(inputs.split(",")),
        unescape(text.substring(end + 2), lineNo));
  }

  /**
   * The distinct items of the trace ending in {@code root} (by identity), inputs before their
   * consumers in operand order, {@code root} last.
   */
  static List<LineageItem> topologicalOrder(LineageItem root) {
    List<LineageItem> order = new ArrayList<>();
    postOrder(root, item -> false, order::add);
    return order;
  }

  /**
   * Visits the distinct items (by identity) of the trace ending in {@code root} in post order:
   * inputs before their consumers in operand order, {@code root} last. The walk does not go
   * below an item other than the root for which {@code stop} holds (it is visited as a leaf).
   * Iterative: a trace of a long loop is deeper than the Java stack.
   */
  static void postOrder(LineageItem root, Predicate<LineageItem> stop,
      Consumer<LineageItem> visit) {
    Set<LineageItem> done = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<LineageItem> stack = new ArrayDeque<>();
    Deque<Integer> next = new ArrayDeque<>();
    stack.push(root);
    next.push(0);
    while (!stack.isEmpty()) {
      LineageItem item = stack.peek();
      int i = next.pop();
      if (done.contains(item)) {
        stack.pop();
        continue;
      }
      boolean leaf = item != root && stop.test(item);
      if (!leaf && i < item.inputCount()) {
        next.push(i + 1);
        LineageItem in = item.input(i);
        if (!done.contains(in)) {
          stack.push(in);
          next.push(0);
        }
        continue;
      }
      stack.pop();
      done.add(item);
      visit.accept(item);
    }
  }

  /**
   * The trace a {@link #serialize} log describes: its last item.
   *
   * @throws IllegalArgumentException naming the line of a malformed entry
   */
  public static LineageItem parse(String log) {
    List<LineageItem> items = new ArrayList<>();
    String[] lines = log.split("\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n];
      if (line.isEmpty()) {
        continue;
      }
      int lineNo = n + 1;
      int close = line.indexOf(") ");
      if (!line.startsWith("(") || close < 0 || line.indexOf(" [", close + 2) < 0) {
        throw new IllegalArgumentException("lineage log line " + lineNo
            + ": expected '(ID) OPCODE [INPUTS] DATA', got '" + line + "'");
      }
      int id = number(line.substring(1, close), lineNo);
      if (id != items.size() + 1) {
        throw new IllegalArgumentException("lineage log line " + lineNo + ": item " + id
            + " out of order, expected " + (items.size() + 1));
      }
      ItemLine item = parseItem(line.substring(close + 2), lineNo);
      List<LineageItem> in = new ArrayList<>();
      for (String ref : item.refs()) {
        int r = number(ref, lineNo);
        if (r < 1 || r > items.size()) {
          throw new IllegalArgumentException("lineage log line " + lineNo + ": input " + r
              + " is not an earlier item");
        }
        in.add(items.get(r - 1));
      }
      items.add(new LineageItem(item.opcode(), item.data(), in.toArray(LineageItem[]::new)));
    }
    if (items.isEmpty()) {
      throw new IllegalArgumentException("lineage log is empty");
    }
    return items.get(items.size() - 1);
  }

  private static int number(String s, int lineNo) {
    try {
      return Integer.parseInt(s.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("lineage log line " + lineNo + ": '" + s
          + "' is not an item number");
    }
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
  }

  private static String unescape(String s, int lineNo) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      if (++i == s.length()) {
        throw new IllegalArgumentException("lineage log line " + lineNo + ": a lone backslash "
            + "ends the data");
      }
      char e = s.charAt(i);
      sb.append(switch (e) {
        case 'n' -> '\n';
        case 'r' -> '\r';
        case '\\' -> '\\';
        default -> throw new IllegalArgumentException("lineage log line " + lineNo
            + ": unknown escape '\\" + e + "'");
      });
    }
    return sb.toString();
  }
}
