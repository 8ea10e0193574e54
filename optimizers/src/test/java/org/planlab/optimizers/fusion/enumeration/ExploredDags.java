package org.planlab.optimizers.fusion.enumeration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.OpNames;
import org.planlab.engine.codegen.template.OfmcExplorer;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.ProgramBlock;

/** DML snippets compiled without fusion and explored by OFMC (as OfmcExplorerTest does). */
final class ExploredDags {
  private ExploredDags() {
  }

  /** The explored memo tables of the main program's basic-block DAGs. */
  static List<MemoTable> explore(String dml) {
    CompiledScript s = compile(dml);
    List<MemoTable> out = new ArrayList<>();
    for (ProgramBlock b : s.program().source().main()) {
      if (b instanceof ProgramBlock.Basic basic) {
        out.add(OfmcExplorer.standard().explore(basic.dag(), s.sizes()));
      }
    }
    return out;
  }

  /** The explored memo table of the script's single basic block. */
  static MemoTable exploreOne(String dml) {
    List<MemoTable> memos = explore(dml);
    if (memos.size() != 1) {
      throw new AssertionError("expected one basic block, got " + memos.size());
    }
    return memos.get(0);
  }

  /** The HOPs of {@code memo}'s DAG named {@code name} (memo notation, e.g. b(*)). */
  static List<Hop> named(MemoTable memo, String name) {
    List<Hop> out = new ArrayList<>();
    HopDag dag = memo.dag();
    for (Hop h : dag.topologicalOrder()) {
      if (OfmcExplorer.isCandidate(h) && OpNames.of(h).equals(name)) {
        out.add(h);
      }
    }
    return out;
  }

  /** The kept entries by topological number and name (HOP objects differ between compiles). */
  static Map<String, List<MemoEntry>> kept(MemoTable memo, FusionPlan plan) {
    Map<String, List<MemoEntry>> out = new TreeMap<>();
    List<Hop> order = memo.dag().topologicalOrder();
    for (int k = 0; k < order.size(); k++) {
      List<MemoEntry> es = plan.selected().get(order.get(k));
      if (es != null) {
        out.put(k + ":" + OpNames.of(order.get(k)), es);
      }
    }
    return out;
  }

  private static CompiledScript compile(String dml) {
    try {
      Path file = Files.createTempFile("planpartitions", ".dml");
      try {
        Files.writeString(file, dml, StandardCharsets.UTF_8);
        try (Engine engine = Engine.create(EngineConfig.builder().fusion("none").build())) {
          return engine.compile(file, Map.of());
        }
      } finally {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
