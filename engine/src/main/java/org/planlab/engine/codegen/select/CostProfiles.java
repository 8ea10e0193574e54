package org.planlab.engine.codegen.select;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.planlab.engine.io.FileErrors;

/**
 * Cost-model profiles: {@link CostConstants} as a small JSON file ({@code planlab calibrate}
 * writes one, {@code --cost-profile FILE} loads it). Writes are atomic (temporary file, then
 * rename). A profile without the broadcast constants ({@link CostConstants#broadcastBandwidth()},
 * {@link CostConstants#executors()}) gets their defaults.
 */
public final class CostProfiles {
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES);

  private CostProfiles() {
  }

  /** Writes {@code c} to {@code file} atomically. */
  public static void write(CostConstants c, Path file) {
    Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
    try {
      if (file.toAbsolutePath().getParent() != null) {
        Files.createDirectories(file.toAbsolutePath().getParent());
      }
      JSON.writeValue(tmp.toFile(), c);
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      // the reason for the user's file, never the temporary's name
      throw new UncheckedIOException("cannot write cost profile " + file + ": "
          + FileErrors.writeReason(file, e), e);
    }
  }

  /**
   * Reads a profile.
   *
   * @throws IllegalArgumentException naming the file and the problem (missing file, bad JSON, a
   *     missing or out-of-range field)
   */
  public static CostConstants read(Path file) {
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException("cost profile " + file + " is a directory");
    }
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("cost profile not found: " + file);
    }
    try {
      JsonNode tree = JSON.readTree(file.toFile());
      if (tree instanceof ObjectNode o) {
        // profiles written before the distributed constants existed load with their defaults
        if (!o.has("broadcastBandwidth")) {
          o.put("broadcastBandwidth", CostConstants.DEFAULT_BROADCAST_BANDWIDTH);
        }
        if (!o.has("executors")) {
          o.put("executors", CostConstants.DEFAULT_EXECUTORS);
        }
      }
      return JSON.treeToValue(tree, CostConstants.class);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("cost profile " + file + " is invalid: "
          + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read cost profile " + file + ": "
          + FileErrors.readReason(file, e), e);
    } catch (RuntimeException e) {
      Throwable c = e.getCause() != null ? e.getCause() : e;
      throw new IllegalArgumentException("cost profile " + file + " is invalid: "
          + c.getMessage(), e);
    }
  }
}
