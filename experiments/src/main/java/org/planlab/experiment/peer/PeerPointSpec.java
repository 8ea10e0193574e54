package org.planlab.experiment.peer;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a point's JVM needs to run its point through a reference engine instead of planlab.
 *
 * @param engine the engine, one of {@link PeerEngines#names()} other than planlab
 * @param config the SystemDS settings
 * @param heap the reference engine's maximum heap: the descriptor's {@code jvm.heap}, as planlab's
 *     point JVMs get it
 * @param jvmOptions the descriptor's {@code jvm.options} (unmodifiable)
 * @param engineCache the folder of resolved engines ({@link SystemDsJars#defaultRoot})
 */
public record PeerPointSpec(String engine, SystemDsConfig config, String heap,
    List<String> jvmOptions, String engineCache) {
  /** Checks the arguments. */
  public PeerPointSpec {
    requireNonNull(engine, "engine is null");
    if (!PeerEngines.isPeer(engine)) {
      throw new IllegalArgumentException("a peer point needs an engine other than planlab, was "
          + engine);
    }
    PeerEngines.check(engine);
    requireNonNull(config, "config is null");
    requireNonNull(heap, "heap is null");
    jvmOptions = List.copyOf(jvmOptions);
    requireNonNull(engineCache, "engineCache is null");
  }
}
