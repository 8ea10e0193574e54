package org.planlab.engine.lang.ast;

import java.util.Objects;

/**
 * {@code source("path") as alias}. {@code file} is the path resolved against the importing script's
 * folder (normalized); {@code namespace} the canonical namespace it was loaded under.
 */
public record SourceImport(
    String path, String alias, String file, String namespace, SourcePosition position)
    implements Node {
  public SourceImport {
    Objects.requireNonNull(path, "path is null");
    Objects.requireNonNull(alias, "alias is null");
    Objects.requireNonNull(file, "file is null");
    Objects.requireNonNull(namespace, "namespace is null");
    Objects.requireNonNull(position, "position is null");
  }
}
