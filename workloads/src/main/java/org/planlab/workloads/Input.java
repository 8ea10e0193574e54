package org.planlab.workloads;

import static java.util.Objects.requireNonNull;

/**
 * A matrix a workload driver reads with {@code read($name)}, and how to generate it.
 *
 * @param name the driver argument naming the file
 * @param description what it holds, with its shape
 * @param data the generator and parameters that make it by default
 */
public record Input(String name, String description, DataSpec data) {

  /** Checks the arguments. */
  public Input {
    requireNonNull(name, "name is null");
    requireNonNull(description, "description is null");
    requireNonNull(data, "data is null");
  }
}
