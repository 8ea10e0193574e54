package org.planlab.engine.backend;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * What a backend made of each local block it has seen (Spark paper, sec. 4.2: a matrix object
 * holds its local block and its RDD, broadcast or device copy, so moving it again costs
 * nothing; MEMPHIS sec. 3.3: one object cached in several backends): a block parallelized,
 * broadcast or copied to a device once maps to that copy, and moving the same block again
 * returns it. Keys are held weakly by identity; the copies hold their local block weakly too,
 * so an entry lives as long as some variable holds the local block.
 */
public final class LocalCopies<V> {
  private final Map<Key, V> byBlock = new ConcurrentHashMap<>();
  private final ReferenceQueue<MatrixBlock> cleared = new ReferenceQueue<>();

  /** The distributed copy of {@code block}, or null. */
  public V get(MatrixBlock block) {
    expunge();
    return byBlock.get(new Key(block, null));
  }

  /** Records {@code m} as the distributed copy of {@code block}. */
  public void put(MatrixBlock block, V m) {
    expunge();
    byBlock.put(new Key(block, cleared), m);
  }

  public int size() {
    expunge();
    return byBlock.size();
  }

  public void clear() {
    byBlock.clear();
  }

  private void expunge() {
    for (Reference<? extends MatrixBlock> r; (r = cleared.poll()) != null; ) {
      byBlock.remove(r);
    }
  }

  /** A weak identity key. */
  private static final class Key extends WeakReference<MatrixBlock> {
    private final int hash;

    Key(MatrixBlock block, ReferenceQueue<MatrixBlock> queue) {
      super(block, queue);
      this.hash = System.identityHashCode(block);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      if (this == o) {
        return true;
      }
      if (!(o instanceof Key k)) {
        return false;
      }
      MatrixBlock a = get();
      return a != null && a == k.get();
    }
  }
}
