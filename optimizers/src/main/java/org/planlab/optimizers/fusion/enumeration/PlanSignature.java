package org.planlab.optimizers.fusion.enumeration;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToIntFunction;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;

/**
 * The plan-cache signature of a partition (fusion paper, sec. 4.3: "an inexpensive, approximate
 * plan signature"), or of a whole memo table ({@link #of(MemoTable, List)}): a 64-bit hash of
 * its structure — operators with their parameters, output sizes and memo entries, the wiring
 * in partition-local numbers, the roots and the points read materialized in every plan, the
 * inputs with their sizes, and the interesting points — and of the cost constants the
 * selector mixes in ({@link #with}). Equal partitions of a recompiled
 * DAG (new HOP objects, same shapes) get equal signatures. The paper adds the initial plan
 * costs to its signature; this one covers everything those costs depend on, so a lookup needs
 * no plan costing, and {@link MPSkipEnum} keys the cache by it together with the static lower
 * bound. Two different partitions collide with probability about 2^-64; a collision could only
 * cost optimality (a cached assignment of the same length is a valid plan), never correctness.
 * Plain arithmetic instead of a string keeps the lookup cheap — recompilation in loops
 * computes it for every partition of every recompiled DAG.
 */
public record PlanSignature(long hash) {

  /** The signature of {@code p} over {@code memo}. */
  public static PlanSignature of(MemoTable memo, PlanPartition p) {
    Map<Hop, Integer> local = new IdentityHashMap<>();
    List<Hop> hops = p.hops();
    for (int k = 0; k < hops.size(); k++) {
      local.put(hops.get(k), k);
    }
    int k = 0;
    for (Hop in : p.inputs()) {
      local.put(in, -1 - k++);
    }
    long h = mix(hops.size(), p.inputs().size());
    for (Hop in : p.inputs()) {
      h = mix(h, in.op().ordinal());
      h = mix(h, Objects.hashCode(in.param()));
      h = mix(h, memo.size(in));
    }
    for (Hop g : hops) {
      h = mixHop(h, memo, g, in -> local.getOrDefault(in, Integer.MIN_VALUE));
      h = mix(h, (p.roots().contains(g) ? 1 : 0) | (p.alwaysMaterialized().contains(g) ? 2 : 0));
    }
    for (InterestingPoint ip : p.points()) {
      h = mix(h, local.get(ip.consumer()));
      h = mix(h, ip.input());
      h = mix(h, local.get(ip.target()));
      h = mix(h, ip.kind().ordinal());
    }
    return new PlanSignature(h);
  }

  /**
   * The signature of the whole memo table, for the selection cache in front of the partitions
   * ({@link MPSkipEnumSelector}): every HOP of {@code order} (the DAG's topological order) with
   * its operator, parameter, types, size, wiring (by the table's topological ids) and memo
   * entries, and the DAG's roots. The partitions, their consumers outside, always-materialized
   * points and interesting points are functions of these, so equal tables pose equal selection
   * problems.
   */
  public static PlanSignature of(MemoTable memo, List<Hop> order) {
    long h = order.size();
    for (Hop g : order) {
      h = mixHop(h, memo, g, memo::id);
    }
    for (Hop r : memo.dag().roots()) {
      h = mix(h, memo.id(r));
    }
    return new PlanSignature(h);
  }

  /** Mixes one HOP in: its operator and types, size, inputs by {@code number}, memo entries. */
  private static long mixHop(long h, MemoTable memo, Hop g, ToIntFunction<Hop> number) {
    h = mix(h, g.op().ordinal());
    h = mix(h, Objects.hashCode(g.param()));
    h = mix(h, g.dataType().ordinal() * 64L + g.valueType().ordinal());
    h = mix(h, memo.size(g));
    h = mix(h, g.inputs().size());
    for (Hop in : g.inputs()) {
      h = mix(h, number.applyAsInt(in));
    }
    for (MemoEntry e : memo.entries(g)) {
      h = mix(h, e.type().ordinal());
      h = mix(h, e.refs());
      h = mix(h, e.closed().ordinal());
    }
    return h;
  }

  /** This signature with {@code value} (e.g. the cost constants' hash) mixed in. */
  public PlanSignature with(long value) {
    return new PlanSignature(mix(hash, value));
  }

  private static long mix(long h, DataCharacteristics size) {
    return mix(mix(mix(h, size.rows()), size.cols()), size.nnz());
  }

  /** One step of a 64-bit hash: the running value and {@code v}, avalanched (SplitMix64). */
  private static long mix(long h, long v) {
    long z = h * 0x9E3779B97F4A7C15L + v;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
