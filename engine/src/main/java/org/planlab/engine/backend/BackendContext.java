package org.planlab.engine.backend;

import java.util.Objects;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.parallel.KernelPool;

/**
 * What a backend receives from the engine that owns it: the engine's configuration and its
 * kernel pool (CP kernels a backend runs locally share the engine's threads).
 */
public record BackendContext(EngineConfig config, KernelPool pool) {
  public BackendContext {
    Objects.requireNonNull(config, "config is null");
    Objects.requireNonNull(pool, "pool is null");
  }
}
