package org.planlab.workloads;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workloads by name, and where their scripts are on disk. The builtin-library folder holds
 * one file per algorithm, {@code NAME.dml} defining {@code m_NAME}: given to the DML front end as
 * a library root, it makes {@code NAME(...)} callable without {@code source}.
 */
public final class WorkloadCatalog {
  /** Class-path folder of the builtin scripts. */
  public static final String BUILTIN_FOLDER = "org/planlab/workloads/builtins";
  /** Class-path folder of the driver scripts. */
  public static final String DRIVER_FOLDER = "org/planlab/workloads/drivers";
  /** The driver argument naming the format outputs are written in ({@code binary} by default). */
  public static final String FORMAT_ARG = "fmt";

  private static final WorkloadCatalog STANDARD = new WorkloadCatalog(StandardWorkloads.all());

  private final Map<String, Workload> byName;

  /**
   * A catalogue of the given workloads, in the given order.
   *
   * @throws IllegalArgumentException when two workloads share a name
   */
  public WorkloadCatalog(List<Workload> workloads) {
    Map<String, Workload> map = new LinkedHashMap<>();
    for (Workload w : workloads) {
      if (map.put(w.name(), w) != null) {
        throw new IllegalArgumentException("two workloads are named " + w.name());
      }
    }
    this.byName = Collections.unmodifiableMap(map);
  }

  /** The workloads of WORKLOADS.md. */
  public static WorkloadCatalog standard() {
    return STANDARD;
  }

  /** All workloads, in catalogue order. */
  public List<Workload> all() {
    return List.copyOf(byName.values());
  }

  /** All workload names, in catalogue order. */
  public List<String> names() {
    return List.copyOf(byName.keySet());
  }

  /**
   * The workload called {@code name}.
   *
   * @throws IllegalArgumentException listing the valid names when there is none
   */
  public Workload byName(String name) {
    Workload w = byName.get(name);
    if (w == null) {
      throw new IllegalArgumentException("unknown workload '" + name + "'; valid names: "
          + String.join(", ", byName.keySet()));
    }
    return w;
  }

  /**
   * The builtin-library folder on disk: the class-path folder itself when running from a build,
   * else a copy out of the jar in a cache folder under {@code java.io.tmpdir} (see
   * {@link ResourceFolders}).
   */
  public Path libraryFolder() {
    return ResourceFolders.materialize(loader(), BUILTIN_FOLDER, cacheRoot());
  }

  /** The driver folder on disk, like {@link #libraryFolder()}. */
  public Path driverFolder() {
    return ResourceFolders.materialize(loader(), DRIVER_FOLDER, cacheRoot());
  }

  /** The driver script of {@code workload} on disk. */
  public Path driverScript(Workload workload) {
    return driverFolder().resolve(Path.of(workload.driver()).getFileName());
  }

  private static ClassLoader loader() {
    return WorkloadCatalog.class.getClassLoader();
  }

  private static Path cacheRoot() {
    return Path.of(System.getProperty("java.io.tmpdir"), "planlab-workloads");
  }
}
