package org.planlab.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.planlab.engine.kernels.BindKernels;
import org.planlab.engine.kernels.IndexingKernels;
import org.planlab.engine.matrix.MatrixBlock;
import scala.Tuple2;

/**
 * Cutting local matrices into blocks and putting blocks back together (Spark paper, sec. 4.1,
 * "reblock"), and moving cells between block grids when a range of a matrix lands at another
 * offset (indexing, cbind/rbind): a source block is cut into the {@link Piece}s that fall into
 * each target block, and a target block is assembled from its pieces. Pure functions over
 * blocks, run in the driver and on executors.
 */
public final class Blocks {
  private Blocks() {
  }

  /** Every block of {@code m} in the geometry {@code g} (its dims must be m's). */
  public static List<Tuple2<BlockIndex, MatrixBlock>> split(MatrixBlock m, BlockGeometry g) {
    if (m.rows() != g.rows() || m.cols() != g.cols()) {
      throw new IllegalArgumentException("a " + m.shape() + " block does not have the dims of "
          + g);
    }
    List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>((int) g.blocks());
    int b = g.size();
    for (long i = 0; i < g.blockRows(); i++) {
      for (long j = 0; j < g.blockCols(); j++) {
        int r0 = (int) (i * b);
        int c0 = (int) (j * b);
        MatrixBlock part = g.blocks() == 1 ? m
            : IndexingKernels.slice(m, r0, r0 + g.rowsOf(i), c0, c0 + g.colsOf(j));
        out.add(new Tuple2<>(new BlockIndex(i, j), part));
      }
    }
    return out;
  }

  /**
   * The local matrix of geometry {@code g} from all its blocks (in any order).
   *
   * @throws IllegalStateException when a block is missing, duplicated or of the wrong shape
   */
  public static MatrixBlock assemble(BlockGeometry g, List<Tuple2<BlockIndex, MatrixBlock>> blocks) {
    Map<BlockIndex, MatrixBlock> byIndex = new TreeMap<>();
    for (Tuple2<BlockIndex, MatrixBlock> t : blocks) {
      check(g, t._1(), t._2());
      if (byIndex.put(t._1(), t._2()) != null) {
        throw new IllegalStateException("block " + t._1() + " of a " + g + " occurs twice");
      }
    }
    if (byIndex.size() != g.blocks()) {
      throw new IllegalStateException("a " + g + " has " + g.blocks() + " blocks, got "
          + byIndex.size());
    }
    if (g.blocks() == 1) {
      return byIndex.values().iterator().next();
    }
    if (g.rows() == 0 || g.cols() == 0) {
      return MatrixBlock.empty((int) g.rows(), (int) g.cols());
    }
    List<MatrixBlock> rowsOfBlocks = new ArrayList<>();
    for (long i = 0; i < g.blockRows(); i++) {
      List<MatrixBlock> row = new ArrayList<>();
      for (long j = 0; j < g.blockCols(); j++) {
        row.add(byIndex.get(new BlockIndex(i, j)));
      }
      rowsOfBlocks.add(row.size() == 1 ? row.get(0) : BindKernels.cbind(row));
    }
    return rowsOfBlocks.size() == 1 ? rowsOfBlocks.get(0) : BindKernels.rbind(rowsOfBlocks);
  }

  /** Checks that {@code block} has the shape of block {@code idx} in {@code g}. */
  public static void check(BlockGeometry g, BlockIndex idx, MatrixBlock block) {
    if (idx.row() < 0 || idx.row() >= g.blockRows() || idx.col() < 0
        || idx.col() >= g.blockCols()) {
      throw new IllegalStateException("block " + idx + " is outside a " + g);
    }
    if (block.rows() != g.rowsOf(idx.row()) || block.cols() != g.colsOf(idx.col())) {
      throw new IllegalStateException("block " + idx + " of a " + g + " is " + block.shape()
          + ", expected " + g.rowsOf(idx.row()) + "x" + g.colsOf(idx.col()));
    }
  }

  /** Part of a target block: {@code block} belongs at ({@code row}, {@code col}) inside it. */
  public record Piece(MatrixBlock block, int row, int col) implements Serializable {
  }

  /**
   * The pieces of a range of a source block that land in target blocks: the cells
   * [r0, r1) x [c0, c1) of {@code src} (local coordinates) move to global cell
   * ({@code destRow}, {@code destCol}) of a matrix of geometry {@code target}, and are cut at the
   * target's block borders.
   */
  public static List<Tuple2<BlockIndex, Piece>> pieces(MatrixBlock src, int r0, int r1, int c0,
      int c1, long destRow, long destCol, BlockGeometry target) {
    List<Tuple2<BlockIndex, Piece>> out = new ArrayList<>(4);
    int b = target.size();
    long rowEnd = destRow + (r1 - r0);
    long colEnd = destCol + (c1 - c0);
    for (long gr = destRow; gr < rowEnd; gr = (gr / b + 1) * b) {
      long grEnd = Math.min(rowEnd, (gr / b + 1) * b);
      for (long gc = destCol; gc < colEnd; gc = (gc / b + 1) * b) {
        long gcEnd = Math.min(colEnd, (gc / b + 1) * b);
        int sr = (int) (r0 + gr - destRow);
        int sc = (int) (c0 + gc - destCol);
        MatrixBlock part = IndexingKernels.slice(src, sr, sr + (int) (grEnd - gr), sc,
            sc + (int) (gcEnd - gc));
        out.add(new Tuple2<>(new BlockIndex(gr / b, gc / b),
            new Piece(part, (int) (gr % b), (int) (gc % b))));
      }
    }
    return out;
  }

  /** Target block {@code idx} of {@code g} from its pieces (cells no piece covers are 0). */
  public static MatrixBlock fromPieces(BlockGeometry g, BlockIndex idx, Iterable<Piece> pieces) {
    int rows = g.rowsOf(idx.row());
    int cols = g.colsOf(idx.col());
    MatrixBlock out = null;
    for (Piece p : pieces) {
      if (out == null && p.row() == 0 && p.col() == 0 && p.block().rows() == rows
          && p.block().cols() == cols) {
        return p.block();
      }
      if (out == null) {
        out = MatrixBlock.empty(rows, cols);
      }
      out = IndexingKernels.leftIndex(out, p.block(), p.row(), p.col());
    }
    return out == null ? MatrixBlock.empty(rows, cols) : out;
  }
}
