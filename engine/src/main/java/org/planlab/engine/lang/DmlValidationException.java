package org.planlab.engine.lang;

import java.util.List;

/**
 * The program parses but is not valid DML: undefined variables, unknown functions, wrong arguments,
 * type errors, dimension mismatches between literal sizes.
 */
public final class DmlValidationException extends DmlException {
  public DmlValidationException(List<Diagnostic> diagnostics) {
    super(diagnostics);
  }
}
