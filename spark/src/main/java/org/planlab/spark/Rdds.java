package org.planlab.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.apache.spark.Partitioner;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaRDDLike;
import org.apache.spark.api.java.Optional;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.FlatMapFunction2;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.rdd.CoGroupedRDD;
import org.apache.spark.rdd.PairRDDFunctions;
import org.apache.spark.rdd.RDD;
import org.apache.spark.serializer.SerializerInstance;
import scala.Function1;
import scala.Product2;
import scala.Tuple2;
import scala.collection.IterableOnce;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * The RDD operations of the Spark backend (Spark paper, sec. 4.1), built through Spark's Scala
 * API with named function classes instead of through its Java API.
 *
 * <p>Why: before an RDD operation keeps a function, Spark's closure cleaner inspects it if it is
 * a Scala closure — it reads and parses the class file of the class that declared it and
 * serializes it once to check that it can ship — and the Java API wraps every Java function in
 * such a closure; some Scala operations (values, reduceByKey, join, fold, collect) add closures
 * of their own. For the short operations of a matrix program that driver-side work costs more
 * than building the RDD. The two adapters here, {@link Apply1} and {@link Apply2}, are ordinary
 * serializable classes: the cleaner passes them by at once, and they ship with the task as the
 * Java API's wrappers would, holding the caller's function.
 *
 * <p>Every operation means what the Java API's operation of the same name means, with the
 * same partitioning: {@code mapValues}, {@code filter} and {@code mapPartitionsToPair(f, true)}
 * keep the parent's partitioner; {@code mapToPair}, {@code flatMapToPair} and
 * {@code zipPartitions} drop it; {@code reduceByKey}, {@code groupByKey} and the joins
 * partition their result by the given partitioner and shuffle only inputs not already
 * partitioned by it. A function's exceptions reach Spark unchanged, checked or not.
 */
final class Rdds {
  private Rdds() {
  }

  // ---------------------------------------------------------------- transformations

  /** {@code f} applied to every value; the keys and the partitioner stay. */
  static <K, V, U> JavaPairRDD<K, U> mapValues(JavaPairRDD<K, V> rdd, Function<V, U> f) {
    return new JavaPairRDD<>(pairs(rdd).mapValues(new Apply1<>(f)), rdd.kClassTag(), anyTag());
  }

  /** The elements for which {@code f} holds; the partitioner stays. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static <K, V> JavaPairRDD<K, V> filter(JavaPairRDD<K, V> rdd, Function<Tuple2<K, V>, Boolean> f) {
    // Scala's Boolean result erases to Object: a boxed Boolean is what filter unboxes
    Function1<Tuple2<K, V>, Object> p = (Function1) new Apply1<>(f);
    return new JavaPairRDD<>(rdd.rdd().filter(p), rdd.kClassTag(), rdd.vClassTag());
  }

  /** The values of a pair RDD. */
  static <K, V> JavaRDD<V> values(JavaPairRDD<K, V> rdd) {
    Function<Tuple2<K, V>, V> second = Tuple2::_2;
    return new JavaRDD<>(rdd.rdd().map(new Apply1<>(second), rdd.vClassTag()), rdd.vClassTag());
  }

  /** {@code f} applied to every element. */
  static <T, R> JavaRDD<R> map(JavaRDD<T> rdd, Function<T, R> f) {
    return new JavaRDD<>(rdd.rdd().map(new Apply1<>(f), anyTag()), anyTag());
  }

  /** The pair {@code f} makes of every element; no partitioner. */
  static <T, K, V> JavaPairRDD<K, V> mapToPair(JavaRDDLike<T, ?> rdd,
      Function<T, Tuple2<K, V>> f) {
    return pairRdd(rdd.rdd().map(new Apply1<>(f), anyTag()));
  }

  /** The pairs {@code f} makes of every element; no partitioner. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static <T, K, V> JavaPairRDD<K, V> flatMapToPair(JavaRDDLike<T, ?> rdd,
      FlatMapFunction<T, Tuple2<K, V>> f) {
    // a Scala iterator is the IterableOnce flatMap wants
    Function1<T, IterableOnce<Tuple2<K, V>>> each = (Function1) new Apply1<>(
        (Function<T, scala.collection.Iterator<Tuple2<K, V>>>) t ->
            CollectionConverters.asScala(f.call(t)));
    return pairRdd(rdd.rdd().flatMap(each, anyTag()));
  }

  /**
   * The pairs {@code f} makes of each partition's elements; the partitioner stays when
   * {@code preservesPartitioning} (f keeps every element's key in its partition).
   */
  static <T, K, V> JavaPairRDD<K, V> mapPartitionsToPair(JavaRDDLike<T, ?> rdd,
      FlatMapFunction<Iterator<T>, Tuple2<K, V>> f, boolean preservesPartitioning) {
    Apply1<scala.collection.Iterator<T>, scala.collection.Iterator<Tuple2<K, V>>> each =
        new Apply1<>(it -> CollectionConverters.asScala(f.call(CollectionConverters.asJava(it))));
    return pairRdd(rdd.rdd().mapPartitions(each, preservesPartitioning, anyTag()));
  }

  /**
   * What {@code f} makes of partition p of {@code a} and partition p of {@code b}, for every p
   * (both must have as many partitions); no partitioner.
   */
  static <A, B, R> JavaRDD<R> zipPartitions(JavaRDDLike<A, ?> a, JavaRDDLike<B, ?> b,
      FlatMapFunction2<Iterator<A>, Iterator<B>, R> f) {
    Apply2<scala.collection.Iterator<A>, scala.collection.Iterator<B>,
        scala.collection.Iterator<R>> each = new Apply2<>((ia, ib) -> CollectionConverters.asScala(
            f.call(CollectionConverters.asJava(ia), CollectionConverters.asJava(ib))));
    return new JavaRDD<>(a.rdd().zipPartitions(b.rdd(), false, each, b.classTag(), anyTag()),
        anyTag());
  }

  /**
   * The values of each key merged with {@code f}, partitioned by {@code partitioner}: values
   * are merged within each map task before the shuffle, and not shuffled at all when the input
   * is partitioned by it already.
   */
  static <K, V> JavaPairRDD<K, V> reduceByKey(JavaPairRDD<K, V> rdd, Partitioner partitioner,
      Function2<V, V, V> f) {
    Apply2<V, V, V> merge = new Apply2<>(f);
    return new JavaPairRDD<>(pairs(rdd).combineByKeyWithClassTag(new Apply1<V, V>(v -> v),
        merge, merge, partitioner, true, null, rdd.vClassTag()), rdd.kClassTag(),
        rdd.vClassTag());
  }

  /** The values of each key in one list, partitioned by {@code partitioner}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static <K, V> JavaPairRDD<K, Iterable<V>> groupByKey(JavaPairRDD<K, V> rdd,
      Partitioner partitioner) {
    Apply1<V, List<V>> first = new Apply1<>(v -> {
      List<V> l = new ArrayList<>();
      l.add(v);
      return l;
    });
    Apply2<List<V>, V, List<V>> add = new Apply2<>((l, v) -> {
      l.add(v);
      return l;
    });
    Apply2<List<V>, List<V>, List<V>> concat = new Apply2<>((l, m) -> {
      l.addAll(m);
      return l;
    });
    // no map-side merge: it would only copy every value into a list before the shuffle
    RDD<Tuple2<K, List<V>>> grouped = pairs(rdd).combineByKeyWithClassTag(first, add, concat,
        partitioner, false, null, anyTag());
    return new JavaPairRDD<>((RDD) grouped, rdd.kClassTag(), anyTag());
  }

  /** The inner join by key, partitioned by {@code partitioner}. */
  static <K, V, W> JavaPairRDD<K, Tuple2<V, W>> join(JavaPairRDD<K, V> a, JavaPairRDD<K, W> b,
      Partitioner partitioner) {
    return joined(a, b, partitioner, (vs, ws) -> {
      List<Tuple2<V, W>> out = new ArrayList<>();
      for (V v : vs) {
        for (W w : ws) {
          out.add(new Tuple2<>(v, w));
        }
      }
      return out.iterator();
    });
  }

  /**
   * The left outer join by key, partitioned by {@code partitioner}: a value of {@code a}
   * without a match in {@code b} pairs with an empty optional.
   */
  static <K, V, W> JavaPairRDD<K, Tuple2<V, Optional<W>>> leftOuterJoin(JavaPairRDD<K, V> a,
      JavaPairRDD<K, W> b, Partitioner partitioner) {
    return joined(a, b, partitioner, (vs, ws) -> {
      List<Tuple2<V, Optional<W>>> out = new ArrayList<>();
      for (V v : vs) {
        if (!ws.iterator().hasNext()) {
          out.add(new Tuple2<>(v, Optional.empty()));
        }
        for (W w : ws) {
          out.add(new Tuple2<>(v, Optional.of(w)));
        }
      }
      return out.iterator();
    });
  }

  /**
   * Both RDDs' values grouped by key, partitioned by {@code partitioner} (an input partitioned
   * by it is not shuffled), and {@code pairs} of each key's two groups.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <K, V, W, R> JavaPairRDD<K, R> joined(JavaPairRDD<K, V> a,
      JavaPairRDD<K, W> b, Partitioner partitioner,
      FlatMapFunction2<Iterable<V>, Iterable<W>, R> pairs) {
    List<RDD<? extends Product2<K, ?>>> inputs = List.of(a.rdd(), b.rdd());
    CoGroupedRDD<K> groups = new CoGroupedRDD<>(CollectionConverters.asScala(inputs).toList(),
        partitioner, a.kClassTag());
    Function1<scala.collection.Iterable<Object>[], IterableOnce<R>> each = (Function1)
        new Apply1<scala.collection.Iterable<Object>[], scala.collection.Iterator<R>>(g ->
            CollectionConverters.asScala(pairs.call(
                (Iterable<V>) CollectionConverters.asJava((scala.collection.Iterable) g[0]),
                (Iterable<W>) CollectionConverters.asJava((scala.collection.Iterable) g[1]))));
    RDD<Tuple2<K, R>> out = new PairRDDFunctions<>(groups, a.kClassTag(),
        anyTag(), null).flatMapValues(each);
    return new JavaPairRDD<>(out, a.kClassTag(), anyTag());
  }

  // ---------------------------------------------------------------- actions

  /**
   * Every element folded into {@code zero} with {@code op} (a job): each task folds its
   * partition from {@code zero}, and the driver folds the tasks' results into a copy of
   * {@code zero} as they arrive, as Spark's {@code fold} does; {@code op} may update and return
   * its first argument.
   */
  static <T> T fold(JavaRDD<T> rdd, T zero, Function2<T, T, T> op) {
    RDD<T> r = rdd.rdd();
    Apply2<TaskContext, scala.collection.Iterator<T>, T> partition = new Apply2<>((c, it) -> {
      T acc = zero;
      while (it.hasNext()) {
        acc = op.call(acc, it.next());
      }
      return acc;
    });
    List<T> result = new ArrayList<>(1);
    result.add(copy(zero));
    // the scheduler calls the handler on one thread at a time, and before the job ends
    Apply2<Object, T, BoxedUnit> merge = new Apply2<>((p, part) -> {
      result.set(0, op.call(result.get(0), part));
      return BoxedUnit.UNIT;
    });
    r.context().runJob(r, partition, indexes(r), merge, anyTag());
    return result.get(0);
  }

  /** Every element, in partition order (a job). */
  @SuppressWarnings("unchecked")
  static <T> List<T> collect(JavaRDDLike<T, ?> rdd) {
    RDD<T> r = rdd.rdd();
    Apply2<TaskContext, scala.collection.Iterator<T>, List<T>> all = new Apply2<>((c, it) -> {
      List<T> l = new ArrayList<>();
      while (it.hasNext()) {
        l.add(it.next());
      }
      return l;
    });
    Object[] parts = (Object[]) r.context().runJob(r, all, anyTag());
    List<T> out = new ArrayList<>();
    for (Object p : parts) {
      out.addAll((List<T>) p);
    }
    return out;
  }

  // ---------------------------------------------------------------- the adapters

  /**
   * A Java function of one argument as a Scala function: a named serializable class, which
   * Spark's closure cleaner leaves alone (it is neither a Scala closure nor a lambda).
   */
  static final class Apply1<T, R> extends AbstractFunction1<T, R> implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Function<T, R> f;

    Apply1(Function<T, R> f) {
      this.f = Objects.requireNonNull(f, "f is null");
    }

    @Override
    public R apply(T t) {
      try {
        return f.call(t);
      } catch (Exception e) {
        throw rethrow(e);
      }
    }
  }

  /** A Java function of two arguments as a Scala function, as {@link Apply1}. */
  static final class Apply2<A, B, R> extends AbstractFunction2<A, B, R>
      implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Function2<A, B, R> f;

    Apply2(Function2<A, B, R> f) {
      this.f = Objects.requireNonNull(f, "f is null");
    }

    @Override
    public R apply(A a, B b) {
      try {
        return f.call(a, b);
      } catch (Exception e) {
        throw rethrow(e);
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  /** Throws {@code e} as it is: Scala code, which calls the adapters, has no checked exceptions. */
  @SuppressWarnings("unchecked")
  private static <E extends Exception> RuntimeException rethrow(Exception e) throws E {
    throw (E) e;
  }

  private static <K, V> PairRDDFunctions<K, V> pairs(JavaPairRDD<K, V> rdd) {
    return new PairRDDFunctions<>(rdd.rdd(), rdd.kClassTag(), rdd.vClassTag(), null);
  }

  private static <K, V> JavaPairRDD<K, V> pairRdd(RDD<Tuple2<K, V>> rdd) {
    return new JavaPairRDD<>(rdd, anyTag(), anyTag());
  }

  /** The class tag the Java API gives element types it cannot know: any object. */
  @SuppressWarnings("unchecked")
  private static <T> ClassTag<T> anyTag() {
    return (ClassTag<T>) ClassTag$.MODULE$.AnyRef();
  }

  /** 0, 1, ..., n-1 for the n partitions of {@code r}. */
  private static scala.collection.immutable.Seq<Object> indexes(RDD<?> r) {
    return scala.collection.immutable.Range$.MODULE$.apply(0, r.partitions().length);
  }

  /** A copy of {@code value} through Spark's closure serializer, as Spark copies fold's zero. */
  private static <T> T copy(T value) {
    SerializerInstance s = SparkEnv.get().closureSerializer().newInstance();
    ClassTag<T> tag = anyTag();
    return s.deserialize(s.serialize(value, tag), tag);
  }
}
