package org.planlab.engine.lang;

import java.util.List;

/**
 * The program could not be read: syntax errors, malformed constructs (e.g. a nested function
 * definition), missing command-line arguments, unreadable or cyclic {@code source} files.
 */
public final class DmlSyntaxException extends DmlException {
  public DmlSyntaxException(List<Diagnostic> diagnostics) {
    super(diagnostics);
  }
}
