package org.planlab.engine.lineage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The bandwidth the reuse cache weighs spilling with (MEMPHIS sec. 4: spill when recomputing
 * costs more than the I/O): given, or measured once when first asked by writing (with a forced
 * sync) and reading back a file of {@link #PROBE_BYTES} in the temporary folder.
 */
public final class DiskBandwidth {
  /** The size of the measuring file: large enough to pass the disk's write cache. */
  static final int PROBE_BYTES = 32 << 20;

  private volatile double bytesPerSecond;

  private DiskBandwidth(double bytesPerSecond) {
    this.bytesPerSecond = bytesPerSecond;
  }

  /** A fixed bandwidth (tests, or a calibrated profile). */
  public static DiskBandwidth of(double bytesPerSecond) {
    if (!(bytesPerSecond > 0)) {
      throw new IllegalArgumentException("the disk bandwidth must be positive, was "
          + bytesPerSecond);
    }
    return new DiskBandwidth(bytesPerSecond);
  }

  /** Measured on first use. */
  public static DiskBandwidth measured() {
    return new DiskBandwidth(0);
  }

  /** Bytes per second of writing and reading back one file, the slower of the two. */
  public double bytesPerSecond() {
    double b = bytesPerSecond;
    if (b == 0) {
      synchronized (this) {
        if (bytesPerSecond == 0) {
          bytesPerSecond = measure();
        }
        b = bytesPerSecond;
      }
    }
    return b;
  }

  private static double measure() {
    Path f = null;
    try {
      f = Files.createTempFile("planlab-disk-", ".probe");
      ByteBuffer buf = ByteBuffer.allocate(1 << 20);
      long t0 = System.nanoTime();
      try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
        for (int written = 0; written < PROBE_BYTES; written += buf.capacity()) {
          buf.clear();
          while (buf.hasRemaining()) {
            ch.write(buf);
          }
        }
        ch.force(true);
      }
      long write = System.nanoTime() - t0;
      t0 = System.nanoTime();
      try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
        buf.clear();
        while (ch.read(buf) > 0) {
          buf.clear();
        }
      }
      long read = System.nanoTime() - t0;
      return PROBE_BYTES / (Math.max(write, read) / 1e9);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot measure the disk bandwidth for spilling: "
          + e.getMessage(), e);
    } finally {
      if (f != null) {
        try {
          Files.deleteIfExists(f);
        } catch (IOException ignored) {
          // a leftover probe file in the temporary folder harms nothing
        }
      }
    }
  }
}
