package org.planlab.gpu;

import java.util.List;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.backend.BackendContext;
import org.planlab.engine.backend.BackendProvider;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.PluginOption;
import org.planlab.engine.spi.PluginOptions;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.StrategyKind;
import org.planlab.gpu.cuda.CudaDevice;

/** {@code gpu}: the GPU backend, found through {@link java.util.ServiceLoader}. */
public final class GpuBackendProvider implements BackendProvider {

  @Override
  public String name() {
    return GpuBackend.NAME;
  }

  @Override
  public String description() {
    return "a CUDA GPU through JCuda (device=cuda) or the simulated device (device=sim): "
        + "device kernels, MEMPHIS's memory manager with recycling, reuse and eviction";
  }

  @Override
  public List<PluginOption> options() {
    return GpuSettings.options();
  }

  @Override
  public ExecType execType() {
    return ExecType.GPU;
  }

  /**
   * @throws IllegalStateException for {@code device=cuda} on a machine without a CUDA device
   *     or driver, saying why and naming the simulated device
   */
  @Override
  public Backend create(PluginOptions options, BackendContext context) {
    GpuSettings s = GpuSettings.of(options);
    EvictionPolicy policy = Plugins.load(GpuBackendProvider.class.getClassLoader())
        .create(StrategyKind.EVICTION, s.eviction());
    DeviceAllocator device;
    if (s.device().equals("sim")) {
      device = new SimulatedDevice(s.memory(), s.mallocNanos(), s.freeNanos(), s.bandwidth());
    } else {
      CudaDevice.Probe probe = CudaDevice.probe();
      if (!probe.available()) {
        throw new IllegalStateException("no GPU to run on: " + probe.reason() + "; use the "
            + "simulated device with --gpu sim (backend gpu:device=sim)");
      }
      device = CudaDevice.open(s.deviceIndex(), s.memory());
    }
    return new GpuBackend(s, device, new GpuMemoryManager(device, policy));
  }
}
