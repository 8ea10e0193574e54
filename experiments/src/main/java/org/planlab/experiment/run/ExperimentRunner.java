package org.planlab.experiment.run;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.planlab.engine.io.TemporaryFiles;
import org.planlab.experiment.descriptor.ExperimentDescriptor;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Study;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Variant;
import org.planlab.experiment.peer.PeerEngines;
import org.planlab.experiment.peer.PeerPointSpec;
import org.planlab.experiment.peer.SystemDsJars;
import org.planlab.experiment.results.PointsCsv;
import org.planlab.experiment.results.PointsCsv.Row;
import org.planlab.experiment.results.RunEnvironment;
import org.planlab.experiment.results.RunLock;
import org.planlab.experiment.results.RunManifest;
import org.planlab.experiment.results.StatsFile;
import org.planlab.experiment.results.TimelineFile;
import org.planlab.workloads.WorkloadCatalog;

/**
 * Runs an experiment: every point of its grid in a fresh JVM (through a {@link PointLauncher}),
 * one after the other, recording results in {@code <results-root>/<name>/<run-id>/} as the
 * results contract says (run.json, points.csv rewritten after each point, stats/). Inputs come
 * from the {@link DataCache} under {@code <results-root>/data-cache}; each point's spec and JVM
 * output are kept in {@code logs/}.
 *
 * <p>A failed or timed-out point is recorded with its error and the run goes on. Resuming:
 * without an explicit folder or {@code forceNew}, the newest run of the experiment continues
 * when it was made from the same descriptor bytes and is not {@link RunManifest#COMPLETE}
 * (interrupted, or with failed points); points whose rows are all ok are skipped, the others run
 * again.
 *
 * <p>One run at a time per folder: the runner holds the folder's {@link RunLock} while it runs
 * (a second runner fails naming the first), removes the temporary files that killed writers
 * left there, and records in run.json how the run ended ({@link RunSession}), also when it is
 * stopped by a signal.
 */
public final class ExperimentRunner {
  /** The run-id format, a UTC timestamp. */
  public static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);
  /** The results file inside a run folder. */
  public static final String POINTS_CSV = "points.csv";
  /** The folder of point specs and JVM output inside a run folder. */
  public static final String LOGS = "logs";
  /** The shared input cache inside the results root. */
  public static final String DATA_CACHE = "data-cache";

  private final PointLauncher launcher;
  private final Clock clock;

  /** A runner launching points with {@code launcher}. */
  public ExperimentRunner(PointLauncher launcher) {
    this(launcher, Clock.systemUTC());
  }

  /** A runner launching points with {@code launcher}, timestamps from {@code clock}. */
  public ExperimentRunner(PointLauncher launcher, Clock clock) {
    this.launcher = requireNonNull(launcher, "launcher is null");
    this.clock = requireNonNull(clock, "clock is null");
  }

  /**
   * How to run.
   *
   * @param only a glob over point ids selecting the points to run, or null for all
   * @param repeat measured runs per point instead of the descriptor's, or null
   * @param warmup unmeasured runs per point instead of the descriptor's, or null
   * @param out the run folder to use (created, or resumed when it holds a run of the same
   *     descriptor), or null for a folder under the results root
   * @param resultsRoot the results root ({@code results} by default)
   * @param forceNew start a new run even when the newest one could be resumed
   * @param rounds how often the selected points run, round-robin, each time in a fresh JVM
   *     with the warm-up and the measured runs (a point's runs of all rounds are pooled, their
   *     numbers continue): on a noisy machine a slow spell then hits every variant alike, not
   *     the points that happen to run during it; null for one round
   */
  public record Options(String only, Integer repeat, Integer warmup, Path out, Path resultsRoot,
      boolean forceNew, Integer rounds) {
    /** Checks the arguments. */
    public Options {
      requireNonNull(resultsRoot, "resultsRoot is null");
      if (repeat != null && repeat < 1) {
        throw new IllegalArgumentException("--repeat must be >= 1, was " + repeat);
      }
      if (warmup != null && warmup < 0) {
        throw new IllegalArgumentException("--warmup must be >= 0, was " + warmup);
      }
      if (rounds != null && rounds < 1) {
        throw new IllegalArgumentException("--rounds must be >= 1, was " + rounds);
      }
    }

    /** The options of one round (the common case). */
    public Options(String only, Integer repeat, Integer warmup, Path out, Path resultsRoot,
        boolean forceNew) {
      this(only, repeat, warmup, out, resultsRoot, forceNew, null);
    }
  }

  /**
   * One finished point.
   *
   * @param index 1-based position among the points run by this invocation
   * @param total number of points run by this invocation
   * @param point the point
   * @param rows its points.csv rows, one per repetition
   */
  public record PointOutcome(int index, int total, GridPoint point, List<Row> rows) {
    /** Freezes the rows. */
    public PointOutcome {
      rows = List.copyOf(rows);
    }

    /** Whether every repetition is ok. */
    public boolean ok() {
      return rows.stream().allMatch(Row::ok);
    }
  }

  /** Hears what the runner does (progress bar, summary lines). */
  public interface Listener {
    /**
     * Before the first point.
     *
     * @param runDir the run folder
     * @param resumed whether an existing run is continued
     * @param toRun points this invocation runs
     * @param skipped points skipped because they are finished
     */
    default void started(Path runDir, boolean resumed, int toRun, int skipped) {
    }

    /** After each point. */
    default void pointFinished(PointOutcome outcome) {
    }

    /**
     * Something the user should know about the run folder: a stale lock of a killed run taken
     * over, temporary files of interrupted writes removed, the run stopped by a signal (heard
     * from a shutdown hook's thread).
     */
    default void notice(String message) {
    }
  }

  /**
   * What a run did.
   *
   * @param runDir the run folder
   * @param pointsCsv its points.csv
   * @param ran points run to their end by this invocation
   * @param skipped finished points skipped
   * @param failed points of this invocation with a failed or timed-out repetition
   * @param stopped whether this invocation was stopped (a signal) before its points ran
   * @param status the run's status in run.json now: {@link RunManifest#COMPLETE},
   *     {@link RunManifest#COMPLETE_WITH_FAILURES} or {@link RunManifest#INTERRUPTED} (also
   *     when {@code --only} left points of the grid unrun)
   */
  public record Summary(Path runDir, Path pointsCsv, int ran, int skipped, int failed,
      boolean stopped, String status) {
    /** Checks the arguments. */
    public Summary {
      requireNonNull(runDir, "runDir is null");
      requireNonNull(pointsCsv, "pointsCsv is null");
      requireNonNull(status, "status is null");
    }

    /** Whether every point of the grid is now ok. */
    public boolean complete() {
      return status.equals(RunManifest.COMPLETE);
    }
  }

  /**
   * Runs {@code d}.
   *
   * @throws IllegalArgumentException for unusable options (an {@code only} glob matching no
   *     point, an {@code out} folder holding another descriptor's run)
   * @throws RunLock.InUseException when the run folder to use is held by a live run
   * @throws UncheckedIOException when the results cannot be written
   */
  public Summary run(ExperimentDescriptor d, Options o, Listener listener) {
    List<GridPoint> grid = Grid.expand(d);
    List<GridPoint> selected = select(grid, o.only());
    int repeat = o.repeat() != null ? o.repeat() : d.repeat();
    int warmup = o.warmup() != null ? o.warmup() : d.warmup();
    int rounds = o.rounds() != null ? o.rounds() : d.rounds();
    Path resultsRoot = o.resultsRoot().toAbsolutePath();

    RunFolders.Claim claim = RunFolders.claim(d, o.out(), o.forceNew(),
        resultsRoot.resolve(d.name()), clock.instant());
    try (RunLock lock = claim.lock()) {
      Path runDir = lock.runDir();
      lock.takenOverFrom().ifPresent(dead -> listener.notice("took over the lock of run folder "
          + runDir + " from " + dead.describe() + ", which no longer runs"));
      int removed = TemporaryFiles.deleteStaleBelow(runDir);
      if (removed > 0) {
        listener.notice("removed " + removed + " temporary file" + (removed == 1 ? "" : "s")
            + " of interrupted writes in " + runDir);
      }
      RunManifest manifest;
      Map<String, List<Row>> rows = new LinkedHashMap<>();
      grid.forEach(p -> rows.put(p.id(), new ArrayList<>()));
      if (claim.resumed()) {
        manifest = RunManifest.read(runDir);
        Path csv = runDir.resolve(POINTS_CSV);
        if (Files.isRegularFile(csv)) {
          for (Row r : PointsCsv.read(csv)) {
            rows.computeIfAbsent(r.point(), k -> new ArrayList<>()).add(r);
          }
        }
      } else {
        manifest = new RunManifest(d.name(), d.file().toString(), d.sha256(), d.toJson(),
            runDir.getFileName().toString(), RunManifest.RUNNING, clock.instant(), null,
            RunEnvironment.capture(Path.of("").toAbsolutePath()), d.baseline().name());
      }
      try (RunSession session = new RunSession(lock, manifest, clock, listener::notice)) {
        return runPoints(d, grid, selected, warmup, repeat, rounds, rows, session,
            claim.resumed(), resultsRoot, listener);
      }
    }
  }

  /** Runs the selected points that are not finished, then ends the session with the status. */
  private Summary runPoints(ExperimentDescriptor d, List<GridPoint> grid,
      List<GridPoint> selected, int warmup, int repeat, int rounds, Map<String, List<Row>> rows,
      RunSession session, boolean resumed, Path resultsRoot, Listener listener) {
    Path runDir = session.runDir();
    List<GridPoint> toRun = new ArrayList<>();
    for (GridPoint p : selected) {
      List<Row> done = rows.get(p.id());
      if (done.size() < rounds * repeat || !done.stream().allMatch(Row::ok)) {
        toRun.add(p);
      }
    }
    int skipped = selected.size() - toRun.size();
    listener.started(runDir, resumed, toRun.size(), skipped);

    DataCache cache = new DataCache(resultsRoot.resolve(DATA_CACHE),
        Runtime.getRuntime().availableProcessors());
    Set<String> failed = new HashSet<>();
    Set<String> ran = new HashSet<>();
    int n = toRun.size();
    boolean stopped = false;
    for (int round = 0; round < rounds && !stopped; round++) {
      for (int i = 0; i < n; i++) {
        GridPoint p = toRun.get(i);
        Optional<List<Row>> result = runPoint(d, p, warmup, repeat, round, runDir, cache);
        if (result.isEmpty()) {
          stopped = true;
          break;
        }
        if (round == 0) {
          rows.put(p.id(), new ArrayList<>(result.get()));
        } else {
          rows.get(p.id()).addAll(result.get());
        }
        if (!session.writePoints(all(rows))) {
          stopped = true;
          break;
        }
        ran.add(p.id());
        PointOutcome outcome = new PointOutcome(round * n + i + 1, rounds * n, p, result.get());
        if (!outcome.ok()) {
          failed.add(p.id());
        }
        listener.pointFinished(outcome);
      }
    }
    if (toRun.isEmpty()) {
      // a run with nothing left to do still gets its points.csv (e.g. resumed after a crash
      // between the last point and the final status)
      session.writePoints(all(rows));
    }
    String status = session.end(stopped ? RunManifest.INTERRUPTED : status(grid, rows));
    return new Summary(runDir, runDir.resolve(POINTS_CSV), ran.size(), skipped, failed.size(),
        stopped || status.equals(RunManifest.INTERRUPTED) && ran.size() < n, status);
  }

  private static List<Row> all(Map<String, List<Row>> rows) {
    return rows.values().stream().flatMap(List::stream).toList();
  }

  /**
   * How a run that went through its selected points ended: complete when every point of the
   * grid is ok, with failures when every point ran, else interrupted (points are left, e.g.
   * not selected by {@code --only}).
   */
  private static String status(List<GridPoint> grid, Map<String, List<Row>> rows) {
    if (grid.stream().anyMatch(p -> rows.get(p.id()).isEmpty())) {
      return RunManifest.INTERRUPTED;
    }
    return grid.stream().allMatch(p -> rows.get(p.id()).stream().allMatch(Row::ok))
        ? RunManifest.COMPLETE : RunManifest.COMPLETE_WITH_FAILURES;
  }

  /**
   * The summary line of a finished point, e.g. {@code [3/8] X.rows-1e6__FA  ok  wall 1.52 s
   * (median of 3)  compile 0.21 s  objective 1234.5}, or {@code [3/8] ID  FAILED: message}.
   */
  public static String summaryLine(PointOutcome o) {
    String head = "[" + o.index() + "/" + o.total() + "] " + o.point().id() + "  ";
    Optional<Row> bad = o.rows().stream().filter(r -> !r.ok()).findFirst();
    if (bad.isPresent()) {
      return head + bad.get().status().toUpperCase(Locale.ROOT) + ": " + bad.get().error();
    }
    StringBuilder sb = new StringBuilder(head).append("ok  wall ")
        .append(String.format(Locale.ROOT, "%.2f s", median(o.rows(), "wall_s")));
    if (o.rows().size() > 1) {
      sb.append(" (median of ").append(o.rows().size()).append(')');
    }
    sb.append(String.format(Locale.ROOT, "  compile %.2f s", median(o.rows(), "compile_s")));
    String objective = o.rows().get(0).metrics().getOrDefault("objective", "");
    if (!objective.isEmpty()) {
      sb.append("  objective ").append(objective);
    }
    return sb.toString();
  }

  private static double median(List<Row> rows, String metric) {
    double[] v = rows.stream().map(r -> r.metrics().getOrDefault(metric, ""))
        .filter(s -> !s.isEmpty()).mapToDouble(Double::parseDouble).sorted().toArray();
    if (v.length == 0) {
      return Double.NaN;
    }
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  /**
   * Runs {@code p} in a fresh JVM; round r (from 0) numbers its runs from r * repeat + 1. Empty
   * when the runner is stopping and the point's JVM was ended before it finished.
   */
  private Optional<List<Row>> runPoint(ExperimentDescriptor d, GridPoint p, int warmup, int repeat,
      int round, Path runDir, DataCache cache) {
    int firstRep = round * repeat + 1;
    Study study = p.study();
    Path script = study.workload() != null
        ? WorkloadCatalog.standard().driverScript(WorkloadCatalog.standard().byName(study.workload()))
        : study.script();
    String workloadColumn = study.label();
    Path logs = runDir.resolve(LOGS);
    try {
      // a point run again must not show repetitions of its earlier attempt
      for (int rep = firstRep; Files.exists(StatsFile.path(runDir, p.id(), rep)); rep++) {
        Files.delete(StatsFile.path(runDir, p.id(), rep));
        Files.deleteIfExists(TimelineFile.path(runDir, p.id(), rep));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot clear old stats of " + p.id() + ": "
          + e.getMessage(), e);
    }
    Map<String, Path> inputs;
    try {
      inputs = cache.prepare(p);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      return Optional.of(failedRows(runDir, p, firstRep, repeat, workloadColumn, Map.of(),
          PointsCsv.FAILED, "cannot generate the data: " + e.getMessage()));
    }
    Map<String, String> inputTexts = new LinkedHashMap<>();
    inputs.forEach((k, v) -> inputTexts.put(k, v.toString()));
    Map<String, String> args = new LinkedHashMap<>(p.args());
    args.putAll(inputTexts);
    Path folder = d.file().toAbsolutePath().getParent();
    PointSpec spec = new PointSpec(p.id(), p.variant().name(), script.toString(), args,
        p.params(), inputTexts,
        List.of(WorkloadCatalog.standard().libraryFolder().toString()), folder.toString(),
        p.variant().fusion(), p.variant().ordering(),
        p.variant().threads() != null ? p.variant().threads() : d.threads(),
        p.variant().costProfile() == null ? null : p.variant().costProfile().toString(),
        p.variant().codegenCompiler(), p.variant().operatorCache(), p.variant().exec(),
        p.variant().localBudget(), p.variant().reuse(), p.variant().eviction(),
        p.variant().cacheBudget(), p.variant().reuseDelay(), p.variant().async(),
        p.variant().timeline(), p.variant().recycle(), d.backend().spec(),
        d.backend().execType(), warmup, repeat,
        firstRep, runDir.toString(), d.timeout().toMillis(), peer(d, p.variant()),
        d.machineReference());
    String log = round == 0 ? p.id() : p.id() + ".round" + (round + 1);
    Path specFile = logs.resolve(log + ".spec.json");
    spec.write(specFile);
    PointLauncher.Result launched = launcher.launch(new PointLauncher.Request(specFile,
        d.jvm().heap(), d.jvm().options(), d.timeout(), folder,
        logs.resolve(log + ".out"), logs.resolve(log + ".err")));
    if (launched.status() == PointLauncher.Status.INTERRUPTED) {
      return Optional.empty();
    }

    List<Row> result = new ArrayList<>();
    for (int rep = firstRep; rep < firstRep + repeat; rep++) {
      Path stats = StatsFile.path(runDir, p.id(), rep);
      if (Files.isRegularFile(stats)) {
        result.add(new Row(p.id(), workloadColumn, p.variant().name(), rep, PointsCsv.OK, "",
            p.params(), StatsFile.metrics(StatsFile.read(stats)), p.variant().engine()));
      } else {
        String status = launched.status() == PointLauncher.Status.TIMEOUT ? PointsCsv.TIMEOUT
            : PointsCsv.FAILED;
        String error = launched.status() == PointLauncher.Status.OK
            ? "the point's JVM wrote no result for repetition " + rep : launched.error();
        result.add(failedRow(runDir, p, rep, workloadColumn, inputTexts, status, error));
      }
    }
    return Optional.of(result);
  }

  private static List<Row> failedRows(Path runDir, GridPoint p, int firstRep, int repeat,
      String workloadColumn, Map<String, String> inputs, String status, String error) {
    List<Row> rows = new ArrayList<>();
    for (int rep = firstRep; rep < firstRep + repeat; rep++) {
      rows.add(failedRow(runDir, p, rep, workloadColumn, inputs, status, error));
    }
    return rows;
  }

  private static Row failedRow(Path runDir, GridPoint p, int rep, String workloadColumn,
      Map<String, String> inputs, String status, String error) {
    try {
      // a timeline written before the JVM failed belongs to no finished repetition
      Files.deleteIfExists(TimelineFile.path(runDir, p.id(), rep));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the timeline of " + p.id() + ": "
          + e.getMessage(), e);
    }
    StatsFile.write(StatsFile.path(runDir, p.id(), rep), StatsFile.json(null, p.id(),
        p.variant().name(), rep, p.params(), inputs, Double.NaN, 0, status, error, Map.of()));
    return new Row(p.id(), workloadColumn, p.variant().name(), rep, status, error, p.params(),
        Map.of(), p.variant().engine());
  }

  /**
   * What a point's JVM needs to hand the point to a reference engine: its settings, the same
   * heap and JVM options as planlab's point JVMs, and the user's engine cache; null for planlab.
   */
  private static PeerPointSpec peer(ExperimentDescriptor d, Variant v) {
    if (!PeerEngines.isPeer(v.engine())) {
      return null;
    }
    return new PeerPointSpec(v.engine(), v.engineConfig(), d.jvm().heap(), d.jvm().options(),
        SystemDsJars.defaultRoot(System.getenv(), System.getProperty("user.home")).toString());
  }

  private static List<GridPoint> select(List<GridPoint> grid, String only) {
    if (only == null) {
      return grid;
    }
    PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + only);
    List<GridPoint> selected = grid.stream().filter(p -> m.matches(Path.of(p.id()))).toList();
    if (selected.isEmpty()) {
      throw new IllegalArgumentException("--only '" + only + "' matches no point; points: "
          + grid.stream().map(GridPoint::id).toList());
    }
    return selected;
  }
}
