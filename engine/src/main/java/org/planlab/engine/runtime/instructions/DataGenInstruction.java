package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.bool;
import static org.planlab.engine.runtime.instructions.Operands.dbl;
import static org.planlab.engine.runtime.instructions.Operands.lng;
import static org.planlab.engine.runtime.instructions.Operands.str;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import java.util.concurrent.ThreadLocalRandom;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.kernels.DataGenKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.random.RandomBlocks;
import org.planlab.engine.runtime.ExecutionContext;

/** Construction: RAND, FILL, MATRIX_FROM_STRING, SEQ, SAMPLE, and TIME. */
public final class DataGenInstruction extends KernelInstruction {

  public DataGenInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    return switch (hop().op()) {
      case RAND -> wrap(DataGenKernels.rand(lng(in[0], "rows"), lng(in[1], "cols"),
          dbl(in[2], "min"), dbl(in[3], "max"), dbl(in[4], "sparsity"), pdf(str(in[6], "pdf")),
          seed(lng(in[5], "seed")), ctx.pool()));
      case FILL -> wrap(fill(dbl(in[0], "value"), lng(in[1], "rows"), lng(in[2], "cols")));
      case MATRIX_FROM_STRING -> wrap(fromString(str(in[0], "matrix"), lng(in[1], "rows"),
          lng(in[2], "cols")));
      case SEQ -> wrap(DataGenKernels.seq(dbl(in[0], "from"), dbl(in[1], "to"),
          dbl(in[2], "incr")));
      case SAMPLE -> wrap(DataGenKernels.sample(lng(in[0], "range"), lng(in[1], "size"),
          bool(in[2], "replace"), seed(lng(in[3], "seed"))));
      case TIME -> ScalarValue.of(System.nanoTime());
      default -> throw new IllegalStateException("not a data-generation opcode: " + hop().op());
    };
  }

  /** Seed -1 asks for a fresh random stream on every execution. */
  private static long seed(long seed) {
    return seed == -1 ? drawSeed() : seed;
  }

  /** The seed an unseeded execution uses: non-negative, from a fresh random stream. */
  public static long drawSeed() {
    return ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE;
  }

  /**
   * The operand holding the seed when this instruction is an unseeded {@code rand} or
   * {@code sample} for these operands ({@code seed == -1}), else -1: lineage tracing draws the
   * seed before the execution and records it (MEMPHIS sec. 3.1, RECOMPUTE).
   */
  public int unseededOperand(Data[] in) {
    int i = switch (hop().op()) {
      case RAND -> 5;
      case SAMPLE -> 3;
      default -> -1;
    };
    return i >= 0 && lng(in[i], "seed") == -1 ? i : -1;
  }

  /** Whether this is {@code time()}, whose value no trace determines. */
  public boolean isClock() {
    return hop().op() == org.planlab.engine.ir.OpCode.TIME;
  }

  /** The distribution DML's {@code pdf} argument names; any other name is an error. */
  public static RandomBlocks.Distribution pdf(String name) {
    return switch (name) {
      case "uniform" -> RandomBlocks.Distribution.UNIFORM;
      case "normal" -> RandomBlocks.Distribution.NORMAL;
      default -> throw new IllegalArgumentException("rand: pdf must be \"uniform\" or \"normal\","
          + " was \"" + name + "\"");
    };
  }

  private static void checkDims(long rows, long cols) {
    if (rows < 0 || cols < 0 || rows > Integer.MAX_VALUE || cols > Integer.MAX_VALUE) {
      throw new MatrixSizeException("invalid matrix dimensions " + rows + "x" + cols);
    }
    if (rows * cols > MatrixBlock.MAX_DENSE_CELLS) {
      throw new MatrixSizeException("a " + rows + "x" + cols + " matrix is too large for one "
          + "in-memory block");
    }
  }

  private static MatrixBlock fill(double v, long rows, long cols) {
    checkDims(rows, cols);
    return DataGenKernels.fill(v, (int) rows, (int) cols);
  }

  private static MatrixBlock fromString(String s, long rows, long cols) {
    checkDims(rows, cols);
    String t = s.trim();
    String[] tokens = t.isEmpty() ? new String[0] : t.split("[\\s,]+");
    if (tokens.length != rows * cols) {
      throw new IllegalArgumentException("matrix(\"...\", rows=" + rows + ", cols=" + cols
          + "): the string has " + tokens.length + " values, " + rows * cols + " expected");
    }
    double[] a = new double[tokens.length];
    for (int i = 0; i < a.length; i++) {
      try {
        a[i] = Double.parseDouble(tokens[i]);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("matrix(\"...\"): \"" + tokens[i]
            + "\" is not a number");
      }
    }
    MatrixBlock m = MatrixBlock.dense((int) rows, (int) cols, a);
    m.recomputeNonZeros();
    return m.examSparsity();
  }
}
