package org.planlab.experiment.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.planlab.datagen.gen.Generator;
import org.planlab.datagen.gen.GeneratorArgs;
import org.planlab.datagen.gen.Generators;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.MatrixMetadata;
import org.planlab.engine.io.MatrixSource;
import org.planlab.engine.io.WriteOptions;
import org.planlab.experiment.results.AtomicFiles;

/**
 * Generated inputs, shared by every point and every run that asks for the same data: input
 * {@code X} of a point lives in {@code <root>/<generator>/<key>/data.bin} (binary format, with
 * its {@code .mtd}), where {@code key} is the SHA-256 of the generator and its resolved
 * parameters (a derived generator's input counted by its own key, so the key does not depend
 * on where the cache is). Generators are seeded and deterministic, so an entry, once complete,
 * is valid forever. An entry is generated in a temporary folder beside it and renamed into
 * place, so a killed runner leaves no half-written entry behind; the temporary folder it leaves
 * ({@code .<key>.<pid>.<nanos>}) is deleted when the entry is generated next.
 */
public final class DataCache {
  /** The data file inside an entry's folder. */
  public static final String DATA_FILE = "data.bin";

  private final Path root;
  private final int threads;

  /**
   * A cache in {@code root} ({@code <results-root>/data-cache}).
   *
   * @param threads generating threads (the bytes do not depend on it)
   */
  public DataCache(Path root, int threads) {
    this.root = root.toAbsolutePath();
    this.threads = threads;
  }

  /**
   * The files of every input of {@code point}, generating those not in the cache yet, in the
   * point's input order.
   *
   * @throws IllegalArgumentException naming the input when its parameters are invalid for its
   *     generator
   * @throws UncheckedIOException when a file cannot be written or read
   */
  public Map<String, Path> prepare(GridPoint point) {
    Map<String, Path> files = new LinkedHashMap<>();
    Map<String, String> keys = new HashMap<>();
    Map<String, String> fileTexts = new HashMap<>();
    Map<String, long[]> shapes = new HashMap<>();
    point.data().forEach((input, spec) -> {
      try {
        // the key sees a referenced input as its key, the generator as its file
        Map<String, String> keyed = spec.resolve(keys, shapes, point.args());
        String key = sha256(spec.generator(), keyed);
        Map<String, String> resolved = spec.resolve(fileTexts, shapes, point.args());
        Path dir = root.resolve(spec.generator()).resolve(key);
        Path file = dir.resolve(DATA_FILE);
        if (!Files.isRegularFile(file)) {
          generate(input, spec.generator(), resolved, keyed, dir);
        }
        MatrixMetadata mtd = MatrixFiles.metadata(file).orElseThrow(() ->
            new IOException("the cache entry " + dir + " has no .mtd"));
        keys.put(input, "sha256:" + key);
        fileTexts.put(input, file.toString());
        shapes.put(input, new long[] {mtd.rows(), mtd.cols()});
        files.put(input, file);
      } catch (IOException e) {
        throw new UncheckedIOException("input " + input + ": " + e.getMessage(), e);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("input " + input + ": " + e.getMessage(), e);
      }
    });
    return files;
  }

  private void generate(String input, String generator, Map<String, String> params,
      Map<String, String> keyed, Path dir) throws IOException {
    Files.createDirectories(dir.getParent());
    deleteAbandonedAttempts(dir);
    // a fresh hidden folder beside the entry (same file system, so the rename is atomic)
    Path tmp = dir.resolveSibling("." + dir.getFileName() + "." + ProcessHandle.current().pid()
        + "." + System.nanoTime());
    Files.createDirectory(tmp);
    try {
      Long rows = null;
      Integer cols = null;
      long seed = 1;
      Path of = null;
      Map<String, Double> options = new TreeMap<>();
      for (Map.Entry<String, String> e : params.entrySet()) {
        String v = e.getValue();
        switch (e.getKey()) {
          case "rows" -> rows = whole(e.getKey(), v);
          case "cols" -> cols = Math.toIntExact(whole(e.getKey(), v));
          case "seed" -> seed = whole(e.getKey(), v);
          case "of" -> of = Path.of(v);
          default -> options.put(e.getKey(), number(e.getKey(), v));
        }
      }
      try (MatrixSource source = of == null ? null : MatrixFiles.open(of)) {
        Generator g = Generators.create(generator,
            new GeneratorArgs(rows, cols, seed, options, source));
        MatrixFiles.write(g, tmp.resolve(DATA_FILE), MatrixFormat.BINARY,
            WriteOptions.defaults(), threads, n -> {
            });
      }
      StringBuilder spec = new StringBuilder("{\n  \"generator\": \"" + generator + "\"");
      keyed.forEach((k, v) -> spec.append(",\n  \"").append(k).append("\": \"").append(v)
          .append('"'));
      AtomicFiles.writeString(tmp.resolve("spec.json"), spec.append("\n}\n").toString());
      try {
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
        // another runner made the same entry meanwhile: it holds the same bytes
      }
    } finally {
      deleteTree(tmp);
    }
  }

  /**
   * Deletes the temporary folders of {@code dir} that runners which no longer run left, keeping
   * those of live runners (another runner may be generating the same entry).
   */
  private static void deleteAbandonedAttempts(Path dir) throws IOException {
    String prefix = "." + dir.getFileName() + ".";
    List<Path> abandoned;
    try (Stream<Path> s = Files.list(dir.getParent())) {
      abandoned = s.filter(p -> p.getFileName().toString().startsWith(prefix))
          .filter(p -> {
            String rest = p.getFileName().toString().substring(prefix.length());
            int dot = rest.indexOf('.');
            try {
              long pid = Long.parseLong(dot < 0 ? rest : rest.substring(0, dot));
              return !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
            } catch (NumberFormatException e) {
              return false;
            }
          }).toList();
    }
    for (Path p : abandoned) {
      deleteTree(p);
    }
  }

  private static long whole(String name, String value) {
    try {
      return new BigDecimal(value.strip()).longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(name + " must be a whole number, was '" + value + "'");
    }
  }

  private static double number(String name, String value) {
    try {
      return Double.parseDouble(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a number, was '" + value + "'");
    }
  }

  private static String sha256(String generator, Map<String, String> params) {
    StringBuilder sb = new StringBuilder(generator).append('\n');
    new TreeMap<>(params).forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(sb.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
