package org.planlab.engine.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.matrix.BlockPool;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * When a bound buffer dies: only when the last of the variable bindings that hold it changes,
 * and no slot of a running block or pin still references it.
 */
class BufferRecyclerTest {
  static final int N = BlockPool.MIN_CELLS;
  static final long BYTES = 8L * N;

  final BlockPool pool = new BlockPool(1L << 30);
  final BufferRecycler recycler = new BufferRecycler(pool);
  final Map<String, Data> symbols = new HashMap<>();

  static MatrixValue value() {
    return new MatrixValue(MatrixBlock.dense(N, 1));
  }

  /** {@code value} written to {@code name} from a slot that alone held it. */
  private void write(String name, MatrixValue value) {
    Data before = symbols.put(name, value);
    recycler.rebound(symbols, name, before, value);
    recycler.bind(symbols, name, value.block().denseBuffer());
  }

  /** {@code name = value} for a value another variable holds (a copy, {@code P = P_new}). */
  private void copy(String name, MatrixValue value) {
    Data before = symbols.put(name, value);
    recycler.rebound(symbols, name, before, value);
  }

  @Test
  void aBoundBufferDiesWhenItsVariableIsRebound() {
    MatrixValue a = value();
    write("a", a);
    assertEquals(0, pool.heldBytes());
    write("a", value());
    assertEquals(BYTES, pool.heldBytes());
    // and when its variable is removed
    symbols.remove("a");
    recycler.rebound(symbols, "a", symbols.get("a"), null);
    MatrixValue b = value();
    write("b", b);
    recycler.rebound(symbols, "b", symbols.remove("b"), null);
    assertEquals(2 * BYTES, pool.heldBytes());
  }

  @Test
  void aBufferStillInASlotOfARunningBlockDoesNotDie() {
    MatrixValue a = value();
    write("a", a);
    Data[] frame = {null, a};
    recycler.enter(frame);
    write("a", value());
    assertEquals(0, pool.heldBytes());
    recycler.exit(frame);
    // the binding is gone: nothing recycles the buffer later either
    write("a", value());
    assertEquals(BYTES, pool.heldBytes());
  }

  @Test
  void aCopyKeepsTheBufferUntilTheLastOfItsVariablesIsRebound() {
    // P = P_new: the buffer dies with the second binding, not the first
    MatrixValue a = value();
    write("a", a);
    copy("copy", a);
    write("a", value());
    assertEquals(0, pool.heldBytes());
    write("copy", value());
    assertEquals(BYTES, pool.heldBytes());

    // a binding of the same name in another symbol table (a function's frame) is another one
    MatrixValue q = value();
    write("q", q);
    Map<String, Data> callee = new HashMap<>();
    callee.put("q", q);
    recycler.rebound(callee, "q", null, q);
    callee.put("q", value());
    recycler.rebound(callee, "q", q, callee.get("q"));
    assertEquals(BYTES, pool.heldBytes());
    write("q", value());
    assertEquals(2 * BYTES, pool.heldBytes());
  }

  @Test
  void aPinKeepsTheBufferForever() {
    MatrixValue p = value();
    write("p", p);
    copy("copy", p);
    recycler.pin(p);
    write("p", value());
    write("copy", value());
    assertEquals(0, pool.heldBytes());
  }

  @Test
  void rebindingAVariableToItsOwnValueRecyclesNothing() {
    MatrixValue a = value();
    write("a", a);
    symbols.put("a", a);
    recycler.rebound(symbols, "a", a, a);
    assertEquals(0, pool.heldBytes());
    write("a", value());
    assertEquals(BYTES, pool.heldBytes());
  }
}
