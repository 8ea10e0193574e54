package org.planlab.experiment.peer;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.MatrixSource;
import org.planlab.engine.io.WriteOptions;
import org.planlab.experiment.results.AtomicFiles;

/**
 * planlab's inputs as SystemDS reads them. An input of the data cache is planlab's binary
 * format, which SystemDS does not read; it is converted once, into
 * {@code <entry>/systemds-3.3.0/data.bin} beside it, in two steps:
 * <ol>
 *   <li>planlab writes it as text both engines read, with a SystemDS {@code .mtd} (data_type,
 *       value_type, rows, cols, nnz, format, and header/sep for CSV): CSV for dense data,
 *       "i j v" triples ({@code text}) for sparse data, doubles in Java's shortest round-trip
 *       notation, so no value changes;
 *   <li>SystemDS reads that and writes its own binary block format, so that its runs read their
 *       inputs as fast as planlab's read its binary files (parsing text would be counted in its
 *       execution time, and planlab's is not).
 * </ol>
 * The conversion runs in a hidden folder beside the target that is renamed into place with its
 * marker file, so a killed conversion leaves nothing that looks complete.
 */
public final class SystemDsData {
  /** The folder of the converted input inside a data-cache entry. */
  public static final String FOLDER = PeerEngines.SYSTEMDS_3_3_0;
  /** The converted file inside {@link #FOLDER}. */
  public static final String FILE = "data.bin";
  /** The marker of a complete conversion. */
  public static final String MARKER = "converted.txt";
  /**
   * Dense when at least this fraction of cells is non-zero: CSV then costs fewer bytes than
   * triples (a triple repeats two indices per value).
   */
  static final double DENSE_FRACTION = 0.4;

  private final SystemDsCommand command;
  private final ChildProcesses children;
  private final Duration timeout;
  private final int threads;

  /**
   * A converter running SystemDS with {@code command}.
   *
   * @param timeout how long one SystemDS conversion may take
   * @param threads planlab's writing threads
   */
  public SystemDsData(SystemDsCommand command, ChildProcesses children, Duration timeout,
      int threads) {
    this.command = requireNonNull(command, "command is null");
    this.children = requireNonNull(children, "children is null");
    this.timeout = requireNonNull(timeout, "timeout is null");
    this.threads = threads;
  }

  /** Where the converted form of {@code planlabFile} lives. */
  public static Path target(Path planlabFile) {
    return planlabFile.toAbsolutePath().resolveSibling(FOLDER).resolve(FILE);
  }

  /**
   * Writes {@code source} (any format planlab reads) into {@code dir} as text SystemDS reads:
   * {@code data.csv} or {@code data.ijv}, each with its {@code .mtd}; the file written.
   */
  public static Path writeText(Path source, Path dir, int threads) throws IOException {
    Files.createDirectories(dir);
    try (MatrixSource in = MatrixFiles.open(source)) {
      long nnz = MatrixFiles.metadata(source).map(md -> md.nnz()).orElse(-1L);
      double cells = (double) in.rows() * in.cols();
      boolean dense = nnz < 0 || cells == 0 || nnz >= DENSE_FRACTION * cells;
      Path out = dir.resolve(dense ? "data.csv" : "data.ijv");
      MatrixFiles.write(in, out, dense ? MatrixFormat.CSV : MatrixFormat.TEXT,
          WriteOptions.defaults(), threads, rows -> {
          });
      return out;
    }
  }

  /**
   * The converted form of {@code planlabFile}, converting it first when needed.
   *
   * @throws IOException naming the input and SystemDS's error when the conversion fails
   * @throws InterruptedException when interrupted (SystemDS is killed)
   */
  public Path convert(Path planlabFile) throws IOException, InterruptedException {
    Path target = target(planlabFile);
    Path folder = target.getParent();
    if (Files.isRegularFile(folder.resolve(MARKER))) {
      return target;
    }
    Path tmp = folder.resolveSibling("." + FOLDER + "." + ProcessHandle.current().pid() + "."
        + System.nanoTime());
    Files.createDirectories(tmp);
    try {
      Path text = writeText(planlabFile, tmp, threads);
      Path script = tmp.resolve("convert.dml");
      AtomicFiles.writeString(script, "# written by planlab: one input in SystemDS's binary "
          + "format\nX = read($in)\nwrite(X, $out, format=\"binary\")\n");
      Path work = tmp.resolve("work");
      SystemDsConfig settings = SystemDsConfig.defaults();
      Path config = settings.write(work);
      Map<String, String> args = new LinkedHashMap<>();
      args.put("in", text.toString());
      args.put("out", tmp.resolve(FILE).toString());
      Path log = tmp.resolve("convert.log");
      ChildProcesses.Ended e = children.run(command.command(script, settings, config, args), work,
          Map.of(), log, log, timeout);
      String output = Files.readString(log, StandardCharsets.UTF_8);
      if (!e.ok() || !Files.exists(tmp.resolve(FILE + ".mtd"))) {
        throw new IOException("SystemDS could not convert " + planlabFile + " to its binary "
            + "format (" + (e.timedOut() ? "timed out after " + timeout.toSeconds() + " s"
            : "exit code " + e.exit()) + ")"
            + SystemDsOutput.error(output).map(m -> ": " + m).orElse(""));
      }
      // only the binary form is kept: the text was a means to hand the values over
      Files.delete(text);
      Files.delete(text.resolveSibling(text.getFileName() + ".mtd"));
      Files.delete(script);
      SystemDsJars.deleteTree(work);
      AtomicFiles.writeString(tmp.resolve(MARKER), "converted from " + planlabFile
          + " by SystemDS 3.3.0 (via " + text.getFileName() + ")\n");
      try {
        Files.move(tmp, folder, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException ex) {
        if (!Files.isRegularFile(folder.resolve(MARKER))) {
          SystemDsJars.deleteTree(folder);
          Files.move(tmp, folder, StandardCopyOption.ATOMIC_MOVE);
        }
        // else another point converted the same input meanwhile: same values
      }
      return target;
    } finally {
      SystemDsJars.deleteTree(tmp);
    }
  }

  /** The converted forms of every input, by input name, in order. */
  public Map<String, Path> convertAll(Map<String, Path> inputs)
      throws IOException, InterruptedException {
    Map<String, Path> out = new LinkedHashMap<>();
    for (Map.Entry<String, Path> e : inputs.entrySet()) {
      out.put(e.getKey(), convert(e.getValue()));
    }
    return out;
  }

  /** The input names whose files are not converted yet, for progress messages. */
  public static List<String> pending(Map<String, Path> inputs) {
    return inputs.entrySet().stream()
        .filter(e -> !Files.isRegularFile(target(e.getValue()).resolveSibling(MARKER)))
        .map(Map.Entry::getKey).toList();
  }
}
