package org.planlab.engine.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Placement;
import org.planlab.engine.ir.SizedDag;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.runtime.program.CompiledBlock;

class LoweredCodeTest {
  private final AtomicInteger lowerings = new AtomicInteger();
  private final LoweredCode cache = new LoweredCode();

  /** {@code y = x + c}, built anew on every call as a recompilation does, x of rows x 1. */
  private static SizedDag form(double c, long rows, long nnz) {
    Hop x = Hops.mread("x");
    Hop plus = Hops.bin(BinaryOp.PLUS, x, Hops.lit(c));
    Hop y = Hops.write("y", plus);
    Map<Hop, DataCharacteristics> sizes = new IdentityHashMap<>();
    DataCharacteristics d = new DataCharacteristics(rows, 1, nnz);
    sizes.put(x, d);
    sizes.put(plus, new DataCharacteristics(rows, 1, rows));
    sizes.put(y, new DataCharacteristics(rows, 1, rows));
    return new SizedDag(new HopDag(List.of(y)), sizes);
  }

  private static final SizedDag ORIGINAL = form(1.0, -1, -1);
  private static final CompiledBlock.Dag BLOCK = new CompiledBlock.Dag(ORIGINAL.dag(),
      code(), true, ORIGINAL, new Placement(Map.of(), true));

  private static BlockCode code() {
    return new BlockCode(List.of(), List.of(), List.of(), 0, -1, Set.of(), Map.of(), List.of());
  }

  private BlockCode lower(SizedDag form, boolean predicate) {
    return cache.get(BLOCK, form, predicate, () -> {
      lowerings.incrementAndGet();
      return code();
    });
  }

  @Test
  void aFormRecompiledAgainGetsTheCodeLoweredBefore() {
    BlockCode first = lower(form(1.0, 100, 100), false);
    BlockCode again = lower(form(1.0, 100, 100), false);
    assertSame(first, again);
    assertEquals(1, lowerings.get());
  }

  @Test
  void otherSizesLiteralsOrAPredicateAreLoweredAgain() {
    BlockCode first = lower(form(1.0, 100, 100), false);
    assertNotSame(first, lower(form(1.0, 200, 200), false), "other rows");
    assertNotSame(first, lower(form(1.0, 100, 0), false), "an empty x");
    assertNotSame(first, lower(form(2.0, 100, 100), false), "another literal");
    assertNotSame(first, lower(form(1.0, 100, 100), true), "as a predicate");
    assertEquals(5, lowerings.get());
  }

  @Test
  void aBlockKeepsItsLastFormsOnly() {
    for (int i = 0; i <= LoweredCode.FORMS_PER_BLOCK; i++) {
      lower(form(1.0, 100 + i, 100 + i), false);
    }
    int n = LoweredCode.FORMS_PER_BLOCK + 1;
    assertEquals(n, lowerings.get());
    lower(form(1.0, 100 + LoweredCode.FORMS_PER_BLOCK, 100 + LoweredCode.FORMS_PER_BLOCK),
        false);
    assertEquals(n, lowerings.get(), "the last form is kept");
    lower(form(1.0, 100, 100), false);
    assertEquals(n + 1, lowerings.get(), "the first of five forms is dropped");
  }
}
