package org.planlab.engine.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.planlab.engine.io.RowBlocks;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * Produces and encodes row blocks on a small pool of threads and appends them in row order.
 * Blocks are independent and encoding is pure, so the output is byte-identical for any number of
 * threads. At most {@code 2 * threads} blocks are in flight, which bounds memory.
 *
 * <p>This is I/O-bound streaming with a bounded window, not a kernel: it uses its own executor
 * rather than the engine's {@code KernelPool}, whose calls run a whole batch to completion.
 */
final class BlockPipeline {
  private BlockPipeline() {
  }

  /** Writes all blocks of {@code source} through {@code writer} and commits; closes the writer. */
  static WriteResult run(RowBlocks source, BlockFileWriter writer, int threads,
      LongConsumer rowsDone) throws IOException {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, was " + threads);
    }
    try (writer) {
      int n = source.blockCount();
      if (threads == 1 || n <= 1) {
        for (int i = 0; i < n; i++) {
          Encoded e = produce(source, writer, i);
          writer.append(e);
          rowsDone.accept(e.firstRow() + e.rows());
        }
      } else {
        runParallel(source, writer, threads, n, rowsDone);
      }
      return writer.commit();
    }
  }

  private static void runParallel(RowBlocks source, BlockFileWriter writer, int threads, int n,
      LongConsumer rowsDone) throws IOException {
    AtomicInteger ids = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "planlab-datagen-" + ids.getAndIncrement());
      t.setDaemon(true);
      return t;
    });
    try {
      ArrayDeque<Future<Encoded>> window = new ArrayDeque<>();
      int next = 0;
      while (next < n && window.size() < 2 * threads) {
        window.add(submit(pool, source, writer, next++));
      }
      while (!window.isEmpty()) {
        Encoded e = await(window.poll());
        if (next < n) {
          window.add(submit(pool, source, writer, next++));
        }
        writer.append(e);
        rowsDone.accept(e.firstRow() + e.rows());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static Future<Encoded> submit(ExecutorService pool, RowBlocks source,
      BlockFileWriter writer, int index) {
    return pool.submit(() -> produce(source, writer, index));
  }

  private static Encoded produce(RowBlocks source, BlockFileWriter writer, int index)
      throws IOException {
    MatrixBlock b = source.block(index);
    if (b.rows() != source.blockRows(index) || b.cols() != source.cols()) {
      throw new IllegalStateException("row block " + index + " is " + b.shape() + ", expected "
          + source.blockRows(index) + "x" + source.cols());
    }
    return writer.encode(b, (long) index * source.rowsPerBlock());
  }

  private static Encoded await(Future<Encoded> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while generating blocks");
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof IOException io) {
        throw io;
      }
      if (c instanceof RuntimeException re) {
        throw re;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new IOException(c);
    }
  }
}
