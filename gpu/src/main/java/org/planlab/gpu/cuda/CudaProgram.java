package org.planlab.gpu.cuda;

import java.util.Objects;

/**
 * One generated CUDA program: its source (the prelude and the kernels) and the names the host
 * launches. Equal operations give equal programs: the name is a hash of the source, so the
 * per-device module cache keyed by source sees one entry per distinct kernel.
 *
 * @param name the main kernel's name; a two-pass kernel's second pass is {@link #finalName()}
 * @param source the CUDA C source, compiled as is by NVRTC (or {@code nvcc})
 * @param slots vector temporaries per row block of a Row operator (0 otherwise)
 */
public record CudaProgram(String name, String source, int slots) {
  public CudaProgram {
    Objects.requireNonNull(name, "name is null");
    Objects.requireNonNull(source, "source is null");
    if (slots < 0) {
      throw new IllegalArgumentException("slots must be >= 0, was " + slots);
    }
  }

  /** The second pass of a two-pass reduction (Cell FULL_AGG, aggregating Row operators). */
  public String finalName() {
    return name + "_final";
  }
}
