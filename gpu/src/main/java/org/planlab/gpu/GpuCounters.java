package org.planlab.gpu;

import java.util.LinkedHashMap;
import java.util.Map;
import org.planlab.engine.stats.Statistics;

/**
 * What the device memory manager did (MEMPHIS sec. 4.2 and Fig. 12(b)): allocations served by
 * {@code cudaMalloc}, by recycling a free pointer of the exact size, and by reusing a cached
 * result; pointers freed to make space; cached pointers given up; live matrices evicted to the
 * host and copied back; bytes copied each way. Guarded by the memory manager's lock.
 */
public final class GpuCounters {
  long mallocs;
  long mallocBytes;
  long recycled;
  long reused;
  long frees;
  long evictedCached;
  long hostEvictions;
  long hostEvictedBytes;
  long recopiedBytes;
  long toDeviceBytes;
  long toHostBytes;

  /** The counters now, by their statistics names ({@code gpu.*}). */
  public synchronized Map<String, Long> snapshot() {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("gpu.mallocs", mallocs);
    m.put("gpu.malloc_bytes", mallocBytes);
    m.put("gpu.recycled", recycled);
    m.put("gpu.reused", reused);
    m.put("gpu.frees", frees);
    m.put("gpu.evicted_cached", evictedCached);
    m.put("gpu.host_evictions", hostEvictions);
    m.put("gpu.host_evicted_bytes", hostEvictedBytes);
    m.put("gpu.recopied_bytes", recopiedBytes);
    m.put("gpu.h2d_bytes", toDeviceBytes);
    m.put("gpu.d2h_bytes", toHostBytes);
    return m;
  }

  /** Adds the counts since {@code before} and the device times since {@code timesBefore}. */
  static void addTo(Statistics stats, Map<String, Long> before, Map<String, Long> after,
      DeviceTimes times, long peak) {
    after.forEach((k, v) -> stats.addBackendCounter(k, v - before.getOrDefault(k, 0L)));
    stats.addBackendCounter("gpu.malloc_ns", times.mallocNanos());
    stats.addBackendCounter("gpu.free_ns", times.freeNanos());
    stats.addBackendCounter("gpu.h2d_ns", times.toDeviceNanos());
    stats.addBackendCounter("gpu.d2h_ns", times.toHostNanos());
    stats.addBackendCounter("gpu.kernel_ns", times.kernelNanos());
    stats.addBackendCounter("gpu.device_ns", times.totalNanos());
    stats.addBackendCounter("gpu.peak_bytes", peak);
  }
}
