package org.planlab.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunLockTest {
  private static final Instant SINCE = Instant.parse("2024-05-01T10:00:00Z");

  @TempDir
  Path dir;

  /** A lock file naming {@code owner}, as a run of that owner would have left it. */
  private void lockedBy(RunLock.Owner owner) throws IOException {
    Files.writeString(dir.resolve(RunLock.FILE), owner.text());
  }

  private static RunLock.Owner self() {
    ProcessHandle h = ProcessHandle.current();
    return new RunLock.Owner(h.pid(), RunLock.localHost(), SINCE,
        h.info().startInstant().orElse(null));
  }

  @Test
  void acquireRecordsThisProcessAndReleaseDeletesTheFile() {
    RunLock lock = RunLock.acquire(dir);
    Optional<RunLock.Owner> owner = RunLock.liveOwner(dir);
    assertEquals(ProcessHandle.current().pid(), owner.orElseThrow().pid());
    assertEquals(Optional.empty(), lock.takenOverFrom());
    lock.release();
    assertFalse(Files.exists(dir.resolve(RunLock.FILE)));
    assertEquals(Optional.empty(), RunLock.liveOwner(dir));
  }

  @Test
  void aLockOfALiveProcessIsRefusedNamingIt() throws IOException {
    lockedBy(self());
    RunLock.InUseException e = assertThrows(RunLock.InUseException.class,
        () -> RunLock.acquire(dir));
    assertEquals("run folder " + dir + " is in use by PID " + ProcessHandle.current().pid()
        + " on " + RunLock.localHost() + " (since 2024-05-01T10:00:00Z)", e.getMessage());
  }

  @Test
  void aLockOfAnEndedProcessIsTakenOver() throws Exception {
    RunLock.Owner dead = new RunLock.Owner(EndedProcess.pid(), RunLock.localHost(), SINCE, null);
    lockedBy(dead);
    assertEquals(Optional.empty(), RunLock.liveOwner(dir));
    try (RunLock lock = RunLock.acquire(dir)) {
      assertEquals(Optional.of(dead), lock.takenOverFrom());
      assertEquals(ProcessHandle.current().pid(), RunLock.liveOwner(dir).orElseThrow().pid());
      try (var s = Files.list(dir)) {
        assertEquals(1, s.count(), "no claim file is left");
      }
    }
  }

  @Test
  void aReusedProcessIdDoesNotKeepALockAlive() throws IOException {
    Instant started = self().processStart();
    assumeTrue(started != null, "the system tells no process start times");
    RunLock.Owner earlier = new RunLock.Owner(ProcessHandle.current().pid(),
        RunLock.localHost(), SINCE, started.minus(Duration.ofHours(1)));
    lockedBy(earlier);
    try (RunLock lock = RunLock.acquire(dir)) {
      assertEquals(Optional.of(earlier), lock.takenOverFrom());
    }
  }

  @Test
  void aLockOfAnotherHostCountsAsLive() throws IOException {
    lockedBy(new RunLock.Owner(1, "elsewhere.example", SINCE, null));
    RunLock.InUseException e = assertThrows(RunLock.InUseException.class,
        () -> RunLock.acquire(dir));
    assertTrue(e.getMessage().endsWith(" is in use by PID 1 on elsewhere.example (since "
        + "2024-05-01T10:00:00Z)"), e.getMessage());
  }

  @Test
  void releaseKeepsALockThatIsNoLongerThisOne() throws IOException {
    RunLock lock = RunLock.acquire(dir);
    RunLock.Owner other = new RunLock.Owner(1, "elsewhere.example", SINCE, null);
    lockedBy(other);
    lock.release();
    assertEquals(other.text(), Files.readString(dir.resolve(RunLock.FILE)));
  }
}
