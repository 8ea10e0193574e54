package org.planlab.engine.compile.lower;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.backend.Backends;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Placement;
import org.planlab.engine.kernels.MatMultKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.engine.runtime.instructions.TransferInstruction;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.spi.Linearization;
import org.planlab.engine.spi.OperatorOrdering;
import org.planlab.engine.spi.OrderingContext;

/**
 * HOP DAG to instructions (optimizer paper, sec. 3.3, "low-level operator selection" and
 * "runtime plan generation"): picks fused physical operators that need no code generation by
 * pattern, linearizes with an {@link OperatorOrdering}, asks the backend each HOP was placed on
 * for its instruction, inserts transfers where an operation consumes a matrix that lives on
 * another backend, and allocates frame slots for intermediates, releasing each after its last
 * use and reusing freed slots.
 *
 * <p>Patterns (X, v, w are arbitrary HOPs; the inner intermediates must have no other consumer,
 * otherwise they would be computed twice):
 * <ul>
 *   <li>{@code t(X) %*% X} -> tsmm left; {@code X %*% t(X)} -> tsmm right;
 *   <li>{@code t(X) %*% (w * (X %*% v))} and {@code t(X) %*% (X %*% v)} -> mmchain (when sizes
 *       are known, only for column vectors v and w; the instruction re-checks at run time);
 *   <li>any other {@code t(X) %*% y} -> transpose-left multiply (no transpose materialized);
 *   <li>{@code t(t(y) %*% X)} (what the dynamic rewrite of {@code t(X) %*% y} produces) is
 *       treated as {@code t(X) %*% y}, so the patterns above still apply.
 * </ul>
 * A transpose feeding only fused operators is not executed at all. Literals become constants
 * of the frame rather than instructions.
 *
 * <p>Transfers (Spark paper, sec. 4.2): a matrix produced on one backend and consumed on another
 * gets one {@link TransferInstruction} per target backend, right before its first consumer
 * there; all consumers on that backend share the moved value. A matrix read from a variable may
 * live anywhere once an engine has remote backends, so then it gets a transfer to each backend
 * that consumes it, which moves nothing when the value is already there.
 */
public final class Lowering {
  private Lowering() {
  }

  /**
   * Lowers {@code dag} for the CP backend alone. {@code sizes} holds whatever is known of HOP
   * output sizes (may be empty). For a predicate DAG pass {@code predicate = true}: its single
   * root's value is kept in {@link BlockCode#resultSlot()}.
   */
  public static BlockCode lower(HopDag dag, OperatorOrdering ordering,
      Map<Hop, DataCharacteristics> sizes, boolean predicate) {
    return lower(dag, ordering, sizes, null, Backends.of(), 1, predicate);
  }

  /**
   * Lowers {@code dag} as {@code placement} placed its HOPs (null: all in CP) on the
   * {@code backends}, for a runtime whose kernel pool has {@code parallelism} threads (which
   * the ordering may use to run independent local chains concurrently).
   */
  public static BlockCode lower(HopDag dag, OperatorOrdering ordering,
      Map<Hop, DataCharacteristics> sizes, Placement placement, Backends backends,
      int parallelism, boolean predicate) {
    Map<Hop, List<Hop>> consumers = dag.consumers();
    Map<Hop, Physical> physical = selectOperators(dag, consumers, sizes);
    placement = placeTransposedProducts(placement, physical);

    // which HOPs still need an instruction: reachable from the roots over physical inputs
    Set<Hop> needed = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Hop> work = new ArrayDeque<>(dag.roots());
    while (!work.isEmpty()) {
      Hop h = work.pop();
      if (needed.add(h)) {
        work.addAll(physicalInputs(h, physical));
      }
    }
    anticipateDenseProducts(needed, physical, sizes, placement);

    // Variable writes go last, in root order: a block reads the values its variables had at
    // block start, so no WRITE_VAR may overwrite a variable before another READ_VAR of it ran.
    List<Hop> order = new ArrayList<>();
    List<Hop> writes = new ArrayList<>();
    Placement placed = placement;
    OrderingContext context = new OrderingContext(sizes,
        h -> placed == null ? ExecType.CP : placed.type(h), parallelism);
    Linearization plan = ordering.plan(dag, context);
    for (Hop h : plan.order()) {
      if (needed.contains(h)) {
        (h.op() == OpCode.WRITE_VAR ? writes : order).add(h);
      }
    }
    order.addAll(writes);
    if (order.size() != needed.size()) {
      throw new IllegalStateException("ordering " + ordering.name() + " returned "
          + order.size() + " of " + needed.size() + " needed nodes");
    }
    Map<Hop, int[]> chainOf = chains(plan, needed, order, ordering);

    List<Step> steps = steps(order, physical, placement, backends.all().size() > 1, ordering,
        chainOf);
    Hop result = predicate ? dag.roots().get(0) : null;
    Step resultStep = null;
    for (int i = 0; i < steps.size(); i++) {
      Step st = steps.get(i);
      if (st.transferTo == null && st.hop == result) {
        resultStep = st;
      }
      for (Step in : st.inputs) {
        in.lastUse = i;
        in.readers++;
        in.reader = st;
      }
    }

    // literals are constants of the frame (its first slots), not instructions: they cost no
    // dispatch and are never released
    Deque<Integer> free = new ArrayDeque<>();
    int slots = 0;
    List<Data> constants = new ArrayList<>();
    for (Step st : steps) {
      if (st.isLiteral()) {
        st.slot = slots++;
        constants.add(st.hop.param(HopParam.Literal.class).value());
      }
    }
    // slot allocation with a free list; release lists per instruction. Within a group of
    // concurrent chains, a chain releases only its own intermediates, values from before the
    // group are released when the whole group ended (another chain may still read them), and
    // no slot freed in the group is reused before it ended (chains run at the same time).
    List<Instruction> code = new ArrayList<>(steps.size());
    List<int[]> releaseAfter = new ArrayList<>(steps.size());
    Map<Step, Integer> codeIndex = new IdentityHashMap<>();
    List<BlockCode.Segment> segments = new ArrayList<>();
    SegmentBuilder segment = null;
    for (int i = 0; i < steps.size(); i++) {
      Step st = steps.get(i);
      if (st.isLiteral()) {
        continue;
      }
      if (segment != null && st.group != segment.group) {
        segments.add(segment.build(code.size(), free));
        segment = null;
      }
      if (segment == null && st.group >= 0) {
        segment = new SegmentBuilder(st.group, code.size());
      }
      codeIndex.put(st, code.size());
      int[] inSlots = new int[st.inputs.size()];
      for (int k = 0; k < inSlots.length; k++) {
        inSlots[k] = st.inputs.get(k).slot;
      }
      // free dead operands before allocating the output, so a slot can be reused right away
      List<Integer> released = new ArrayList<>();
      for (Step in : st.inputs) {
        if (in.lastUse == i && in != resultStep && !in.isLiteral() && !released.contains(in.slot)) {
          if (segment == null) {
            released.add(in.slot);
            free.push(in.slot);
          } else if (in.group == st.group && in.chain == st.chain) {
            released.add(in.slot);
            segment.freed.add(in.slot);
          } else {
            segment.releasedAtEnd.add(in.slot);
            segment.freed.add(in.slot);
          }
        }
      }
      if (segment != null) {
        segment.chain(st.chain).add(code.size());
      }
      int out = -1;
      if (st.producesValue() && (st.lastUse > i || st == resultStep)) {
        out = free.isEmpty() ? slots++ : free.pop();
        st.slot = out;
        // an operand slot reused for the output must not be cleared after the instruction
        released.remove(Integer.valueOf(out));
      }
      code.add(st.instruction(inSlots, out, placement, backends,
          st != resultStep && st.readOnceOnItsBackend(placement)));
      releaseAfter.add(released.stream().mapToInt(Integer::intValue).toArray());
    }
    if (segment != null) {
      segments.add(segment.build(code.size(), free));
    }
    int resultSlot = resultStep == null ? -1 : resultStep.slot;
    return new BlockCode(code, releaseAfter, constants, slots, resultSlot,
        remoteRoots(steps, codeIndex, placement, resultStep, sizes),
        broadcasts(steps, codeIndex, placement, sizes, backends), segments);
  }

  /** The code of one group of concurrent chains, as the slot allocation walks it. */
  private static final class SegmentBuilder {
    final int group;
    final int start;
    final Map<Integer, List<Integer>> chains = new TreeMap<>();
    final List<Integer> releasedAtEnd = new ArrayList<>();
    final List<Integer> freed = new ArrayList<>();

    SegmentBuilder(int group, int start) {
      this.group = group;
      this.start = start;
    }

    /** The instruction indexes of chain {@code c}. */
    List<Integer> chain(int c) {
      return chains.computeIfAbsent(c, k -> new ArrayList<>());
    }

    /** The segment ending before instruction {@code end}; its freed slots become free. */
    BlockCode.Segment build(int end, Deque<Integer> free) {
      freed.forEach(free::push);
      return new BlockCode.Segment(start, end, chains.values().stream()
          .map(l -> l.stream().mapToInt(Integer::intValue).toArray()).toList(),
          releasedAtEnd.stream().mapToInt(Integer::intValue).toArray());
    }
  }

  /**
   * The group and chain of each needed HOP in a group of concurrent chains (an array of two),
   * checking that each group is contiguous in {@code order}, chain after chain; a group left
   * with fewer than two chains of needed HOPs is run as ordered.
   */
  private static Map<Hop, int[]> chains(Linearization plan, Set<Hop> needed, List<Hop> order,
      OperatorOrdering ordering) {
    Map<Hop, int[]> chainOf = new IdentityHashMap<>();
    int group = 0;
    for (Linearization.ChainGroup g : plan.groups()) {
      List<List<Hop>> chains = g.chains().stream()
          .map(c -> c.stream().filter(needed::contains).toList())
          .filter(c -> !c.isEmpty()).toList();
      if (chains.size() < 2) {
        continue;
      }
      List<Hop> flat = new ArrayList<>();
      for (int c = 0; c < chains.size(); c++) {
        for (Hop h : chains.get(c)) {
          chainOf.put(h, new int[] {group, c});
          flat.add(h);
        }
      }
      int at = order.indexOf(flat.get(0));
      if (at < 0 || at + flat.size() > order.size()
          || !order.subList(at, at + flat.size()).equals(flat)) {
        throw new IllegalStateException("ordering " + ordering.name()
            + " gave a group of concurrent chains that is not contiguous in its order");
      }
      group++;
    }
    return chainOf;
  }

  /**
   * The local operations whose matrix result moves to a backend that reads it as a broadcast
   * (its size known and within the backend's broadcast budget), by instruction index, with
   * that backend: MEMPHIS sec. 5.1 places a broadcast as the last operator of such a local
   * chain, so the broadcast overlaps the driver's work until the remote consumer runs.
   */
  private static Map<Integer, Backend> broadcasts(List<Step> steps,
      Map<Step, Integer> codeIndex, Placement placement, Map<Hop, DataCharacteristics> sizes,
      Backends backends) {
    if (placement == null) {
      return Map.of();
    }
    Map<Integer, Backend> after = new HashMap<>();
    for (Step st : steps) {
      if (st.transferTo == null || st.transferTo == ExecType.CP) {
        continue;
      }
      Step src = st.inputs.get(0);
      Backend target = backends.get(st.transferTo);
      DataCharacteristics dc = sizes.get(src.hop);
      if (src.transferTo != null || src.isLiteral() || src.hop.op() == OpCode.READ_VAR
          || placement.type(src.hop) != ExecType.CP || target == null
          || !target.preparesBroadcasts() || dc == null || !dc.dimsKnown()
          || 8.0 * dc.rows() * dc.cols() > target.broadcastBudget()) {
        continue;
      }
      after.put(codeIndex.get(src), target);
    }
    return after;
  }

  /**
   * The largest result of a remote chain root that a variable may receive as the driver's
   * copy instead of the remote handle (one 1000 x 1000 block): the driver collects it anyway,
   * and a later remote reader moves it back cheaply.
   */
  private static final long PREFETCHED_WRITE_BYTES = 8L << 20;

  /**
   * The remote operations whose matrix result only transfers to the driver read (MEMPHIS sec.
   * 5.1: the roots of remote operator chains, where a prefetch wraps the call that triggers
   * the job), by instruction index.
   */
  private static Set<Integer> remoteRoots(List<Step> steps, Map<Step, Integer> codeIndex,
      Placement placement, Step resultStep, Map<Hop, DataCharacteristics> sizes) {
    Map<Step, List<Step>> readers = new IdentityHashMap<>();
    for (Step st : steps) {
      for (Step in : st.inputs) {
        readers.computeIfAbsent(in, k -> new ArrayList<>()).add(st);
      }
    }
    Set<Integer> roots = new HashSet<>();
    for (Step st : steps) {
      if (st.transferTo != null || st.isLiteral() || st == resultStep || !st.hop.isMatrix()
          || placement == null || placement.type(st.hop) == ExecType.CP) {
        continue;
      }
      List<Step> r = readers.getOrDefault(st, List.of());
      DataCharacteristics dc = sizes.get(st.hop);
      boolean small = dc != null && dc.dimsKnown()
          && 8.0 * dc.rows() * dc.cols() <= PREFETCHED_WRITE_BYTES;
      boolean collected = r.stream().anyMatch(x -> x.transferTo == ExecType.CP);
      if (collected && r.stream().allMatch(x -> x.transferTo == ExecType.CP
          || (small && x.transferTo == null && x.hop.op() == OpCode.WRITE_VAR))) {
        roots.add(codeIndex.get(st));
      }
    }
    return roots;
  }

  /**
   * A physical matrix multiply matched at a transpose over a MATMULT ({@code t(t(Y) %*% X)} as
   * {@code t(X) %*% Y}) runs where the MATMULT was placed: the product is the operation whose
   * memory placement weighed, the transpose only reorients its small output.
   */
  private static Placement placeTransposedProducts(Placement placement,
      Map<Hop, Physical> physical) {
    if (placement == null) {
      return null;
    }
    Map<Hop, Placement.Decision> adjusted = null;
    for (Map.Entry<Hop, Physical> e : physical.entrySet()) {
      Hop root = e.getKey();
      if (root.op() == OpCode.TRANSPOSE && root.input(0).op() == OpCode.MATMULT) {
        Placement.Decision product = placement.decision(root.input(0));
        Placement.Decision own = placement.decision(root);
        if (product != null && own != null && product.type() != own.type()) {
          if (adjusted == null) {
            adjusted = new IdentityHashMap<>(placement.decisions());
          }
          adjusted.put(root, product);
        }
      }
    }
    return adjusted == null ? placement : new Placement(adjusted, placement.needsRecompile());
  }

  /**
   * The steps in execution order: the HOPs of {@code order}, each preceded by the transfers its
   * operands need (one per produced value and target backend, before the first consumer there).
   */
  private static List<Step> steps(List<Hop> order, Map<Hop, Physical> physical,
      Placement placement, boolean remoteBackends, OperatorOrdering ordering,
      Map<Hop, int[]> chainOf) {
    List<Step> steps = new ArrayList<>(order.size());
    Map<Hop, Step> stepOf = new IdentityHashMap<>();
    Map<Hop, Map<ExecType, Step>> transfers = new IdentityHashMap<>();
    int lastGroup = -1;
    for (int i = 0; i < order.size(); i++) {
      Hop h = order.get(i);
      int[] chain = chainOf.get(h);
      if (chain != null && chain[0] != lastGroup) {
        // a group of concurrent chains: the transfers its operands need come before it
        for (int k = i; k < order.size() && chainOf.containsKey(order.get(k))
            && chainOf.get(order.get(k))[0] == chain[0]; k++) {
          for (Hop in : physicalInputs(order.get(k), physical)) {
            if (!chainOf.containsKey(in) || chainOf.get(in)[0] != chain[0]) {
              operand(order.get(k), in, placement, remoteBackends, ordering, steps, stepOf,
                  transfers);
            }
          }
        }
      }
      lastGroup = chain == null ? -1 : chain[0];
      Step st = new Step(h, physical.get(h), null);
      if (chain != null) {
        st.group = chain[0];
        st.chain = chain[1];
      }
      for (Hop in : physicalInputs(h, physical)) {
        st.inputs.add(operand(h, in, placement, remoteBackends, ordering, steps, stepOf,
            transfers));
      }
      steps.add(st);
      stepOf.put(h, st);
    }
    return steps;
  }

  /**
   * The step giving {@code h} its operand {@code in}: the step computing it, or the transfer
   * of its value to where {@code h} runs (made before the first consumer there, then shared).
   */
  private static Step operand(Hop h, Hop in, Placement placement, boolean remoteBackends,
      OperatorOrdering ordering, List<Step> steps, Map<Hop, Step> stepOf,
      Map<Hop, Map<ExecType, Step>> transfers) {
    Step src = stepOf.get(in);
    if (src == null) {
      throw new IllegalStateException("ordering " + ordering.name()
          + " placed an operator before its input: " + h);
    }
    ExecType need = requiredLocation(h, placement);
    if (need == null || !in.isMatrix() || !movesTo(in, need, placement, remoteBackends)) {
      return src;
    }
    return transfers.computeIfAbsent(in, k -> new EnumMap<>(ExecType.class))
        .computeIfAbsent(need, target -> {
          Step x = new Step(in, null, target);
          x.inputs.add(src);
          steps.add(x);
          return x;
        });
  }

  /**
   * Where {@code h}'s matrix operands must live: its placement, or null for operations that
   * take values wherever they are (literals, variables, calls, metadata).
   */
  private static ExecType requiredLocation(Hop h, Placement placement) {
    return switch (h.op()) {
      case LITERAL, READ_VAR, WRITE_VAR, FUNCTION_CALL, NROW, NCOL, LENGTH -> null;
      default -> placement == null ? ExecType.CP : placement.type(h);
    };
  }

  /** Whether the value of {@code in} needs a transfer to reach a consumer on {@code need}. */
  private static boolean movesTo(Hop in, ExecType need, Placement placement,
      boolean remoteBackends) {
    if (in.op() == OpCode.READ_VAR) {
      return remoteBackends; // a variable's value may live on any backend
    }
    return (placement == null ? ExecType.CP : placement.type(in)) != need;
  }

  /** One instruction to emit: a HOP's operation, or the transfer of a HOP's value. */
  private static final class Step {
    final Hop hop;
    final Physical physical;
    final ExecType transferTo;
    final List<Step> inputs = new ArrayList<>();
    int lastUse = -1;
    /** How many operands of later steps this step's value is, and the last such step. */
    int readers;
    Step reader;
    int slot = -1;
    /** The group of concurrent chains and the chain in it, or -1. */
    int group = -1;
    int chain = -1;

    Step(Hop hop, Physical physical, ExecType transferTo) {
      this.hop = hop;
      this.physical = physical;
      this.transferTo = transferTo;
    }

    boolean isLiteral() {
      return transferTo == null && hop.op() == OpCode.LITERAL;
    }

    boolean producesValue() {
      return transferTo != null || Lowering.producesValue(hop);
    }

    /**
     * Whether this step's value is one operand of one later step on the same remote backend
     * (no variable write, transfer or second operand reads it), so that backend computes it
     * once, inside the reader's work, and need not keep it.
     */
    boolean readOnceOnItsBackend(Placement placement) {
      if (placement == null || transferTo != null || readers != 1 || reader.transferTo != null) {
        return false;
      }
      ExecType type = placement.type(hop);
      return type != ExecType.CP && placement.type(reader.hop) == type;
    }

    Instruction instruction(int[] in, int out, Placement placement, Backends backends,
        boolean readOnce) {
      if (transferTo != null) {
        return new TransferInstruction(hop, transferTo, in[0], out);
      }
      ExecType type = placement == null ? ExecType.CP : placement.type(hop);
      Backend b = backends.get(type);
      if (b == null) {
        throw new IllegalStateException(hop.op() + " is placed on " + type
            + " but the engine has no backend for it");
      }
      return b.instruction(hop, physical == null ? null : physical.kind(), in, out, readOnce);
    }
  }

  /**
   * Announces the dense products among {@code hops} that run in CP to the product kernels
   * ({@link MatMultKernels#anticipateDense}), which warm the JIT up on their SIMD kernel while
   * the script still compiles and reads its data. An operand of unknown sparsity counts as dense.
   */
  private static void anticipateDenseProducts(Set<Hop> hops, Map<Hop, Physical> physical,
      Map<Hop, DataCharacteristics> sizes, Placement placement) {
    for (Hop h : hops) {
      Physical p = physical.get(h);
      boolean transposedLeft = p != null && p.kind() == MatMultInstruction.Kind.TRANSPOSE_LEFT;
      if (!transposedLeft && (p != null || h.op() != OpCode.MATMULT)
          || placement != null && placement.type(h) != ExecType.CP) {
        continue;
      }
      List<Hop> in = physicalInputs(h, physical);
      DataCharacteristics a = sizes.getOrDefault(in.get(0), DataCharacteristics.UNKNOWN_MATRIX);
      DataCharacteristics b = sizes.getOrDefault(in.get(1), DataCharacteristics.UNKNOWN_MATRIX);
      if (a.sparsityOrDense() >= MatrixBlock.SPARSITY_TURN_POINT
          && b.sparsityOrDense() >= MatrixBlock.SPARSITY_TURN_POINT) {
        MatMultKernels.anticipateDense(transposedLeft ? a.cols() : a.rows(),
            transposedLeft ? a.rows() : a.cols(), b.cols());
      }
    }
  }

  /** A fused physical operator replacing a MATMULT: its kind and its real inputs. */
  record Physical(MatMultInstruction.Kind kind, List<Hop> inputs) {
  }

  private static boolean producesValue(Hop h) {
    return switch (h.op()) {
      case WRITE_VAR, WRITE_FILE, PRINT, STOP, ASSERT, EVICT, FUNCTION_CALL -> false;
      default -> true;
    };
  }

  private static List<Hop> physicalInputs(Hop h, Map<Hop, Physical> physical) {
    Physical p = physical.get(h);
    return p == null ? h.inputs() : p.inputs();
  }

  /** Pattern-based selection of tsmm, mmchain and transpose-left multiply for MATMULT HOPs. */
  static Map<Hop, Physical> selectOperators(HopDag dag, Map<Hop, List<Hop>> consumers,
      Map<Hop, DataCharacteristics> sizes) {
    Map<Hop, Physical> out = new IdentityHashMap<>();
    for (Hop h : dag.topologicalOrder()) {
      if (h.op() == OpCode.TRANSPOSE) {
        // t(t(y) %*% X) is t(X) %*% y, the form the dynamic rewrite "t(X)%*%y -> t(t(y)%*%X)"
        // produces; computing it as t(X) %*% y needs no transpose at all (and may be a chain)
        Hop m = h.input(0);
        if (m.op() == OpCode.MATMULT && m.input(0).op() == OpCode.TRANSPOSE
            && singleConsumer(m, consumers) && singleConsumer(m.input(0), consumers)) {
          Hop y = m.input(0).input(0);
          Hop x = m.input(1);
          Physical chain = matchChain(x, y, consumers, sizes);
          out.put(h, chain != null ? chain
              : new Physical(MatMultInstruction.Kind.TRANSPOSE_LEFT, List.of(x, y)));
        }
        continue;
      }
      if (h.op() != OpCode.MATMULT) {
        continue;
      }
      Hop left = h.input(0);
      Hop right = h.input(1);
      if (left.op() == OpCode.TRANSPOSE) {
        Hop x = left.input(0);
        if (right == x) {
          out.put(h, new Physical(MatMultInstruction.Kind.TSMM_LEFT, List.of(x)));
          continue;
        }
        Physical chain = matchChain(x, right, consumers, sizes);
        out.put(h, chain != null ? chain
            : new Physical(MatMultInstruction.Kind.TRANSPOSE_LEFT, List.of(x, right)));
      } else if (right.op() == OpCode.TRANSPOSE && right.input(0) == left) {
        out.put(h, new Physical(MatMultInstruction.Kind.TSMM_RIGHT, List.of(left)));
      }
    }
    return out;
  }

  /** {@code y} is {@code X %*% v} or {@code w * (X %*% v)} (either operand order). */
  private static Physical matchChain(Hop x, Hop y, Map<Hop, List<Hop>> consumers,
      Map<Hop, DataCharacteristics> sizes) {
    if (isMatMultOf(x, y) && singleConsumer(y, consumers)
        && columnVectorOrUnknown(y.input(1), sizes)) {
      return new Physical(MatMultInstruction.Kind.MMCHAIN_XTXV, List.of(x, y.input(1)));
    }
    if (y.op() == OpCode.BINARY && y.param() instanceof HopParam.Binary b
        && b.op() == BinaryOp.MULT && singleConsumer(y, consumers)) {
      for (int side = 0; side < 2; side++) {
        Hop xv = y.input(side);
        Hop w = y.input(1 - side);
        if (isMatMultOf(x, xv) && singleConsumer(xv, consumers) && w.isMatrix()
            && columnVectorOrUnknown(xv.input(1), sizes) && columnVectorOrUnknown(w, sizes)) {
          return new Physical(MatMultInstruction.Kind.MMCHAIN_XTWXV,
              List.of(x, xv.input(1), w));
        }
      }
    }
    return null;
  }

  private static boolean isMatMultOf(Hop x, Hop h) {
    return h.op() == OpCode.MATMULT && h.input(0) == x;
  }

  private static boolean singleConsumer(Hop h, Map<Hop, List<Hop>> consumers) {
    return consumers.getOrDefault(h, List.of()).size() == 1;
  }

  /** Known sizes must say column vector; unknown sizes are decided at run time. */
  private static boolean columnVectorOrUnknown(Hop h, Map<Hop, DataCharacteristics> sizes) {
    DataCharacteristics dc = sizes.get(h);
    return dc == null || dc.cols() < 0 || dc.cols() == 1;
  }
}
