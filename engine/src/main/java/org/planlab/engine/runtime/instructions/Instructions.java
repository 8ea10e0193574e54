package org.planlab.engine.runtime.instructions;

import java.util.Locale;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;

/** Maps a HOP to the instruction family that executes it (physical operator selection, CP). */
public final class Instructions {
  private Instructions() {
  }

  /** The CP instruction for {@code hop} with the given operand and output slots. */
  public static Instruction forHop(Hop hop, int[] inputs, int output) {
    String opcode = opcode(hop);
    return switch (hop.op()) {
      case LITERAL, READ_VAR, WRITE_VAR -> new VariableInstruction(opcode, hop, inputs, output);
      case READ_FILE, WRITE_FILE -> new IoInstruction(opcode, hop, inputs, output);
      case BINARY, UNARY, IFELSE, NARY_MINMAX, REPLACE ->
          new ElementwiseInstruction(opcode, hop, inputs, output);
      case AGGREGATE, ROW_INDEX_MAX, ROW_INDEX_MIN, CUMULATIVE, TRACE, MEDIAN, QUANTILE ->
          new AggregateInstruction(opcode, hop, inputs, output);
      case MATMULT -> new MatMultInstruction(MatMultInstruction.Kind.MULTIPLY, hop, inputs,
          output);
      case TRANSPOSE, REV, DIAG, RESHAPE, ORDER, REMOVE_EMPTY, TABLE, CBIND, RBIND ->
          new ReorgInstruction(opcode, hop, inputs, output);
      case RIGHT_INDEX, LEFT_INDEX -> new IndexingInstruction(opcode, hop, inputs, output);
      case RAND, FILL, MATRIX_FROM_STRING, SEQ, SAMPLE, TIME ->
          new DataGenInstruction(opcode, hop, inputs, output);
      case SOLVE, INV, CHOLESKY, DET, EIGEN_VALUES, EIGEN_VECTORS, SVD, LU, QR ->
          new LinAlgInstruction(opcode, hop, inputs, output);
      case UNIQUE, GROUPED_AGGREGATE, MOMENT, COV, IQM, CDF, ICDF ->
          new StatisticsInstruction(opcode, hop, inputs, output);
      case BIAS_ADD, BIAS_MULTIPLY -> new BiasInstruction(opcode, hop, inputs, output);
      case CAST_SCALAR, CAST_MATRIX, CAST_VALUE, NROW, NCOL, LENGTH, TO_STRING, PRINTF ->
          new CastInstruction(opcode, hop, inputs, output);
      case PRINT, STOP, ASSERT, EVICT -> new ControlInstruction(opcode, hop, inputs, output);
      case FUNCTION_CALL -> new FunctionCallInstruction(opcode, hop, inputs, output);
      case LIST, LIST_INDEX, LIST_SET, LIST_APPEND, LIST_REMOVE, CAST_LIST ->
          new ListInstruction(opcode, hop, inputs, output);
      case EVAL -> new EvalInstruction(opcode, hop, inputs, output);
      case FUSED -> new FusedInstruction(opcode, hop, inputs, output);
    };
  }

  /** The opcode an instruction for {@code hop} reports (heavy hitters, explain, lineage). */
  public static String opcode(Hop hop) {
    HopParam p = hop.param();
    return switch (hop.op()) {
      case LITERAL -> "lit";
      case READ_VAR -> "rvar";
      case WRITE_VAR -> "wvar";
      case BINARY -> ((HopParam.Binary) p).op().symbol();
      case UNARY -> "u" + ((HopParam.Unary) p).op().symbol();
      case NARY_MINMAX -> "n" + ((HopParam.Binary) p).op().symbol();
      case AGGREGATE -> {
        HopParam.Aggregate a = (HopParam.Aggregate) p;
        yield "ua_" + a.op().name().toLowerCase(Locale.ROOT) + "_"
            + a.direction().name().toLowerCase(Locale.ROOT);
      }
      case CUMULATIVE -> "cum" + ((HopParam.Cumulative) p).kind().name().toLowerCase(Locale.ROOT);
      case MATMULT -> MatMultInstruction.Kind.MULTIPLY.opcode();
      case TRANSPOSE -> "r'";
      case FUNCTION_CALL -> "fcall";
      case FUSED -> ((HopParam.Fused) p).operator().opcode();
      default -> hop.op().name().toLowerCase(Locale.ROOT);
    };
  }
}
