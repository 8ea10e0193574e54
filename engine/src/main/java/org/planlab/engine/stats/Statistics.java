package org.planlab.engine.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.planlab.engine.ir.ExecType;

/**
 * The counters of one run (ARCHITECTURE.md, "one Statistics object per run"): compile time per
 * phase, DAGs, recompilations, per-opcode heavy hitters, instructions per execution type,
 * transfers between backends, peak live memory. Thread-safe, since
 * parfor workers record into it concurrently; {@link #snapshot()} gives the immutable view.
 */
public final class Statistics {
  private final Map<CompilePhase, AtomicLong> compileNanos = new EnumMap<>(CompilePhase.class);
  private final AtomicLong dags = new AtomicLong();
  private final AtomicLong recompilations = new AtomicLong();
  private final AtomicLong peakLiveBytes = new AtomicLong();
  private final AtomicLong executionNanos = new AtomicLong();
  private final LongAdder mainCallNanos = new LongAdder();
  private ProcessTimes executionCpu = ProcessTimes.ZERO;
  private final Map<String, Counter> opcodes = new ConcurrentHashMap<>();
  private final Map<CodegenCounter, AtomicLong> codegen = new EnumMap<>(CodegenCounter.class);
  private final Map<String, AtomicLong> selection = new ConcurrentHashMap<>();
  private final LongAdder[] execTypes = new LongAdder[ExecType.values().length];
  private final Map<String, Counter> transfers = new ConcurrentHashMap<>();
  private final LongAdder operandMoves = new LongAdder();
  private final LongAdder freshBufferBytes = new LongAdder();
  private final LongAdder recycledBufferBytes = new LongAdder();
  private final LongAdder[] reuse = new LongAdder[ReuseCounter.values().length];
  private final Map<String, LongAdder> backend = new ConcurrentHashMap<>();
  /** The timeline's spans, when recorded; times relative to {@link #origin}. */
  private final java.util.Queue<StatisticsSnapshot.Span> timeline =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final long origin = System.nanoTime();

  /** A count and a sum (of nanoseconds for opcodes, of bytes for transfers). */
  private static final class Counter {
    final LongAdder count = new LongAdder();
    final LongAdder nanos = new LongAdder();
  }

  public Statistics() {
    for (CompilePhase p : CompilePhase.values()) {
      compileNanos.put(p, new AtomicLong());
    }
    for (CodegenCounter c : CodegenCounter.values()) {
      codegen.put(c, new AtomicLong());
    }
    for (int i = 0; i < execTypes.length; i++) {
      execTypes[i] = new LongAdder();
    }
    for (int i = 0; i < reuse.length; i++) {
      reuse[i] = new LongAdder();
    }
  }

  /**
   * Adds {@code n} to a backend's counter {@code name} (e.g. {@code spark.shuffle_bytes}):
   * what a remote backend did for this run, named {@code backend.counter}.
   */
  public void addBackendCounter(String name, long n) {
    backend.computeIfAbsent(name, k -> new LongAdder()).add(n);
  }

  /**
   * Adds what a run's buffer pool did: bytes of block buffers it allocated new and bytes it
   * handed out again ({@link org.planlab.engine.matrix.BlockPool}).
   */
  public void addBuffers(long freshBytes, long recycledBytes) {
    freshBufferBytes.add(freshBytes);
    recycledBufferBytes.add(recycledBytes);
  }

  /** Adds {@code n} to a reuse counter. */
  public void addReuse(ReuseCounter counter, long n) {
    reuse[counter.ordinal()].add(n);
  }

  public long reuse(ReuseCounter counter) {
    return reuse[counter.ordinal()].sum();
  }

  /** Adds {@code n} to a code-generation counter. */
  public void addCodegen(CodegenCounter counter, long n) {
    codegen.get(counter).addAndGet(n);
  }

  /** Adds {@code n} to the fusion plan selection counter {@code name} (sec. 5.3, Fig. 15). */
  public void addSelection(String name, long n) {
    selection.computeIfAbsent(name, k -> new AtomicLong())
        .accumulateAndGet(n, Statistics::saturatingAdd);
  }

  /** {@code a + b} for non-negative counters, Long.MAX_VALUE on overflow (plan counts 2^n). */
  public static long saturatingAdd(long a, long b) {
    long s = a + b;
    return ((a ^ s) & (b ^ s)) < 0 ? Long.MAX_VALUE : s;
  }

  public long codegen(CodegenCounter counter) {
    return codegen.get(counter).get();
  }

  /** Adds {@code nanos} to the time of {@code phase}. */
  public void addCompileTime(CompilePhase phase, long nanos) {
    compileNanos.get(phase).addAndGet(nanos);
  }

  public void addDags(long n) {
    dags.addAndGet(n);
  }

  public void incrementRecompilations() {
    recompilations.incrementAndGet();
  }

  private synchronized ProcessTimes executionCpu() {
    return executionCpu;
  }

  public void addExecutionTime(long nanos) {
    executionNanos.addAndGet(nanos);
  }

  /** Adds the wall time of one function call of the main program (not of a nested call). */
  public void addMainCallTime(long nanos) {
    mainCallNanos.add(nanos);
  }

  /** Adds the process's user and kernel CPU time of one execution of a program. */
  public synchronized void addExecutionCpu(ProcessTimes spent) {
    executionCpu = executionCpu.plus(spent);
  }

  /** Records one execution of an instruction with {@code opcode}. */
  public void recordInstruction(String opcode, long nanos) {
    Counter c = opcodes.computeIfAbsent(opcode, k -> new Counter());
    c.count.increment();
    c.nanos.add(nanos);
  }

  /** Records one executed instruction of execution type {@code execType}. */
  public void countExecType(ExecType execType) {
    execTypes[execType.ordinal()].increment();
  }

  /**
   * Records one move of a matrix of {@code bytes} from location {@code from} to {@code to}
   * (backend names; {@code cp} is local memory).
   */
  public void recordTransfer(String from, String to, long bytes) {
    Counter c = transfers.computeIfAbsent(from + "->" + to, k -> new Counter());
    c.count.increment();
    c.nanos.add(bytes);
  }

  /**
   * Records that the executor moved an operand no transfer instruction had moved (a value given
   * to the run on another backend); lowering's transfers make this 0 in normal runs.
   */
  public void countOperandMove() {
    operandMoves.increment();
  }

  /** Notes the current size of the live variables; the peak is kept. */
  public void observeLiveBytes(long bytes) {
    peakLiveBytes.accumulateAndGet(bytes, Math::max);
  }

  public long recompilations() {
    return recompilations.get();
  }

  private Map<String, Long> backendCounters() {
    Map<String, Long> m = new java.util.TreeMap<>();
    backend.forEach((k, v) -> m.put(k, v.sum()));
    return m;
  }

  /**
   * Records one span of the run's timeline: {@code name} (an opcode, a prefetch) running on
   * {@code where} (an execution type or a backend) on the current thread from {@code start}
   * to {@code end} ({@link System#nanoTime} values).
   */
  public void recordSpan(String name, String where, long start, long end) {
    timeline.add(new StatisticsSnapshot.Span(name, where, Thread.currentThread().getName(),
        start - origin, end - origin));
  }

  /** An immutable copy of the counters now. */
  public StatisticsSnapshot snapshot() {
    Map<CompilePhase, Long> phases = new EnumMap<>(CompilePhase.class);
    compileNanos.forEach((p, n) -> phases.put(p, n.get()));
    List<StatisticsSnapshot.HeavyHitter> hh = new ArrayList<>();
    opcodes.forEach((op, c) -> hh.add(
        new StatisticsSnapshot.HeavyHitter(op, c.count.sum(), c.nanos.sum())));
    hh.sort(Comparator.comparingLong(StatisticsSnapshot.HeavyHitter::totalNanos).reversed()
        .thenComparing(StatisticsSnapshot.HeavyHitter::opcode));
    Map<CodegenCounter, Long> cg = new EnumMap<>(CodegenCounter.class);
    codegen.forEach((c, n) -> cg.put(c, n.get()));
    Map<String, Long> sel = new java.util.TreeMap<>();
    selection.forEach((k, v) -> sel.put(k, v.get()));
    Map<String, Long> types = new java.util.TreeMap<>();
    for (ExecType t : ExecType.values()) {
      long n = execTypes[t.ordinal()].sum();
      if (n > 0) {
        types.put(t.label(), n);
      }
    }
    Map<String, StatisticsSnapshot.Transfers> moved = new java.util.TreeMap<>();
    transfers.forEach((k, c) -> moved.put(k,
        new StatisticsSnapshot.Transfers(c.count.sum(), c.nanos.sum())));
    Map<ReuseCounter, Long> reused = new EnumMap<>(ReuseCounter.class);
    for (ReuseCounter c : ReuseCounter.values()) {
      reused.put(c, reuse[c.ordinal()].sum());
    }
    return new StatisticsSnapshot(phases, dags.get(), recompilations.get(), hh,
        peakLiveBytes.get(), executionNanos.get(), mainCallNanos.sum(), executionCpu(), cg, sel,
        types, moved, operandMoves.sum(), reused, backendCounters(),
        new StatisticsSnapshot.Buffers(freshBufferBytes.sum(), recycledBufferBytes.sum()),
        sortedTimeline());
  }

  private List<StatisticsSnapshot.Span> sortedTimeline() {
    List<StatisticsSnapshot.Span> spans = new ArrayList<>(timeline);
    spans.sort(Comparator.comparingLong(StatisticsSnapshot.Span::startNanos));
    return spans;
  }
}
