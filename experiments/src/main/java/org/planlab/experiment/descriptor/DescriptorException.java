package org.planlab.experiment.descriptor;

/**
 * An experiment descriptor the loader rejects. The message is the one line a user sees:
 * {@code FILE[:LINE:COL]: key 'dotted.key': what is wrong}, listing the valid names when a name
 * is unknown.
 */
public final class DescriptorException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** An exception with the complete user-facing message. */
  public DescriptorException(String message) {
    super(message);
  }
}
