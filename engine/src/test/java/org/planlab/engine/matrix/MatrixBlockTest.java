package org.planlab.engine.matrix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

class MatrixBlockTest {

  @Test
  void setAndGetKeepNnzCorrectInBothFormats() {
    for (boolean sparse : new boolean[] {false, true}) {
      MatrixBlock m = MatrixBlock.empty(4, 5, sparse);
      m.set(1, 2, 3.0);
      m.set(3, 4, -1.0);
      m.set(1, 2, 4.0);
      assertEquals(2, m.nnz());
      m.set(3, 4, 0.0);
      assertEquals(1, m.nnz());
      assertEquals(4.0, m.get(1, 2));
      assertEquals(0.0, m.get(3, 4));
      assertEquals(sparse, m.isSparse());
    }
  }

  @Test
  void sparseSetInsertsOutOfOrderAndKeepsColumnsSorted() {
    MatrixBlock m = MatrixBlock.sparse(2, 10);
    m.set(0, 7, 1);
    m.set(0, 2, 2);
    m.set(0, 5, 3);
    SparseBlock sb = m.sparseRows();
    int[] ix = java.util.Arrays.copyOfRange(sb.indexes(0), sb.pos(0), sb.pos(0) + sb.size(0));
    assertArrayEquals(new int[] {2, 5, 7}, ix);
    assertEquals(3, m.nnz());
  }

  @Test
  void conversionsPreserveValuesAndNnz() {
    for (TestMatrices.Case c : TestMatrices.sweep(11)) {
      MatrixBlock m = c.block();
      MatrixBlock d = m.copy().toDenseInPlace();
      MatrixBlock s = m.copy().toSparseInPlace();
      TestMatrices.assertClose(m, d, 0, c + " to dense");
      TestMatrices.assertClose(m, s, 0, c + " to sparse");
      assertTrue(s.sparseRows() instanceof SparseBlockCSR || s.nnz() == 0, c.name());
      assertEquals(m.nnz(), d.nnz(), c.name());
      assertEquals(m.nnz(), s.nnz(), c.name());
    }
  }

  @Test
  void sweepKeepsTheColumnCountOfZeroRowMatrices() {
    MatrixBlock m = TestMatrices.random(0, 5, 1.0, 1, false);
    assertEquals("0x5", m.shape());
    assertEquals("0x5", TestMatrices.random(0, 5, 1.0, 1, true).shape());
  }

  @Test
  void formatRulePicksSparseOnlyForSparseWideMatrices() {
    assertTrue(MatrixBlock.preferSparse(1000, 1000, 10_000));
    assertFalse(MatrixBlock.preferSparse(1000, 1000, 500_000));
    assertFalse(MatrixBlock.preferSparse(1000, 1, 10), "column vectors stay dense");
    MatrixBlock m = TestMatrices.random(200, 100, 0.01, 3, false).examSparsity();
    assertTrue(m.isSparse());
    MatrixBlock d = TestMatrices.random(200, 100, 0.9, 3, true).examSparsity();
    assertFalse(d.isSparse());
  }

  @Test
  void serializationRoundTripsEveryFormAndCountsBytesExactly() throws IOException {
    for (TestMatrices.Case c : TestMatrices.sweep(5)) {
      MatrixBlock m = c.block();
      ByteArrayOutputStream bos = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(bos)) {
        m.write(out);
        out.writeInt(0xCAFE); // the reader must not consume past its block
      }
      assertEquals(m.serializedSize() + 4, bos.size(), c.name());
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(bos.toByteArray()));
      MatrixBlock back = MatrixBlock.read(in);
      assertEquals(0xCAFE, in.readInt(), c.name());
      TestMatrices.assertClose(m, back, 0, c.name());
    }
  }

  @Test
  void serializerChoosesUltraSparseForVerySparseAndDenseForDense() {
    MatrixBlock ultra = MatrixBlock.sparse(1000, 1000);
    ultra.set(5, 5, 1);
    assertEquals(MatrixBlockSerializer.ULTRA_SPARSE, MatrixBlockSerializer.formOf(ultra));
    MatrixBlock dense = TestMatrices.random(50, 50, 1.0, 1, true);
    assertEquals(MatrixBlockSerializer.DENSE, MatrixBlockSerializer.formOf(dense));
    MatrixBlock sparse = TestMatrices.random(100, 100, 0.1, 1, false);
    assertEquals(MatrixBlockSerializer.SPARSE, MatrixBlockSerializer.formOf(sparse));
    assertEquals(MatrixBlockSerializer.EMPTY, MatrixBlockSerializer.formOf(MatrixBlock.dense(3, 3)));
  }

  @Test
  void externalizableRoundTrip() throws Exception {
    MatrixBlock m = TestMatrices.random(40, 30, 0.2, 9, true);
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bos)) {
      out.writeObject(m);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) {
      MatrixBlock back = (MatrixBlock) in.readObject();
      assertEquals(m, back);
    }
  }

  @Test
  void aDenseBlockDecodesStraightIntoAnArrayAndItsHeaderIsChecked() throws IOException {
    MatrixBlock m = TestMatrices.random(6, 4, 0.7, 3, true);
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bos)) {
      m.write(out);
    }
    byte[] b = new byte[bos.size() + 3];
    System.arraycopy(bos.toByteArray(), 0, b, 3, bos.size());
    assertTrue(MatrixBlockSerializer.isDense(b, 3));
    double[] a = new double[2 + 24];
    assertEquals(m.nnz(), MatrixBlockSerializer.decodeDenseInto(b, 3, bos.size(), 6, 4, a, 2));
    for (int i = 0; i < 24; i++) {
      assertEquals(m.get(i / 4, i % 4), a[2 + i], "cell " + i);
    }
    IOException dims = assertThrows(IOException.class,
        () -> MatrixBlockSerializer.decodeDenseInto(b, 3, bos.size(), 4, 6, a, 0));
    assertEquals("matrix block is 6x4, expected 4x6", dims.getMessage());
    b[3 + 15] ^= 1; // the header's nnz, low byte
    IOException nnz = assertThrows(IOException.class,
        () -> MatrixBlockSerializer.decodeDenseInto(b, 3, bos.size(), 6, 4, a, 0));
    assertEquals("corrupt matrix block: header says nnz=" + (m.nnz() ^ 1) + " but the data "
        + "holds " + m.nnz() + " non-zeros", nnz.getMessage());
    assertFalse(MatrixBlockSerializer.isDense(new byte[] {0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 0,
        0, 0, 0, 1, MatrixBlockSerializer.SPARSE}, 0));
  }

  @Test
  void corruptHeaderIsAnIOException() {
    byte[] bad = {0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 9, 1};
    IOException e = assertThrows(IOException.class,
        () -> MatrixBlock.read(new DataInputStream(new ByteArrayInputStream(bad))));
    assertTrue(e.getMessage().contains("nnz=9"), e.getMessage());
  }

  @Test
  void denseBlocksOverTheCellLimitAreAClearError() {
    MatrixSizeException e = assertThrows(MatrixSizeException.class,
        () -> MatrixBlock.dense(100_000, 100_000));
    assertTrue(e.getMessage().contains("100000x100000"), e.getMessage());
    assertTrue(e.getMessage().contains("2^31-1"), e.getMessage());
    assertThrows(MatrixSizeException.class, () -> MatrixBlock.empty(-1, 3));
    // a huge but empty sparse block is fine
    assertEquals(0, MatrixBlock.empty(100_000, 100_000).nnz());
  }

  @Test
  void outOfBoundsCellAccessNamesTheCellAndShape() {
    MatrixBlock m = MatrixBlock.dense(2, 3);
    IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> m.get(2, 0));
    assertTrue(e.getMessage().contains("(2, 0)") && e.getMessage().contains("2x3"), e.getMessage());
  }

  @Test
  void comparisonHonoursToleranceAndNaN() {
    MatrixBlock a = MatrixBlock.of(new double[][] {{1, Double.NaN, Double.POSITIVE_INFINITY}});
    MatrixBlock b = MatrixBlock.of(new double[][] {{1 + 1e-13, Double.NaN, Double.POSITIVE_INFINITY}});
    assertTrue(MatrixComparison.approxEquals(a, b, 1e-12, 0));
    assertFalse(MatrixComparison.approxEquals(a, b, 1e-14, 0));
    assertFalse(a.equals(b));
  }
}
