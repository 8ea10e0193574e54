package org.planlab.engine.codegen.construct;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.planlab.engine.codegen.construct.OperatorPlanner.Operator;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CNode.Access;
import org.planlab.engine.codegen.cplan.CNode.Data;
import org.planlab.engine.codegen.cplan.CNode.VecLen;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.codegen.template.Shapes;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;

/**
 * CPlan construction (fusion paper, sec. 2.2 and 4.4): translates the HOPs an operator covers
 * into {@link CNode}s with the template's data binding, chooses the main input (for Cell and
 * MAgg the sparse driver that makes the operator sparse-safe, if any), and applies the
 * low-level simplifications of sec. 4.4 — common subexpressions are shared because each
 * covered HOP is translated once, and {@code (X != 0) *} disappears from an Outer operator that
 * only visits the non-zeros of X. Literals become scalar inputs, so plans differing only in
 * constants share one compiled class.
 */
public final class CPlanBuilder {
  private final MemoTable memo;
  private final TemplateType type;
  private final Map<Hop, MemoEntry> covered = new IdentityHashMap<>();
  private final List<Hop> sides = new ArrayList<>();
  private final List<Hop> scalars = new ArrayList<>();
  private final Map<Hop, Integer> sideIndex = new IdentityHashMap<>();
  private final Map<Hop, Integer> scalarIndex = new IdentityHashMap<>();
  private final Map<Hop, CNode> inlined = new IdentityHashMap<>();
  private Hop main;
  private DataCharacteristics cells;
  private long rowCount;
  private Hop outerProduct;
  private Hop droppedIndicator;

  private CPlanBuilder(MemoTable memo, TemplateType type) {
    this.memo = memo;
    this.type = type;
  }

  /** The CPlan of one Cell, Row or Outer operator. */
  public static BuiltOperator build(Operator op, MemoTable memo) {
    CPlanBuilder b = new CPlanBuilder(memo, op.type());
    b.covered.putAll(op.covered());
    return switch (op.type()) {
      case CELL -> b.cell(op);
      case ROW -> b.row(op);
      case OUTER -> b.outer(op);
      case MAGG -> throw new PlanConstructionException("MAgg operators combine Cell operators");
    };
  }

  /** The CPlan of a multi-aggregate over the given Cell full aggregates (sec. 2.2). */
  public static BuiltOperator buildMultiAggregate(List<Operator> ops, MemoTable memo) {
    CPlanBuilder b = new CPlanBuilder(memo, TemplateType.MAGG);
    List<Hop> roots = new ArrayList<>();
    int operations = 0;
    for (Operator op : ops) {
      if (!isFullAggregate(op.root())) {
        throw new PlanConstructionException("only full aggregates form a multi-aggregate");
      }
      b.covered.putAll(op.covered());
      roots.add(op.root());
      operations += op.operations();
    }
    b.cells = Shapes.dims(ops.get(0).root().input(0), memo);
    // any input spanning the cells may drive the loop; the others are read as side inputs
    List<Hop> candidates = new ArrayList<>();
    for (Operator op : ops) {
      for (Hop c : b.mainCandidates(op)) {
        if (!candidates.contains(c)) {
          candidates.add(c);
        }
      }
    }
    b.main = b.chooseDriver(candidates, ops);
    boolean sparseSafe = true;
    for (Operator op : ops) {
      sparseSafe &= b.zeroWhereMainIs(op.root().input(0), op.entry().isRef(0));
    }
    List<CNode> outs = new ArrayList<>();
    List<AggregateOp> aggs = new ArrayList<>();
    for (Operator op : ops) {
      outs.add(b.child(op.root(), op.entry(), 0));
      aggs.add(Shapes.aggregate(op.root()).op());
    }
    CPlan plan = new CPlan.MAgg(outs, aggs, sparseSafe, b.sides.size(), b.scalars.size());
    return new BuiltOperator(plan, roots, b.main, b.sides, b.scalars, false, operations);
  }

  static boolean isFullAggregate(Hop h) {
    return Shapes.isFusedAggregate(h) && Shapes.aggregate(h).direction() == Direction.FULL;
  }

  // ---------------------------------------------------------------- Cell

  private BuiltOperator cell(Operator op) {
    Hop root = op.root();
    boolean agg = Shapes.isFusedAggregate(root);
    cells = Shapes.dims(agg ? root.input(0) : root, memo);
    if (cells == null) {
      throw new PlanConstructionException("Cell operator with unknown dims");
    }
    main = chooseDriver(mainCandidates(op), List.of(op));
    boolean sparseSafe = agg ? zeroWhereMainIs(root.input(0), op.entry().isRef(0))
        : zeroWhereMainIs(root, true);
    CNode out;
    CellType cellType;
    AggregateOp aggOp = AggregateOp.SUM;
    if (agg) {
      HopParam.Aggregate a = Shapes.aggregate(root);
      aggOp = a.op();
      cellType = switch (a.direction()) {
        case FULL -> CellType.FULL_AGG;
        case ROW -> CellType.ROW_AGG;
        case COL -> CellType.COL_AGG;
      };
      out = child(root, op.entry(), 0);
    } else {
      cellType = CellType.NO_AGG;
      out = inline(root);
    }
    CPlan plan = new CPlan.Cell(out, cellType, aggOp, sparseSafe, sides.size(), scalars.size());
    return new BuiltOperator(plan, List.of(root), main, sides, scalars, false, op.operations());
  }

  /** Materialized inputs spanning the iteration space. */
  private List<Hop> mainCandidates(Operator op) {
    List<Hop> out = new ArrayList<>();
    for (Hop in : op.inputs()) {
      if (in.isMatrix() && Shapes.sameDims(Shapes.dims(in, memo), cells)) {
        out.add(in);
      }
    }
    if (out.isEmpty()) {
      throw new PlanConstructionException("no input spans the iteration space");
    }
    return out;
  }

  /**
   * The main input: among the candidates that make every operator sparse-safe, the sparsest
   * (known nnz); otherwise the first candidate (dense iteration).
   */
  private Hop chooseDriver(List<Hop> candidates, List<Operator> ops) {
    Hop best = null;
    double bestSparsity = 2;
    for (Hop c : candidates) {
      main = c;
      boolean safe = true;
      for (Operator op : ops) {
        Hop r = op.root();
        safe &= Shapes.isFusedAggregate(r) ? zeroWhereMainIs(r.input(0), op.entry().isRef(0))
            : zeroWhereMainIs(r, true);
      }
      if (safe) {
        double sp = memo.size(c).sparsityOrDense();
        if (sp < bestSparsity) {
          best = c;
          bestSparsity = sp;
        }
      }
    }
    main = null;
    return best != null ? best : candidates.get(0);
  }

  /**
   * Whether {@code h} is 0 in every cell where the main input is 0 (and so the operator may
   * skip those cells): multiply/and with such an operand; sparse-safe binary operations of two
   * such operands or of one and a literal that keeps 0 (e.g. {@code X^2}, {@code X/2});
   * sparse-safe unary functions of one. Decided on the HOPs, where literals are still known.
   */
  private boolean zeroWhereMainIs(Hop h, boolean inlinedHere) {
    if (!inlinedHere || !covered.containsKey(h)) {
      return h == main;
    }
    MemoEntry e = covered.get(h);
    switch (h.op()) {
      case UNARY -> {
        return h.param(HopParam.Unary.class).op().sparseSafe()
            && zeroWhereMainIs(h.input(0), e.isRef(0));
      }
      case BINARY -> {
        BinaryOp op = h.param(HopParam.Binary.class).op();
        boolean l = zeroWhereMainIs(h.input(0), e.isRef(0));
        boolean r = zeroWhereMainIs(h.input(1), e.isRef(1));
        if (op.intersectsNonZeros() && (l || r)) {
          return true;
        }
        OptionalDouble lit0 = h.input(0).numericLiteral();
        OptionalDouble lit1 = h.input(1).numericLiteral();
        if (r && lit0.isPresent()) {
          return op.sparseSafeWithScalar(lit0.getAsDouble(), true);
        }
        if (l && lit1.isPresent()) {
          return op.sparseSafeWithScalar(lit1.getAsDouble(), false);
        }
        return op.sparseSafe() && l && r;
      }
      default -> {
        return false;
      }
    }
  }


  // ---------------------------------------------------------------- Row

  private BuiltOperator row(Operator op) {
    Hop root = op.root();
    boolean colAggT = root.op() == OpCode.MATMULT && Shapes.isTranspose(root.input(0));
    Hop space = colAggT ? root.input(0).input(0)
        : root.op() == OpCode.AGGREGATE ? root.input(0) : root;
    DataCharacteristics d = Shapes.dims(space, memo);
    if (d == null) {
      throw new PlanConstructionException("Row operator with unknown dims");
    }
    rowCount = d.rows();
    main = rowMain(op);
    CNode out;
    RowType rowType;
    if (colAggT) {
      // t(A) %*% B accumulated row by row; A is read through its (fused) transpose
      rowType = RowType.COL_AGG_T;
      Hop t = root.input(0);
      out = new CNode.OuterAdd(child(t, covered.get(t), 0), child(root, op.entry(), 1));
    } else if (root.op() == OpCode.AGGREGATE && Shapes.aggregate(root).direction()
        != Direction.ROW) {
      HopParam.Aggregate a = Shapes.aggregate(root);
      if (a.op() != AggregateOp.SUM && a.op() != AggregateOp.SUM_SQ) {
        throw new PlanConstructionException("Row column/full aggregates are sums only");
      }
      CNode in = child(root, op.entry(), 0);
      if (a.op() == AggregateOp.SUM_SQ) {
        in = new CNode.Binary(BinaryOp.MULT, in, in);
      }
      if (a.direction() == Direction.COL && in.isVector()) {
        rowType = RowType.COL_AGG;
        out = in;
      } else {
        rowType = RowType.FULL_AGG;
        out = in.isVector() ? new CNode.VectorAgg(AggregateOp.SUM, in) : in;
      }
    } else {
      rowType = RowType.NO_AGG;
      out = inline(root);
    }
    int temps = countVectorNodes(out, new IdentityHashMap<>());
    DataCharacteristics md = Shapes.dims(main, memo);
    int width = md != null && md.cols() > 0 && md.cols() <= CPlan.Row.MAX_WIDTH_HINT
        ? (int) md.cols() : 0;
    CPlan plan = new CPlan.Row(out, rowType, temps, sides.size(), scalars.size(), width);
    return new BuiltOperator(plan, List.of(root), main, sides, scalars, false, op.operations());
  }

  /**
   * The widest materialized input with the operator's rows; never a constant matrix, which a
   * fused cbind does not read.
   */
  private Hop rowMain(Operator op) {
    Hop best = null;
    long bestCols = 1;
    for (Hop in : op.inputs()) {
      DataCharacteristics d = in.isMatrix() && !isConstantMatrix(in) ? Shapes.dims(in, memo)
          : null;
      if (d != null && d.rows() == rowCount && d.cols() > bestCols) {
        best = in;
        bestCols = d.cols();
      }
    }
    if (best == null) {
      throw new PlanConstructionException("Row operator without a row-aligned matrix input");
    }
    return best;
  }

  private static int countVectorNodes(CNode n, Map<CNode, Boolean> seen) {
    if (seen.put(n, Boolean.TRUE) != null) {
      return 0;
    }
    int own = n.isVector() && !(n instanceof CNode.Data) ? 1 : 0;
    for (CNode in : n.inputs()) {
      own += countVectorNodes(in, seen);
    }
    return own;
  }

  // ---------------------------------------------------------------- Outer

  private BuiltOperator outer(Operator op) {
    Hop root = op.root();
    for (Hop h : op.covered().keySet()) {
      if (h.op() == OpCode.MATMULT && !Shapes.isTranspose(h.input(0))
          && (h.input(1).op() == OpCode.TRANSPOSE || covered.get(h).refs() == 0)
          && h != root) {
        outerProduct = h;
      }
    }
    if (outerProduct == null) {
      throw new PlanConstructionException("Outer operator without an outer product");
    }
    cells = Shapes.dims(outerProduct, memo);
    Hop u = outerProduct.input(0);
    Hop right = outerProduct.input(1);
    Hop v = Shapes.isTranspose(right) ? right.input(0)
        : new Hop(OpCode.TRANSPOSE, HopParam.NONE, List.of(right), DataType.MATRIX,
            ValueType.DOUBLE, right.position());
    side(u);
    side(v);
    Hop driver = driver(root, op.entry());
    if (driver == null) {
      throw new PlanConstructionException("Outer operator without a sparse driver");
    }
    // sec. 4.4: the operator visits only non-zeros of X, so (X != 0) is 1 wherever it runs
    if (isNonZeroIndicator(driver)) {
      droppedIndicator = driver;
      main = driver.input(0);
    } else {
      main = driver;
    }
    OuterType outerType;
    CNode out;
    boolean transposed = false;
    if (root.op() == OpCode.AGGREGATE) {
      outerType = OuterType.AGG;
      out = child(root, op.entry(), 0);
    } else if (root.op() == OpCode.MATMULT && root.input(0) != outerProduct
        && Shapes.isTranspose(root.input(0)) && root.input(0).input(0) == u
        && !op.entry().isRef(0)) {
      outerType = OuterType.LEFT;
      transposed = true;
      out = child(root, op.entry(), 1);
    } else if (root.op() == OpCode.MATMULT && Shapes.isTranspose(root.input(0))
        && op.entry().isRef(0)) {
      outerType = OuterType.LEFT;
      Hop t = root.input(0);
      out = child(t, covered.get(t), 0);
    } else if (root.op() == OpCode.MATMULT) {
      outerType = OuterType.RIGHT;
      out = child(root, op.entry(), 0);
    } else {
      outerType = OuterType.CELLWISE;
      out = inline(root);
    }
    CPlan plan = new CPlan.Outer(out, outerType, sides.size(), scalars.size());
    return new BuiltOperator(plan, List.of(root), main, sides, scalars, transposed,
        op.operations());
  }

  /** The materialized m x n operand of the first multiply/divide below the root. */
  private Hop driver(Hop h, MemoEntry e) {
    if (h.op() == OpCode.BINARY) {
      BinaryOp op = h.param(HopParam.Binary.class).op();
      if (op == BinaryOp.MULT || op == BinaryOp.DIV) {
        for (int i = 0; i < 2; i++) {
          Hop o = h.input(i);
          if (!e.isRef(i) && o.isMatrix() && Shapes.sameDims(Shapes.dims(o, memo), cells)
              && (op == BinaryOp.MULT || i == 0)) {
            return o;
          }
        }
      }
    }
    for (int i = 0; i < h.inputs().size(); i++) {
      if (e.isRef(i)) {
        Hop found = driver(h.input(i), covered.get(h.input(i)));
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private boolean isNonZeroIndicator(Hop h) {
    if (h.op() != OpCode.BINARY || h.param(HopParam.Binary.class).op() != BinaryOp.NEQ) {
      return false;
    }
    OptionalDouble lit = h.input(1).numericLiteral();
    return lit.isPresent() && lit.getAsDouble() == 0 && h.input(0).isMatrix()
        && Shapes.sameDims(Shapes.dims(h.input(0), memo), cells);
  }

  // ---------------------------------------------------------------- translation

  /** Input {@code i} of covered {@code h}: inlined when h's entry references it. */
  private CNode child(Hop h, MemoEntry e, int i) {
    Hop in = h.input(i);
    return e.isRef(i) ? inline(in) : leaf(in);
  }

  /** The CNode computing covered HOP {@code h} inside the operator (translated once). */
  private CNode inline(Hop h) {
    CNode done = inlined.get(h);
    if (done != null) {
      return done;
    }
    MemoEntry e = covered.get(h);
    if (e == null) {
      throw new PlanConstructionException("HOP " + h + " is not covered by the operator");
    }
    CNode out = switch (h.op()) {
      case BINARY -> binary(h, e);
      case UNARY -> new CNode.Unary(h.param(HopParam.Unary.class).op(), child(h, e, 0));
      case IFELSE -> {
        CNode c = child(h, e, 0);
        CNode y = child(h, e, 1);
        CNode n = child(h, e, 2);
        if (c.isVector() || y.isVector() || n.isVector()) {
          throw new PlanConstructionException("ifelse is fused on scalars only");
        }
        yield new CNode.IfElse(c, y, n);
      }
      case AGGREGATE -> rowAggregate(h, e);
      case MATMULT -> matmult(h, e);
      case RIGHT_INDEX -> columnSlice(h, e);
      case CBIND -> concat(h, e);
      default -> throw new PlanConstructionException("cannot fuse " + h.op());
    };
    inlined.put(h, out);
    return out;
  }

  private CNode binary(Hop h, MemoEntry e) {
    BinaryOp op = h.param(HopParam.Binary.class).op();
    if (type == TemplateType.OUTER && op == BinaryOp.MULT && droppedIndicator != null) {
      for (int i = 0; i < 2; i++) {
        if (!e.isRef(i) && h.input(i) == droppedIndicator) {
          return child(h, e, 1 - i);
        }
      }
    }
    return new CNode.Binary(op, child(h, e, 0), child(h, e, 1));
  }

  /** A row aggregate inside a Row operator: vector to scalar. */
  private CNode rowAggregate(Hop h, MemoEntry e) {
    HopParam.Aggregate a = Shapes.aggregate(h);
    if (type != TemplateType.ROW || a.direction() != Direction.ROW) {
      throw new PlanConstructionException("only row aggregates are fused inside an operator");
    }
    CNode in = child(h, e, 0);
    if (in.isVector()) {
      return new CNode.VectorAgg(a.op(), in);
    }
    return a.op() == AggregateOp.SUM_SQ ? new CNode.Binary(BinaryOp.MULT, in, in) : in;
  }

  private CNode matmult(Hop h, MemoEntry e) {
    if (type == TemplateType.OUTER && h == outerProduct) {
      return new CNode.Dot(Data.vector(Access.OUTER_U, 0, VecLen.side(0)),
          Data.vector(Access.OUTER_V, 1, VecLen.side(0)));
    }
    if (type != TemplateType.ROW || e.isRef(1) || Shapes.isTranspose(h.input(0))) {
      throw new PlanConstructionException("matrix multiply not fusable here");
    }
    CNode row = child(h, e, 0);
    Hop v = h.input(1);
    DataCharacteristics dv = Shapes.dims(v, memo);
    int k = side(v);
    if (dv.cols() == 1 && row.isVector()) {
      return new CNode.Dot(row, Data.vector(Access.SIDE_VECTOR, k, row.length()));
    }
    if (row.isVector()) {
      return new CNode.MatVec(row, k);
    }
    return new CNode.Binary(BinaryOp.MULT, row,
        Data.vector(Access.SIDE_VECTOR, k, VecLen.side(k)));
  }

  /** {@code X[, lo:hi]} inside a Row operator: a slice of X's row starting at column lo. */
  private CNode columnSlice(Hop h, MemoEntry e) {
    if (type != TemplateType.ROW || !Shapes.isColumnSlice(h, memo)) {
      throw new PlanConstructionException("only column slices of whole rows are fused");
    }
    CNode row = child(h, e, 0);
    if (!row.isVector()) {
      // a slice of a one-column input is the input itself
      return row;
    }
    int cols = Math.toIntExact(Shapes.dims(h, memo).cols());
    return new CNode.Slice(row, leaf(h.input(3)), cols);
  }

  /**
   * {@code cbind(...)} inside a Row operator: the parts' rows side by side. A constant part
   * {@code matrix(c, rows=m, cols=k)} is not read: its row is the scalar c, or k copies of it.
   */
  private CNode concat(Hop h, MemoEntry e) {
    if (type != TemplateType.ROW) {
      throw new PlanConstructionException("cbind is fused by the Row template only");
    }
    List<CNode> parts = new ArrayList<>();
    for (int i = 0; i < h.inputs().size(); i++) {
      Hop in = h.input(i);
      if (!e.isRef(i) && isConstantMatrix(in)) {
        CNode value = leaf(in.input(0));
        int k = Math.toIntExact(Shapes.dims(in, memo).cols());
        parts.add(k == 1 ? value : new CNode.Repeat(value, k));
      } else {
        parts.add(child(h, e, i));
      }
    }
    return new CNode.Concat(parts, Math.toIntExact(Shapes.dims(h, memo).cols()));
  }

  /** {@code matrix(c, rows=, cols=)} of a scalar c with known dims. */
  private boolean isConstantMatrix(Hop h) {
    return h.op() == OpCode.FILL && h.input(0).isScalar() && Shapes.dims(h, memo) != null;
  }

  /** A materialized input with the template's data binding. */
  private CNode leaf(Hop h) {
    if (h.isScalar()) {
      return Data.scalar(Access.SCALAR, scalarIndex.computeIfAbsent(h, k -> {
        scalars.add(k);
        return scalars.size() - 1;
      }));
    }
    DataCharacteristics d = Shapes.dims(h, memo);
    if (d == null) {
      throw new PlanConstructionException("input with unknown dims");
    }
    if (type == TemplateType.ROW) {
      if (h == main) {
        return Data.vector(Access.MAIN, 0, VecLen.MAIN);
      }
      if (d.rows() == rowCount && d.cols() == 1) {
        return Data.scalar(Access.SIDE_COL, side(h));
      }
      if (d.rows() == rowCount) {
        int k = side(h);
        return Data.vector(Access.SIDE_ROW_VECTOR, k, VecLen.side(k));
      }
      if (d.rows() == 1 && d.cols() == 1) {
        return Data.scalar(Access.SIDE_SCALAR, side(h));
      }
      if (d.rows() == 1) {
        int k = side(h);
        return Data.vector(Access.SIDE_VECTOR, k, VecLen.side(k));
      }
      throw new PlanConstructionException("input " + d + " is not row-aligned");
    }
    if (h == main) {
      return Data.scalar(Access.MAIN, 0);
    }
    if (Shapes.sameDims(d, cells)) {
      return Data.scalar(Access.SIDE_CELL, side(h));
    }
    if (type != TemplateType.OUTER) {
      if (d.rows() == cells.rows() && d.cols() == 1) {
        return Data.scalar(Access.SIDE_COL, side(h));
      }
      if (d.rows() == 1 && d.cols() == cells.cols()) {
        return Data.scalar(Access.SIDE_ROW, side(h));
      }
    }
    throw new PlanConstructionException("input " + d + " does not match the cells " + cells);
  }

  private int side(Hop h) {
    return sideIndex.computeIfAbsent(h, k -> {
      sides.add(k);
      return sides.size() - 1;
    });
  }
}
