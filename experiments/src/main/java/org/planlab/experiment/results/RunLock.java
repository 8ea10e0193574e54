package org.planlab.experiment.results;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The exclusive hold of one {@code planlab run} on a run folder, so that two runs never measure
 * the same points at the same time: the file {@code .lock} in the folder, created atomically
 * ({@link StandardOpenOption#CREATE_NEW}) and naming its {@link Owner} (process id, host, since
 * when, the process's start time). It is deleted when the run ends, also on SIGTERM (the
 * runner's shutdown hook); a run killed outright leaves it behind, and the next run finds its
 * owner dead and takes it over.
 *
 * <p>An owner on this host is alive when a process with its id runs and started when the owner
 * did (so a reused process id does not keep a dead run's lock); an owner on another host counts
 * as alive, since it cannot be checked from here. Taking over a stale lock is atomic as well: the
 * taker first creates a claim file named after the stale owner ({@code CREATE_NEW}, so one
 * process wins), checks that the lock still names that owner, then deletes it and creates its
 * own; a loser finds the winner's lock, alive.
 */
public final class RunLock implements AutoCloseable {
  /** The lock file inside a run folder. */
  public static final String FILE = ".lock";

  /** How often a lock that is being written or taken over is read again before giving up. */
  private static final int ATTEMPTS = 20;
  private static final Duration PAUSE = Duration.ofMillis(100);
  /**
   * How far two readings of one process's start time may differ: the operating system reports
   * it in clock ticks, and JDKs may round it differently.
   */
  private static final Duration START_TOLERANCE = Duration.ofSeconds(1);

  private final Path runDir;
  private final Owner owner;
  private final Owner takenOverFrom;
  private boolean released;

  private RunLock(Path runDir, Owner owner, Owner takenOverFrom) {
    this.runDir = runDir;
    this.owner = owner;
    this.takenOverFrom = takenOverFrom;
  }

  /**
   * The process holding a lock.
   *
   * @param pid its process id
   * @param host the host it runs on
   * @param since when it took the lock
   * @param processStart when the process started, or null when the system did not say
   */
  public record Owner(long pid, String host, Instant since, Instant processStart) {
    /** Checks the arguments. */
    public Owner {
      requireNonNull(host, "host is null");
      requireNonNull(since, "since is null");
    }

    /** This process, as of {@code since}. */
    static Owner current(Instant since) {
      ProcessHandle self = ProcessHandle.current();
      return new Owner(self.pid(), localHost(), since, self.info().startInstant().orElse(null));
    }

    /** E.g. {@code PID 4711 on box (since 2024-05-01T10:00:00Z)}. */
    public String describe() {
      return "PID " + pid + " on " + host + " (since " + since + ")";
    }

    /**
     * Whether the owner may still run: on this host, a process with its id that started when
     * the owner did runs; on another host, always (it cannot be checked from here).
     */
    public boolean isAlive() {
      if (!host.equals(localHost())) {
        return true;
      }
      Optional<ProcessHandle> h = ProcessHandle.of(pid);
      if (h.isEmpty() || !h.get().isAlive()) {
        return false;
      }
      Optional<Instant> started = h.get().info().startInstant();
      return processStart == null || started.isEmpty()
          || Duration.between(processStart, started.get()).abs().compareTo(START_TOLERANCE) <= 0;
    }

    /** The lock file's text. */
    String text() {
      StringBuilder sb = new StringBuilder().append("pid=").append(pid).append('\n')
          .append("host=").append(host).append('\n').append("since=").append(since).append('\n');
      if (processStart != null) {
        sb.append("processStart=").append(processStart).append('\n');
      }
      return sb.toString();
    }

    /** The owner a lock file's text names, or empty when it is incomplete (being written). */
    static Optional<Owner> parse(String text) {
      Map<String, String> fields = new LinkedHashMap<>();
      for (String line : text.split("\n")) {
        int eq = line.indexOf('=');
        if (eq > 0) {
          fields.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
      }
      if (!fields.keySet().containsAll(List.of("pid", "host", "since"))) {
        return Optional.empty();
      }
      try {
        String start = fields.get("processStart");
        return Optional.of(new Owner(Long.parseLong(fields.get("pid")), fields.get("host"),
            Instant.parse(fields.get("since")), start == null ? null : Instant.parse(start)));
      } catch (NumberFormatException | DateTimeParseException e) {
        return Optional.empty();
      }
    }
  }

  /** A run folder held by a live run; the message names the folder and the owner. */
  public static final class InUseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InUseException(String message) {
      super(message);
    }
  }

  /**
   * Takes the lock of {@code runDir} (an existing folder) for this process, taking over a lock
   * whose owner no longer runs.
   *
   * @throws InUseException when a live owner holds it, or its lock file stays unreadable
   * @throws UncheckedIOException when the lock file cannot be written or read
   */
  public static RunLock acquire(Path runDir) {
    Path dir = runDir.toAbsolutePath();
    Path file = dir.resolve(FILE);
    Owner me = Owner.current(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    Owner takenOver = null;
    try {
      for (int attempt = 1; ; attempt++) {
        if (create(file, me.text())) {
          return new RunLock(dir, me, takenOver);
        }
        Optional<String> text = read(file);
        if (text.isEmpty() && attempt < ATTEMPTS) {
          // released meanwhile
          continue;
        }
        Optional<Owner> other = text.flatMap(Owner::parse);
        if (other.isPresent() && other.get().isAlive()) {
          throw new InUseException("run folder " + dir + " is in use by "
              + other.get().describe());
        }
        if (other.isPresent() && takeOver(dir, file, other.get(), text.get())) {
          takenOver = other.get();
          continue;
        }
        if (attempt == ATTEMPTS) {
          throw new InUseException(other.isEmpty()
              ? "run folder " + dir + " has an unreadable lock file " + file
                  + "; if no planlab run uses the folder, delete that file"
              : "run folder " + dir + ": the lock of " + other.get().describe()
                  + ", which no longer runs, is being taken over by another process; if no "
                  + "planlab run is starting there, delete " + file + " and " + dir + "/"
                  + FILE + ".*.claim");
        }
        // the lock is being written, released or taken over: look again shortly
        Thread.sleep(PAUSE.toMillis());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock run folder " + dir + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InUseException("interrupted while waiting for the lock of run folder " + dir);
    }
  }

  /**
   * The owner of {@code runDir}'s lock when one that may still run holds it (see
   * {@link Owner#isAlive}); empty when there is no lock or its owner is gone.
   */
  public static Optional<Owner> liveOwner(Path runDir) {
    try {
      return read(runDir.resolve(FILE)).flatMap(Owner::parse).filter(Owner::isAlive);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The folder this lock holds. */
  public Path runDir() {
    return runDir;
  }

  /** This lock's owner (this process). */
  public Owner owner() {
    return owner;
  }

  /** The dead owner whose stale lock this one replaced, if any. */
  public Optional<Owner> takenOverFrom() {
    return Optional.ofNullable(takenOverFrom);
  }

  /**
   * Deletes the lock file if it is still this lock's; safe to call more than once and from a
   * shutdown hook. Never throws: a lock file that cannot be deleted is stale once this process
   * ends, and the next run takes it over.
   */
  public synchronized void release() {
    if (released) {
      return;
    }
    released = true;
    Path file = runDir.resolve(FILE);
    try {
      if (read(file).filter(owner.text()::equals).isPresent()) {
        Files.delete(file);
      }
    } catch (IOException e) {
      // stale once this process ends; the next run takes it over
    }
  }

  @Override
  public void close() {
    release();
  }

  /** Creates {@code file} with {@code text}; false when it exists. */
  private static boolean create(Path file, String text) throws IOException {
    try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    }
  }

  /**
   * Deletes the stale lock {@code file} of {@code dead} (whose text is {@code text}) when this
   * process wins the claim on it; false when another process holds the claim.
   */
  private static boolean takeOver(Path dir, Path file, Owner dead, String text)
      throws IOException {
    Path claim = dir.resolve(FILE + "." + dead.pid() + "-" + dead.since().toEpochMilli()
        + ".claim");
    if (!create(claim, "")) {
      return false;
    }
    try {
      // only the claim's holder deletes this owner's lock, so it is still there unless an
      // earlier taker replaced it already (then it is that taker's, and stays)
      if (read(file).filter(text::equals).isPresent()) {
        Files.delete(file);
      }
      return true;
    } finally {
      Files.deleteIfExists(claim);
    }
  }

  private static Optional<String> read(Path file) throws IOException {
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** This host's name, as the lock file records it. */
  static String localHost() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      String env = System.getenv("HOSTNAME");
      return env == null || env.isBlank() ? "localhost" : env;
    }
  }
}
