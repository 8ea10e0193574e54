package org.planlab.engine.compile.size;

import java.util.List;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.DmlException;

/**
 * Dimension mismatches (and out-of-bounds indexing) that size propagation detected from known
 * sizes at compile time, each reported as {@code FILE:LINE:COL: dimension mismatch in OP: ...}
 * with the offending HOP's position.
 */
public final class DimensionMismatchError extends DmlException {
  public DimensionMismatchError(List<Diagnostic> diagnostics) {
    super(diagnostics);
  }
}
