package org.planlab.engine.io;

/**
 * One row block already turned into the bytes of its file format (done by worker threads), ready
 * to be appended in row order.
 *
 * @param firstRow global index of the block's first row
 * @param rows rows of the block
 * @param nnz non-zeros of the block
 * @param bytes the encoded block
 * @param segmentEnds for formats that write a block in several places (MatrixMarket array: one
 *     segment per column), the end offset of each segment in {@code bytes}; else null
 */
record Encoded(long firstRow, int rows, long nnz, byte[] bytes, int[] segmentEnds) {
}
