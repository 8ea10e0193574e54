package org.planlab.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Scratch folders: a backend's (checkpoints), created per backend and deleted with it, and the
 * one of the jars packed for executors ({@link SparkContexts#jarFolder()}).
 */
final class Scratch {
  private Scratch() {
  }

  static Path create() {
    try {
      return Files.createTempDirectory("planlab-spark-");
    } catch (IOException e) {
      throw new IllegalStateException("cannot create a scratch folder for the Spark backend: "
          + e.getMessage(), e);
    }
  }

  /** Deletes the folder and everything below it; what cannot be deleted stays. */
  static void delete(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // leftover temporary files are harmless; the folder is under the system's temp folder
    }
  }
}
