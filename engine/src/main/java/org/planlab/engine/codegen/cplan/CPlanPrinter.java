package org.planlab.engine.codegen.cplan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A one-line, readable form of a CPlan for explain output, e.g.
 * {@code CELL FULL_AGG sum: a * b0 * b1} or {@code ROW COL_AGG_T: t(a) %*% (b0[i] * (a . b1))}.
 * Inputs: {@code a} the main input (cell, or row as a vector), {@code bK} side input K (at the
 * cell; {@code bK[i]} per row, {@code bK[j]} per column, {@code bK[i,]} its row as a vector),
 * {@code sK} scalar input K, {@code u}/{@code v} the rows of U and V of an Outer operator;
 * {@code x[sK +c]} the c columns of row vector x from column sK on.
 */
public final class CPlanPrinter {
  private CPlanPrinter() {
  }

  public static String format(CPlan plan) {
    if (plan instanceof CPlan.Cell c) {
      String agg = c.type() == org.planlab.engine.codegen.runtime.CellType.NO_AGG ? ""
          : " " + c.agg().name().toLowerCase(Locale.ROOT);
      return "CELL " + c.type() + agg + (c.sparseSafe() ? " sparse-safe" : "") + ": "
          + node(c.out());
    } else if (plan instanceof CPlan.MAgg m) {
      List<String> parts = new ArrayList<>();
      for (int i = 0; i < m.outs().size(); i++) {
        parts.add(m.aggs().get(i).name().toLowerCase(Locale.ROOT) + "(" + node(m.outs().get(i))
            + ")");
      }
      return "MAGG" + (m.sparseSafe() ? " sparse-safe" : "") + ": " + String.join(", ", parts);
    } else if (plan instanceof CPlan.Row r) {
      return "ROW " + r.type() + ": " + node(r.out());
    }
    CPlan.Outer o = (CPlan.Outer) plan;
    return "OUTER " + o.type() + ": " + node(o.out());
  }

  private static String node(CNode n) {
    if (n instanceof CNode.Data d) {
      return switch (d.access()) {
        case MAIN -> "a";
        case SIDE_CELL -> "b" + d.index();
        case SIDE_COL -> "b" + d.index() + "[i]";
        case SIDE_ROW -> "b" + d.index() + "[j]";
        case SIDE_SCALAR -> "b" + d.index() + "[1,1]";
        case SCALAR -> "s" + d.index();
        case SIDE_ROW_VECTOR -> "b" + d.index() + "[i,]";
        case SIDE_VECTOR -> "b" + d.index() + "[*]";
        case SIDE_MATRIX -> "b" + d.index();
        case OUTER_U -> "u";
        case OUTER_V -> "v";
      };
    } else if (n instanceof CNode.Unary u) {
      return u.op().symbol() + "(" + node(u.in()) + ")";
    } else if (n instanceof CNode.Binary b) {
      String sym = b.op().symbol();
      return Character.isLetter(sym.charAt(0))
          ? sym + "(" + node(b.left()) + ", " + node(b.right()) + ")"
          : "(" + node(b.left()) + " " + sym + " " + node(b.right()) + ")";
    } else if (n instanceof CNode.IfElse f) {
      return "ifelse(" + node(f.cond()) + ", " + node(f.yes()) + ", " + node(f.no()) + ")";
    } else if (n instanceof CNode.VectorAgg a) {
      return "row" + a.op().name().toLowerCase(Locale.ROOT) + "(" + node(a.in()) + ")";
    } else if (n instanceof CNode.Dot d) {
      return "(" + node(d.left()) + " . " + node(d.right()) + ")";
    } else if (n instanceof CNode.MatVec mv) {
      return "(" + node(mv.row()) + " %*% b" + mv.side() + ")";
    } else if (n instanceof CNode.Slice x) {
      return node(x.in()) + "[" + node(x.from()) + " +" + x.columns() + "]";
    } else if (n instanceof CNode.Concat c) {
      return "cbind(" + String.join(", ", c.parts().stream().map(CPlanPrinter::node).toList())
          + ")";
    } else if (n instanceof CNode.Repeat r) {
      return "rep(" + node(r.value()) + ", " + r.columns() + ")";
    }
    CNode.OuterAdd o = (CNode.OuterAdd) n;
    return "t(" + node(o.left()) + ") %*% " + node(o.right());
  }
}
