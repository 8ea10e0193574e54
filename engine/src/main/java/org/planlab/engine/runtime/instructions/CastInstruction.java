package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.isMatrix;
import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.scalar;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ListValue;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.ScalarOps;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * Casts, metadata and strings: CAST_SCALAR, CAST_MATRIX, CAST_VALUE, NROW, NCOL, LENGTH,
 * TO_STRING, PRINTF.
 */
public final class CastInstruction extends Instruction {

  public CastInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    if (in.length > 0 && in[0] instanceof ListValue l) {
      return ofList(l, in);
    }
    return switch (hop().op()) {
      case CAST_SCALAR -> scalar(in[0], "as.scalar");
      case CAST_MATRIX -> isMatrix(in[0]) ? in[0]
          : wrap(MatrixBlock.scalar(scalar(in[0], "as.matrix").asDouble()));
      case CAST_VALUE -> ScalarOps.cast(scalar(in[0], "cast"),
          hop().param(HopParam.Cast.class).to());
      case NROW -> ScalarValue.of(dims(in[0])[0]);
      case NCOL -> ScalarValue.of(dims(in[0])[1]);
      case LENGTH -> ScalarValue.of(dims(in[0])[0] * dims(in[0])[1]);
      case TO_STRING -> ScalarValue.of(toText(in[0], Operands.intArg(in[1], "decimal"),
          Operands.str(in[2], "sep"), Operands.str(in[3], "linesep")));
      case PRINTF -> {
        List<ScalarValue> args = new ArrayList<>();
        for (int i = 1; i < in.length; i++) {
          args.add(scalar(in[i], "print"));
        }
        yield ScalarValue.of(Printf.format(Operands.str(in[0], "print format"), args));
      }
      default -> throw new IllegalStateException("not a cast opcode: " + hop().op());
    };
  }

  /**
   * The casts of a list: as.scalar and as.matrix take the element of a one-element list (L[i]),
   * length counts the elements, toString prints them as SystemDS does.
   */
  private Data ofList(ListValue l, Data[] in) {
    return switch (hop().op()) {
      case CAST_SCALAR -> scalar(single(l, "as.scalar"), "as.scalar");
      case CAST_MATRIX -> {
        Data d = single(l, "as.matrix");
        yield isMatrix(d) ? d : wrap(MatrixBlock.scalar(scalar(d, "as.matrix").asDouble()));
      }
      case LENGTH -> ScalarValue.of((long) l.size());
      case TO_STRING -> ScalarValue.of(toText(l, Operands.intArg(in[1], "decimal"),
          Operands.str(in[2], "sep"), Operands.str(in[3], "linesep")));
      default -> throw new IllegalArgumentException(hop().op().name().toLowerCase(Locale.ROOT)
          + " cannot be applied to a list");
    };
  }

  private static Data single(ListValue l, String what) {
    if (l.size() != 1) {
      throw new IllegalArgumentException(what + " needs a list of one element, got "
          + l.size() + " elements");
    }
    return l.get(1);
  }

  /** nrow, ncol and length read only the dims, which every matrix handle knows. */
  @Override
  public boolean acceptsHandles() {
    return switch (hop().op()) {
      case NROW, NCOL, LENGTH -> true;
      default -> false;
    };
  }

  /** Rows and columns of a matrix operand (a scalar counts as 1 x 1). */
  private static long[] dims(Data d) {
    if (d instanceof MatrixData m) {
      return new long[] {m.rows(), m.cols()};
    }
    return new long[] {1, 1};
  }

  /**
   * DML's toString: a scalar as print shows it; a matrix row by row, cells with {@code
   * decimal} digits separated by {@code sep}, rows ended by {@code linesep}.
   */
  public static String toText(Data d, int decimal, String sep, String linesep) {
    if (d instanceof ListValue l) {
      // as SystemDS prints a list: "List containing:" and the elements (without their names)
      // in brackets, separated by ", "
      StringBuilder sb = new StringBuilder("List containing:\n[");
      for (int i = 0; i < l.size(); i++) {
        if (i > 0) {
          sb.append(", ");
        }
        Data e = l.values().get(i);
        sb.append(isMatrix(e) ? "\nMatrix:\n" + toText(e, decimal, sep, linesep)
            : toText(e, decimal, sep, linesep));
      }
      return sb.append(']').toString();
    }
    if (!isMatrix(d)) {
      return scalar(d, "toString").asString();
    }
    if (decimal < 0) {
      throw new IllegalArgumentException("toString: decimal must be >= 0, was " + decimal);
    }
    MatrixBlock m = matrix(d);
    String fmt = "%." + decimal + "f";
    StringBuilder sb = new StringBuilder();
    for (int r = 0; r < m.rows(); r++) {
      for (int c = 0; c < m.cols(); c++) {
        if (c > 0) {
          sb.append(sep);
        }
        sb.append(String.format(Locale.ROOT, fmt, m.get(r, c)));
      }
      sb.append(linesep);
    }
    return sb.toString();
  }
}
