package org.planlab.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.planlab.workloads.reference.AlsCgReference;
import org.planlab.workloads.reference.Autoencoder2LayerReference;
import org.planlab.workloads.reference.EigenReference;
import org.planlab.workloads.reference.GridSearchLmReference;
import org.planlab.workloads.reference.HlmReference;
import org.planlab.workloads.reference.KmeansReference;
import org.planlab.workloads.reference.L2svmGridReference;
import org.planlab.workloads.reference.L2svmReference;
import org.planlab.workloads.reference.LmCgReference;
import org.planlab.workloads.reference.LmDsReference;
import org.planlab.workloads.reference.LmReference;
import org.planlab.workloads.reference.MultiLogRegReference;
import org.planlab.workloads.reference.PcaReference;
import org.planlab.workloads.reference.PcalmReference;
import org.planlab.workloads.reference.PnmfReference;

/**
 * Text checks of the scripts until the DML parser can check them: naming convention, balanced
 * brackets, drivers consistent with the catalogue, builtin defaults equal to the references'.
 */
class DmlScriptsTest {
  private static final WorkloadCatalog CATALOG = WorkloadCatalog.standard();

  /**
   * Builtin arguments that do not change the computed values (printing, labels of printed
   * lines, skipping a result), or that only shape the random initial values the references take
   * as inputs.
   */
  private static final Set<String> NOT_IN_REFERENCES = Set.of("X", "Y", "y", "lambdas", "verbose",
      "is_verbose", "full_obj", "seed", "columnId", "onlyComponents", "runs",
      "avg_sample_size_per_centroid");

  @Test
  void everyBuiltinFileDefinesItsFunction() throws IOException {
    for (Path file : dmlFiles(CATALOG.libraryFolder())) {
      String name = file.getFileName().toString().replace(".dml", "");
      String code = DmlText.code(Files.readString(file));
      assertTrue(Pattern.compile("(?m)^m_" + Pattern.quote(name) + "\\s*=\\s*function\\s*\\(").matcher(code).find(),
          file + " does not define m_" + name);
    }
  }

  @Test
  void everyScriptHasBalancedBrackets() throws IOException {
    for (Path folder : List.of(CATALOG.libraryFolder(), CATALOG.driverFolder())) {
      for (Path file : dmlFiles(folder)) {
        assertNull(DmlText.bracketProblem(DmlText.code(Files.readString(file))), file.toString());
      }
    }
  }

  @Test
  void everyBuiltinAndDriverFileBelongsToAWorkload() throws IOException {
    Set<String> names = new HashSet<>(CATALOG.names());
    for (Path folder : List.of(CATALOG.libraryFolder(), CATALOG.driverFolder())) {
      for (Path file : dmlFiles(folder)) {
        assertTrue(names.contains(file.getFileName().toString().replace(".dml", "")), file.toString());
      }
    }
  }

  @Test
  void driversReadTheCatalogueInputs() {
    for (Workload w : CATALOG.all()) {
      String code = DmlText.code(w.driverSource());
      for (Input in : w.inputs()) {
        assertTrue(code.contains("read($" + in.name() + ")"), w.name() + " does not read $" + in.name());
      }
    }
  }

  @Test
  void driverDefaultsAreTheCatalogueDefaults() {
    for (Workload w : CATALOG.all()) {
      Map<String, String> ifdefs = DmlText.ifdefs(DmlText.withoutComments(w.driverSource()));
      for (Parameter p : w.parameters()) {
        String text = ifdefs.get(p.name());
        assertTrue(text != null, w.name() + " has no ifdef($" + p.name() + ", ...)");
        assertEquals(p.defaultValue(), literal(p.type(), text), w.name() + "." + p.name());
      }
      for (Output out : w.outputs()) {
        assertEquals("\"\"", ifdefs.get(out.argName()), w.name() + " must write " + out.name() + " optionally");
      }
      assertEquals("\"binary\"", ifdefs.get(WorkloadCatalog.FORMAT_ARG), w.name());
    }
  }

  @Test
  void driversUseNoUnknownArguments() {
    for (Workload w : CATALOG.all()) {
      Set<String> known = new HashSet<>();
      w.parameters().forEach(p -> known.add(p.name()));
      w.inputs().forEach(in -> known.add(in.name()));
      w.outputs().forEach(out -> known.add(out.argName()));
      known.add(WorkloadCatalog.FORMAT_ARG);
      for (String arg : DmlText.dollarArgs(DmlText.code(w.driverSource()))) {
        assertTrue(known.contains(arg), w.name() + " uses $" + arg + ", which the catalogue does not list");
      }
    }
  }

  /**
   * Drivers that run their builtin's loop instead of calling it: SystemDS 3.3.0's pnmf draws its
   * initial factors unseeded and takes neither a seed nor initial factors, so a driver that runs
   * unchanged on SystemDS and repeats on planlab draws seeded factors itself (see its header).
   */
  private static final Set<String> RUN_THE_BUILTINS_LOOP = Set.of("pnmf");

  @Test
  void driversCallTheirBuiltinAndPrintTheObjective() {
    for (Workload w : CATALOG.all()) {
      String code = DmlText.withoutComments(w.driverSource());
      if (RUN_THE_BUILTINS_LOOP.contains(w.name())) {
        List<String> body = loopBody(DmlText.withoutComments(w.builtinSource()));
        assertFalse(body.isEmpty(), w.name() + "'s builtin has no loop");
        assertTrue(Collections.indexOfSubList(trimmedLines(code), body) >= 0,
            w.name() + " driver does not run the loop body of its builtin, " + body);
      } else {
        assertTrue(Pattern.compile("=\\s*" + Pattern.quote(w.name()) + "\\(").matcher(code).find(),
            w.name() + " driver does not call " + w.name());
      }
      assertTrue(code.contains("print(\"" + Objective.LINE_PREFIX + "\" + "), w.name());
    }
  }

  /** The trimmed, non-empty lines inside the first {@code while} loop of {@code code}. */
  private static List<String> loopBody(String code) {
    List<String> lines = trimmedLines(code);
    List<String> body = new ArrayList<>();
    int depth = 0;
    boolean inLoop = false;
    for (String line : lines) {
      if (!inLoop) {
        inLoop = line.startsWith("while") && line.endsWith("{");
        depth = inLoop ? 1 : 0;
        continue;
      }
      depth += line.chars().filter(c -> c == '{').count() - line.chars().filter(c -> c == '}').count();
      if (depth == 0) {
        return body;
      }
      body.add(line);
    }
    return List.of();
  }

  private static List<String> trimmedLines(String code) {
    return code.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
  }

  @Test
  void builtinDefaultsAreTheReferenceDefaults() {
    Map<String, Record> references = Map.ofEntries(
        Map.entry("l2svm", L2svmReference.Params.defaults()),
        Map.entry("multiLogReg", MultiLogRegReference.Params.defaults()),
        Map.entry("alsCG", AlsCgReference.Params.defaults()),
        Map.entry("pnmf", PnmfReference.Params.defaults()),
        Map.entry("autoencoder_2layer", Autoencoder2LayerReference.Params.defaults(500, 2, 1)),
        Map.entry("kmeans", KmeansReference.Params.defaults()),
        Map.entry("lmDS", LmDsReference.Params.defaults()),
        Map.entry("lmCG", LmCgReference.Params.defaults()),
        Map.entry("lm", LmReference.Params.defaults()),
        Map.entry("gridSearchLM", GridSearchLmReference.Params.defaults()),
        Map.entry("hlm", HlmReference.Params.defaults()),
        Map.entry("l2svmGrid", L2svmGridReference.Params.defaults()),
        Map.entry("eigen", EigenReference.Params.defaults()),
        Map.entry("pca", PcaReference.Params.defaults()),
        Map.entry("pcalm", PcalmReference.Params.defaults()));
    assertEquals(Set.copyOf(CATALOG.names()), references.keySet());
    for (Workload w : CATALOG.all()) {
      Record defaults = references.get(w.name());
      List<DmlText.Param> params = DmlText.parameters(DmlText.withoutComments(w.builtinSource()), "m_" + w.name());
      Set<String> dmlNames = new HashSet<>();
      for (DmlText.Param p : params) {
        dmlNames.add(p.name());
        boolean matrix = p.type().toLowerCase().startsWith("matrix");
        if (matrix || NOT_IN_REFERENCES.contains(p.name())) {
          continue;
        }
        RecordComponent component = component(defaults, p.name());
        if (component == null) {
          // only the rank of pnmf, which the reference reads off its initial factors
          assertEquals("pnmf.rnk", w.name() + "." + p.name(), w.name() + "'s reference lacks " + p.name());
          continue;
        }
        if (p.defaultText() != null) {
          Object expected = number(literal(type(p.type()), p.defaultText()));
          assertEquals(expected, number(value(defaults, component)), w.name() + "." + p.name());
        }
      }
      for (RecordComponent c : defaults.getClass().getRecordComponents()) {
        assertTrue(dmlNames.contains(c.getName()), w.name() + "'s reference has " + c.getName()
            + ", which m_" + w.name() + " does not");
      }
    }
  }

  /** Integers and longs as doubles, so that int record components compare with DML integers. */
  private static Object number(Object value) {
    return value instanceof Integer i ? Double.valueOf(i) : value instanceof Long l ? Double.valueOf(l)
        : value instanceof Double d ? d : value;
  }

  private static RecordComponent component(Record r, String name) {
    for (RecordComponent c : r.getClass().getRecordComponents()) {
      if (c.getName().equals(name)) {
        return c;
      }
    }
    return null;
  }

  private static Object value(Record r, RecordComponent c) {
    try {
      return c.getAccessor().invoke(r);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static ParameterType type(String dmlType) {
    return switch (dmlType.toLowerCase()) {
      case "integer", "int" -> ParameterType.INTEGER;
      case "double" -> ParameterType.DOUBLE;
      case "boolean" -> ParameterType.BOOLEAN;
      case "string" -> ParameterType.STRING;
      default -> throw new AssertionError("unexpected DML type " + dmlType);
    };
  }

  /** A DML literal of the given type: quotes around strings, TRUE/FALSE, numbers. */
  private static Object literal(ParameterType type, String text) {
    String t = text.strip();
    if (type == ParameterType.STRING) {
      assertTrue(t.length() >= 2 && (t.startsWith("\"") || t.startsWith("'")), "not a string literal: " + t);
      return t.substring(1, t.length() - 1);
    }
    if (type == ParameterType.DOUBLE) {
      return Double.parseDouble(t);
    }
    return type.parse(t);
  }

  private static List<Path> dmlFiles(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      List<Path> out = files.filter(f -> f.toString().endsWith(".dml")).sorted().toList();
      assertFalse(out.isEmpty(), "no scripts in " + folder);
      return out;
    }
  }
}
