package org.planlab.engine.backend;

import org.planlab.engine.ir.ExecType;
import org.planlab.engine.spi.PluginOptions;
import org.planlab.engine.spi.PluginProvider;

/**
 * Creates a backend from the options of a spec ({@code spark:master=local[2]}). Registered as
 * {@code META-INF/services/org.planlab.engine.backend.BackendProvider} and found with
 * {@link java.util.ServiceLoader}, as strategies are, so the Spark and GPU modules (and tests)
 * plug in without the engine depending on them.
 */
public interface BackendProvider extends PluginProvider {

  /** The execution type the created backend runs. */
  ExecType execType();

  /**
   * A new backend, owned by the engine that asks.
   *
   * @throws IllegalArgumentException for option values out of range, naming the option
   * @throws IllegalStateException when the backend cannot start here (no device, no cluster),
   *     saying why
   */
  Backend create(PluginOptions options, BackendContext context);
}
