package org.planlab.spark;

import java.util.List;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.backend.BackendContext;
import org.planlab.engine.backend.BackendProvider;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.spi.PluginOption;
import org.planlab.engine.spi.PluginOptions;

/** {@code spark}: the Spark backend, found through {@link java.util.ServiceLoader}. */
public final class SparkBackendProvider implements BackendProvider {

  @Override
  public String name() {
    return SparkBackend.NAME;
  }

  @Override
  public String description() {
    return "Apache Spark: blocked distributed matrices, the Spark paper's physical operators "
        + "(master local[2] by default, or spark://host:port)";
  }

  @Override
  public List<PluginOption> options() {
    return SparkSettings.options();
  }

  @Override
  public ExecType execType() {
    return ExecType.SPARK;
  }

  @Override
  public Backend create(PluginOptions options, BackendContext context) {
    long localBudget = context.config().localBudget(Runtime.getRuntime().maxMemory());
    return new SparkBackend(SparkSettings.of(options, localBudget), Scratch.create());
  }
}
