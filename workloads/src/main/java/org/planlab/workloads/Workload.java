package org.planlab.workloads;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One workload: a driver script that reads generated inputs, calls an algorithm of the builtin
 * library with the driver's arguments, prints its objective and writes its outputs.
 *
 * @param name the workload name, also the name of the builtin function it runs
 * @param description one line for {@code planlab list}
 * @param driver class-path resource of the driver script
 * @param builtin class-path resource of the builtin script, which defines {@code m_<name>}
 * @param parameters the driver's scalar arguments with their defaults (unmodifiable)
 * @param inputs the matrices the driver reads, each input listed after the inputs it refers to
 *     (unmodifiable)
 * @param outputs the matrices the driver can write (unmodifiable)
 * @param objective the scalar the driver prints
 */
public record Workload(String name, String description, String driver, String builtin,
    List<Parameter> parameters, List<Input> inputs, List<Output> outputs, Objective objective) {

  /** Checks the arguments: unique names, and data references to known inputs and parameters. */
  public Workload {
    requireNonNull(name, "name is null");
    requireNonNull(description, "description is null");
    requireNonNull(driver, "driver is null");
    requireNonNull(builtin, "builtin is null");
    requireNonNull(objective, "objective is null");
    parameters = List.copyOf(parameters);
    inputs = List.copyOf(inputs);
    outputs = List.copyOf(outputs);
    Set<String> argNames = new HashSet<>();
    argNames.add(WorkloadCatalog.FORMAT_ARG);
    for (Parameter p : parameters) {
      requireUnique(argNames, p.name(), name);
    }
    Set<String> earlier = new HashSet<>();
    for (Input in : inputs) {
      requireUnique(argNames, in.name(), name);
      for (String ref : in.data().inputReferences()) {
        if (!earlier.contains(ref)) {
          throw new IllegalArgumentException("input " + in.name() + " of workload " + name
              + " refers to input " + ref + ", which is not listed before it");
        }
      }
      for (String ref : in.data().parameterReferences()) {
        if (parameters.stream().noneMatch(p -> p.name().equals(ref))) {
          throw new IllegalArgumentException("input " + in.name() + " of workload " + name
              + " refers to unknown parameter $" + ref);
        }
      }
      earlier.add(in.name());
    }
    for (Output out : outputs) {
      requireUnique(argNames, out.argName(), name);
    }
  }

  /** The parameter called {@code name}, or an error listing this workload's parameters. */
  public Parameter parameter(String name) {
    for (Parameter p : parameters) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw new IllegalArgumentException("workload " + this.name + " has no parameter '" + name
        + "'; it has " + parameters.stream().map(Parameter::name).toList());
  }

  /** The input called {@code name}, or an error listing this workload's inputs. */
  public Input input(String name) {
    for (Input in : inputs) {
      if (in.name().equals(name)) {
        return in;
      }
    }
    throw new IllegalArgumentException("workload " + this.name + " has no input '" + name
        + "'; it has " + inputs.stream().map(Input::name).toList());
  }

  /** Every parameter's default as command-line text, in declaration order. */
  public Map<String, String> defaultArgs() {
    Map<String, String> args = new LinkedHashMap<>();
    parameters.forEach(p -> args.put(p.name(), p.defaultText()));
    return args;
  }

  /**
   * The defaults overridden by {@code overrides}, each value checked against its parameter's
   * type.
   *
   * @throws IllegalArgumentException naming an unknown parameter or a value of the wrong type
   */
  public Map<String, String> args(Map<String, String> overrides) {
    Map<String, String> args = defaultArgs();
    overrides.forEach((key, value) -> {
      Parameter p = parameter(key);
      try {
        p.type().parse(value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("parameter " + key + " of workload " + name + ": "
            + e.getMessage(), e);
      }
      args.put(key, value);
    });
    return args;
  }

  /** The text of the driver script. */
  public String driverSource() {
    return readResource(driver);
  }

  /** The text of the builtin script. */
  public String builtinSource() {
    return readResource(builtin);
  }

  private static String readResource(String resource) {
    try (InputStream in = Workload.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("resource " + resource + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + resource, e);
    }
  }

  private static void requireUnique(Set<String> seen, String argName, String workload) {
    if (!seen.add(argName)) {
      throw new IllegalArgumentException("workload " + workload + " uses the argument name "
          + argName + " twice");
    }
  }
}
