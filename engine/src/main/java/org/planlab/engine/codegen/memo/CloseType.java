package org.planlab.engine.codegen.memo;

/** The close status of a memo-table entry (fusion paper, sec. 3.1). */
public enum CloseType {
  /** Can be extended by consumers, and is a valid fused operator on its own. */
  OPEN_VALID,
  /** Can be extended by consumers, but is not a valid operator on its own (an invalid entry point). */
  OPEN_INVALID,
  /** Complete (e.g. after an aggregation) and valid. */
  CLOSED_VALID,
  /** Complete and invalid; such entries are removed during exploration. */
  CLOSED_INVALID;

  public boolean isOpen() {
    return this == OPEN_VALID || this == OPEN_INVALID;
  }

  public boolean isValid() {
    return this == OPEN_VALID || this == CLOSED_VALID;
  }
}
