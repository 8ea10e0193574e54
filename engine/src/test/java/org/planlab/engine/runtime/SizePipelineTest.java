package org.planlab.engine.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.runtime.Hops.at;
import static org.planlab.engine.runtime.Hops.basic;
import static org.planlab.engine.runtime.Hops.bin;
import static org.planlab.engine.runtime.Hops.lit;
import static org.planlab.engine.runtime.Hops.mm;
import static org.planlab.engine.runtime.Hops.mread;
import static org.planlab.engine.runtime.Hops.op;
import static org.planlab.engine.runtime.Hops.t;
import static org.planlab.engine.runtime.Hops.write;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.lang.DmlException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.BinaryOp;

/** The facade with the sizes helper's IPA, compile-time dynamic rewrites and recompiler. */
class SizePipelineTest {
  private static final Pipeline SIZES = new Pipeline((ast, clock) -> {
    throw new AssertionError("not parsed");
  }, Pipeline.StaticRewrites.NONE, Pipeline.sizeAnalysis());

  private static RunResult run(Program p, Pipeline pipeline, Map<String, Data> in) {
    try (Engine engine = Engine.create(Runs.config(1))) {
      CompiledScript s = engine.compile(p, pipeline);
      return engine.run(s, in, new PrintStream(new ByteArrayOutputStream()), ReuseHook.NONE);
    }
  }

  private static Hop rand(long rows, long cols, long seed) {
    return op(OpCode.RAND, lit(rows), lit(cols), lit(-1.0), lit(1.0), lit(1.0), lit(seed),
        lit("uniform"));
  }

  @Test
  void knownSizesGiveTheSameResultsAsNoSizeInformation() {
    Hop x = rand(30, 4, 1);
    Hop v = rand(4, 1, 2);
    Program p = new Program(List.of(basic(write("X", x), write("v", v)),
        basic(write("R", mm(t(mread("X")), mm(mread("X"), mread("v")))),
            write("G", mm(t(mread("X")), mread("X"))))), Map.of());
    RunResult plain = run(p, new Pipeline((a, c) -> p, Pipeline.StaticRewrites.NONE,
        Pipeline.SizeAnalysis.NONE), Map.of());
    RunResult sized = run(p, SIZES, Map.of());
    for (String name : new String[] {"R", "G"}) {
      MatrixBlock a = ((MatrixValue) plain.variables().get(name)).block();
      MatrixBlock b = ((MatrixValue) sized.variables().get(name)).block();
      TestMatrices.assertClose(a, b, 1e-12, name);
    }
    assertEquals(0, sized.statistics().recompilations());
  }

  @Test
  void blocksWithUnknownSizesAreRecompiledBeforeTheyRun() {
    // M comes from outside, so its size is unknown at compile time
    Program p = new Program(List.of(basic(write("Y", bin(BinaryOp.MULT, mread("M"),
        lit(2.0))))), Map.of());
    MatrixBlock m = MatrixBlock.of(new double[][] {{1, 2}, {3, 4}});
    RunResult r = run(p, SIZES, Map.of("M", new MatrixValue(m)));
    assertTrue(r.statistics().recompilations() >= 1);
    assertTrue(MatrixComparison.approxEquals(MatrixBlock.of(new double[][] {{2, 4}, {6, 8}}),
        ((MatrixValue) r.variables().get("Y")).block(), 0, 0));
  }

  @Test
  void compileTimeDimensionMismatchIsAScriptError() {
    Program p = new Program(List.of(basic(write("Y", op(OpCode.MATMULT, HopParam.NONE,
        at(4, 6), rand(3, 4, 1), rand(5, 2, 2))))), Map.of());
    DmlException e = assertThrows(DmlException.class,
        () -> {
          try (Engine engine = Engine.create(Runs.config(1))) {
            engine.compile(p, SIZES);
          }
        });
    assertTrue(e.getMessage().startsWith("test.dml:4:6: "), e.getMessage());
  }
}
