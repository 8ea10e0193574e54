package org.planlab.engine.compile.size;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.ops.ScalarOps;

/**
 * Intra-DAG size propagation (optimizer paper, sec. 3.2): leaf sizes come from the live-in
 * variables (transient reads) and from literal size arguments; every HOP then derives its dims
 * and worst-case nnz from its inputs by the per-opcode rules of {@link SizeRules}, bottom-up in
 * topological order. Scalar HOPs are folded where their value is computable from literals, known
 * scalar variables and known dims ({@code nrow}, {@code ncol}, {@code length}, arithmetic) —
 * sec. 4.2's "simple expressions similar to constant folding but with regard to the current
 * values of the symbol table" — so that {@code rand}, {@code matrix}, {@code seq}, reshape and
 * indexing get sizes from them.
 */
public final class SizePropagation {
  private SizePropagation() {
  }

  /**
   * Sizes of every HOP of {@code dag}.
   *
   * @param liveIn sizes of the matrix variables read by {@link OpCode#READ_VAR}; missing ones
   *     are unknown
   * @param constants known values of scalar variables
   * @throws DimensionMismatchError when known sizes prove a dimension mismatch or an
   *     out-of-bounds index (all found in the DAG, each with its HOP's position)
   */
  public static SizeTable propagate(HopDag dag, Map<String, DataCharacteristics> liveIn,
      ScalarEnvironment constants) {
    Objects.requireNonNull(dag, "dag is null");
    Objects.requireNonNull(liveIn, "liveIn is null");
    Objects.requireNonNull(constants, "constants is null");
    Map<Hop, DataCharacteristics> sizes = new IdentityHashMap<>();
    Map<Hop, ScalarValue> values = new IdentityHashMap<>();
    List<Diagnostic> errors = new ArrayList<>();
    SizeRules rules = new SizeRules(sizes, values, errors);
    for (Hop h : dag.topologicalOrder()) {
      ScalarValue v = h.isScalar() ? fold(h, sizes, values, constants) : null;
      if (v != null) {
        values.put(h, v);
      }
      sizes.put(h, rules.sizeOf(h, liveIn));
    }
    if (!errors.isEmpty()) {
      throw new DimensionMismatchError(errors);
    }
    return new SizeTable(sizes, values);
  }

  /** The compile-time value of scalar HOP {@code h}, or null when it is not computable. */
  private static ScalarValue fold(Hop h, Map<Hop, DataCharacteristics> sizes,
      Map<Hop, ScalarValue> values, ScalarEnvironment env) {
    switch (h.op()) {
      case LITERAL:
        return h.param(HopParam.Literal.class).value();
      case READ_VAR:
        return env.value(h.param(HopParam.Variable.class).name()).orElse(null);
      case NROW:
      case NCOL:
      case LENGTH: {
        DataCharacteristics in = sizes.get(h.input(0));
        if (!h.input(0).isMatrix() || in == null || !in.dimsKnown()) {
          return null;
        }
        long v = h.op() == OpCode.NROW ? in.rows() : h.op() == OpCode.NCOL ? in.cols() : in.cells();
        return ScalarValue.of(v);
      }
      case CAST_SCALAR:
        return h.input(0).isScalar() ? values.get(h.input(0)) : null;
      case CAST_VALUE:
      case UNARY:
      case BINARY:
      case NARY_MINMAX: {
        List<ScalarValue> in = new ArrayList<>(h.inputs().size());
        for (Hop x : h.inputs()) {
          ScalarValue v = x.isScalar() ? values.get(x) : null;
          if (v == null) {
            return null;
          }
          in.add(v);
        }
        try {
          return switch (h.op()) {
            case CAST_VALUE -> ScalarOps.cast(in.get(0), h.param(HopParam.Cast.class).to());
            case UNARY -> ScalarOps.unary(h.param(HopParam.Unary.class).op(), in.get(0));
            default -> ScalarOps.nary(h.param(HopParam.Binary.class).op(), in);
          };
        } catch (IllegalArgumentException e) {
          return null; // the runtime rejects it
        }
      }
      default:
        return null;
    }
  }

  /** A folded scalar as a non-negative-or-not size argument, when integral. */
  static OptionalLong asLong(ScalarValue v) {
    if (v == null || !v.valueType().isNumeric()) {
      return OptionalLong.empty();
    }
    double d = v.asDouble();
    return Double.isNaN(d) || Double.isInfinite(d) ? OptionalLong.empty()
        : OptionalLong.of((long) d);
  }
}
