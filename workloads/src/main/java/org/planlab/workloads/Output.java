package org.planlab.workloads;

import static java.util.Objects.requireNonNull;

/**
 * A matrix a workload driver writes when given a path for it: output {@code model} is written to
 * the file named by the argument {@code out_model}, in the format named by the argument
 * {@value WorkloadCatalog#FORMAT_ARG} (default {@code binary}).
 *
 * @param name the output's name
 * @param description what it holds, with its shape
 */
public record Output(String name, String description) {

  /** Checks the arguments. */
  public Output {
    requireNonNull(name, "name is null");
    requireNonNull(description, "description is null");
  }

  /** The driver argument that names the file to write this output to. */
  public String argName() {
    return "out_" + name;
  }
}
