package org.planlab.engine.codegen.template;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.codegen.memo.CloseType;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;

/**
 * Candidate exploration by the open-fuse-merge-close algorithm (fusion paper, sec. 3.2,
 * Algorithm 1): one bottom-up pass over the DAG that fills the memo table with every valid
 * partial fusion plan. Per HOP it (1) explores the inputs, (2) opens new operators where a
 * template's open condition holds, (3) extends open operators of the inputs via fuse, each time
 * enumerating the local merge combinations with the other inputs (CREATEPLANS), and (4) applies
 * the close conditions, dropping closed-invalid entries. Linear in the DAG size: at most
 * |T| * 2^|inputs| entries per HOP.
 *
 * <p>The Multi-aggregate template has no exploration conditions: its plans combine selected
 * Cell aggregates after selection ({@code MultiAggregates}).
 */
public final class OfmcExplorer {
  private final List<Template> templates;

  /** The explorer over the given templates. */
  public OfmcExplorer(List<Template> templates) {
    this.templates = List.copyOf(templates);
  }

  /** The explorer over Cell, Row and Outer. */
  public static OfmcExplorer standard() {
    return new OfmcExplorer(List.of(new CellTemplate(), new RowTemplate(), new OuterTemplate()));
  }

  /** Explores {@code dag} with the known sizes; returns the frozen memo table. */
  public MemoTable explore(HopDag dag, Map<Hop, DataCharacteristics> sizes) {
    MemoTable memo = new MemoTable(dag, sizes);
    Set<Hop> visited = Collections.newSetFromMap(new IdentityHashMap<>());
    // topological order is the post-order of the paper's recursive descent, without recursion
    for (Hop h : dag.topologicalOrder()) {
      if (visited.add(h) && fusable(h)) {
        exploreOne(h, memo);
      }
    }
    return memo.freeze();
  }

  private static boolean fusable(Hop h) {
    return switch (h.op()) {
      case BINARY, UNARY, IFELSE, AGGREGATE, MATMULT, TRANSPOSE, RIGHT_INDEX, CBIND ->
          h.inputs().size() <= MemoEntry.MAX_ARITY;
      default -> false;
    };
  }

  private void exploreOne(Hop h, MemoTable memo) {
    // open
    for (Template t : templates) {
      if (t.open(h, memo)) {
        createPlans(h, -1, t, memo);
      }
    }
    // fuse (and merge) with the distinct template types of the inputs' open entries
    EnumSet<TemplateType> inputTypes = EnumSet.noneOf(TemplateType.class);
    for (Hop in : h.inputs()) {
      for (MemoEntry e : memo.entries(in)) {
        if (e.closed().isOpen()) {
          inputTypes.add(e.type());
        }
      }
    }
    for (TemplateType type : inputTypes) {
      Template t = template(type);
      if (t == null) {
        continue;
      }
      for (int i = 0; i < h.inputs().size(); i++) {
        Hop in = h.input(i);
        if (memo.hasOpen(in, type) && t.fuse(h, in, memo)) {
          createPlans(h, i, t, memo);
        }
      }
    }
    // close
    List<MemoEntry> kept = new ArrayList<>();
    for (MemoEntry e : memo.entries(h)) {
      CloseType c = template(e.type()).close(h, e, memo);
      if (c != CloseType.CLOSED_INVALID) {
        kept.add(e.withClosed(c));
      }
    }
    memo.set(h, kept);
  }

  /**
   * CREATEPLANS: an entry referencing input {@code fused} (every position holding that HOP;
   * none when -1, i.e. on open) and every combination of the other inputs the template can merge.
   */
  private static void createPlans(Hop h, int fused, Template t, MemoTable memo) {
    long must = 0;
    List<Integer> optional = new ArrayList<>();
    for (int i = 0; i < h.inputs().size(); i++) {
      Hop in = h.input(i);
      if (fused >= 0 && in == h.input(fused)) {
        must |= 1L << i;
      }
    }
    for (int i = 0; i < h.inputs().size(); i++) {
      Hop in = h.input(i);
      if ((must >>> i & 1L) == 0 && memo.contains(in) && t.merge(h, in, memo)) {
        optional.add(i);
      }
    }
    int n = h.inputs().size();
    for (int mask = 0; mask < 1 << optional.size(); mask++) {
      long refs = must;
      for (int k = 0; k < optional.size(); k++) {
        if ((mask >>> k & 1) != 0) {
          // the same HOP at several positions is fused at all or none of them
          Hop in = h.input(optional.get(k));
          for (int i = 0; i < n; i++) {
            if (h.input(i) == in) {
              refs |= 1L << i;
            }
          }
        }
      }
      memo.add(h, MemoEntry.of(t.type(), refs, n));
    }
  }

  private Template template(TemplateType type) {
    for (Template t : templates) {
      if (t.type() == type) {
        return t;
      }
    }
    return null;
  }

  /**
   * Whether {@code h} has an opcode any template may cover (for callers that print memo
   * tables).
   */
  public static boolean isCandidate(Hop h) {
    return fusable(h) && h.op() != OpCode.FUSED;
  }
}
