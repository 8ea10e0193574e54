package org.planlab.gpu;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.planlab.engine.config.ByteSize;
import org.planlab.engine.spi.PluginOption;
import org.planlab.engine.spi.PluginOptions;

/**
 * The options of the GPU backend ({@code gpu:device=sim,memory=2g}).
 *
 * @param device {@code cuda} (a CUDA device through JCuda) or {@code sim} (the simulated
 *     device, {@link SimulatedDevice})
 * @param memory device memory the backend may use, in bytes (for {@code cuda} 0 takes the
 *     device's free memory)
 * @param deviceIndex which CUDA device
 * @param mallocNanos simulated latency of one {@code cudaMalloc}
 * @param freeNanos simulated latency of one {@code cudaFree} (it synchronizes the device)
 * @param bandwidth simulated host-device bandwidth in bytes per second, each way
 * @param eviction spec of the eviction policy ordering free and evictable buffers (MEMPHIS
 *     eq. 2: {@code memphis-gpu})
 */
public record GpuSettings(String device, long memory, int deviceIndex, long mallocNanos,
    long freeNanos, long bandwidth, String eviction) {

  /** The simulated device's memory unless given: the paper's experiments' GPUs have far more. */
  public static final long DEFAULT_SIM_MEMORY = 2L << 30;

  public GpuSettings {
    Objects.requireNonNull(device, "device is null");
    Objects.requireNonNull(eviction, "eviction is null");
    if (!device.equals("cuda") && !device.equals("sim")) {
      throw new IllegalArgumentException("device must be cuda or sim, was '" + device + "'");
    }
    if (memory < 0 || (device.equals("sim") && memory < 1024)) {
      throw new IllegalArgumentException("memory must be at least 1k for the simulated device "
          + "(0 for cuda: the device's free memory), was " + memory);
    }
    if (deviceIndex < 0) {
      throw new IllegalArgumentException("deviceIndex must be >= 0, was " + deviceIndex);
    }
    if (mallocNanos < 0 || freeNanos < 0) {
      throw new IllegalArgumentException("latencies must be >= 0");
    }
    if (bandwidth < 1) {
      throw new IllegalArgumentException("bandwidth must be >= 1 byte/s, was " + bandwidth);
    }
  }

  /** The options the provider declares. */
  static List<PluginOption> options() {
    return List.of(
        PluginOption.string("device", "cuda", "cuda (a CUDA device through JCuda) or sim (the "
            + "simulated device, for machines without a GPU)"),
        PluginOption.string("memory", "", "device memory to use, e.g. 2g (default: the CUDA "
            + "device's free memory; 2g for the simulated device)"),
        PluginOption.integer("deviceIndex", 0, "the CUDA device to use"),
        PluginOption.string("mallocLatency", "50us", "simulated time of one cudaMalloc"),
        PluginOption.string("freeLatency", "50us", "simulated time of one cudaFree"),
        PluginOption.string("bandwidth", "6g", "simulated host-device bandwidth per second, "
            + "each way (MEMPHIS Table 2: 6.1 GB/s pageable)"),
        PluginOption.string("eviction", "memphis-gpu", "policy ordering free and evictable "
            + "device buffers: memphis-gpu (MEMPHIS eq. 2), lru, costnsize, ..."));
  }

  static GpuSettings of(PluginOptions o) {
    String device = o.string("device").toLowerCase(Locale.ROOT);
    String mem = o.string("memory");
    long memory = mem.isEmpty() ? (device.equals("sim") ? DEFAULT_SIM_MEMORY : 0)
        : bytes(mem, "memory");
    return new GpuSettings(device, memory, o.integer("deviceIndex"),
        nanos(o.string("mallocLatency"), "mallocLatency"),
        nanos(o.string("freeLatency"), "freeLatency"), bytes(o.string("bandwidth"), "bandwidth"),
        o.string("eviction"));
  }

  private static long bytes(String text, String option) {
    try {
      return ByteSize.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
    }
  }

  /** A duration: a number with ns, us, ms or s. */
  static long nanos(String text, String option) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    String[][] units = {{"ns", "1"}, {"us", "1000"}, {"ms", "1000000"}, {"s", "1000000000"}};
    for (String[] u : units) {
      if (t.endsWith(u[0])) {
        String num = t.substring(0, t.length() - u[0].length()).trim();
        try {
          double v = Double.parseDouble(num);
          if (v >= 0 && Double.isFinite(v)) {
            return Math.round(v * Long.parseLong(u[1]));
          }
        } catch (NumberFormatException e) {
          break;
        }
      }
    }
    throw new IllegalArgumentException(option + ": a duration such as 50us, 2ms or 0s, was '"
        + text + "'");
  }
}
