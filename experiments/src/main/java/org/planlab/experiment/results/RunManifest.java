package org.planlab.experiment.results;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * {@code run.json} of a run. {@code status} is {@link #RUNNING} while a run holds the folder's
 * {@link RunLock}, and when it ends: {@link #COMPLETE} when every point of the grid is ok,
 * {@link #COMPLETE_WITH_FAILURES} when every point ran and some failed or timed out,
 * {@link #INTERRUPTED} when it stopped before every point ran (stopped by a signal, a point
 * selection with {@code --only}, or an error). A run killed outright keeps {@code running}
 * without a live lock owner, which readers take for interrupted ({@link #effectiveStatus}).
 * {@code planlab run} on the same descriptor resumes every status but {@code complete}: it
 * skips the points that are ok and runs the others.
 *
 * @param name the experiment name
 * @param descriptorFile the descriptor file as given
 * @param descriptorSha256 hex SHA-256 of the descriptor's bytes
 * @param descriptor the resolved descriptor
 * @param runId the run's folder name, a UTC timestamp {@code yyyyMMdd'T'HHmmss'Z'}
 * @param status {@link #RUNNING}, {@link #COMPLETE}, {@link #COMPLETE_WITH_FAILURES} or
 *     {@link #INTERRUPTED}
 * @param start when the run started
 * @param end when the last invocation on this run finished, or null while it runs
 * @param environment the machine and code
 * @param baselineVariant the first variant's name
 */
public record RunManifest(String name, String descriptorFile, String descriptorSha256,
    JsonNode descriptor, String runId, String status, Instant start, Instant end,
    RunEnvironment environment, String baselineVariant) {

  /** The file name inside a run folder. */
  public static final String FILE = "run.json";
  /** status of a run that a live process is running. */
  public static final String RUNNING = "running";
  /** status of a run whose every point is ok. */
  public static final String COMPLETE = "complete";
  /** status of a run whose every point ran, some failed or timed out. */
  public static final String COMPLETE_WITH_FAILURES = "complete-with-failures";
  /** status of a run that stopped before every point ran. */
  public static final String INTERRUPTED = "interrupted";

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  /** Checks the arguments. */
  public RunManifest {
    requireNonNull(name, "name is null");
    requireNonNull(descriptorFile, "descriptorFile is null");
    requireNonNull(descriptorSha256, "descriptorSha256 is null");
    requireNonNull(descriptor, "descriptor is null");
    requireNonNull(runId, "runId is null");
    requireNonNull(status, "status is null");
    requireNonNull(start, "start is null");
    requireNonNull(environment, "environment is null");
    requireNonNull(baselineVariant, "baselineVariant is null");
  }

  /**
   * The status of the run in {@code runDir} whose run.json says {@code status}: {@link #RUNNING}
   * only while a live process holds the folder's lock, else {@link #INTERRUPTED} (the run was
   * killed before it could record how it ended).
   */
  public static String effectiveStatus(Path runDir, String status) {
    return status.equals(RUNNING) && RunLock.liveOwner(runDir).isEmpty() ? INTERRUPTED : status;
  }

  /**
   * Whether {@code planlab run} continues a run with this status: running (when its owner is
   * gone; else the lock refuses), interrupted or complete with failures.
   */
  public static boolean resumable(String status) {
    return status.equals(RUNNING) || status.equals(INTERRUPTED)
        || status.equals(COMPLETE_WITH_FAILURES);
  }

  /** This manifest with another status and end time. */
  public RunManifest finish(String newStatus, Instant newEnd) {
    return new RunManifest(name, descriptorFile, descriptorSha256, descriptor, runId, newStatus,
        start, newEnd, environment, baselineVariant);
  }

  /** Writes {@code runDir/run.json} atomically. */
  public void write(Path runDir) {
    ObjectNode o = JSON.createObjectNode();
    o.put("name", name);
    o.put("descriptorFile", descriptorFile);
    o.put("descriptorSha256", descriptorSha256);
    o.set("descriptor", descriptor);
    o.put("runId", runId);
    o.put("status", status);
    o.put("start", start.toString());
    if (end == null) {
      o.putNull("end");
    } else {
      o.put("end", end.toString());
    }
    o.set("environment", environment.toJson());
    o.put("baselineVariant", baselineVariant);
    try {
      AtomicFiles.writeString(runDir.resolve(FILE), JSON.writeValueAsString(o) + "\n");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serializes", e);
    }
  }

  /**
   * Reads {@code runDir/run.json}.
   *
   * @throws IllegalArgumentException naming the file when it is not a run.json
   */
  public static RunManifest read(Path runDir) {
    Path file = runDir.resolve(FILE);
    JsonNode o;
    try {
      o = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    try {
      return new RunManifest(o.path("name").asText(), o.path("descriptorFile").asText(),
          o.path("descriptorSha256").asText(), o.path("descriptor"), o.path("runId").asText(),
          o.path("status").asText(), Instant.parse(o.path("start").asText()),
          o.path("end").isTextual() ? Instant.parse(o.path("end").asText()) : null,
          RunEnvironment.fromJson(o.path("environment")), o.path("baselineVariant").asText());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(file + ": not a run.json: " + e.getMessage(), e);
    }
  }
}
