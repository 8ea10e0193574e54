package org.planlab.engine.api;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.planlab.engine.compile.size.MemoryEstimates;
import org.planlab.engine.config.ByteSize;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopPrinter;
import org.planlab.engine.ir.Placement;
import org.planlab.engine.runtime.program.CompiledBlock;

/**
 * What {@code planlab explain} prints of a compiled script, in text: the HOP DAGs as they run —
 * after operator fusion — with sizes, output memory estimates and, per HOP, where it was placed
 * and why (optimizer paper, sec. 3.3): {@code [SPARK: op 12.0 MiB > local 1.0 MiB]}.
 */
public final class Explain {
  private Explain() {
  }

  /** The lowered program of {@code script} with placements. */
  public static String hops(CompiledScript script) {
    Map<Hop, DataCharacteristics> sizes = new IdentityHashMap<>();
    Map<Hop, Placement.Decision> decisions = new IdentityHashMap<>();
    for (CompiledBlock.Dag d : script.program().dags()) {
      sizes.putAll(d.lowered().sizes());
      decisions.putAll(d.placement().decisions());
    }
    EngineConfig c = script.config();
    String header = "PLACEMENT mode=" + c.exec().label() + " local budget="
        + ByteSize.format(script.engine().localBudget()) + "\n";
    return header + HopPrinter.print(script.program().lowered(), new HopPrinter.SizeInfo() {
      @Override
      public Optional<DataCharacteristics> size(HopDag dag, Hop hop) {
        return Optional.ofNullable(sizes.get(hop));
      }

      @Override
      public OptionalLong memory(HopDag dag, Hop hop) {
        DataCharacteristics dc = sizes.get(hop);
        long m = dc == null ? MemoryEstimates.UNKNOWN : MemoryEstimates.outputSize(dc);
        return m == MemoryEstimates.UNKNOWN ? OptionalLong.empty() : OptionalLong.of(m);
      }

      @Override
      public String note(HopDag dag, Hop hop) {
        Placement.Decision d = decisions.get(hop);
        return d == null ? "" : placement(d);
      }
    });
  }

  /** One HOP's placement: {@code [CP]} for driver operations, else type, rule and estimate. */
  static String placement(Placement.Decision d) {
    String type = d.type().name();
    return switch (d.rule()) {
      case DRIVER -> "[" + type + "]";
      case UNKNOWN -> "[" + type + ": unknown size]";
      case FITS, EXCEEDS, EXCEEDS_DEVICE, SINGLENODE -> {
        boolean device = d.rule() == Placement.Rule.EXCEEDS_DEVICE
            || d.type() == org.planlab.engine.ir.ExecType.GPU;
        String what = device ? "device " : "local ";
        String cmp = d.memory() > d.budget() ? " > " : " <= ";
        yield "[" + type + ": op " + mem(d.memory()) + cmp + what + mem(d.budget()) + "]";
      }
      default -> "[" + type + ": " + d.rule().text() + ", op " + mem(d.memory()) + "]";
    };
  }

  private static String mem(long bytes) {
    return bytes == MemoryEstimates.UNKNOWN ? "?" : ByteSize.format(bytes);
  }
}
