package org.planlab.engine.backend;

import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.Instructions;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.engine.spi.PluginOptions;

/**
 * The in-memory backend of the driver (CP, the "control program"): multi-threaded kernels over
 * local {@link MatrixValue}s. It runs every operator, so placement falls back to it, and every
 * engine has it.
 */
public final class CpBackend implements Backend {
  /** The name of the CP backend, also the location of local values. */
  public static final String NAME = MatrixData.LOCAL;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public ExecType execType() {
    return ExecType.CP;
  }

  @Override
  public boolean supports(Hop hop) {
    return true;
  }

  @Override
  public Instruction instruction(Hop hop, MatMultInstruction.Kind physical, int[] inputs,
      int output) {
    return physical != null ? new MatMultInstruction(physical, hop, inputs, output)
        : Instructions.forHop(hop, inputs, output);
  }

  @Override
  public MatrixData fromLocal(MatrixBlock block, ExecutionContext ctx) {
    return new MatrixValue(block);
  }

  @Override
  public MatrixValue toLocal(MatrixData m) {
    return m instanceof MatrixValue v ? v : Backend.super.toLocal(m);
  }

  @Override
  public void close() {
  }

  /** Creates the CP backend (it has no options). */
  public static final class Provider implements BackendProvider {
    @Override
    public String name() {
      return NAME;
    }

    @Override
    public String description() {
      return "in-memory multi-threaded kernels in the driver JVM (always available)";
    }

    @Override
    public ExecType execType() {
      return ExecType.CP;
    }

    @Override
    public Backend create(PluginOptions options, BackendContext context) {
      return new CpBackend();
    }
  }
}
