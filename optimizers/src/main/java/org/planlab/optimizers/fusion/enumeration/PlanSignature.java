package org.planlab.optimizers.fusion.enumeration;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.OpNames;
import org.planlab.engine.ir.Hop;

/**
 * The plan-cache key of a partition (fusion paper, sec. 4.3): its structure — operators with
 * their parameters, output sizes and memo entries, the wiring in partition-local numbers, the
 * inputs with their sizes, and the interesting points. Equal partitions of a recompiled DAG
 * (new HOP objects, same shapes) get equal signatures; MPSkipEnum appends the initial upper
 * bound.
 */
public final class PlanSignature {
  private PlanSignature() {
  }

  /** The signature of {@code p} over {@code memo}. */
  public static String of(MemoTable memo, PlanPartition p) {
    Map<Hop, String> local = new IdentityHashMap<>();
    List<Hop> hops = p.hops();
    for (int k = 0; k < hops.size(); k++) {
      local.put(hops.get(k), "h" + k);
    }
    int k = 0;
    for (Hop in : p.inputs()) {
      local.put(in, "i" + k++);
    }
    StringBuilder sb = new StringBuilder();
    for (Hop in : p.inputs()) {
      sb.append(local.get(in)).append('=').append(in.op()).append(param(in)).append(':')
          .append(memo.size(in)).append(';');
    }
    for (Hop h : hops) {
      sb.append(local.get(h)).append('=').append(OpNames.of(h)).append(param(h)).append(':')
          .append(memo.size(h)).append('(');
      for (Hop in : h.inputs()) {
        sb.append(local.getOrDefault(in, "?")).append(',');
      }
      sb.append(')');
      for (MemoEntry e : memo.entries(h)) {
        sb.append(e.type().letter()).append(Long.toHexString(e.refs())).append('/')
            .append(e.closed().ordinal());
      }
      sb.append(p.roots().contains(h) ? "R;" : ";");
    }
    for (InterestingPoint ip : p.points()) {
      sb.append(local.get(ip.consumer())).append('.').append(ip.input()).append("<-")
          .append(local.get(ip.target())).append(ip.kind().ordinal()).append(';');
    }
    return sb.toString();
  }

  private static String param(Hop h) {
    return "[" + h.param() + "]";
  }
}
