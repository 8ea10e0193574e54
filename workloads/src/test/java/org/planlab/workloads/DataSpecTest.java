package org.planlab.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DataSpecTest {
  private static final DataSpec SPEC = DataSpec.of("dense-uniform", "rows", "@X.rows", "cols", "$rank",
      "of", "@Y", "min", "-0.5", "seed", "3");

  @Test
  void referencesAreListed() {
    assertEquals(Set.of("X", "Y"), SPEC.inputReferences());
    assertEquals(Set.of("rank"), SPEC.parameterReferences());
  }

  @Test
  void resolveReplacesReferencesAndKeepsLiterals() {
    Map<String, String> r = SPEC.resolve(Map.of("Y", "/tmp/y.bin"), Map.of("X", new long[] {1000, 20}),
        Map.of("rank", "8"));
    assertEquals(Map.of("rows", "1000", "cols", "8", "of", "/tmp/y.bin", "min", "-0.5", "seed", "3"), r);
    assertEquals(List.of("rows", "cols", "of", "min", "seed"), List.copyOf(r.keySet()));
  }

  @Test
  void unresolvableReferencesNameTheParameter() {
    IllegalArgumentException shape = assertThrows(IllegalArgumentException.class,
        () -> SPEC.resolve(Map.of("Y", "y"), Map.of(), Map.of("rank", "8")));
    assertTrue(shape.getMessage().contains("rows=@X.rows"), shape.getMessage());
    IllegalArgumentException arg = assertThrows(IllegalArgumentException.class,
        () -> SPEC.resolve(Map.of("Y", "y"), Map.of("X", new long[] {1, 1}), Map.of()));
    assertTrue(arg.getMessage().contains("cols=$rank"), arg.getMessage());
    IllegalArgumentException file = assertThrows(IllegalArgumentException.class,
        () -> SPEC.resolve(Map.of(), Map.of("X", new long[] {1, 1}), Map.of("rank", "8")));
    assertTrue(file.getMessage().contains("of=@Y"), file.getMessage());
  }

  @Test
  void withReplacesOneParameter() {
    DataSpec bigger = SPEC.with("rows", "1e6");
    assertEquals("1e6", bigger.params().get("rows"));
    assertEquals("@X.rows", SPEC.params().get("rows"));
  }

  @Test
  void malformedParameterListsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> DataSpec.of("dense-uniform", "rows"));
    assertThrows(IllegalArgumentException.class, () -> DataSpec.of("dense-uniform", "rows", "1", "rows", "2"));
    assertThrows(UnsupportedOperationException.class, () -> SPEC.params().put("x", "y"));
  }
}
