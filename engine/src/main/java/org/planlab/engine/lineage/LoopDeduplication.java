package org.planlab.engine.lineage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * Deduplication of loop bodies (LIMA sec. 3.3): without it, a variable a loop updates carries
 * the items of every iteration, so its trace grows by the size of the body per iteration. At
 * the end of an iteration each such variable's new item is replaced by one {@code dedup} item:
 * its data is the iteration's <em>patch</em> — the sub-DAG from the values the iteration began
 * with (and literals) to the new value, written with placeholders for those — and its inputs are
 * what the placeholders stand for. Equal patches over equal inputs denote equal values, so a
 * {@code dedup} item is as exact a reuse key as the items it replaces, and {@link #expand}
 * gives them back (for RECOMPUTE). Patch texts are interned per run: every iteration of one
 * control path shares one string.
 *
 * <p>A patch is
 * <pre>
 * OPCODE [REF,...] DATA      (one line per item of the iteration, inputs first, the value last)
 * </pre>
 * with {@code REF} {@code iK} for the dedup item's K-th input and {@code pK} for the patch's
 * K-th line, DATA escaped as in {@link LineageLog}.
 */
public final class LoopDeduplication {
  /** Opcode of a deduplicated iteration's item. */
  public static final String DEDUP = "dedup";
  /** Iterations with more new items than this are left as they are. */
  static final int MAX_PATCH_ITEMS = 100_000;

  /** Patch texts by the structure they were written from. */
  private final Map<List<Object>, String> patches = new ConcurrentHashMap<>();
  /** Interned patch texts. */
  private final Map<String, String> texts = new ConcurrentHashMap<>();

  /**
   * Replaces the items of the variables that the iteration changed ({@code changed}: their
   * items when it began) and that depend on their own earlier value by {@code dedup} items.
   */
  public void endOfIteration(Map<String, LineageItem> changed, ExecutionContext ctx) {
    Set<LineageItem> boundary = null;
    List<Map.Entry<String, LineageItem>> replaced = null;
    Map<String, LineageItem> lineage = ctx.lineageView();
    for (Map.Entry<String, LineageItem> e : changed.entrySet()) {
      LineageItem old = e.getValue();
      LineageItem now = lineage.get(e.getKey());
      // a value that depends on its own earlier value is higher than it: a cheap test that
      // skips the variables an iteration recomputes from scratch without walking their items
      if (old == null || now == null || now.height() <= old.height()
          || now.opcode().equals(DEDUP)) {
        continue; // not carried, a scalar (its value), not higher, or already compact
      }
      if (boundary == null) {
        boundary = itemsAtStart(lineage, changed);
      }
      if (boundary.contains(now)) {
        continue; // another variable's earlier value
      }
      LineageItem dedup = deduplicate(now, old, boundary);
      if (dedup != null) {
        if (replaced == null) {
          replaced = new ArrayList<>();
        }
        replaced.add(Map.entry(e.getKey(), dedup));
      }
    }
    if (replaced != null) {
      replaced.forEach(r -> ctx.replaceLineage(r.getKey(), r.getValue()));
    }
  }

  /** The items of all variables when the iteration began (identity set). */
  private static Set<LineageItem> itemsAtStart(Map<String, LineageItem> lineage,
      Map<String, LineageItem> changed) {
    Set<LineageItem> items = Collections.newSetFromMap(new IdentityHashMap<>());
    lineage.forEach((name, item) -> {
      if (!changed.containsKey(name)) {
        items.add(item);
      }
    });
    for (LineageItem item : changed.values()) {
      if (item != null) {
        items.add(item);
      }
    }
    return items;
  }

  /** The dedup item of {@code value}, or null when it does not depend on {@code carried}. */
  private LineageItem deduplicate(LineageItem value, LineageItem carried,
      Set<LineageItem> boundary) {
    // the iteration's items reachable from the value, inputs first; the values it began with
    // and leaves are the patch's inputs
    Map<LineageItem, String> refs = new IdentityHashMap<>();
    List<LineageItem> inputs = new ArrayList<>();
    List<LineageItem> order = new ArrayList<>();
    Predicate<LineageItem> input = item -> boundary.contains(item) || item.inputCount() == 0;
    LineageLog.postOrder(value, input, item -> {
      if (item != value && input.test(item)) {
        refs.put(item, "i" + inputs.size());
        inputs.add(item);
      } else {
        refs.put(item, "p" + order.size());
        order.add(item);
      }
    });
    if (order.size() > MAX_PATCH_ITEMS || !refs.containsKey(carried)) {
      return null;
    }
    // the patch's structure as a key of the instructions' own opcode and data strings (their
    // hashes are cached and equal instances compare at once), so that the text, long where a
    // fused operator's plan is part of it, is written once per distinct patch, not per iteration
    List<Object> key = new ArrayList<>();
    for (LineageItem item : order) {
      key.add(item.opcode());
      key.add(item.data());
      for (int k = 0; k < item.inputCount(); k++) {
        key.add(refs.get(item.input(k)));
      }
      key.add(Boolean.TRUE); // the end of an item's inputs
    }
    String patch = patches.get(key);
    if (patch == null) {
      StringBuilder sb = new StringBuilder();
      for (LineageItem item : order) {
        LineageLog.appendItem(sb, item, refs::get);
      }
      String text = sb.toString();
      // equal texts share one string, whichever structure key first wrote them
      patch = texts.computeIfAbsent(text, t -> t);
      patches.putIfAbsent(key, patch);
    }
    return new LineageItem(DEDUP, patch, inputs.toArray(LineageItem[]::new));
  }

  /**
   * The items a {@code dedup} item stands for: its patch over its inputs (whose own dedup items
   * stay as they are; {@link #expandAll} expands a whole trace).
   *
   * @throws IllegalArgumentException for a malformed patch
   */
  public static LineageItem expand(LineageItem dedup) {
    if (!dedup.opcode().equals(DEDUP)) {
      throw new IllegalArgumentException("not a dedup item: " + dedup);
    }
    List<LineageItem> nodes = new ArrayList<>();
    for (String line : dedup.data().split("\n")) {
      LineageLog.ItemLine parsed = LineageLog.parseItem(line, 0);
      List<LineageItem> in = new ArrayList<>();
      for (String r : parsed.refs()) {
        int k = Integer.parseInt(r.substring(1));
        in.add(r.charAt(0) == 'i' ? dedup.input(k) : nodes.get(k));
      }
      LineageItem node = new LineageItem(parsed.opcode(), parsed.data(),
          in.toArray(LineageItem[]::new));
      // a nested loop's iteration: its inputs are built, so this recurses only as deep as
      // loops nest
      nodes.add(node.opcode().equals(DEDUP) ? expand(node) : node);
    }
    return nodes.get(nodes.size() - 1);
  }

  /** The trace ending in {@code root} with every dedup item expanded, without recursion. */
  public static LineageItem expandAll(LineageItem root) {
    Map<LineageItem, LineageItem> expanded = new IdentityHashMap<>();
    for (LineageItem item : LineageLog.topologicalOrder(root)) {
      LineageItem[] in = new LineageItem[item.inputCount()];
      boolean changed = false;
      for (int i = 0; i < in.length; i++) {
        in[i] = expanded.get(item.input(i));
        changed |= in[i] != item.input(i);
      }
      LineageItem x;
      if (item.opcode().equals(DEDUP)) {
        x = expand(LineageItem.owning(DEDUP, item.data(), in));
      } else {
        x = changed ? LineageItem.owning(item.opcode(), item.data(), in) : item;
      }
      expanded.put(item, x);
    }
    return expanded.get(root);
  }
}
