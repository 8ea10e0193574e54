package org.planlab.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.datagen.gen.Generators;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.workloads.WorkloadCatalog;

/** The names {@code planlab list} shows, gathered from the modules that define them. */
final class Catalog {
  private Catalog() {
  }

  static Map<String, List<String>> sections() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("workloads", WorkloadCatalog.standard().names());
    m.put("generators", Generators.names());
    m.put("formats", MatrixFormat.names());
    m.put("backends", List.of("cp"));
    return m;
  }
}
