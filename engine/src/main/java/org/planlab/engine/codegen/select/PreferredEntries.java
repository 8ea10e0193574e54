package org.planlab.engine.codegen.select;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.ir.Hop;

/**
 * The memo entries of topologically ordered HOPs by preference, indexed once for choosing the
 * most fused entry per HOP and template type many times ({@link Selections#bestPerType}):
 * cost-based enumeration chooses once per plan it costs (fusion paper, sec. 4.3), which over a
 * partition of a hundred HOPs and thousands of plans made hash maps of HOPs and template types
 * per plan the largest part of plan selection.
 *
 * <p>A choice is an array with one slot per HOP and template type holding the index of the
 * chosen entry in the HOP's preference order, or -1: equal arrays are equal selections, so it
 * also serves as the selection's key.
 */
public final class PreferredEntries {
  private static final TemplateType[] TYPES = TemplateType.values();
  /** Slots per HOP in a choice: one per template type. */
  public static final int SLOTS = TYPES.length;

  /** Which entries of a HOP a choice may take. */
  @FunctionalInterface
  public interface Filter {
    /** Whether entry {@code entry} (an index into {@link #entries}) of HOP {@code hop} is kept. */
    boolean test(int hop, int entry);
  }

  private final List<Hop> hops;
  private final List<List<MemoEntry>> entries;
  /** Per HOP and entry: the entry's template type. */
  private final int[][] type;
  /** Per HOP and entry: whether the entry is open (other entries may fuse it). */
  private final boolean[][] open;
  /** Per HOP and entry: the types a reference from it may resolve to, as bits of ordinals. */
  private final int[][] compatible;
  /**
   * Per HOP and entry: the indexes of the HOPs its references point to, or null when one points
   * to a HOP not in the list, which never resolves.
   */
  private final int[][][] refs;

  /** {@code hops} (inputs before consumers) with their entries, most preferred first. */
  public PreferredEntries(List<Hop> hops, Function<Hop, List<MemoEntry>> preferred) {
    this.hops = List.copyOf(hops);
    int n = this.hops.size();
    Map<Hop, Integer> index = new IdentityHashMap<>();
    for (int i = 0; i < n; i++) {
      index.putIfAbsent(this.hops.get(i), i);
    }
    this.entries = new ArrayList<>(n);
    this.type = new int[n][];
    this.open = new boolean[n][];
    this.compatible = new int[n][];
    this.refs = new int[n][][];
    for (int i = 0; i < n; i++) {
      Hop h = this.hops.get(i);
      List<MemoEntry> es = List.copyOf(preferred.apply(h));
      entries.add(es);
      type[i] = new int[es.size()];
      open[i] = new boolean[es.size()];
      compatible[i] = new int[es.size()];
      refs[i] = new int[es.size()][];
      for (int j = 0; j < es.size(); j++) {
        MemoEntry e = es.get(j);
        type[i][j] = e.type().ordinal();
        open[i][j] = e.closed().isOpen();
        compatible[i][j] = bits(Selections.compatible(e.type()));
        refs[i][j] = references(h, e, index, i);
      }
    }
  }

  /**
   * The indexes of the HOPs {@code e}'s references point to; null if one is not in the list
   * before the HOP at {@code self} (such a reference never resolves: choices are made inputs
   * first).
   */
  private static int[] references(Hop h, MemoEntry e, Map<Hop, Integer> index, int self) {
    int[] out = new int[e.arity()];
    int n = 0;
    for (int k = 0; k < e.arity(); k++) {
      if (e.isRef(k)) {
        Integer at = index.get(h.input(k));
        if (at == null || at >= self) {
          return null;
        }
        out[n++] = at;
      }
    }
    return Arrays.copyOf(out, n);
  }

  private static int bits(Set<TemplateType> types) {
    int b = 0;
    for (TemplateType t : types) {
      b |= 1 << t.ordinal();
    }
    return b;
  }

  public int size() {
    return hops.size();
  }

  public Hop hop(int i) {
    return hops.get(i);
  }

  /** HOP {@code i}'s entries, most preferred first. */
  public List<MemoEntry> entries(int i) {
    return entries.get(i);
  }

  /**
   * Per HOP and template type, the most preferred entry {@code allowed} keeps whose references
   * resolve to open entries of a compatible type chosen at the inputs, HOPs visited in order:
   * the choice as an array of {@link #SLOTS} slots per HOP.
   */
  public int[] choose(Filter allowed) {
    int n = hops.size();
    int[] chosen = new int[n * SLOTS];
    Arrays.fill(chosen, -1);
    // per HOP, the types whose chosen entry is open: what a reference to it resolves to
    int[] openTypes = new int[n];
    for (int i = 0; i < n; i++) {
      int taken = 0;
      int openHere = 0;
      int[] ti = type[i];
      for (int j = 0; j < ti.length; j++) {
        int bit = 1 << ti[j];
        if ((taken & bit) == 0 && allowed.test(i, j) && resolves(refs[i][j], compatible[i][j],
            openTypes)) {
          taken |= bit;
          chosen[i * SLOTS + ti[j]] = j;
          if (open[i][j]) {
            openHere |= bit;
          }
        }
      }
      openTypes[i] = openHere;
    }
    return chosen;
  }

  private static boolean resolves(int[] targets, int compatible, int[] openTypes) {
    if (targets == null) {
      return false;
    }
    for (int t : targets) {
      if ((openTypes[t] & compatible) == 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The selection of a {@code chosen} array: per HOP with a chosen entry, its chosen entries in
   * template type order.
   */
  public Map<Hop, List<MemoEntry>> selection(int[] chosen) {
    Map<Hop, List<MemoEntry>> out = new IdentityHashMap<>();
    for (int i = 0; i < hops.size(); i++) {
      List<MemoEntry> kept = null;
      for (int t = 0; t < SLOTS; t++) {
        int j = chosen[i * SLOTS + t];
        if (j >= 0) {
          if (kept == null) {
            kept = new ArrayList<>(2);
          }
          kept.add(entries.get(i).get(j));
        }
      }
      if (kept != null) {
        out.put(hops.get(i), kept);
      }
    }
    return out;
  }
}
