package org.planlab.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.planlab.gpu.cuda.TestData.dense;
import static org.planlab.gpu.cuda.TestData.sparse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.kernels.AggregateKernels;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.kernels.MMChainKernels;
import org.planlab.engine.kernels.MatMultKernels;
import org.planlab.engine.kernels.ReorgKernels;
import org.planlab.engine.kernels.TsmmKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.runtime.Hops;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.gpu.DeviceKernels;
import org.planlab.gpu.DeviceMatrix;
import org.planlab.gpu.DeviceOperand;
import org.planlab.gpu.DevicePointer;
import org.planlab.gpu.DeviceScalar;

/**
 * The CUDA device: the probe and open contract on every machine; transfers and every operation
 * {@code GpuOps} accepts against planlab's CP kernels (relative 1e-9) on a machine with a CUDA
 * device — there, and only there, the device tests run.
 */
class CudaDeviceTest {
  private static final double TOL = 1e-9;
  private static final KernelPool CPU = KernelPool.sequential();

  @TempDir
  static Path dir;

  private static CudaDevice device;

  @BeforeAll
  static void open() {
    if (CudaDevice.probe().available()) {
      device = CudaDevice.open(0, 0);
    }
  }

  @AfterAll
  static void close() {
    if (device != null) {
      device.close();
    }
  }

  private static void assumeDevice() {
    assumeTrue(device != null, "no CUDA device: " + CudaDevice.probe().reason());
  }

  // ------------------------------------------------------------------ probe and open

  @Test
  void probeNeverThrowsAndGivesAOneLineReason() {
    CudaDevice.Probe p = CudaDevice.probe();
    assertFalse(p.reason().isBlank());
    assertFalse(p.reason().contains("\n"), p.reason());
    assertEquals(p.available(), p.devices() > 0, p.toString());
  }

  @Test
  void probeIsAPropertyOfTheMachineComputedOnce() {
    assertSame(CudaDevice.probe(), CudaDevice.probe());
  }

  @Test
  void withoutADeviceOpenThrowsTheProbeReason() {
    CudaDevice.Probe p = CudaDevice.probe();
    assumeTrue(!p.available(), "a CUDA device is present");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> CudaDevice.open(0, 0));
    assertTrue(e.getMessage().contains(p.reason()), e.getMessage());
  }

  @Test
  void aMissingDriverIsReportedByItsLibrary() {
    UnsatisfiedLinkError e = new UnsatisfiedLinkError("Error while loading native library "
        + "\"JCudaDriver-12.6.0-linux-x86_64\"\nStack trace from the attempt to load the library "
        + "as a resource:\njava.lang.UnsatisfiedLinkError: /tmp/libJCudaDriver-12.6.0-linux-"
        + "x86_64.so: libcuda.so.1: cannot open shared object file: No such file or directory");
    assertEquals("no CUDA driver (libcuda.so.1 not found)", CudaDevice.reason(e));
    assertEquals("CUDA unavailable: IllegalStateException: boom",
        CudaDevice.reason(new IllegalStateException("boom\nmore")));
  }

  @Test
  void onThisMachineWithoutDriverTheProbeNamesLibcuda() {
    CudaDevice.Probe p = CudaDevice.probe();
    assumeTrue(!p.available() && !java.nio.file.Files.exists(Path.of("/usr/lib/x86_64-linux-gnu"
        + "/libcuda.so.1")), "a CUDA driver is installed");
    assertEquals(0, p.devices());
    assertEquals("no CUDA driver (libcuda.so.1 not found)", p.reason());
  }

  // ------------------------------------------------------------------ transfers

  @Test
  void denseAndCsrBlocksSurviveARoundTrip() {
    assumeDevice();
    for (MatrixBlock b : List.of(dense(37, 23, 1), sparse(41, 29, 0.05, 2),
        MatrixBlock.empty(13, 17, true), MatrixBlock.empty(5, 1, false), dense(1, 1, 3),
        sparse(300, 200, 0.001, 4))) {
      DeviceMatrix d = upload(b);
      MatrixBlock back = device.copyToHost(d);
      assertEquals(b.nnz(), back.nnz(), b.shape());
      assertClose(b, back, "round trip of " + b.shape());
      device.free(d.pointer());
    }
  }

  @Test
  void mallocBeyondTheCapacityReturnsNullAndFreeReturnsTheBytes() {
    assumeDevice();
    long before = device.allocated();
    assertNull(device.malloc(device.capacity() - before + 8));
    DevicePointer p = device.malloc(1 << 20);
    assertEquals(before + (1 << 20), device.allocated());
    device.free(p);
    assertEquals(before, device.allocated());
    assertTrue(device.times().mallocNanos() > 0);
    assertTrue(device.describe().startsWith("CUDA device 0"), device.describe());
  }

  // ------------------------------------------------------------------ operations vs CP

  @Test
  void binaryOperationsMatchTheCpKernelsForEveryBroadcast() {
    assumeDevice();
    MatrixBlock x = dense(37, 23, 11);
    MatrixBlock y = dense(37, 23, 12);
    MatrixBlock row = dense(1, 23, 13);
    MatrixBlock col = dense(37, 1, 14);
    MatrixBlock sx = sparse(37, 23, 0.1, 15);
    for (BinaryOp op : BinaryOp.values()) {
      check(bin(op, x, y), ElementwiseKernels.binary(x, y, op, CPU), op + " m-m");
      check(bin(op, sx, y), ElementwiseKernels.binary(sx, y, op, CPU), op + " sparse-m");
      check(bin(op, x, row), ElementwiseKernels.binary(x, row, op, CPU), op + " m-row");
      check(bin(op, x, col), ElementwiseKernels.binary(x, col, op, CPU), op + " m-col");
      check(bin(op, row, x), ElementwiseKernels.binary(row, x, op, CPU), op + " row-m");
      check(bin(op, col, x), ElementwiseKernels.binary(col, x, op, CPU), op + " col-m");
      check(run(Hops.bin(op, Hops.mread("x"), Hops.lit(0.75)), null, upload(x),
          scalar(0.75)), ElementwiseKernels.binary(x, 0.75, op, CPU), op + " m-s");
      check(run(Hops.bin(op, Hops.lit(0.75), Hops.mread("x")), null, scalar(0.75),
          upload(x)), ElementwiseKernels.binary(0.75, x, op, CPU), op + " s-m");
    }
  }

  @Test
  void unaryOperationsMatchTheCpKernels() {
    assumeDevice();
    MatrixBlock x = TestData.withSpecialValues(dense(31, 17, 21));
    for (UnaryOp op : UnaryOp.values()) {
      Hop hop = Hops.op(OpCode.UNARY, new HopParam.Unary(op), Hops.at(1, 1), Hops.mread("x"));
      check(run(hop, null, upload(x)), ElementwiseKernels.unary(x, op, CPU), op.toString());
    }
  }

  @Test
  void aggregatesMatchTheCpKernelsInEveryDirection() {
    assumeDevice();
    for (MatrixBlock x : List.of(dense(301, 43, 31), sparse(120, 70, 0.05, 32),
        dense(1, 9, 33), dense(9, 1, 34))) {
      for (AggregateOp op : List.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MEAN,
          AggregateOp.MIN, AggregateOp.MAX)) {
        Hop full = new Hop(OpCode.AGGREGATE, new HopParam.Aggregate(op, Direction.FULL),
            List.of(Hops.mread("x")), DataType.SCALAR, ValueType.DOUBLE, Hops.at(1, 1));
        DeviceScalar s = assertInstanceOf(DeviceScalar.class, run(full, null, upload(x)));
        assertClose(AggregateKernels.full(x, op, CPU), s.value().asDouble(), op + " full");
        for (Direction d : List.of(Direction.ROW, Direction.COL)) {
          Hop hop = Hops.op(OpCode.AGGREGATE, new HopParam.Aggregate(op, d), Hops.at(1, 1),
              Hops.mread("x"));
          check(run(hop, null, upload(x)), AggregateKernels.aggregate(x, op, d, CPU),
              op + " " + d + " of " + x.shape());
        }
      }
    }
  }

  @Test
  void matrixMultipliesOfEveryPhysicalKindMatchTheCpKernels() {
    assumeDevice();
    MatrixBlock x = dense(57, 19, 41);
    MatrixBlock sx = sparse(57, 19, 0.1, 42);
    MatrixBlock b = dense(19, 7, 43);
    MatrixBlock v = dense(19, 1, 44);
    MatrixBlock w = dense(57, 1, 45);
    MatrixBlock y = dense(57, 5, 46);
    for (MatrixBlock a : List.of(x, sx)) {
      String f = a.isSparse() ? "sparse " : "dense ";
      check(mm(MatMultInstruction.Kind.MULTIPLY, a, b), MatMultKernels.multiply(a, b, CPU),
          f + "A %*% B");
      check(mm(MatMultInstruction.Kind.TSMM_LEFT, a), TsmmKernels.tsmm(a, true, CPU),
          f + "t(X) %*% X");
      check(mm(MatMultInstruction.Kind.TSMM_RIGHT, a), TsmmKernels.tsmm(a, false, CPU),
          f + "X %*% t(X)");
      check(mm(MatMultInstruction.Kind.TRANSPOSE_LEFT, a, y),
          MatMultKernels.transposeLeftMultiply(a, y, CPU), f + "t(X) %*% Y");
      check(mm(MatMultInstruction.Kind.MMCHAIN_XTXV, a, v),
          MMChainKernels.mmchain(a, v, null, CPU), f + "t(X) %*% (X %*% v)");
      check(mm(MatMultInstruction.Kind.MMCHAIN_XTWXV, a, v, w),
          MMChainKernels.mmchain(a, v, w, CPU), f + "t(X) %*% (w * (X %*% v))");
      Hop t = Hops.op(OpCode.TRANSPOSE, Hops.mread("x"));
      check(run(t, null, upload(a)), ReorgKernels.transpose(a, CPU), f + "t(X)");
    }
  }

  @Test
  void fusedOperatorsOfDmlScriptsMatchTheirCpuOperators() {
    assumeDevice();
    int checked = 0;
    for (Map.Entry<String, String> script : DmlScripts.ALL.entrySet()) {
      for (FusedOp op : FusedPlans.operators(dir, script.getValue(), "fa")) {
        if (!(op.plan() instanceof CPlan.Cell || op.plan() instanceof CPlan.Row)) {
          continue;
        }
        List<MatrixBlock> inputs = TestData.inputsFor(op.plan(), 41, 23, 53);
        double[] scalars = TestData.scalarsFor(op.plan());
        MatrixBlock expected = op.execute(inputs, scalars, CPU).output();
        boolean scalarResult = op.plan() instanceof CPlan.Cell c
            && c.type() == org.planlab.engine.codegen.runtime.CellType.FULL_AGG;
        List<Hop> ins = new ArrayList<>();
        List<DeviceOperand> operands = new ArrayList<>();
        for (MatrixBlock in : inputs) {
          ins.add(Hops.mread("m" + ins.size()));
          operands.add(upload(in));
        }
        for (double s : scalars) {
          ins.add(Hops.lit(s));
          operands.add(scalar(s));
        }
        Hop hop = new Hop(OpCode.FUSED, new HopParam.Fused(op), ins,
            scalarResult ? DataType.SCALAR : DataType.MATRIX, ValueType.DOUBLE, Hops.at(1, 1));
        DeviceOperand r = run(hop, null, operands.toArray(new DeviceOperand[0]));
        if (r instanceof DeviceScalar s) {
          assertClose(expected.get(0, 0), s.value().asDouble(), script.getKey());
        } else {
          check(r, expected, script.getKey() + ": " + op.plan());
        }
        checked++;
      }
    }
    assertTrue(checked >= 10, "fused operators checked: " + checked);
  }

  // ------------------------------------------------------------------ helpers

  private static DeviceOperand bin(BinaryOp op, MatrixBlock a, MatrixBlock b) {
    return run(Hops.bin(op, Hops.mread("a"), Hops.mread("b")), null, upload(a), upload(b));
  }

  private static DeviceOperand mm(MatMultInstruction.Kind kind, MatrixBlock... in) {
    Hop[] hops = new Hop[Math.max(2, in.length)];
    for (int i = 0; i < hops.length; i++) {
      hops[i] = Hops.mread("m" + i);
    }
    DeviceOperand[] operands = new DeviceOperand[in.length];
    for (int i = 0; i < in.length; i++) {
      operands[i] = upload(in[i]);
    }
    return run(Hops.op(OpCode.MATMULT, hops[0], hops[1]), kind, operands);
  }

  private static DeviceOperand run(Hop hop, MatMultInstruction.Kind kind,
      DeviceOperand... operands) {
    List<DevicePointer> temporaries = new java.util.ArrayList<>();
    DeviceKernels.Outputs outputs = new DeviceKernels.Outputs() {
      @Override
      public DeviceMatrix allocate(long rows, long cols, long nnz, DeviceMatrix.Layout layout) {
        return new DeviceMatrix(device.malloc(DeviceMatrix.bytes(rows, cols, nnz, layout)),
            rows, cols, nnz, layout);
      }

      @Override
      public DevicePointer scratch(long bytes) {
        DevicePointer p = device.malloc(bytes);
        temporaries.add(p);
        return p;
      }
    };
    try {
      return device.kernels().run(hop, kind, List.of(operands), outputs, null);
    } finally {
      temporaries.forEach(device::free);
    }
  }

  private static DeviceMatrix upload(MatrixBlock b) {
    DeviceMatrix.Layout layout = DeviceMatrix.layoutOf(b);
    long bytes = DeviceMatrix.bytes(b.rows(), b.cols(), b.nnz(), layout);
    DeviceMatrix d = new DeviceMatrix(device.malloc(bytes), b.rows(), b.cols(), b.nnz(), layout);
    device.copyToDevice(b, d);
    return d;
  }

  private static DeviceScalar scalar(double v) {
    return new DeviceScalar(ScalarValue.of(v));
  }

  private static void check(DeviceOperand result, MatrixBlock expected, String what) {
    DeviceMatrix d = assertInstanceOf(DeviceMatrix.class, result, what);
    assertClose(expected, device.copyToHost(d), what);
  }

  private static void assertClose(MatrixBlock expected, MatrixBlock actual, String what) {
    assertEquals(expected.rows(), actual.rows(), what + ": rows");
    assertEquals(expected.cols(), actual.cols(), what + ": cols");
    String diff = MatrixComparison.firstDifference(expected, actual, TOL, 1e-12);
    if (diff != null) {
      fail(what + ": " + diff);
    }
  }

  private static void assertClose(double expected, double actual, String what) {
    if (!MatrixComparison.close(expected, actual, TOL, 1e-12)) {
      fail(what + ": expected " + expected + " but was " + actual);
    }
  }
}
