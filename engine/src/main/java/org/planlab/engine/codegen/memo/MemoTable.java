package org.planlab.engine.codegen.memo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;

/**
 * The memoization table of partial fusion plans (fusion paper, sec. 3.1): one group per HOP
 * that is amenable to fusion, holding its {@link MemoEntry}s. The table also gives access to
 * the operator metadata the templates and selectors need: the DAG, known output sizes and the
 * consumers of each HOP.
 *
 * <p>Exploration fills the table and then {@link #freeze() freezes} it; selectors only read a
 * frozen table and return their choice as a {@link FusionPlan}.
 */
public final class MemoTable {
  private final HopDag dag;
  private final Map<Hop, DataCharacteristics> sizes;
  private final Map<Hop, List<Hop>> consumers;
  private final Map<Hop, Integer> ids;
  private final Map<Hop, List<MemoEntry>> groups = new IdentityHashMap<>();
  private boolean frozen;

  /** An empty table for {@code dag} with the known output sizes (identity keys). */
  public MemoTable(HopDag dag, Map<Hop, DataCharacteristics> sizes) {
    this.dag = Objects.requireNonNull(dag, "dag is null");
    this.sizes = Objects.requireNonNull(sizes, "sizes is null");
    this.consumers = dag.consumers();
    this.ids = dag.ids();
  }

  public HopDag dag() {
    return dag;
  }

  /** The known output size of {@code h}, or all-unknown. */
  public DataCharacteristics size(Hop h) {
    if (h.isScalar()) {
      return DataCharacteristics.SCALAR;
    }
    DataCharacteristics dc = sizes.get(h);
    return dc == null ? DataCharacteristics.UNKNOWN_MATRIX : dc;
  }

  /** All known sizes (identity keys, read-only). */
  public Map<Hop, DataCharacteristics> sizes() {
    return Collections.unmodifiableMap(sizes);
  }

  /** The consumers of {@code h} in the DAG, one per data dependency. */
  public List<Hop> consumers(Hop h) {
    return consumers.getOrDefault(h, List.of());
  }

  /** The HOP's sequential id in the DAG (for printing). */
  public int id(Hop h) {
    Integer id = ids.get(h);
    return id == null ? -1 : id;
  }

  public boolean contains(Hop h) {
    List<MemoEntry> g = groups.get(h);
    return g != null && !g.isEmpty();
  }

  /** The group of {@code h} (empty when it has none). */
  public List<MemoEntry> entries(Hop h) {
    List<MemoEntry> g = groups.get(h);
    return g == null ? List.of() : Collections.unmodifiableList(g);
  }

  /** Whether {@code h}'s group has an entry of one of {@code types} with the given property. */
  public boolean contains(Hop h, Predicate<MemoEntry> filter) {
    for (MemoEntry e : entries(h)) {
      if (filter.test(e)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code h} has an open entry of {@code type} (a consumer may fuse it). */
  public boolean hasOpen(Hop h, TemplateType type) {
    return contains(h, e -> e.type() == type && e.closed().isOpen());
  }

  /** The HOPs with a group, in topological order. */
  public List<Hop> hops() {
    List<Hop> out = new ArrayList<>();
    for (Hop h : dag.topologicalOrder()) {
      if (contains(h)) {
        out.add(h);
      }
    }
    return out;
  }

  /** Total number of entries. */
  public int size() {
    int n = 0;
    for (List<MemoEntry> g : groups.values()) {
      n += g.size();
    }
    return n;
  }

  /** Adds {@code e} to {@code h}'s group unless an equal entry is there. Exploration only. */
  public void add(Hop h, MemoEntry e) {
    checkMutable();
    List<MemoEntry> g = groups.computeIfAbsent(h, k -> new ArrayList<>());
    if (!g.contains(e)) {
      g.add(e);
    }
  }

  /** Replaces {@code h}'s group. Exploration only. */
  public void set(Hop h, List<MemoEntry> entries) {
    checkMutable();
    if (entries.isEmpty()) {
      groups.remove(h);
    } else {
      groups.put(h, new ArrayList<>(entries));
    }
  }

  /** Ends exploration: from now on the table is read-only. */
  public MemoTable freeze() {
    frozen = true;
    return this;
  }

  private void checkMutable() {
    if (frozen) {
      throw new IllegalStateException("the memo table is frozen after exploration");
    }
  }

  /** The ids of {@code h}'s inputs (for printing entries). */
  public int[] inputIds(Hop h) {
    int[] out = new int[h.inputs().size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = id(h.input(i));
    }
    return out;
  }

  /**
   * The table as the paper's Fig. 6 prints it: one line per group, newest HOP first, e.g.
   * {@code 11 ba(+*): R(-1,9) R(10,-1) R(10,9)}. A trailing {@code *} marks an invalid entry
   * point, {@code !} a closed entry.
   */
  public String format() {
    StringBuilder sb = new StringBuilder();
    List<Hop> hops = hops();
    Collections.reverse(hops);
    for (Hop h : hops) {
      sb.append(id(h)).append(' ').append(OpNames.of(h)).append(':');
      int[] in = inputIds(h);
      for (MemoEntry e : entries(h)) {
        sb.append(' ').append(e.format(in));
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
