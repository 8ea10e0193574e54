package org.planlab.engine.runtime.program;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.lineage.Lineages;
import org.planlab.engine.runtime.instructions.Instruction;

/**
 * The lowered form of one HOP DAG (a "basic block program", optimizer paper sec. 3.3): the
 * instructions in execution order over a frame of {@code slotCount} registers.
 * {@code releaseAfter.get(i)} lists the slots whose value dies with instruction i (their last
 * use), so intermediates are released as early as the order allows. The first
 * {@code constants.size()} slots hold the DAG's literals before the first instruction runs.
 * {@code resultSlot} holds a predicate's value, or -1. {@code remoteRoots} are the indexes of
 * remote operations (Spark, GPU) whose matrix result only transfers to the driver read: the
 * roots of remote operator chains, which asynchronous execution runs together with their
 * transfer as one prefetch (MEMPHIS sec. 5.1). {@code broadcastAfter} maps the indexes of local
 * operations that end a local chain feeding a remote backend's operations to that backend,
 * which asynchronous execution asks to prepare the broadcast of the result at once (MEMPHIS
 * sec. 5.1, "Broadcasting Local Objects"). {@code segments} are the groups of independent local
 * chains the ordering chose to run concurrently, in instruction order.
 */
public record BlockCode(List<Instruction> instructions, List<int[]> releaseAfter,
    List<Data> constants, int slotCount, int resultSlot, Set<Integer> remoteRoots,
    Map<Integer, Backend> broadcastAfter, List<Segment> segments,
    List<LineageItem> constantLineage) {

  /**
   * The code of one DAG, with the lineage of its scalar constants made once (literal items are
   * the same in every run); a constant of another kind has none (null).
   */
  public BlockCode(List<Instruction> instructions, List<int[]> releaseAfter,
      List<Data> constants, int slotCount, int resultSlot, Set<Integer> remoteRoots,
      Map<Integer, Backend> broadcastAfter, List<Segment> segments) {
    this(instructions, releaseAfter, constants, slotCount, resultSlot, remoteRoots,
        broadcastAfter, segments, literalItems(constants));
  }

  private static List<LineageItem> literalItems(List<Data> constants) {
    List<LineageItem> items = new ArrayList<>(constants.size());
    for (Data d : constants) {
      items.add(d instanceof ScalarValue s ? Lineages.literal(s) : null);
    }
    return Collections.unmodifiableList(items);
  }

  /**
   * Instructions {@code [start, end)}, partitioned into {@code chains} (each its instruction
   * indexes in order) that read no result of one another, so they may run concurrently; the
   * slots of {@code releaseAtEnd} die when every chain has ended (values from before the
   * segment whose last readers are in it).
   */
  public record Segment(int start, int end, List<int[]> chains, int[] releaseAtEnd) {
    public Segment {
      chains = List.copyOf(chains);
      int n = 0;
      for (int[] c : chains) {
        n += c.length;
      }
      if (chains.size() < 2 || n != end - start) {
        throw new IllegalArgumentException("a segment needs two or more chains covering "
            + "instructions " + start + " to " + end + ", got " + n + " in " + chains.size());
      }
    }
  }

  public BlockCode {
    segments = List.copyOf(segments);
    remoteRoots = Set.copyOf(remoteRoots);
    broadcastAfter = Map.copyOf(broadcastAfter);
    instructions = List.copyOf(instructions);
    releaseAfter = List.copyOf(releaseAfter);
    constants = List.copyOf(constants);
    if (constantLineage.size() != constants.size()) {
      throw new IllegalArgumentException("one lineage item or null per constant expected");
    }
    if (releaseAfter.size() != instructions.size()) {
      throw new IllegalArgumentException("one release list per instruction expected");
    }
    if (constants.size() > slotCount) {
      throw new IllegalArgumentException("more constants than slots");
    }
  }

  /** One instruction per line, as {@code explain} prints it. */
  public String explain() {
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < constants.size(); c++) {
      Data d = constants.get(c);
      String text = d instanceof ScalarValue.StringValue v ? "\"" + v.value() + "\""
          : d instanceof ScalarValue v ? v.asString() : d.toString();
      sb.append("const _").append(c).append(" = ").append(text).append('\n');
    }
    Map<Integer, String> chainOf = new HashMap<>();
    for (int g = 0; g < segments.size(); g++) {
      for (int c = 0; c < segments.get(g).chains().size(); c++) {
        for (int k : segments.get(g).chains().get(c)) {
          chainOf.put(k, "  [concurrent group " + (g + 1) + ", chain " + (c + 1) + "]");
        }
      }
    }
    for (int k = 0; k < instructions.size(); k++) {
      sb.append(instructions.get(k));
      sb.append(chainOf.getOrDefault(k, ""));
      if (remoteRoots.contains(k)) {
        sb.append("  [remote root: prefetched when async]");
      }
      if (broadcastAfter.containsKey(k)) {
        sb.append("  [broadcast to ").append(broadcastAfter.get(k).name())
            .append(" when async]");
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
