package org.planlab.workloads.systemds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * SystemDS 3.3.0's own DML scripts, unpacked by the build from its release jar into {@code
 * target/systemds-3.3.0/scripts} (the {@code systemds.scripts} property): its builtin library
 * {@code scripts/builtin} and the {@code scripts/nn} layers it sources.
 */
final class SystemDsScripts {
  private SystemDsScripts() {
  }

  /**
   * A script uses frames (the string/categorical table type, out of planlab's scope) when its
   * code — comments aside — names the type or a frame-only builtin.
   */
  private static final Pattern FRAMES = Pattern.compile(
      "\\bframe\\b|frame\\[|as\\.frame|transformencode|transformapply|transformdecode"
          + "|detectSchema|applySchema",
      Pattern.CASE_INSENSITIVE);

  static Path root() {
    String p = System.getProperty("systemds.scripts");
    if (p == null) {
      throw new IllegalStateException("systemds.scripts is not set: run the tests through Maven,"
          + " which unpacks SystemDS's scripts");
    }
    return Path.of(p);
  }

  static Path builtinFolder() {
    return root().resolve("builtin");
  }

  /** The builtin scripts, by name. */
  static List<Path> builtins() {
    try (Stream<Path> s = Files.list(builtinFolder())) {
      return s.filter(f -> f.toString().endsWith(".dml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static boolean usesFrames(Path script) {
    try {
      for (String line : Files.readAllLines(script)) {
        int hash = line.indexOf('#');
        String code = hash < 0 ? line : line.substring(0, hash);
        if (FRAMES.matcher(code).find()) {
          return true;
        }
      }
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
