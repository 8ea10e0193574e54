package org.planlab.engine.compile.dynamic;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planlab.engine.compile.size.SizeTable;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;

/**
 * What a {@link DynamicRewrite} may ask during one bottom-up pass: the sizes and folded scalar
 * values of HOPs (by the size table of the DAG before the pass; a HOP rebuilt over rewritten
 * inputs keeps the sizes of the HOP it replaces, since rewrites preserve values) and how many
 * consumers a HOP has in that DAG.
 */
public final class RewriteContext {
  private final SizeTable sizes;
  private final Map<Hop, List<Hop>> consumers;
  private final Map<Hop, Hop> originals = new IdentityHashMap<>();

  RewriteContext(HopDag dag, SizeTable sizes) {
    this.sizes = sizes;
    this.consumers = dag.consumers();
  }

  /** Records that {@code rebuilt} computes the same value as {@code original}. */
  void replaced(Hop original, Hop rebuilt) {
    if (rebuilt != original && !sizes.covers(rebuilt)) {
      originals.put(rebuilt, originals.getOrDefault(original, original));
    }
  }

  private Hop original(Hop h) {
    return originals.getOrDefault(h, h);
  }

  /** Sizes of {@code h}; unknown for a HOP created in this pass. */
  public DataCharacteristics size(Hop h) {
    return sizes.get(original(h));
  }

  /** The folded value of scalar HOP {@code h}, if known. */
  public Optional<ScalarValue> constant(Hop h) {
    return sizes.constant(original(h));
  }

  /** True when {@code h} is a scalar whose folded value is the number {@code v}. */
  public boolean isConstant(Hop h, double v) {
    return h.isScalar() && constant(h).filter(s -> s.valueType().isNumeric())
        .map(s -> s.asDouble() == v).orElse(false);
  }

  /** Consumers of {@code h} in the DAG before the pass (1 for a HOP created in this pass). */
  public int consumerCount(Hop h) {
    List<Hop> c = consumers.get(original(h));
    return c == null ? 1 : c.size();
  }

  /** True when both are matrices with known, equal dims. */
  public boolean sameDims(Hop a, Hop b) {
    DataCharacteristics x = size(a);
    DataCharacteristics y = size(b);
    return a.isMatrix() && b.isMatrix() && x.dimsKnown() && y.dimsKnown()
        && x.rows() == y.rows() && x.cols() == y.cols();
  }

  /** True when {@code h} is a matrix of known dims proven to hold no non-zero. */
  public boolean isEmpty(Hop h) {
    DataCharacteristics x = size(h);
    return h.isMatrix() && x.dimsKnown() && x.nnz() == 0;
  }
}
