package org.planlab.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.experiment.descriptor.DescriptorLoader;
import org.planlab.experiment.descriptor.ExperimentDescriptor;
import org.planlab.workloads.DataSpec;

class GridTest {
  @TempDir
  Path dir;

  private List<GridPoint> grid(String yaml) throws IOException {
    Path f = dir.resolve("g.yaml");
    Files.writeString(f, yaml);
    ExperimentDescriptor d = DescriptorLoader.load(f);
    return Grid.expand(d);
  }

  private static final String TWO_AXES = """
      name: g
      workload: l2svm
      params: {maxiter: [5, 10]}
      data:
        X: {rows: [1.0e5, 2.5e4], cols: 10}
      variants:
        Base: {fusion: none}
        FA: {fusion: fa}
      """;

  @Test
  void twoAxesTimesTwoVariantsExpandInDescriptorOrderWithVariantsInnermost() throws IOException {
    assertEquals(List.of(
            "maxiter-5_X.rows-1e5__Base", "maxiter-5_X.rows-1e5__FA",
            "maxiter-5_X.rows-2.5e4__Base", "maxiter-5_X.rows-2.5e4__FA",
            "maxiter-10_X.rows-1e5__Base", "maxiter-10_X.rows-1e5__FA",
            "maxiter-10_X.rows-2.5e4__Base", "maxiter-10_X.rows-2.5e4__FA"),
        grid(TWO_AXES).stream().map(GridPoint::id).toList());
  }

  @Test
  void workloadsAreTheOutermostAxisAndPrefixTheIds() throws IOException {
    List<GridPoint> points = grid("""
        name: g
        workload: [l2svm, multiLogReg]
        data:
          X: {rows: [1.0e3, 2.0e3]}
        variants:
          Base: {fusion: none}
          Gen: {fusion: mpskip}
        """);
    assertEquals(List.of(
            "l2svm_X.rows-1e3__Base", "l2svm_X.rows-1e3__Gen",
            "l2svm_X.rows-2e3__Base", "l2svm_X.rows-2e3__Gen",
            "multiLogReg_X.rows-1e3__Base", "multiLogReg_X.rows-1e3__Gen",
            "multiLogReg_X.rows-2e3__Base", "multiLogReg_X.rows-2e3__Gen"),
        points.stream().map(GridPoint::id).toList());
    assertEquals("multiLogReg", points.get(4).study().label());
  }

  @Test
  void everyParameterOfAPointIsInItsParamsConstantOrNot() throws IOException {
    GridPoint p = grid(TWO_AXES).get(3);
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("icpt", "0");
    expected.put("lambda", "0.001");
    expected.put("tol", "1.0e-12");
    expected.put("maxiter", "5");
    expected.put("maxii", "20");
    expected.put("verbose", "FALSE");
    expected.put("X.rows", "25000");
    expected.put("X.cols", "10");
    expected.put("X.min", "0");
    expected.put("X.max", "1");
    expected.put("X.seed", "7");
    expected.put("Y.of", "@X");
    expected.put("Y.classes", "2");
    expected.put("Y.seed", "11");
    assertEquals(expected, p.params());
    assertEquals(List.copyOf(expected.keySet()), List.copyOf(p.params().keySet()));
    assertEquals("FA", p.variant().name());
    assertEquals("5", p.args().get("maxiter"));
    assertEquals(DataSpec.of("dense-uniform", "rows", "25000", "cols", "10", "min", "0",
        "max", "1", "seed", "7"), p.data().get("X"));
  }

  @Test
  void aGridWithoutAxesNamesPointsByVariant() throws IOException {
    assertEquals(List.of("Default"),
        grid("name: g\nworkload: l2svm\n").stream().map(GridPoint::id).toList());
  }

  @Test
  void aSingleVariantIsLeftOutOfTheIds() throws IOException {
    assertEquals(List.of("maxiter-5", "maxiter-10"),
        grid("name: g\nworkload: l2svm\nparams: {maxiter: [5, 10]}\n").stream()
            .map(GridPoint::id).toList());
  }

  @Test
  void parameterAndShapeReferencesAreResolvedInTheParamColumns() throws IOException {
    GridPoint p = grid("name: g\nworkload: kmeans\nparams: {k: 3}\n"
        + "data:\n  X: {rows: 200, cols: 5}\n").get(0);
    assertEquals("3", p.params().get("C.rows"));
    assertEquals("5", p.params().get("C.cols"));
    assertEquals("$k", p.data().get("C").params().get("rows"));
  }

  @Test
  void idValuesUseExponentsForRoundNumbersAndSafeCharactersOtherwise() {
    assertEquals("1e5", Grid.idValue("100000"));
    assertEquals("2.5e4", Grid.idValue("25000"));
    assertEquals("2500", Grid.idValue("2500"));
    assertEquals("0.001", Grid.idValue("0.001"));
    assertEquals("a_b_c", Grid.idValue("a b/c"));
  }
}
