package org.planlab.engine.kernels;

import static org.planlab.engine.kernels.ElementwiseSupport.vectorValues;

import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * The DNN builtins {@code bias_add(X, b)} and {@code bias_multiply(X, b)} as SystemDS 3.3.0: X
 * holds N images of C channels of H*W pixels, one image per row, channel-major (N x C*H*W); b is
 * C x 1 and its c-th value is added to (multiplied with) the c-th block of H*W columns.
 */
public final class BiasKernels {
  private BiasKernels() {
  }

  public static MatrixBlock biasAdd(MatrixBlock x, MatrixBlock b) {
    return apply("bias_add", x, b, false);
  }

  public static MatrixBlock biasMultiply(MatrixBlock x, MatrixBlock b) {
    return apply("bias_multiply", x, b, true);
  }

  private static MatrixBlock apply(String op, MatrixBlock x, MatrixBlock b, boolean multiply) {
    int channels = b.rows();
    if (b.cols() != 1 || channels == 0 || x.cols() % channels != 0) {
      throw DimensionMismatchException.of(op, x, b,
          "b must be a C x 1 column with C dividing the columns of X (N x C*H*W)");
    }
    int rows = x.rows();
    int cols = x.cols();
    int pixels = cols / channels;
    double[] bias = vectorValues(b);
    double[][] in = x.toArray();
    MatrixBlock out = MatrixBlock.dense(rows, cols);
    double[] c = out.denseValues();
    for (int i = 0; i < rows; i++) {
      double[] row = in[i];
      int base = i * cols;
      for (int ch = 0; ch < channels; ch++) {
        double v = bias[ch];
        int from = ch * pixels;
        if (multiply) {
          for (int j = from; j < from + pixels; j++) {
            c[base + j] = row[j] * v;
          }
        } else {
          for (int j = from; j < from + pixels; j++) {
            c[base + j] = row[j] + v;
          }
        }
      }
    }
    out.recomputeNonZeros();
    return out.examSparsity();
  }
}
