package org.planlab.engine.compile.size;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * Worst-case memory estimates per HOP (optimizer paper, sec. 3.2): the output estimate follows
 * the precise dense/sparse block model of {@link MatrixBlock#estimateSizeInMemory} with dense as
 * the worst case when the sparsity is unknown ("we only switch to sparse if smaller"); the
 * operation estimate is the sum of all inputs' outputs, the operator's intermediates and its own
 * output. Unknown dims give {@link #UNKNOWN} (Long.MAX_VALUE), and sums saturate there, so an
 * estimate never underestimates. Immutable.
 */
public final class MemoryEstimates {
  /** The estimate of anything whose size is unknown. */
  public static final long UNKNOWN = Long.MAX_VALUE;
  /** Bytes charged for a scalar (a boxed double or long and its reference). */
  public static final long SCALAR_BYTES = 32;

  private final Map<Hop, Long> output;
  private final Map<Hop, Long> operation;

  private MemoryEstimates(Map<Hop, Long> output, Map<Hop, Long> operation) {
    this.output = Collections.unmodifiableMap(output);
    this.operation = Collections.unmodifiableMap(operation);
  }

  /** Output and operation estimates of every HOP of {@code dag} from {@code sizes}. */
  public static MemoryEstimates of(HopDag dag, SizeTable sizes) {
    Objects.requireNonNull(sizes, "sizes is null");
    return of(dag, sizes::get);
  }

  /**
   * Output and operation estimates of every HOP of {@code dag} from a size map (identity keys;
   * a HOP without an entry has unknown size), e.g. of a DAG after operator fusion.
   */
  public static MemoryEstimates of(HopDag dag, Map<Hop, DataCharacteristics> sizes) {
    Objects.requireNonNull(sizes, "sizes is null");
    return of(dag, h -> sizes.getOrDefault(h, DataCharacteristics.UNKNOWN_MATRIX));
  }

  private static MemoryEstimates of(HopDag dag,
      Function<Hop, DataCharacteristics> sizes) {
    Objects.requireNonNull(dag, "dag is null");
    Map<Hop, Long> out = new IdentityHashMap<>();
    Map<Hop, Long> op = new IdentityHashMap<>();
    for (Hop h : dag.topologicalOrder()) {
      boolean noMatrix = h.isScalar() || h.op().hasSideEffect() && h.op() != OpCode.WRITE_VAR;
      long own = noMatrix ? SCALAR_BYTES : outputSize(sizes.apply(h));
      out.put(h, own);
      long total = own;
      for (Hop in : h.inputs()) {
        total = add(total, out.get(in));
      }
      op.put(h, add(total, intermediates(h, sizes)));
    }
    return new MemoryEstimates(out, op);
  }

  /** Worst-case bytes of a matrix with characteristics {@code dc}. */
  public static long outputSize(DataCharacteristics dc) {
    if (!dc.dimsKnown()) {
      return UNKNOWN;
    }
    // 8 bytes a dense cell: beyond this the model itself overflows
    if ((double) dc.rows() * dc.cols() > (Long.MAX_VALUE - 64) / 16.0) {
      return UNKNOWN;
    }
    return MatrixBlock.estimateSizeInMemory(dc.rows(), dc.cols(), dc.sparsityOrDense());
  }

  /** The output estimate of {@code hop} (bytes, or {@link #UNKNOWN}). */
  public long outputMemory(Hop hop) {
    return lookup(output, hop);
  }

  /** Inputs + intermediates + output of {@code hop} (bytes, or {@link #UNKNOWN}). */
  public long operationMemory(Hop hop) {
    return lookup(operation, hop);
  }

  /** The largest operation estimate of the DAG (what must fit to run it all in memory). */
  public long maxOperationMemory() {
    long max = 0;
    for (long v : operation.values()) {
      max = Math.max(max, v);
    }
    return max;
  }

  private static long lookup(Map<Hop, Long> map, Hop hop) {
    Long v = map.get(hop);
    if (v == null) {
      throw new IllegalArgumentException("no memory estimate for " + hop);
    }
    return v;
  }

  /**
   * Working memory beyond inputs and output: dense copies that the kernels factorise or sort
   * (solve, inv, cholesky, det, median, quantile, order, the decompositions and the statistics
   * of SystemDS compatibility), as in the runtime's kernels.
   */
  private static long intermediates(Hop h,
      Function<Hop, DataCharacteristics> sizes) {
    return switch (h.op()) {
      case SOLVE, INV, CHOLESKY, DET, EIGEN_VALUES, EIGEN_VECTORS, MEDIAN, QUANTILE, ORDER,
          SVD, LU, QR, UNIQUE, GROUPED_AGGREGATE, MOMENT, COV, IQM, BIAS_ADD, BIAS_MULTIPLY -> {
        DataCharacteristics a = sizes.apply(h.input(0));
        yield a.dimsKnown() ? outputSize(new DataCharacteristics(a.rows(), a.cols(), a.cells()))
            : UNKNOWN;
      }
      default -> 0;
    };
  }

  private static long add(long a, long b) {
    long r = a + b;
    return r < 0 || a == UNKNOWN || b == UNKNOWN ? UNKNOWN : r;
  }

  /**
   * What {@link org.planlab.engine.ir.HopPrinter} shows for explain: the sizes of a size table
   * and the worst-case output memory they imply.
   */
  public static org.planlab.engine.ir.HopPrinter.SizeInfo sizeInfo(
      java.util.Map<org.planlab.engine.ir.Hop, DataCharacteristics> sizes) {
    return new org.planlab.engine.ir.HopPrinter.SizeInfo() {
      @Override
      public java.util.Optional<DataCharacteristics> size(org.planlab.engine.ir.HopDag dag,
          org.planlab.engine.ir.Hop hop) {
        return java.util.Optional.ofNullable(sizes.get(hop));
      }

      @Override
      public java.util.OptionalLong memory(org.planlab.engine.ir.HopDag dag,
          org.planlab.engine.ir.Hop hop) {
        DataCharacteristics dc = sizes.get(hop);
        long m = dc == null ? UNKNOWN : outputSize(dc);
        return m == UNKNOWN ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(m);
      }
    };
  }
}
