package org.planlab.datagen.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.io.RowBlocks;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;

class GeneratorsTest {

  @Test
  void registryHoldsEveryGeneratorOnceUnderItsOwnName() throws IOException {
    assertEquals(List.of("dense-uniform", "dense-normal", "sparse-uniform", "sparse-powerlaw",
        "labels-from-model", "low-rank-plus-noise", "nonneg-sparse"), Generators.names());
    RowBlocks x = new DenseUniform(10, 3, 0, 1, 1);
    for (GeneratorType t : Generators.all()) {
      GeneratorArgs args = t.takesInput() ? GeneratorArgs.ofInput(x, 2) : GeneratorArgs.of(10, 3, 2);
      if (t.optionNames().contains("rank")) {
        args = args.with("rank", 2); // the default 10 exceeds the 3 columns
      }
      Generator g = t.create(args);
      assertEquals(t.name(), g.name());
      assertEquals(t.takesInput() ? 1 : 3, g.cols());
      assertEquals(10, g.rows());
    }
  }

  @Test
  void unknownGeneratorListsTheValidNames() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Generators.byName("dense-uniformm"));
    assertEquals("unknown generator 'dense-uniformm'; valid generators: dense-uniform,"
        + " dense-normal, sparse-uniform, sparse-powerlaw, labels-from-model,"
        + " low-rank-plus-noise, nonneg-sparse", e.getMessage());
  }

  @Test
  void defaultsAndGivenOptionsReachTheGenerator() throws IOException {
    assertEquals(new SparseUniform(5, 4, 0.1, 0, 1, 3),
        Generators.create("sparse-uniform", GeneratorArgs.of(5, 4, 3)));
    assertEquals(new SparseUniform(5, 4, 0.5, -2, 1, 3), Generators.create("sparse-uniform",
        GeneratorArgs.of(5, 4, 3).with("sparsity", 0.5).with("min", -2)));
    SparsePowerLaw p = (SparsePowerLaw) Generators.create("sparse-powerlaw",
        GeneratorArgs.of(5, 4, 3).with("row-exponent", 0.9));
    assertEquals(new SparsePowerLaw.Params(5, 4, 0.01, 1.0, 0.9, 3), p.params());
  }

  @Test
  void optionThatDoesNotApplyIsAnErrorListingTheValidOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Generators.create("dense-uniform", GeneratorArgs.of(5, 4, 3).with("rank", 2)));
    assertEquals("option 'rank' does not apply to dense-uniform; its options: min, max",
        e.getMessage());
  }

  @Test
  void wholeNumberOptionsRejectFractions() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Generators.create("low-rank-plus-noise", GeneratorArgs.of(5, 4, 3).with("rank", 2.5)));
    assertEquals("low-rank-plus-noise: option 'rank' must be a whole number, was 2.5",
        e.getMessage());
  }

  @Test
  void inputRulesOfLabelsFromModel() {
    RowBlocks x = new DenseUniform(10, 3, 0, 1, 1);
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> Generators.create("labels-from-model", GeneratorArgs.of(10, 1, 1)))
        .getMessage().contains("needs an input matrix"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> Generators.create("labels-from-model", new GeneratorArgs(11L, null, 1,
            java.util.Map.of(), x))).getMessage().contains("rows=11 disagrees"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> Generators.create("dense-uniform", new GeneratorArgs(10L, 3, 1, java.util.Map.of(),
            x))).getMessage().contains("takes no input"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> Generators.create("dense-uniform", new GeneratorArgs(10L, null, 1,
            java.util.Map.of(), null))).getMessage().contains("needs both rows and cols"));
  }

  @Test
  void badValuesAreRejectedNamingThem() {
    assertEquals("sparsity must be in [0, 1], was 1.5", assertThrows(
        IllegalArgumentException.class, () -> new SparseUniform(5, 5, 1.5, 0, 1, 1)).getMessage());
    assertEquals("rows must be >= 0, was -1", assertThrows(IllegalArgumentException.class,
        () -> new DenseUniform(-1, 5, 0, 1, 1)).getMessage());
    assertEquals("min must be <= max, was min=2.0 max=1.0", assertThrows(
        IllegalArgumentException.class, () -> new DenseUniform(1, 5, 2, 1, 1)).getMessage());
    assertEquals("classes must be >= 2, was 1", assertThrows(IllegalArgumentException.class,
        () -> new LabelsFromModel.Params(1, 0, 1)).getMessage());
    assertEquals("rank must be <= min(rows, cols) = 3, was 4", assertThrows(
        IllegalArgumentException.class,
        () -> new LowRankPlusNoise.Params(5, 3, 4, 1, 0, 1)).getMessage());
    assertEquals("mean count must be finite and >= 1, was 0.5", assertThrows(
        IllegalArgumentException.class, () -> new NonNegSparse(1, 1, 0.1, 0.5, 1)).getMessage());
  }

  @Test
  void degenerateShapesGiveEmptyBlocksOfTheRightShape() throws IOException {
    for (long[] s : new long[][] {{0, 5}, {7, 0}, {1, 1}}) {
      long rows = s[0];
      int cols = (int) s[1];
      List<Generator> all = List.of(new DenseUniform(rows, cols, 0, 1, 1),
          new DenseNormal(rows, cols, 0, 1, 1), new SparseUniform(rows, cols, 0.5, 0, 1, 1),
          new SparsePowerLaw(new SparsePowerLaw.Params(rows, cols, 0.5, 1, 0.5, 1)),
          new LowRankPlusNoise(new LowRankPlusNoise.Params(rows, cols, 1, 0.5, 0.1, 1)),
          new NonNegSparse(rows, cols, 0.5, 2, 1));
      for (Generator g : all) {
        assertEquals(rows == 0 ? 0 : 1, g.blockCount(), g.name());
        if (rows > 0) {
          MatrixBlock b = g.block(0);
          assertEquals(rows + "x" + cols, b.shape(), g.name());
          TestMatrices.assertClose(b, b.copy(), 0, g.name() + " nnz exact");
        }
      }
    }
  }

  @Test
  void theRegistryRefusesEmptyShapesThatTheClassesAllow() {
    for (GeneratorType t : Generators.all()) {
      if (t.takesInput()) {
        continue;
      }
      assertEquals(t.name() + ": rows must be a whole number in [1, 1000000000000], was 0",
          assertThrows(IllegalArgumentException.class,
              () -> t.create(GeneratorArgs.of(0, 5, 1))).getMessage());
      assertEquals(t.name() + ": cols must be a whole number in [1, 2147483639], was 0",
          assertThrows(IllegalArgumentException.class,
              () -> t.check(GeneratorArgs.of(7, 0, 1))).getMessage());
    }
  }

  @Test
  void everyOptionHasADocumentedRangeHoldingItsDefault() {
    for (GeneratorType t : Generators.all()) {
      for (GeneratorType.Option o : t.options()) {
        assertTrue(o.range().contains(o.defaultValue()), t.name() + " " + o.name());
        assertFalse(o.range().toString().isEmpty(), t.name() + " " + o.name());
      }
    }
    assertEquals("in [0, 1]", Generators.byName("sparse-uniform").range("sparsity").toString());
    assertEquals(">= 0", Generators.byName("dense-normal").range("sd").toString());
    assertEquals("a finite number", Generators.byName("dense-uniform").range("min").toString());
    assertEquals("a whole number in [2, 2147483639]",
        Generators.byName("labels-from-model").range("classes").toString());
    assertEquals("a whole number", Generators.byName("dense-uniform").range("seed").toString());
  }

  @Test
  void checkRunsEveryRuleWithoutGeneratingOrAnInput() {
    GeneratorType lowRank = Generators.byName("low-rank-plus-noise");
    lowRank.check(new GeneratorArgs(1_000_000_000L, 1_000_000, 1, Map.of("rank", 1e6), null));
    assertEquals("low-rank-plus-noise: rank must be <= min(rows, cols) = 10, was 50",
        assertThrows(IllegalArgumentException.class, () -> lowRank.check(
            GeneratorArgs.of(100, 10, 1).with("rank", 50))).getMessage());
    assertEquals("sparse-uniform: option 'sparsity' must be in [0, 1], was 1.5",
        assertThrows(IllegalArgumentException.class, () -> Generators.byName("sparse-uniform")
            .check(GeneratorArgs.of(10, 10, 1).with("sparsity", 1.5))).getMessage());
    assertEquals("dense-uniform: min must be <= max, was min=2.0 max=1.0",
        assertThrows(IllegalArgumentException.class, () -> Generators.byName("dense-uniform")
            .check(GeneratorArgs.of(10, 10, 1).with("min", 2))).getMessage());
    GeneratorType labels = Generators.byName("labels-from-model");
    labels.check(new GeneratorArgs(null, null, 1, Map.of("classes", 3.0), null));
    assertEquals("labels-from-model: option 'classes' must be a whole number in [2, 2147483639],"
        + " was 1", assertThrows(IllegalArgumentException.class, () -> labels.check(
            new GeneratorArgs(null, null, 1, Map.of("classes", 1.0), null))).getMessage());
    assertEquals("nonneg-sparse: option 'mean' must be >= 1, was 0.5",
        assertThrows(IllegalArgumentException.class, () -> Generators.byName("nonneg-sparse")
            .check(GeneratorArgs.of(10, 10, 1).with("mean", 0.5))).getMessage());
  }

  @Test
  void blocksAreIndependentOfTheOrderTheyAreMadeIn() throws IOException {
    for (Generator g : org.planlab.datagen.TestGenerators.all(12)) {
      MatrixBlock last = g.block(g.blockCount() - 1);
      MatrixBlock first = g.block(0);
      TestMatrices.assertClose(first, g.block(0), 0, g.name() + " block 0 again");
      TestMatrices.assertClose(last, g.block(g.blockCount() - 1), 0, g.name() + " last again");
      assertEquals(500, last.rows(), g.name());
    }
  }
}
