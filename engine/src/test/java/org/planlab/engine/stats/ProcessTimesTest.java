package org.planlab.engine.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

class ProcessTimesTest {
  @Test
  void parsesUserAndKernelTicksAfterACommandNameWithSpacesAndParentheses() {
    // a real line's shape: pid (comm) state ppid ... utime (14) stime (15) ...
    String line = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 90210 0 12 0 "
        + "1234 56 0 0 20 0 31 0 171 1234567 8910 18446744073709551615";
    ProcessTimes t = ProcessTimes.parse(line);
    assertEquals(1234 * ProcessTimes.TICK_NANOS, t.userNanos());
    assertEquals(56 * ProcessTimes.TICK_NANOS, t.kernelNanos());
  }

  @Test
  void aLineWithoutTheFieldsIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ProcessTimes.parse("4242 (java) S 1 2"));
    assertTrue(e.getMessage().startsWith("not a /proc/PID/stat line"), e.getMessage());
  }

  @Test
  void differencesAndSumsKeepUnknownUnknown() {
    ProcessTimes a = new ProcessTimes(30, 7);
    ProcessTimes b = new ProcessTimes(10, 2);
    assertEquals(new ProcessTimes(20, 5), a.since(b));
    assertEquals(new ProcessTimes(40, 9), a.plus(b));
    assertFalse(a.since(ProcessTimes.UNKNOWN).known());
    assertFalse(ProcessTimes.UNKNOWN.plus(a).known());
  }

  /**
   * On Linux the times are read and grow with work done: this thread works until it has used
   * 50 ms of CPU time (by the JVM's own count), and the process's times grow by at least two
   * ticks.
   */
  @Test
  void theProcessTimesGrowWithWork() {
    ProcessTimes start = ProcessTimes.now();
    if (!System.getProperty("os.name", "").startsWith("Linux")) {
      assertFalse(start.known());
      return;
    }
    assertTrue(start.known());
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long until = threads.getCurrentThreadCpuTime() + 50_000_000L;
    double x = 0;
    while (threads.getCurrentThreadCpuTime() < until) {
      for (int i = 0; i < 1000; i++) {
        x += Math.sqrt(x + 1);
      }
    }
    ProcessTimes spent = ProcessTimes.now().since(start);
    assertTrue(spent.userNanos() + spent.kernelNanos() >= 2 * ProcessTimes.TICK_NANOS,
        spent + " after 50 ms of work (" + x + ")");
  }
}
