package org.planlab.engine.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * The SystemDS-style metadata file {@code FILE.mtd} beside a matrix file:
 *
 * <pre>{"data_type": "matrix", "value_type": "double", "rows": R, "cols": C, "nnz": N,
 *  "format": "binary"|"csv"|"mm"|"text", "header": false, "sep": ",", "blocksize": 1000,
 *  "author": "...", "created": "..."}</pre>
 *
 * "header"/"sep" appear for CSV and "blocksize" for binary. Reading accepts keys SystemDS writes
 * that planlab does not use (they are listed in {@link #IGNORED_KEYS}); any other key is an error,
 * so that a misspelt key is not silently ignored.
 *
 * @param nnz number of non-zeros, or -1 when unknown
 * @param header CSV header flag, null when not applicable
 * @param sep CSV separator, null when not applicable
 * @param blocksize rows per block of a binary file, or 0 when not applicable
 */
public record MatrixMetadata(long rows, int cols, long nnz, MatrixFormat format, Boolean header,
    String sep, int blocksize, String author, String created) {

  /** Keys SystemDS may write that planlab reads past. */
  public static final Set<String> IGNORED_KEYS =
      Set.of("description", "schema", "naStrings", "fill", "sparse", "delimiter", "privacy");

  private static final Set<String> KEYS = Set.of("data_type", "value_type", "rows", "cols", "nnz",
      "format", "header", "sep", "blocksize", "author", "created");

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public MatrixMetadata {
    if (rows < 0 || cols < 0 || nnz < -1) {
      throw new IllegalArgumentException("invalid metadata: rows=" + rows + " cols=" + cols
          + " nnz=" + nnz);
    }
    if (format == null) {
      throw new IllegalArgumentException("format is null");
    }
  }

  /** Metadata of a matrix written in {@code format} with the given options. */
  public static MatrixMetadata of(long rows, int cols, long nnz, MatrixFormat format,
      WriteOptions o, int blocksize) {
    boolean csv = format == MatrixFormat.CSV;
    return new MatrixMetadata(rows, cols, nnz, format, csv ? o.header() : null,
        csv ? o.sep() : null, format == MatrixFormat.BINARY ? blocksize : 0, o.author(),
        o.created());
  }

  /** The .mtd path of a data file: {@code FILE.mtd}. */
  public static Path pathFor(Path dataFile) {
    return dataFile.resolveSibling(dataFile.getFileName() + ".mtd");
  }

  /** The JSON text of this metadata. */
  public byte[] toJson() {
    ObjectNode o = JSON.createObjectNode();
    o.put("data_type", "matrix");
    o.put("value_type", "double");
    o.put("rows", rows);
    o.put("cols", cols);
    o.put("nnz", nnz);
    o.put("format", format.id());
    if (header != null) {
      o.put("header", header);
    }
    if (sep != null) {
      o.put("sep", sep);
    }
    if (blocksize > 0) {
      o.put("blocksize", blocksize);
    }
    if (author != null) {
      o.put("author", author);
    }
    if (created != null) {
      o.put("created", created);
    }
    try {
      return (JSON.writeValueAsString(o) + "\n").getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialize metadata", e);
    }
  }

  /** The metadata beside {@code dataFile}, or empty when it has no .mtd. */
  public static Optional<MatrixMetadata> readFor(Path dataFile) throws IOException {
    Path mtd = pathFor(dataFile);
    if (!Files.exists(mtd)) {
      return Optional.empty();
    }
    return Optional.of(read(mtd));
  }

  /** Parses and checks one .mtd file; errors name the file and the key. */
  public static MatrixMetadata read(Path mtd) throws IOException {
    JsonNode root;
    try {
      root = JSON.readTree(Files.readAllBytes(mtd));
    } catch (NoSuchFileException e) {
      throw MatrixFormatException.of(mtd, "metadata file does not exist");
    } catch (JsonProcessingException e) {
      throw MatrixFormatException.atLine(mtd, e.getLocation() == null ? 1
          : e.getLocation().getLineNr(), "not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      // the .mtd's own problem (a directory, no permission), not the data file's
      throw MatrixFormatException.of(mtd, FileErrors.readReason(mtd, e));
    }
    if (root == null || !root.isObject()) {
      throw MatrixFormatException.of(mtd, "expected a JSON object");
    }
    for (var it = root.fieldNames(); it.hasNext();) {
      String k = it.next();
      if (!KEYS.contains(k) && !IGNORED_KEYS.contains(k)) {
        throw MatrixFormatException.of(mtd, "unknown key \"" + k + "\"; known keys: "
            + String.join(", ", new java.util.TreeSet<>(KEYS)));
      }
    }
    String dataType = text(mtd, root, "data_type", "matrix");
    if (!dataType.equals("matrix")) {
      throw MatrixFormatException.of(mtd, "data_type \"" + dataType + "\" is not supported, "
          + "only \"matrix\"");
    }
    String valueType = text(mtd, root, "value_type", "double");
    if (!Set.of("double", "fp64", "int", "int64", "int32").contains(valueType)) {
      throw MatrixFormatException.of(mtd, "value_type \"" + valueType + "\" is not supported, "
          + "only \"double\" (or an integer type)");
    }
    long rows = integer(mtd, root, "rows", null);
    long cols = integer(mtd, root, "cols", null);
    long nnz = integer(mtd, root, "nnz", -1L);
    if (rows < 0 || cols < 0 || cols > Integer.MAX_VALUE - 8L || nnz < -1
        || (nnz >= 0 && nnz > (double) rows * cols)) {
      throw MatrixFormatException.of(mtd, "invalid dimensions rows=" + rows + " cols=" + cols
          + " nnz=" + nnz);
    }
    String formatName = text(mtd, root, "format", null);
    MatrixFormat format;
    try {
      format = MatrixFormat.byName(formatName);
    } catch (IllegalArgumentException e) {
      throw MatrixFormatException.of(mtd, e.getMessage());
    }
    JsonNode h = root.get("header");
    if (h != null && !h.isBoolean()) {
      throw MatrixFormatException.of(mtd, "\"header\" must be true or false, was " + h);
    }
    JsonNode s = root.get("sep");
    if (s != null && (!s.isTextual() || s.asText().isEmpty())) {
      throw MatrixFormatException.of(mtd, "\"sep\" must be a non-empty string, was " + s);
    }
    long blocksize = integer(mtd, root, "blocksize", 0L);
    if (blocksize < 0 || blocksize > Integer.MAX_VALUE) {
      throw MatrixFormatException.of(mtd, "\"blocksize\" must be positive, was " + blocksize);
    }
    JsonNode author = root.get("author");
    JsonNode created = root.get("created");
    return new MatrixMetadata(rows, (int) cols, nnz, format, h == null ? null : h.asBoolean(),
        s == null ? null : s.asText(), (int) blocksize,
        author == null ? null : author.asText(), created == null ? null : created.asText());
  }

  private static String text(Path mtd, JsonNode root, String key, String dflt)
      throws MatrixFormatException {
    JsonNode n = root.get(key);
    if (n == null) {
      if (dflt == null) {
        throw MatrixFormatException.of(mtd, "missing key \"" + key + "\"");
      }
      return dflt;
    }
    if (!n.isTextual()) {
      throw MatrixFormatException.of(mtd, "\"" + key + "\" must be a string, was " + n);
    }
    return n.asText();
  }

  private static long integer(Path mtd, JsonNode root, String key, Long dflt)
      throws MatrixFormatException {
    JsonNode n = root.get(key);
    if (n == null) {
      if (dflt == null) {
        throw MatrixFormatException.of(mtd, "missing key \"" + key + "\"");
      }
      return dflt;
    }
    if (!n.isIntegralNumber() || !n.canConvertToLong()) {
      throw MatrixFormatException.of(mtd, "\"" + key + "\" must be an integer, was " + n);
    }
    return n.asLong();
  }
}
