package org.planlab.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadCatalogTest {
  private static final WorkloadCatalog CATALOG = WorkloadCatalog.standard();
  private static final List<String> NAMES = List.of("l2svm", "multiLogReg", "alsCG", "pnmf",
      "autoencoder_2layer", "kmeans", "lmDS", "lmCG", "lm", "gridSearchLM", "hlm", "l2svmGrid",
      "eigen", "pca", "pcalm");

  @Test
  void holdsTheWorkloadsOfTheDesign() {
    assertEquals(NAMES, CATALOG.names());
    for (String name : NAMES) {
      assertEquals(name, CATALOG.byName(name).name());
    }
  }

  @Test
  void unknownNameListsTheValidNames() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CATALOG.byName("nope"));
    assertTrue(e.getMessage().contains("'nope'"), e.getMessage());
    for (String name : NAMES) {
      assertTrue(e.getMessage().contains(name), e.getMessage());
    }
  }

  @Test
  void driverAndBuiltinResourcesExist() {
    for (Workload w : CATALOG.all()) {
      assertNotNull(getClass().getClassLoader().getResource(w.driver()), w.driver());
      assertNotNull(getClass().getClassLoader().getResource(w.builtin()), w.builtin());
      assertTrue(w.builtin().endsWith("/" + w.name() + ".dml"), w.builtin());
      assertFalse(w.driverSource().isBlank());
      assertFalse(w.builtinSource().isBlank());
    }
  }

  @Test
  void everyParameterHasATypedDefaultThatRoundTrips() {
    for (Workload w : CATALOG.all()) {
      assertFalse(w.parameters().isEmpty(), w.name());
      for (Parameter p : w.parameters()) {
        assertTrue(p.type().accepts(p.defaultValue()), w.name() + "." + p.name());
        assertEquals(p.defaultValue(), p.type().parse(p.defaultText()), w.name() + "." + p.name());
        assertFalse(p.description().isBlank(), w.name() + "." + p.name());
      }
    }
  }

  @Test
  void everyWorkloadHasInputsOutputsAndAnObjective() {
    for (Workload w : CATALOG.all()) {
      assertFalse(w.inputs().isEmpty(), w.name());
      assertFalse(w.outputs().isEmpty(), w.name());
      assertFalse(w.objective().name().isBlank(), w.name());
      assertFalse(w.objective().definition().isBlank(), w.name());
      for (Input in : w.inputs()) {
        assertTrue(List.of("dense-uniform", "dense-normal", "sparse-uniform", "sparse-powerlaw",
            "labels-from-model", "low-rank-plus-noise", "nonneg-sparse").contains(in.data().generator()),
            w.name() + "." + in.name() + ": " + in.data().generator());
        assertTrue(in.data().params().containsKey("seed") || in.data().params().containsKey("of"),
            w.name() + "." + in.name() + " is not seeded");
      }
    }
  }

  @Test
  void inputSpecsResolveInCatalogueOrder() {
    for (Workload w : CATALOG.all()) {
      Map<String, String> files = new HashMap<>();
      Map<String, long[]> shapes = new HashMap<>();
      for (Input in : w.inputs()) {
        Map<String, String> resolved = in.data().resolve(files, shapes, w.defaultArgs());
        for (String value : resolved.values()) {
          assertFalse(value.startsWith("$") || value.startsWith("@"),
              w.name() + "." + in.name() + " left " + value);
        }
        long rows = resolved.containsKey("rows") ? Long.parseLong(resolved.get("rows")) : shapes.get("X")[0];
        long cols = resolved.containsKey("cols") ? Long.parseLong(resolved.get("cols")) : 1;
        shapes.put(in.name(), new long[] {rows, cols});
        files.put(in.name(), "/data/" + in.name());
      }
    }
    Workload ae = CATALOG.byName("autoencoder_2layer");
    Map<String, String> w1 = ae.input("W1").data().resolve(Map.of("X", "/x"), Map.of("X", new long[] {300, 70}),
        ae.args(Map.of("H1", "7")));
    assertEquals("7", w1.get("rows"));
    assertEquals("70", w1.get("cols"));
    assertEquals("-1", w1.get("min"));
  }

  @Test
  void factorizationsTakeASeedForTheirInitialFactors() {
    // SystemDS's alsCG and pnmf take no initial factors: the drivers draw them from a seed,
    // whose defaults are the seeds the factor inputs had (U, W with it; V, H with the next)
    for (Map.Entry<String, Long> e : Map.of("alsCG", 17L, "pnmf", 23L).entrySet()) {
      Workload w = CATALOG.byName(e.getKey());
      assertEquals(List.of("X"), w.inputs().stream().map(Input::name).toList(), w.name());
      assertEquals(ParameterType.INTEGER, w.parameter("seed").type(), w.name());
      assertEquals(e.getValue(), w.parameter("seed").defaultValue(), w.name());
      assertEquals(e.getValue().toString(), w.defaultArgs().get("seed"), w.name());
    }
  }

  @Test
  void argsCheckNamesAndTypes() {
    Workload l2svm = CATALOG.byName("l2svm");
    Map<String, String> args = l2svm.args(Map.of("maxiter", "5", "lambda", "1e-2"));
    assertEquals("5", args.get("maxiter"));
    assertEquals("1e-2", args.get("lambda"));
    assertEquals("1.0e-12", args.get("tol"));
    assertEquals("FALSE", args.get("verbose"));
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> l2svm.args(Map.of("maxiters", "5")));
    assertTrue(unknown.getMessage().contains("maxiters") && unknown.getMessage().contains("maxiter"),
        unknown.getMessage());
    IllegalArgumentException badType = assertThrows(IllegalArgumentException.class,
        () -> l2svm.args(Map.of("maxiter", "2.5")));
    assertTrue(badType.getMessage().contains("maxiter") && badType.getMessage().contains("2.5"),
        badType.getMessage());
  }

  @Test
  void libraryFolderHoldsEveryBuiltin() throws Exception {
    Path lib = CATALOG.libraryFolder();
    for (Workload w : CATALOG.all()) {
      Path file = lib.resolve(w.name() + ".dml");
      assertTrue(Files.isRegularFile(file), file.toString());
      assertEquals(w.builtinSource(), Files.readString(file));
      assertEquals(w.driverSource(), Files.readString(CATALOG.driverScript(w)));
    }
  }

  @Test
  void duplicateWorkloadNamesAreRejected() {
    Workload w = CATALOG.byName("lm");
    assertThrows(IllegalArgumentException.class, () -> new WorkloadCatalog(List.of(w, w)));
    assertSame(CATALOG, WorkloadCatalog.standard());
  }

  @Test
  void inputReferencesMustPointToEarlierInputsAndKnownParameters() {
    Workload lm = CATALOG.byName("lmDS");
    List<Input> reversed = List.of(lm.inputs().get(1), lm.inputs().get(0));
    IllegalArgumentException order = assertThrows(IllegalArgumentException.class, () -> new Workload(lm.name(),
        lm.description(), lm.driver(), lm.builtin(), lm.parameters(), reversed, lm.outputs(), lm.objective()));
    assertTrue(order.getMessage().contains("not listed before"), order.getMessage());
    Input bad = new Input("Z", "z", DataSpec.of("dense-uniform", "rows", "$nope", "seed", "1"));
    IllegalArgumentException param = assertThrows(IllegalArgumentException.class, () -> new Workload(lm.name(),
        lm.description(), lm.driver(), lm.builtin(), lm.parameters(), List.of(bad), lm.outputs(), lm.objective()));
    assertTrue(param.getMessage().contains("$nope"), param.getMessage());
  }

  @Test
  void formatArgumentIsReserved() {
    Workload lm = CATALOG.byName("lmDS");
    assertThrows(IllegalArgumentException.class, () -> new Workload(lm.name(), lm.description(), lm.driver(),
        lm.builtin(), List.of(Parameter.string(WorkloadCatalog.FORMAT_ARG, "csv", "clash")), lm.inputs(),
        lm.outputs(), lm.objective()));
  }
}
