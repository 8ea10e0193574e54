package org.planlab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.planlab.engine.config.ByteSize;
import picocli.CommandLine;

/**
 * Checks of a command's options made before any work: a run or a calibration that takes minutes
 * should not end in "cannot write" because an option named a file where a folder belongs, nor
 * fail deep inside because a count was out of its documented range. A problem is a usage error
 * (exit 2) naming the option and the offending value.
 */
final class OptionChecks {
  private OptionChecks() {
  }

  /** {@code OPTION must be in [MIN, MAX], was VALUE} unless {@code value} (when given) is. */
  static void range(CommandLine cl, String option, Integer value, int min, int max) {
    if (value != null && (value < min || value > max)) {
      throw new CommandLine.ParameterException(cl, option + " must be in [" + min + ", " + max
          + "], was " + value);
    }
  }

  /**
   * The bytes of a memory size such as {@code 700m} given as {@code option}, or 0 when it was
   * not given (the option's default applies).
   */
  static long size(CommandLine cl, String option, String text) {
    if (text == null) {
      return 0;
    }
    long bytes;
    try {
      bytes = ByteSize.parse(text);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
    if (bytes < 1) {
      throw new CommandLine.ParameterException(cl, option + " must be positive, was '" + text
          + "'");
    }
    return bytes;
  }

  /** A folder the command creates or writes into: it and its parents must not be files. */
  static void folder(CommandLine cl, String option, Path dir) {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new CommandLine.ParameterException(cl, option + " " + dir
          + " is a file, not a folder");
    }
    parents(cl, option, dir);
  }

  /** A file the command writes: it must not be a folder, and its parents must not be files. */
  static void file(CommandLine cl, String option, Path file) {
    if (Files.isDirectory(file)) {
      throw new CommandLine.ParameterException(cl, option + " " + file
          + " is a folder; give a file name");
    }
    parents(cl, option, file);
  }

  private static void parents(CommandLine cl, String option, Path path) {
    for (Path p = path.getParent(); p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        if (!Files.isDirectory(p)) {
          throw new CommandLine.ParameterException(cl, option + " " + path + ": " + p
              + " is a file, not a folder");
        }
        return;
      }
    }
  }
}
