package org.planlab.engine.codegen.memo;

/**
 * The four templates of the fusion paper (sec. 2.2), in the order used to break ties between
 * equally fused plans: a template that covers more access patterns wins.
 */
public enum TemplateType {
  OUTER("O"), ROW("R"), MAGG("M"), CELL("C");

  private final String letter;

  TemplateType(String letter) {
    this.letter = letter;
  }

  /** The letter of the paper's memo-table figures (C, M, R, O). */
  public String letter() {
    return letter;
  }
}
