package org.planlab.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The names {@code planlab list} shows, gathered from the modules that define them. */
final class Catalog {
  private Catalog() {
  }

  static Map<String, List<String>> sections() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("generators", List.of());
    m.put("formats", List.of());
    m.put("backends", List.of("cp"));
    return m;
  }
}
