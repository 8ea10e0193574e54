package org.planlab.engine.compile.lower;

import java.util.List;
import java.util.Map;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;

/**
 * A minimal printer of a program's blocks and HOP DAGs for {@code planlab explain --hops}:
 * one line per HOP ({@code (id) OPCODE(param) [input ids] dims @position}). Stands in until the
 * HOP builder's {@code ir.HopPrinter} lands.
 */
public final class ExplainPrinter {
  private ExplainPrinter() {
  }

  /** The whole program: main blocks, then each function. */
  public static String hops(Program program, Map<Hop, DataCharacteristics> sizes) {
    StringBuilder sb = new StringBuilder("PROGRAM\n");
    sb.append("--MAIN PROGRAM\n");
    blocks(program.main(), sizes, sb, "----");
    program.functions().forEach((k, f) -> {
      sb.append("--FUNCTION ").append(k).append('\n');
      blocks(f.body(), sizes, sb, "----");
    });
    return sb.toString();
  }

  private static void blocks(List<ProgramBlock> blocks, Map<Hop, DataCharacteristics> sizes,
      StringBuilder sb, String indent) {
    for (ProgramBlock b : blocks) {
      if (b instanceof ProgramBlock.Basic x) {
        sb.append(indent).append("GENERIC\n");
        dag(x.dag(), sizes, sb, indent + "--");
      } else if (b instanceof ProgramBlock.If x) {
        sb.append(indent).append("IF\n");
        dag(x.predicate(), sizes, sb, indent + "--");
        blocks(x.thenBlocks(), sizes, sb, indent + "--");
        if (!x.elseBlocks().isEmpty()) {
          sb.append(indent).append("ELSE\n");
          blocks(x.elseBlocks(), sizes, sb, indent + "--");
        }
      } else if (b instanceof ProgramBlock.While x) {
        sb.append(indent).append("WHILE\n");
        dag(x.predicate(), sizes, sb, indent + "--");
        blocks(x.body(), sizes, sb, indent + "--");
      } else if (b instanceof ProgramBlock.For x) {
        sb.append(indent).append(x.parallel() ? "PARFOR " : "FOR ").append(x.variable())
            .append('\n');
        dag(x.from(), sizes, sb, indent + "--");
        dag(x.to(), sizes, sb, indent + "--");
        x.increment().ifPresent(d -> dag(d, sizes, sb, indent + "--"));
        blocks(x.body(), sizes, sb, indent + "--");
      }
    }
  }

  /** One DAG, every HOP after its inputs. */
  public static void dag(HopDag dag, Map<Hop, DataCharacteristics> sizes, StringBuilder sb,
      String indent) {
    Map<Hop, Integer> ids = dag.ids();
    for (Hop h : dag.topologicalOrder()) {
      sb.append(indent).append('(').append(ids.get(h)).append(") ").append(h.op());
      if (!(h.param() instanceof HopParam.None)) {
        sb.append(' ').append(h.param());
      }
      sb.append(" [");
      for (int i = 0; i < h.inputs().size(); i++) {
        sb.append(i == 0 ? "" : ",").append(ids.get(h.input(i)));
      }
      sb.append("] ").append(h.dataType()).append(' ').append(h.valueType());
      DataCharacteristics dc = sizes.get(h);
      if (dc != null && h.isMatrix()) {
        sb.append(' ').append(dc);
      }
      sb.append(" @").append(h.position()).append('\n');
    }
  }
}
