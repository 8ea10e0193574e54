package org.planlab.engine.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of this process, split into time in user mode and time in the kernel (page faults
 * of freshly touched memory, system calls), as Linux accounts it in {@code /proc/self/stat}.
 * Where that file cannot be read (another operating system), both are -1, "unknown".
 *
 * @param userNanos CPU time in user mode, or -1
 * @param kernelNanos CPU time in the kernel, or -1
 */
public record ProcessTimes(long userNanos, long kernelNanos) {
  /** Neither time known. */
  public static final ProcessTimes UNKNOWN = new ProcessTimes(-1, -1);

  /** No time spent (a run that measured nothing yet). */
  public static final ProcessTimes ZERO = new ProcessTimes(0, 0);

  /**
   * Nanoseconds per clock tick of {@code /proc/self/stat}: Linux reports these times in
   * USER_HZ ticks, which its user-space ABI fixes at 100 per second.
   */
  static final long TICK_NANOS = 10_000_000L;

  private static final Path STAT = Path.of("/proc/self/stat");

  /** Whether both times are known. */
  public boolean known() {
    return userNanos >= 0 && kernelNanos >= 0;
  }

  /** The times so far, or {@link #UNKNOWN}. */
  public static ProcessTimes now() {
    try {
      return parse(Files.readString(STAT));
    } catch (IOException | RuntimeException e) {
      return UNKNOWN;
    }
  }

  /**
   * The times in one line of {@code /proc/PID/stat}: fields 14 (utime) and 15 (stime), counted
   * after the command name in parentheses, which may itself hold spaces and parentheses.
   *
   * @throws IllegalArgumentException when the line does not have these fields
   */
  static ProcessTimes parse(String stat) {
    int close = stat.lastIndexOf(')');
    String[] f = close < 0 ? new String[0] : stat.substring(close + 1).trim().split("\\s+");
    // f[0] is field 3 (state), so utime (field 14) is f[11] and stime (field 15) is f[12]
    if (f.length < 13) {
      throw new IllegalArgumentException("not a /proc/PID/stat line: " + stat);
    }
    return new ProcessTimes(Long.parseLong(f[11]) * TICK_NANOS,
        Long.parseLong(f[12]) * TICK_NANOS);
  }

  /** The times spent since {@code start}; unknown when either is. */
  public ProcessTimes since(ProcessTimes start) {
    if (!known() || !start.known()) {
      return UNKNOWN;
    }
    return new ProcessTimes(userNanos - start.userNanos, kernelNanos - start.kernelNanos);
  }

  /** The sum of two spans of time; unknown when either is. */
  public ProcessTimes plus(ProcessTimes other) {
    if (!known() || !other.known()) {
      return UNKNOWN;
    }
    return new ProcessTimes(userNanos + other.userNanos, kernelNanos + other.kernelNanos);
  }
}
