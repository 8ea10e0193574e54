package org.planlab.engine.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.io.MatrixRows;
import org.planlab.engine.io.RowBlocks;
import org.planlab.datagen.TestGenerators;
import org.planlab.datagen.gen.DenseNormal;
import org.planlab.datagen.gen.DenseUniform;
import org.planlab.datagen.gen.Generator;
import org.planlab.datagen.gen.SparseUniform;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.random.BlockRandom;
import org.planlab.engine.random.RandomBlocks;

class DeterminismTest {
  @TempDir
  Path dir;

  private int files;

  private Path write(RowBlocks g, MatrixFormat f, WriteOptions o, int threads) throws IOException {
    Path p = dir.resolve("f" + files++);
    MatrixFiles.write(g, p, f, o, threads, n -> {
    });
    return p;
  }

  private static byte[] bytes(Path p) throws IOException {
    return Files.readAllBytes(p);
  }

  @Test
  void sameSeedGivesByteIdenticalFilesAndDifferentSeedDifferentOnes() throws IOException {
    List<Generator> a = TestGenerators.all(21);
    List<Generator> b = TestGenerators.all(21);
    List<Generator> c = TestGenerators.all(22);
    for (int i = 0; i < a.size(); i++) {
      for (MatrixFormat f : MatrixFormat.values()) {
        Path pa = write(a.get(i), f, WriteOptions.defaults(), 1);
        Path pb = write(b.get(i), f, WriteOptions.defaults(), 1);
        Path pc = write(c.get(i), f, WriteOptions.defaults(), 1);
        String what = a.get(i).name() + " as " + f;
        assertArrayEquals(bytes(pa), bytes(pb), what);
        assertArrayEquals(bytes(MatrixMetadata.pathFor(pa)), bytes(MatrixMetadata.pathFor(pb)),
            what + " .mtd");
        assertFalse(Arrays.equals(bytes(pa), bytes(pc)), what + " with another seed");
      }
    }
  }

  @Test
  void oneTwoAndThreeThreadsWriteByteIdenticalFiles() throws IOException {
    List<WriteOptions> layouts = List.of(WriteOptions.defaults(),
        WriteOptions.defaults().withMmLayout(WriteOptions.MmLayout.ARRAY).withHeader(true));
    for (Generator g : TestGenerators.all(8)) {
      for (MatrixFormat f : MatrixFormat.values()) {
        for (WriteOptions o : layouts) {
          byte[] one = bytes(write(g, f, o, 1));
          String what = g.name() + " as " + f + " " + o.mmLayout();
          assertArrayEquals(one, bytes(write(g, f, o, 2)), what + ", 2 threads");
          assertArrayEquals(one, bytes(write(g, f, o, 3)), what + ", 3 threads");
        }
      }
    }
  }

  @Test
  void randomGeneratorFilesEqualRandomBlocksAssembled() throws IOException {
    long rows = 3210;
    int cols = 13;
    long seed = 99;
    record Case(Generator g, double sparsity, RandomBlocks.Distribution d, double a, double b) {
    }
    for (Case c : List.of(
        new Case(new DenseUniform(rows, cols, -3, 5, seed), 1, RandomBlocks.Distribution.UNIFORM, -3, 5),
        new Case(new DenseNormal(rows, cols, 1, 2, seed), 1, RandomBlocks.Distribution.NORMAL, 1, 2),
        new Case(new SparseUniform(rows, cols, 0.07, 0, 1, seed), 0.07,
            RandomBlocks.Distribution.UNIFORM, 0, 1))) {
      List<MatrixBlock> blocks = new ArrayList<>();
      for (int i = 0; i < BlockRandom.blockCount(rows); i++) {
        int br = (int) Math.min(BlockRandom.ROWS_PER_BLOCK, rows - (long) i * BlockRandom.ROWS_PER_BLOCK);
        blocks.add(RandomBlocks.block(seed, i, br, cols, c.sparsity(), c.d(), c.a(), c.b()));
      }
      MatrixBlock expected = MatrixRows.rbind(blocks, cols);
      for (MatrixFormat f : MatrixFormat.values()) {
        TestMatrices.assertClose(expected, MatrixFiles.read(write(c.g(), f,
            WriteOptions.defaults(), 2)), 0, c.g().name() + " as " + f);
      }
    }
  }
}
