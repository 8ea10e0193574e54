package org.planlab.engine.stats;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An immutable copy of the counters of one run (plain records, so Jackson serializes it as
 * JSON without annotations).
 *
 * @param compileNanos time per compiler phase
 * @param dags HOP DAGs compiled (basic blocks and predicates)
 * @param recompilations dynamic recompilations before basic blocks
 * @param heavyHitters per instruction opcode: count and total time, slowest first
 * @param peakLiveBytes largest in-memory size of the live matrix variables seen
 * @param executionNanos wall time of the program's execution
 * @param mainCallNanos wall time of the function calls the main program makes (nested calls
 *     count once, in their caller): for a driver that reads data, calls an algorithm and checks
 *     its result, the time in the algorithm
 * @param executionCpu the process's CPU time in user mode and in the kernel during the
 *     execution (every thread of the process, so JIT compilation and GC included; unknown off
 *     Linux): kernel time is mostly page faults of freshly touched memory
 * @param codegen operator-fusion counters (the LOWERING phase includes code generation)
 * @param selection fusion plan selection counters by name (plans evaluated, ...)
 * @param execTypes executed instructions per execution type ({@code cp}, {@code spark},
 *     {@code gpu}; counted when statistics are on)
 * @param transfers matrices moved between locations, by {@code from->to} (backend names,
 *     {@code cp} for local memory)
 * @param operandMoves moves the executor made for operands that no transfer instruction had
 *     moved (included in {@code transfers}; 0 unless a run is given values on a backend)
 * @param reuse the counters of lineage-based reuse (all 0 without reuse)
 * @param backend what remote backends did for the run, by {@code backend.counter} (e.g.
 *     {@code spark.jobs}, {@code spark.shuffle_bytes}); empty when only CP ran
 * @param buffers what the runs' pools of block buffers did (all 0 when none recycled)
 * @param timeline every instruction's (and prefetch's) span, by start time; empty unless the
 *     engine records a timeline
 */
public record StatisticsSnapshot(Map<CompilePhase, Long> compileNanos, long dags,
    long recompilations, List<HeavyHitter> heavyHitters, long peakLiveBytes,
    long executionNanos, long mainCallNanos, ProcessTimes executionCpu,
    Map<CodegenCounter, Long> codegen, Map<String, Long> selection,
    Map<String, Long> execTypes, Map<String, Transfers> transfers, long operandMoves,
    Map<ReuseCounter, Long> reuse, Map<String, Long> backend, Buffers buffers,
    List<Span> timeline) {

  public StatisticsSnapshot {
    java.util.Objects.requireNonNull(executionCpu, "executionCpu is null");
    java.util.Objects.requireNonNull(buffers, "buffers is null");
    compileNanos = Map.copyOf(compileNanos);
    codegen = Map.copyOf(codegen);
    reuse = Map.copyOf(reuse);
    backend = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(backend));
    selection = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(selection));
    heavyHitters = List.copyOf(heavyHitters);
    timeline = List.copyOf(timeline);
    execTypes = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(execTypes));
    transfers = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(transfers));
  }

  /**
   * The block buffers of at least {@link org.planlab.engine.matrix.BlockPool#MIN_CELLS} cells
   * that local operations took from the runs' pools: bytes allocated new, and bytes of dead
   * intermediates' buffers handed out again instead.
   */
  public record Buffers(long freshBytes, long recycledBytes) {
    /** No pool, or one that served nothing. */
    public static final Buffers NONE = new Buffers(0, 0);
  }

  /**
   * One span of a run's timeline (recorded with {@code EngineConfig.timeline}): what ran, where
   * (an execution type, or the backend a prefetch moved from), on which thread, from when to
   * when in nanoseconds since the statistics began.
   */
  public record Span(String name, String where, String thread, long startNanos,
      long endNanos) {
  }

  /**
   * The timeline in brief: the time each thread was busy, and how long two or more threads
   * were busy at once (the overlap asynchronous operators buy, MEMPHIS sec. 5.1).
   */
  private void timeline(StringBuilder sb) {
    Map<String, List<long[]>> byThread = new java.util.TreeMap<>();
    for (Span s : timeline) {
      byThread.computeIfAbsent(s.thread(), k -> new java.util.ArrayList<>())
          .add(new long[] {s.startNanos(), s.endNanos()});
    }
    List<long[]> events = new java.util.ArrayList<>();
    sb.append("Timeline (s in spans per thread):");
    for (Map.Entry<String, List<long[]>> e : byThread.entrySet()) {
      List<long[]> merged = union(e.getValue());
      long busy = 0;
      for (long[] iv : merged) {
        busy += iv[1] - iv[0];
        events.add(new long[] {iv[0], 1});
        events.add(new long[] {iv[1], -1});
      }
      sb.append(String.format(Locale.ROOT, " %s %.3f", e.getKey(), busy / 1e9));
    }
    events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    long overlap = 0;
    int active = 0;
    long since = 0;
    for (long[] ev : events) {
      if (active >= 2) {
        overlap += ev[0] - since;
      }
      active += (int) ev[1];
      since = ev[0];
    }
    sb.append(String.format(Locale.ROOT, "; two or more at once %.3f s%n", overlap / 1e9));
  }

  /** The union of intervals, as disjoint sorted intervals. */
  private static List<long[]> union(List<long[]> intervals) {
    List<long[]> sorted = new java.util.ArrayList<>(intervals);
    sorted.sort((a, b) -> Long.compare(a[0], b[0]));
    List<long[]> out = new java.util.ArrayList<>();
    for (long[] iv : sorted) {
      long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && iv[0] <= last[1]) {
        last[1] = Math.max(last[1], iv[1]);
      } else {
        out.add(new long[] {iv[0], iv[1]});
      }
    }
    return out;
  }

  /** How many matrices moved one way, and their bytes. */
  public record Transfers(long count, long bytes) {
  }

  /** Executed instructions of execution type {@code label} (0 when none ran). */
  public long instructions(String label) {
    return execTypes.getOrDefault(label, 0L);
  }

  /** One opcode's total: how often it ran and for how long. */
  public record HeavyHitter(String opcode, long count, long totalNanos) {
  }

  /** Total compile time over all phases. */
  public long totalCompileNanos() {
    return compileNanos.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The report of {@code --stats}: phase times, counters and the heavy-hitter table. */
  public String format(int maxHeavyHitters) {
    StringBuilder sb = new StringBuilder();
    sb.append("planlab statistics:\n");
    sb.append(String.format(Locale.ROOT, "Total compilation time:\t\t%.3f sec.%n",
        totalCompileNanos() / 1e9));
    for (CompilePhase p : CompilePhase.values()) {
      Long n = compileNanos.get(p);
      if (n != null) {
        sb.append(String.format(Locale.ROOT, "  %-10s\t\t%.3f sec.%n",
            p.name().toLowerCase(Locale.ROOT), n / 1e9));
      }
    }
    sb.append(String.format(Locale.ROOT, "Total execution time:\t\t%.3f sec.%n",
        executionNanos / 1e9));
    if (mainCallNanos > 0) {
      sb.append(String.format(Locale.ROOT,
          "  in functions called by the main program:\t%.3f sec.%n", mainCallNanos / 1e9));
    }
    if (executionCpu.known()) {
      long cpu = executionCpu.userNanos() + executionCpu.kernelNanos();
      sb.append(String.format(Locale.ROOT,
          "Execution CPU time (user/kernel):\t%.2f/%.2f sec. (kernel %.0f%%)%n",
          executionCpu.userNanos() / 1e9, executionCpu.kernelNanos() / 1e9,
          cpu == 0 ? 0.0 : 100.0 * executionCpu.kernelNanos() / cpu));
    }
    sb.append("Number of compiled DAGs:\t").append(dags).append('\n');
    sb.append("Number of recompilations:\t").append(recompilations).append('\n');
    long probes = reuse.getOrDefault(ReuseCounter.HITS_MEMORY, 0L)
        + reuse.getOrDefault(ReuseCounter.HITS_DISK, 0L)
        + reuse.getOrDefault(ReuseCounter.MISSES, 0L);
    if (probes > 0 || reuse.getOrDefault(ReuseCounter.HITS_FUNCTION, 0L) > 0) {
      sb.append("Reuse hits (memory/disk/partial/function):\t")
          .append(reuse.get(ReuseCounter.HITS_MEMORY)).append('/')
          .append(reuse.get(ReuseCounter.HITS_DISK)).append('/')
          .append(reuse.get(ReuseCounter.HITS_PARTIAL)).append('/')
          .append(reuse.get(ReuseCounter.HITS_FUNCTION)).append('\n');
      sb.append("Reuse misses/puts/evictions/spills/reloads:\t")
          .append(reuse.get(ReuseCounter.MISSES)).append('/')
          .append(reuse.get(ReuseCounter.PUTS)).append('/')
          .append(reuse.get(ReuseCounter.EVICTIONS)).append('/')
          .append(reuse.get(ReuseCounter.SPILLS)).append('/')
          .append(reuse.get(ReuseCounter.RELOADS)).append('\n');
      sb.append(String.format(Locale.ROOT, "Reuse bytes put/probe time/saved:\t%d/%.3f sec./%.3f"
          + " sec.%n", reuse.get(ReuseCounter.BYTES_PUT),
          reuse.get(ReuseCounter.PROBE_NANOS) / 1e9, reuse.get(ReuseCounter.SAVED_NANOS) / 1e9));
    }
    if (codegen.getOrDefault(CodegenCounter.DAGS_OPTIMIZED, 0L) > 0) {
      sb.append("Codegen (DAGs/CPlans/classes/cache hits/failures):\t")
          .append(codegen.get(CodegenCounter.DAGS_OPTIMIZED)).append('/')
          .append(codegen.get(CodegenCounter.CPLANS_BUILT)).append('/')
          .append(codegen.get(CodegenCounter.CLASSES_COMPILED)).append('/')
          .append(codegen.get(CodegenCounter.CACHE_HITS)).append('/')
          .append(codegen.get(CodegenCounter.COMPILE_FAILURES)).append('\n');
      sb.append(String.format(Locale.ROOT,
          "Codegen time (explore/select/construct/compile):\t%.3f/%.3f/%.3f/%.3f sec.%n",
          codegen.get(CodegenCounter.EXPLORE_NANOS) / 1e9,
          codegen.get(CodegenCounter.SELECT_NANOS) / 1e9,
          codegen.get(CodegenCounter.CONSTRUCT_NANOS) / 1e9,
          codegen.get(CodegenCounter.COMPILE_NANOS) / 1e9));
      if (selection.getOrDefault("PLANS_EVALUATED", 0L) > 0) {
        sb.append("Fusion plans (all/partitioned/evaluated):\t")
            .append(selection.getOrDefault("PLANS_ALL", 0L)).append('/')
            .append(selection.getOrDefault("PLANS_PARTITIONED", 0L)).append('/')
            .append(selection.get("PLANS_EVALUATED")).append('\n');
      }
      sb.append("Fused operator executions / work:\t")
          .append(codegen.get(CodegenCounter.FUSED_EXECUTIONS)).append(" / ")
          .append(codegen.get(CodegenCounter.FUSED_WORK)).append('\n');
    }
    if (buffers.freshBytes() + buffers.recycledBytes() > 0) {
      sb.append(String.format(Locale.ROOT, "Block buffers (allocated/recycled):\t%.3f/%.3f MB%n",
          buffers.freshBytes() / 1e6, buffers.recycledBytes() / 1e6));
    }
    counts(sb, "Instructions by execution type:\t", execTypes);
    for (Map.Entry<String, Transfers> e : transfers.entrySet()) {
      sb.append(String.format(Locale.ROOT, "Transfers %s:\t\t%d (%.3f MB)%n", e.getKey(),
          e.getValue().count(), e.getValue().bytes() / 1e6));
    }
    counts(sb, "Backend counters:\t", backend);
    if (!timeline.isEmpty()) {
      timeline(sb);
    }
    sb.append(String.format(Locale.ROOT, "Peak live variable memory:\t%.3f MB%n",
        peakLiveBytes / 1e6));
    sb.append("Heavy hitter instructions:\n");
    sb.append(String.format(Locale.ROOT, "  %-3s %-16s %12s %10s%n", "#", "Instruction",
        "Time(s)", "Count"));
    int i = 0;
    for (HeavyHitter h : heavyHitters) {
      if (i++ == maxHeavyHitters) {
        break;
      }
      sb.append(String.format(Locale.ROOT, "  %-3d %-16s %12.3f %10d%n", i, h.opcode(),
          h.totalNanos() / 1e9, h.count()));
    }
    return sb.toString();
  }

  /** A line {@code label k1 v1, k2 v2, ...}, or nothing for an empty map. */
  private static void counts(StringBuilder sb, String label, Map<String, Long> counts) {
    if (counts.isEmpty()) {
      return;
    }
    sb.append(label);
    String sep = "";
    for (Map.Entry<String, Long> e : counts.entrySet()) {
      sb.append(sep).append(e.getKey()).append(' ').append(e.getValue());
      sep = ", ";
    }
    sb.append('\n');
  }
}
