package org.planlab.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.planlab.engine.parallel.KernelPool;

class MachineWorkTest {
  @Test
  void sumOverThePoolsThreadsIsTheArraysSum() {
    try (KernelPool pool = new KernelPool(2)) {
      double[] a = new double[1 << 20];
      for (int i = 0; i < a.length; i++) {
        a[i] = i % 7;
      }
      double expected = 0;
      for (double v : a) {
        expected += v;
      }
      assertEquals(expected, MachineWork.sum(a, pool), 0);
    }
  }

  @Test
  void fillWritesEveryCell() {
    try (KernelPool pool = new KernelPool(2)) {
      double[] a = new double[100_003];
      MachineWork.fill(a, pool);
      for (double v : a) {
        assertEquals(1.5, v);
      }
    }
  }

  @Test
  void multiplyAddsSumEveryProductOfEveryPass() {
    // 8 chains over 1024 cells: each pass adds 1024 * 1.0000001 * 0.999
    assertEquals(3 * 1024 * 1.0000001 * 0.999, MachineWork.multiplyAdds(3), 1e-9);
    assertEquals(2.0 * 3 * 1024, MachineWork.multiplyAddFlops(3));
  }

  @Test
  void theReferenceStreamIsFilledAndTheReferenceWorkTakesCpuTime() {
    double[] stream = MachineWork.referenceStream();
    assertEquals(MachineWork.REFERENCE_STREAM_DOUBLES, stream.length);
    try (KernelPool pool = new KernelPool(2)) {
      assertEquals(1.5 * stream.length, MachineWork.sum(stream, pool), 0);
    }
    assertTrue(MachineWork.reference(stream) > 0);
  }
}
