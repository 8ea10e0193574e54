package org.planlab.workloads;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.planlab.engine.lang.DmlException;
import org.planlab.engine.lang.DmlFrontEnd;
import org.planlab.engine.lang.validate.ValidatedProgram;

/** Every workload's driver (with its builtin) parses and validates with the DML front end. */
class WorkloadScriptsValidateTest {

  @TestFactory
  List<DynamicTest> everyDriverValidatesWithoutWarnings() {
    WorkloadCatalog catalog = WorkloadCatalog.standard();
    return catalog.all().stream().map(w -> DynamicTest.dynamicTest(w.name(), () -> {
      Map<String, String> args = new HashMap<>();
      for (Input in : w.inputs()) {
        args.put(in.name(), "/nonexistent/" + in.name() + ".bin");
      }
      DmlFrontEnd frontEnd = DmlFrontEnd.of(args, List.of(catalog.libraryFolder()));
      Path driver = catalog.driverScript(w);
      try {
        ValidatedProgram p = frontEnd.load(driver);
        assertTrue(p.warnings().isEmpty(), w.name() + ": " + p.warnings());
      } catch (DmlException e) {
        throw new AssertionError(w.name() + ":\n" + e.getMessage(), e);
      }
    })).toList();
  }
}
