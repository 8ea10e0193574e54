package org.planlab.engine.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.io.RowBlocks;
import org.planlab.datagen.gen.DenseUniform;
import org.planlab.engine.matrix.MatrixBlock;

class AtomicWriteTest {
  @TempDir
  Path dir;

  /** A 5000-row source whose block 3 fails. */
  private static RowBlocks failingAt3(boolean unchecked) {
    DenseUniform g = new DenseUniform(5000, 8, 0, 1, 2);
    return new RowBlocks() {
      @Override
      public long rows() {
        return g.rows();
      }

      @Override
      public int cols() {
        return g.cols();
      }

      @Override
      public MatrixBlock block(int index) throws IOException {
        if (index == 3) {
          if (unchecked) {
            throw new IllegalStateException("generator broke at block 3");
          }
          throw new IOException("disk went away at block 3");
        }
        return g.block(index);
      }
    };
  }

  private List<Path> listing() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }

  @Test
  void aWriterThatFailsMidwayLeavesNoTargetAndNoTemporaries() throws IOException {
    for (MatrixFormat f : MatrixFormat.values()) {
      for (WriteOptions.MmLayout layout : WriteOptions.MmLayout.values()) {
        for (int threads : new int[] {1, 2}) {
          for (boolean unchecked : new boolean[] {false, true}) {
            Path target = dir.resolve("out");
            WriteOptions o = WriteOptions.defaults().withMmLayout(layout);
            Exception e = assertThrows(Exception.class, () -> MatrixFiles.write(
                failingAt3(unchecked), target, f, o, threads, n -> {
                }));
            String what = f + " " + layout + " threads=" + threads;
            assertEquals(unchecked ? "generator broke at block 3" : "disk went away at block 3",
                e.getMessage(), what);
            assertEquals(List.of(), listing(), what);
          }
        }
      }
    }
  }

  @Test
  void aFailedRewriteLeavesTheOldFileAndMtdUntouched() throws IOException {
    Path target = dir.resolve("keep.csv");
    MatrixFiles.write(MatrixBlock.of(new double[][] {{1, 2}}), target, MatrixFormat.CSV,
        WriteOptions.defaults());
    byte[] data = Files.readAllBytes(target);
    byte[] mtd = Files.readAllBytes(MatrixMetadata.pathFor(target));
    assertThrows(IOException.class, () -> MatrixFiles.write(failingAt3(false), target,
        MatrixFormat.CSV, WriteOptions.defaults(), 2, n -> {
        }));
    assertArrayEquals(data, Files.readAllBytes(target));
    assertArrayEquals(mtd, Files.readAllBytes(MatrixMetadata.pathFor(target)));
    assertEquals(2, listing().size());
  }

  @Test
  void aSuccessfulRewriteReplacesFileAndMtd() throws IOException {
    Path target = dir.resolve("x");
    MatrixFiles.write(MatrixBlock.of(new double[][] {{1, 2}}), target, MatrixFormat.CSV,
        WriteOptions.defaults());
    MatrixFiles.write(MatrixBlock.of(new double[][] {{3}, {4}}), target, MatrixFormat.BINARY,
        WriteOptions.defaults());
    assertEquals("2x1", MatrixFiles.read(target).shape());
    assertEquals(List.of(target, MatrixMetadata.pathFor(target)), listing());
  }

  @Test
  void writingIntoAMissingFolderFailsBeforeCreatingAnything() {
    Path target = dir.resolve("no/such/folder/x.csv");
    IOException e = assertThrows(IOException.class, () -> MatrixFiles.write(
        MatrixBlock.scalar(1), target, MatrixFormat.CSV, WriteOptions.defaults()));
    assertEquals(target.getParent().toAbsolutePath() + ": the output folder does not exist",
        e.getMessage());
  }
}
