package org.planlab.experiment.results;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * A JVM that rewrites one file through {@link AtomicFiles} forever, version v filling every byte
 * with v, announcing each version on stdout before writing it: {@code AtomicRewriter FILE BYTES}.
 */
public final class AtomicRewriter {
  private AtomicRewriter() {
  }

  /** Rewrites {@code args[0]} with {@code args[1]} bytes per version until killed. */
  public static void main(String[] args) {
    Path file = Path.of(args[0]);
    byte[] bytes = new byte[Integer.parseInt(args[1])];
    for (int v = 1; ; v++) {
      Arrays.fill(bytes, (byte) v);
      System.out.println("writing " + v);
      System.out.flush();
      AtomicFiles.write(file, bytes);
    }
  }
}
