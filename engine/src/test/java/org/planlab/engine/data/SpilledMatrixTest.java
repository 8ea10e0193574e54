package org.planlab.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixMetadata;
import org.planlab.engine.matrix.MatrixBlock;

/** The one protocol of live matrices: acquire, release, export, free. */
class SpilledMatrixTest {
  @TempDir
  Path dir;

  @Test
  void aSpilledMatrixReadsBackExactlyAndFreeDeletesItsFiles() throws Exception {
    MatrixBlock b = MatrixBlock.of(new double[][] {{1.5, 0, -2}, {0, 0, 3.25}});
    SpilledMatrix s = SpilledMatrix.spill(b, dir.resolve("m.bin"));
    assertEquals(2, s.rows());
    assertEquals(3, s.cols());
    assertEquals(3, s.nnz());
    assertEquals(SpilledMatrix.DISK, s.location());
    assertFalse(s.isLocal());
    MatrixBlock back = s.acquireLocal();
    s.release();
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 3; j++) {
        assertEquals(Double.doubleToLongBits(b.get(i, j)), Double.doubleToLongBits(back.get(i, j)));
      }
    }
    s.free();
    assertFalse(Files.exists(dir.resolve("m.bin")));
    assertFalse(Files.exists(MatrixMetadata.pathFor(dir.resolve("m.bin"))));
    UncheckedIOException e = assertThrows(UncheckedIOException.class, s::acquireLocal);
    assertTrue(e.getMessage().startsWith("cannot read the spilled matrix " + dir.resolve("m.bin")),
        e.getMessage());
  }

  @Test
  void everyFormExportsToAFileThatReadsBackTheSame() throws Exception {
    MatrixBlock b = MatrixBlock.of(new double[][] {{1, 2}, {3, 4}});
    MatrixData local = new MatrixValue(b);
    assertTrue(local.isLocal());
    local.export(dir.resolve("a.bin"));
    SpilledMatrix.spill(b, dir.resolve("b.bin")).export(dir.resolve("c.bin"));
    for (String f : new String[] {"a.bin", "c.bin"}) {
      MatrixBlock r = MatrixFiles.read(dir.resolve(f));
      assertEquals(4.0, r.get(1, 1));
      assertEquals(b.nnz(), r.nnz());
    }
  }

  @Test
  void spillingIntoAMissingFolderNamesTheFile() {
    Path bad = dir.resolve("missing/m.bin");
    UncheckedIOException e = assertThrows(UncheckedIOException.class,
        () -> SpilledMatrix.spill(MatrixBlock.of(new double[][] {{1}}), bad));
    assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());
  }
}
