package org.planlab.engine.lineage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.planlab.engine.data.ScalarValue;

/** SERIALIZE / DESERIALIZE of lineage traces (MEMPHIS sec. 3.1). */
class LineageLogTest {

  @Test
  void aTraceWithSharedSubDagsAndAwkwardDataRoundTrips() {
    LineageItem x = new LineageItem(LineageReuse.READ, "/data/X.bin 80@1 -");
    LineageItem s = Lineages.literal(ScalarValue.of("two\nlines \\ and\r(1) [2] tricks"));
    LineageItem xt = new LineageItem("r'", "None[] MATRIX DOUBLE", x);
    LineageItem g = new LineageItem("ba+*", "None[] MATRIX DOUBLE", xt, x);
    LineageItem root = new LineageItem("+", "Binary[op=PLUS] MATRIX DOUBLE", g, g, s);
    String log = LineageLog.serialize(root);
    // x is written once although three items use it; the root comes last
    assertEquals("""
        (1) read [] /data/X.bin 80@1 -
        (2) r' [1] None[] MATRIX DOUBLE
        (3) ba+* [2,1] None[] MATRIX DOUBLE
        (4) lit [] STRING:two\\nlines \\\\ and\\r(1) [2] tricks
        (5) + [3,3,4] Binary[op=PLUS] MATRIX DOUBLE
        """, log);
    LineageItem back = LineageLog.parse(log);
    assertNotSame(root, back);
    assertEquals(root, back);
    assertEquals(root.hashCode(), back.hashCode());
    assertEquals(root.height(), back.height());
    assertEquals(ScalarValue.of("two\nlines \\ and\r(1) [2] tricks"),
        Lineages.literalValue(back.input(2)));
  }

  @Test
  void aTraceDeeperThanTheStackRoundTrips() {
    LineageItem item = Lineages.literal(ScalarValue.of(0L));
    for (int i = 1; i <= 100_000; i++) {
      item = new LineageItem("+", "", item, Lineages.literal(ScalarValue.of((long) i)));
    }
    LineageItem back = LineageLog.parse(LineageLog.serialize(item));
    assertEquals(100_000, back.height());
    assertEquals(item, back);
  }

  @Test
  void literalsKeepTheirTypeAndExactValue() {
    for (ScalarValue v : new ScalarValue[] {ScalarValue.of(0.1 + 0.2), ScalarValue.of(-0.0),
        ScalarValue.of(Long.MIN_VALUE), ScalarValue.of(true), ScalarValue.of("")}) {
      assertEquals(v, Lineages.literalValue(LineageLog.parse(LineageLog.serialize(
          Lineages.literal(v)))));
    }
  }

  @Test
  void malformedLogsNameTheLine() {
    assertEquals("lineage log line 2: input 7 is not an earlier item",
        assertThrows(IllegalArgumentException.class,
            () -> LineageLog.parse("(1) lit [] INTEGER:1\n(2) + [1,7] x\n")).getMessage());
    assertEquals("lineage log line 1: expected '(ID) OPCODE [INPUTS] DATA', got 'garbage'",
        assertThrows(IllegalArgumentException.class,
            () -> LineageLog.parse("garbage\n")).getMessage());
    assertEquals("lineage log line 1: item 2 out of order, expected 1",
        assertThrows(IllegalArgumentException.class,
            () -> LineageLog.parse("(2) lit [] INTEGER:1\n")).getMessage());
    assertEquals("lineage log is empty",
        assertThrows(IllegalArgumentException.class, () -> LineageLog.parse("")).getMessage());
  }
}
