package org.planlab.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.datagen.gen.Generators;
import org.planlab.engine.codegen.gen.OperatorCompiler;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.spi.FusionSelectors;
import org.planlab.engine.spi.Orderings;
import org.planlab.experiment.descriptor.DescriptorLoader;
import org.planlab.workloads.WorkloadCatalog;

/**
 * The names {@code planlab list} shows, gathered from the modules that define them; strategies
 * as {@link java.util.ServiceLoader} finds them on the class path.
 */
final class Catalog {
  private Catalog() {
  }

  static Map<String, List<String>> sections() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("workloads", WorkloadCatalog.standard().names());
    m.put("generators", Generators.names());
    m.put("formats", MatrixFormat.names());
    m.put("fusion plan selectors", FusionSelectors.names());
    m.put("operator orderings", Orderings.names());
    m.put("codegen compilers", OperatorCompiler.NAMES);
    m.put("backends", DescriptorLoader.AVAILABLE_BACKENDS);
    return m;
  }
}
