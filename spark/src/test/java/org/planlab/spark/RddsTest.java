package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.spark.HashPartitioner;
import org.apache.spark.Partitioner;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.util.ClosureCleaner$;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scala.Option;
import scala.Tuple2;

/**
 * {@link Rdds} against Spark's Java API: its functions are not closures by the rule of Spark's
 * own closure cleaner (so the cleaner neither parses class files nor serializes them), and
 * every operation gives the Java API's elements and partitioner.
 */
class RddsTest {
  private static SparkBackend backend;
  /** 3 x 4 blocks over 3 partitions, partitioned as the backend's matrices are. */
  private static JavaPairRDD<BlockIndex, Integer> cells;
  private static BlockPartitioner partitioner;

  @BeforeAll
  static void start() {
    backend = new SparkBackend(new SparkSettings(SparkSettings.DEFAULT_MASTER, 7, 1L << 30, 0,
        1L << 20, 1L << 26, 20, true), Scratch.create());
    BlockGeometry g = new BlockGeometry(21, 28, 7);
    partitioner = new BlockPartitioner(g, 3);
    List<Tuple2<BlockIndex, Integer>> blocks = new ArrayList<>();
    for (long i = 0; i < g.blockRows(); i++) {
      for (long j = 0; j < g.blockCols(); j++) {
        blocks.add(new Tuple2<>(new BlockIndex(i, j), (int) (10 * i + j)));
      }
    }
    cells = backend.assumePartitioned(backend.context().parallelizePairs(blocks, 3),
        partitioner);
  }

  @AfterAll
  static void stop() {
    backend.close();
  }

  /** Spark's cleaner: an empty result means the function was no closure and was left alone. */
  private static boolean cleaned(Object f) {
    Option<Object> r = ClosureCleaner$.MODULE$.clean(f, true,
        scala.collection.mutable.Map$.MODULE$.empty());
    return r.isDefined();
  }

  @Test
  void theAdaptersAreNoClosuresToSparksCleaner() {
    Function<Integer, Integer> inc = x -> x + 1;
    Object one = new Rdds.Apply1<>(inc);
    Object two = new Rdds.Apply2<Integer, Integer, Integer>((a, b) -> a + b);
    for (Object f : List.of(one, two)) {
      assertFalse(f.getClass().getName().contains("$anonfun$"), f.getClass().getName());
      assertFalse(f.getClass().isSynthetic(), f.getClass().getName());
      assertFalse(cleaned(f), f.getClass().getName());
    }
    // what the Java API hands to Spark for the same function is a closure the cleaner inspects
    assertTrue(cleaned(org.apache.spark.api.java.JavaPairRDD$.MODULE$.toScalaFunction(inc)));
  }

  @Test
  void mapValuesAndFilterKeepThePartitioner() {
    assertSameElements(cells.mapValues(x -> x * 2), Rdds.mapValues(cells, x -> x * 2));
    assertSameElements(cells.filter(t -> t._2() % 3 == 0),
        Rdds.filter(cells, t -> t._2() % 3 == 0));
    assertEquals(partitioner, Rdds.mapValues(cells, x -> x * 2).partitioner().get());
    assertEquals(partitioner, Rdds.filter(cells, t -> true).partitioner().get());
  }

  @Test
  void mapPartitionsToPairKeepsThePartitionerOnlyWhenAsked() {
    for (boolean keep : new boolean[] {true, false}) {
      JavaPairRDD<BlockIndex, Integer> java = cells.mapPartitionsToPair(it -> {
        List<Tuple2<BlockIndex, Integer>> out = new ArrayList<>();
        it.forEachRemaining(t -> out.add(new Tuple2<>(t._1(), -t._2())));
        return out.iterator();
      }, keep);
      JavaPairRDD<BlockIndex, Integer> ours = Rdds.mapPartitionsToPair(cells, it -> {
        List<Tuple2<BlockIndex, Integer>> out = new ArrayList<>();
        it.forEachRemaining(t -> out.add(new Tuple2<>(t._1(), -t._2())));
        return out.iterator();
      }, keep);
      assertSameElements(java, ours);
      assertEquals(keep, ours.partitioner().isPresent());
    }
  }

  @Test
  void mapToPairAndFlatMapToPairDropThePartitioner() {
    assertSameElements(cells.mapToPair(t -> new Tuple2<>(t._1().transposed(), t._2())),
        Rdds.mapToPair(cells, t -> new Tuple2<>(t._1().transposed(), t._2())));
    assertSameElements(cells.flatMapToPair(t -> List.of(new Tuple2<>(t._1().row(), t._2()),
        new Tuple2<>(t._1().col(), t._2())).iterator()),
        Rdds.flatMapToPair(cells, t -> List.of(new Tuple2<>(t._1().row(), t._2()),
            new Tuple2<>(t._1().col(), t._2())).iterator()));
    assertFalse(Rdds.mapToPair(cells, t -> t).partitioner().isPresent());
    assertFalse(Rdds.flatMapToPair(cells, t -> List.of(t).iterator()).partitioner()
        .isPresent());
  }

  @Test
  void valuesMapFoldAndCollectGiveTheJavaApisResults() {
    JavaRDD<Integer> java = cells.values().map(x -> x * x);
    JavaRDD<Integer> ours = Rdds.map(Rdds.values(cells), x -> x * x);
    assertEquals(java.collect(), Rdds.collect(ours));
    assertEquals(cells.collect(), Rdds.collect(cells));
    assertEquals(java.fold(7, Integer::sum), Rdds.fold(ours, 7, Integer::sum));
  }

  @Test
  void foldUpdatingItsFirstArgumentLeavesTheZeroAlone() {
    int[] zero = new int[1];
    int[] sum = Rdds.fold(Rdds.map(Rdds.values(cells), x -> new int[] {x}), zero, (a, b) -> {
      a[0] += b[0];
      return a;
    });
    assertEquals(cells.values().fold(0, Integer::sum), sum[0]);
    assertEquals(0, zero[0]);
  }

  @Test
  void reduceAndGroupByKeyPartitionByTheGivenPartitioner() {
    Partitioner hash = new HashPartitioner(2);
    JavaPairRDD<Long, Integer> rows = Rdds.mapToPair(cells, t -> new Tuple2<>(t._1().row(),
        t._2()));
    assertSameElements(rows.reduceByKey(hash, Integer::sum), Rdds.reduceByKey(rows, hash,
        Integer::sum));
    assertEquals(hash, Rdds.reduceByKey(rows, hash, Integer::sum).partitioner().get());
    assertSameElements(rows.groupByKey(hash).mapValues(RddsTest::sortedList),
        Rdds.mapValues(Rdds.groupByKey(rows, hash), RddsTest::sortedList));
    // onto the partitioner the input has: no shuffle, and the same sums
    assertSameElements(cells.reduceByKey(partitioner, Integer::sum),
        Rdds.reduceByKey(cells, partitioner, Integer::sum));
  }

  @Test
  void joinsGiveTheJavaApisPairs() {
    Partitioner hash = new HashPartitioner(3);
    JavaPairRDD<Long, Integer> rows = Rdds.mapToPair(cells, t -> new Tuple2<>(t._1().row(),
        t._2()));
    JavaPairRDD<Long, Integer> cols = Rdds.mapToPair(cells, t -> new Tuple2<>(t._1().col(),
        t._2()));
    assertSameElements(rows.join(cols, hash), Rdds.join(rows, cols, hash));
    assertSameElements(cols.leftOuterJoin(rows, hash), Rdds.leftOuterJoin(cols, rows, hash));
    assertEquals(hash, Rdds.join(rows, cols, hash).partitioner().get());
    // co-partitioned inputs
    assertSameElements(cells.join(cells, partitioner), Rdds.join(cells, cells, partitioner));
  }

  @Test
  void zipPartitionsPairsPartitionsInOrder() {
    JavaRDD<String> java = cells.zipPartitions(cells.values(), (a, b) ->
        List.of(count(a) + ":" + count(b)).iterator());
    JavaRDD<String> ours = Rdds.zipPartitions(cells, Rdds.values(cells), (a, b) ->
        List.of(count(a) + ":" + count(b)).iterator());
    assertEquals(java.collect(), Rdds.collect(ours));
  }

  @Test
  void aCheckedExceptionFailsTheTaskAsThroughTheJavaApi() {
    SparkException java = assertThrows(SparkException.class, () -> cells.mapValues(x -> {
      throw new IOException("no block " + x);
    }).count());
    SparkException ours = assertThrows(SparkException.class, () -> Rdds.collect(
        Rdds.mapValues(cells, x -> {
          throw new IOException("no block " + x);
        })));
    assertTrue(java.getMessage().contains("java.io.IOException: no block "), java.getMessage());
    assertTrue(ours.getMessage().contains("java.io.IOException: no block "), ours.getMessage());
  }

  private static <T> int count(java.util.Iterator<T> it) {
    int n = 0;
    while (it.hasNext()) {
      it.next();
      n++;
    }
    return n;
  }

  private static List<Integer> sortedList(Iterable<Integer> values) {
    List<Integer> l = new ArrayList<>();
    values.forEach(l::add);
    Collections.sort(l);
    return l;
  }

  /** Equal elements (in any order) and equal partitioners. */
  private static void assertSameElements(JavaPairRDD<?, ?> expected, JavaPairRDD<?, ?> actual) {
    assertEquals(sorted(expected.collect()), sorted(Rdds.collect(actual)));
    assertEquals(expected.partitioner(), actual.partitioner());
  }

  private static List<String> sorted(List<?> elements) {
    List<String> s = new ArrayList<>();
    elements.forEach(e -> s.add(String.valueOf(e)));
    Collections.sort(s);
    return s;
  }
}
