package org.planlab.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.spi.LruEviction;
import org.planlab.optimizers.eviction.MemphisGpuEviction;

/**
 * The memory manager under concurrent kernels (parfor workers): a buffer is never recycled,
 * freed or evicted while locked, and a matrix being copied back to the device is not read
 * before the copy is done.
 */
class GpuMemoryManagerConcurrencyTest {

  /** A simulated device whose host-to-device copies can be held at a gate. */
  private static final class GatedDevice implements DeviceAllocator {
    final SimulatedDevice sim;
    volatile CountDownLatch gate;
    final CountDownLatch entered = new CountDownLatch(1);

    GatedDevice(long capacity) {
      sim = new SimulatedDevice(capacity, 0, 0, 1L << 30);
    }

    @Override
    public void copyToDevice(MatrixBlock block, DeviceMatrix target) {
      CountDownLatch g = gate;
      if (g != null) {
        entered.countDown();
        try {
          g.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      sim.copyToDevice(block, target);
    }

    @Override
    public String describe() {
      return sim.describe();
    }

    @Override
    public long capacity() {
      return sim.capacity();
    }

    @Override
    public long allocated() {
      return sim.allocated();
    }

    @Override
    public DevicePointer malloc(long bytes) {
      return sim.malloc(bytes);
    }

    @Override
    public void free(DevicePointer p) {
      sim.free(p);
    }

    @Override
    public MatrixBlock copyToHost(DeviceMatrix source) {
      return sim.copyToHost(source);
    }

    @Override
    public DeviceKernels kernels() {
      return sim;
    }

    @Override
    public DeviceTimes times() {
      return sim.times();
    }

    @Override
    public void close() {
      sim.close();
    }
  }

  private static GpuMatrix computed(GpuMemoryManager mm, DeviceAllocator dev, MatrixBlock v) {
    GpuMatrix m = new GpuMatrix(mm, v.rows(), v.cols(), -1, DeviceMatrix.Layout.DENSE);
    DeviceMatrix dm = mm.output(m);
    dev.copyToDevice(v, dm);
    mm.unlock(m.buffer);
    m.retain();
    return m;
  }

  private static MatrixBlock read(GpuMemoryManager mm, GpuMatrix m) {
    GpuMemoryManager.Buffer b = mm.lockOnDevice(m);
    try {
      return mm.device().copyToHost(m.deviceMatrix(b));
    } finally {
      mm.unlock(b);
    }
  }

  /**
   * Two kernels read a matrix evicted to the host: the first copies it back; the second must
   * wait for that copy instead of reading an allocation nothing has written yet.
   */
  @Test
  void aSecondReaderWaitsForTheCopyBackInProgress() throws Exception {
    GatedDevice dev = new GatedDevice(160);
    GpuMemoryManager mm = new GpuMemoryManager(dev, new LruEviction());
    GpuMatrix a = computed(mm, dev, GpuMemoryManagerTest.column(10, 1));
    GpuMatrix b = computed(mm, dev, GpuMemoryManagerTest.column(10, 2));
    computed(mm, dev, GpuMemoryManagerTest.column(10, 3)); // evicts a to the host
    assertFalse(a.onDevice());
    dev.gate = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<GpuMemoryManager.Buffer> first = pool.submit(() -> mm.lockOnDevice(a));
      assertTrue(dev.entered.await(10, TimeUnit.SECONDS), "the copy back never started");
      Future<MatrixBlock> second = pool.submit(() -> read(mm, a));
      Thread.sleep(100);
      dev.gate.countDown();
      GpuRuns.assertClose("a", GpuMemoryManagerTest.column(10, 1),
          second.get(10, TimeUnit.SECONDS), 0);
      mm.unlock(first.get(10, TimeUnit.SECONDS));
      assertEquals(80, mm.counters().snapshot().get("gpu.recopied_bytes"));
      GpuRuns.assertClose("b", GpuMemoryManagerTest.column(10, 2), read(mm, b), 0);
    } finally {
      dev.gate.countDown();
      pool.shutdownNow();
    }
  }

  /**
   * Worker threads each keep a few matrices of their own and read shared ones, retaining,
   * locking, reading, unlocking and dropping them, while allocating new ones on a device that
   * holds a fraction of it all: recycling and eviction to the host happen throughout, every
   * value read back is intact, and no state error occurs.
   */
  @Test
  void threadsLockRetainAndDropWhileOthersAllocateUnderPressure() throws Exception {
    SimulatedDevice dev = new SimulatedDevice(8 * 10 * 24, 0, 0, 1L << 30);
    GpuMemoryManager mm = new GpuMemoryManager(dev, new MemphisGpuEviction());
    int sharedCount = 4;
    GpuMatrix[] shared = new GpuMatrix[sharedCount];
    for (int i = 0; i < sharedCount; i++) {
      shared[i] = computed(mm, dev, GpuMemoryManagerTest.column(10, 1000 * i));
    }
    int threads = 6;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<Integer>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      done.add(pool.submit(() -> {
        Random rnd = new Random(id);
        List<GpuMatrix> mine = new ArrayList<>();
        List<Double> tags = new ArrayList<>();
        int checked = 0;
        for (int step = 0; step < 400; step++) {
          int action = rnd.nextInt(5);
          if (action == 0 || mine.isEmpty()) {
            double tag = id * 1e6 + step;
            GpuMatrix m = computed(mm, dev, GpuMemoryManagerTest.column(10, tag));
            if (rnd.nextBoolean()) {
              m.cached(1 + rnd.nextInt(5), rnd.nextInt(100_000));
            }
            mine.add(m);
            tags.add(tag);
          } else if (action == 1 && mine.size() > 3) {
            int k = rnd.nextInt(mine.size());
            mine.remove(k).drop();
            tags.remove(k);
          } else if (action == 2) {
            int k = rnd.nextInt(sharedCount);
            GpuMatrix s = shared[k];
            s.retain();
            GpuRuns.assertClose("shared " + k, GpuMemoryManagerTest.column(10, 1000 * k),
                read(mm, s), 0);
            s.drop();
            checked++;
          } else {
            int k = rnd.nextInt(mine.size());
            GpuRuns.assertClose("thread " + id, GpuMemoryManagerTest.column(10, tags.get(k)),
                read(mm, mine.get(k)), 0);
            checked++;
          }
        }
        mine.forEach(GpuMatrix::drop);
        return checked;
      }));
    }
    int checked = 0;
    try {
      for (Future<Integer> f : done) {
        checked += f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    var c = mm.counters().snapshot();
    assertTrue(checked > 1000, "values checked: " + checked);
    assertTrue(c.get("gpu.recycled") > 0, "no recycling: " + c);
    assertTrue(c.get("gpu.host_evictions") > 0, "no eviction to the host: " + c);
    assertTrue(dev.allocated() <= dev.capacity());
    assertEquals(sharedCount, mm.liveCount(), "only the shared matrices stay live: " + c);
    for (int i = 0; i < sharedCount; i++) {
      GpuRuns.assertClose("shared " + i, GpuMemoryManagerTest.column(10, 1000 * i),
          read(mm, shared[i]), 0);
    }
  }
}
