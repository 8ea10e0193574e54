package org.planlab.engine.lineage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Lineage items as reuse keys (MEMPHIS sec. 3.2): hash and height fixed at construction,
 * structural equality of separately built DAGs, and a comparison that neither recurses (deep
 * loop traces) nor walks every path (DAGs with heavy sharing).
 */
class LineageItemTest {
  /** Two data strings with one {@link String#hashCode}: items differing only there collide. */
  private static final String COLLIDING_A = "Aa";
  private static final String COLLIDING_B = "BB";

  private static LineageItem leaf(String data) {
    return new LineageItem("leaf", data);
  }

  /** {@code depth} applications of "+1" over a literal leaf of {@code leafData}. */
  private static LineageItem chain(int depth, String leafData) {
    LineageItem item = leaf(leafData);
    LineageItem one = leaf("INTEGER:1");
    for (int i = 0; i < depth; i++) {
      item = new LineageItem("+", "", item, one);
    }
    return item;
  }

  /**
   * A ladder of {@code levels} diamonds over a leaf: each level reads the one below through two
   * different operations and joins them, so there are 2^levels paths to the leaf.
   */
  private static LineageItem diamondLadder(int levels, String leafData) {
    LineageItem item = leaf(leafData);
    for (int i = 0; i < levels; i++) {
      LineageItem left = new LineageItem("exp", "", item);
      LineageItem right = new LineageItem("abs", "", item);
      item = new LineageItem("*", "", left, right);
    }
    return item;
  }

  @Test
  void collidingDataStringsReallyCollide() {
    // the premise of the tests that defeat the hash early exit
    assertEquals(COLLIDING_A.hashCode(), COLLIDING_B.hashCode());
    assertEquals(leaf(COLLIDING_A).hashCode(), leaf(COLLIDING_B).hashCode());
    assertNotEquals(leaf(COLLIDING_A), leaf(COLLIDING_B));
  }

  @Test
  void heightIsTheLongestPathToALeaf() {
    LineageItem a = leaf("DOUBLE:1.0");
    LineageItem b = new LineageItem("exp", "", a);
    LineageItem c = new LineageItem("exp", "", b);
    LineageItem d = new LineageItem("+", "", a, c);
    assertEquals(0, a.height());
    assertEquals(1, b.height());
    assertEquals(2, c.height());
    assertEquals(3, d.height());
    assertEquals(120, diamondLadder(60, "x").height());
  }

  @Test
  void hashAndHeightOfADeepChainAreKnownWithoutWalkingIt() {
    // computed once at construction; asking again walks nothing (a recursive hashCode over
    // 200,000 levels would overflow the stack)
    LineageItem deep = assertTimeoutPreemptively(Duration.ofSeconds(10),
        () -> chain(200_000, "DOUBLE:1.0"));
    assertEquals(200_000, deep.height());
    assertEquals(deep.hashCode(), deep.hashCode());
    assertEquals(chain(200_000, "DOUBLE:1.0").hashCode(), deep.hashCode());
  }

  @Test
  void theItemDoesNotChangeWhenTheCallerReusesItsInputArray() {
    LineageItem a = leaf("DOUBLE:1.0");
    LineageItem b = leaf("DOUBLE:2.0");
    LineageItem[] inputs = {a, b};
    LineageItem item = new LineageItem("-", "", inputs);
    int hash = item.hashCode();
    inputs[0] = b;
    inputs[1] = a;
    assertEquals(hash, item.hashCode());
    assertEquals(new LineageItem("-", "", a, b), item);
    assertEquals(List.of(a, b), item.inputs());
  }

  @Test
  void nullArgumentsAreRejected() {
    assertThrows(NullPointerException.class, () -> new LineageItem(null, ""));
    assertThrows(NullPointerException.class, () -> new LineageItem("+", null));
    assertThrows(NullPointerException.class,
        () -> new LineageItem("+", "", leaf("x"), null));
  }

  @Test
  void equalDagsBuiltSeparatelyAreEqualAndHashEqual() {
    LineageItem x1 = new LineageItem("read", "X.csv 100@1");
    LineageItem x2 = new LineageItem("read", "X.csv 100@1");
    LineageItem g1 = new LineageItem("tsmm", "None[] MATRIX DOUBLE", x1);
    LineageItem g2 = new LineageItem("tsmm", "None[] MATRIX DOUBLE", x2);
    LineageItem s1 = new LineageItem("+", "", g1,
        new LineageItem("*", "", leaf("DOUBLE:0.1"), x1));
    LineageItem s2 = new LineageItem("+", "", g2,
        new LineageItem("*", "", leaf("DOUBLE:0.1"), x2));
    assertEquals(s1, s2);
    assertEquals(s2, s1);
    assertEquals(s1.hashCode(), s2.hashCode());
  }

  @Test
  void aDifferentOpcodeMakesItemsUnequal() {
    LineageItem x = leaf("x");
    assertNotEquals(new LineageItem("exp", "", x), new LineageItem("abs", "", x));
  }

  @Test
  void differentDataMakesItemsUnequal() {
    LineageItem x = leaf("x");
    assertNotEquals(new LineageItem("ua_sum_row", "", x), new LineageItem("ua_sum_row", "d", x));
    assertNotEquals(leaf("DOUBLE:1.0"), leaf("INTEGER:1"));
  }

  @Test
  void inputOrderMatters() {
    LineageItem a = leaf("DOUBLE:1.0");
    LineageItem b = leaf("DOUBLE:2.0");
    assertNotEquals(new LineageItem("-", "", a, b), new LineageItem("-", "", b, a));
  }

  @Test
  void aDifferentNumberOfInputsMakesItemsUnequal() {
    LineageItem a = leaf("x");
    assertNotEquals(new LineageItem("nmax", "", a, a), new LineageItem("nmax", "", a, a, a));
  }

  @Test
  void aDifferentLeafUnderEqualHashesIsFound() {
    // equal hashes and heights all the way down: only the leaves' data tell the items apart
    LineageItem a = new LineageItem("exp", "", new LineageItem("abs", "", leaf(COLLIDING_A)));
    LineageItem b = new LineageItem("exp", "", new LineageItem("abs", "", leaf(COLLIDING_B)));
    assertEquals(a.hashCode(), b.hashCode());
    assertNotEquals(a, b);
  }

  @Test
  void aLeafOfAnotherKindIsFound() {
    LineageItem a = new LineageItem("exp", "", leaf("x"));
    LineageItem b = new LineageItem("exp", "", new LineageItem("unique", "x"));
    assertNotEquals(a, b);
  }

  @Test
  void itemsAreNeverEqualToOtherObjects() {
    LineageItem a = leaf("x");
    assertFalse(a.equals("lit(x)/0"));
    assertFalse(a.equals(null));
  }

  @Test
  void deepChainsCompareWithoutOverflowingTheStack() {
    // a 200,000-iteration loop trace; the colliding leaves keep the hashes equal, so the
    // comparison must walk to the bottom to see the difference
    LineageItem a = chain(200_000, COLLIDING_A);
    LineageItem b = chain(200_000, COLLIDING_A);
    LineageItem c = chain(200_000, COLLIDING_B);
    assertEquals(a.hashCode(), c.hashCode());
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      assertEquals(a, b);
      assertNotEquals(a, c);
    });
  }

  @Test
  void sharedSubDagsAreComparedOnce() {
    // 2^60 paths: only memoizing the pairs already compared makes this finish
    LineageItem a = diamondLadder(60, COLLIDING_A);
    LineageItem b = diamondLadder(60, COLLIDING_A);
    LineageItem c = diamondLadder(60, COLLIDING_B);
    assertEquals(a.hashCode(), c.hashCode());
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      assertEquals(a, b);
      assertNotEquals(a, c);
    });
  }

  // ---- against a naive recursive comparison on small random DAGs

  /** Structural equality by plain recursion: what {@link LineageItem#equals} implements. */
  private static boolean reference(LineageItem a, LineageItem b) {
    if (!a.opcode().equals(b.opcode()) || !a.data().equals(b.data())
        || a.inputCount() != b.inputCount()) {
      return false;
    }
    for (int i = 0; i < a.inputCount(); i++) {
      if (!reference(a.input(i), b.input(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * A random DAG over a tiny alphabet (so that separately built DAGs are often equal, and the
   * colliding leaves make equal hashes common) whose nodes read earlier nodes, often shared.
   */
  private static LineageItem randomDag(long seed) {
    Random r = new Random(seed);
    List<LineageItem> nodes = new ArrayList<>();
    String[] leaves = {COLLIDING_A, COLLIDING_B};
    String[] ops = {"+", "*"};
    nodes.add(leaf(leaves[r.nextInt(2)]));
    int n = 1 + r.nextInt(6);
    for (int i = 0; i < n; i++) {
      int kind = r.nextInt(4);
      if (kind == 0) {
        nodes.add(leaf(leaves[r.nextInt(2)]));
      } else if (kind == 1) {
        nodes.add(new LineageItem("exp", "", nodes.get(r.nextInt(nodes.size()))));
      } else {
        nodes.add(new LineageItem(ops[r.nextInt(2)], "", nodes.get(r.nextInt(nodes.size())),
            nodes.get(r.nextInt(nodes.size()))));
      }
    }
    return nodes.get(nodes.size() - 1);
  }

  @Property(tries = 500)
  void equalsAgreesWithTheRecursiveDefinition(@ForAll("seeds") long s1,
      @ForAll("seeds") long s2) {
    LineageItem a = randomDag(s1);
    LineageItem b = randomDag(s2);
    boolean expected = reference(a, b);
    assertEquals(expected, a.equals(b), a + " vs " + b);
    assertEquals(expected, b.equals(a));
    if (expected) {
      assertEquals(a.hashCode(), b.hashCode());
      assertEquals(a.height(), b.height());
    }
  }

  @Property(tries = 200)
  void aDagEqualsItsSeparatelyBuiltTwin(@ForAll("seeds") long seed) {
    LineageItem a = randomDag(seed);
    LineageItem b = randomDag(seed);
    assertNotSame(a, b);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
  }

  @Provide
  Arbitrary<Long> seeds() {
    // a small range: pairs of equal DAGs from different seeds come up often
    return Arbitraries.longs().between(0, 400);
  }
}
