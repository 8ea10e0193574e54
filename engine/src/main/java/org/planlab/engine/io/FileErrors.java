package org.planlab.engine.io;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Messages for failed file operations that keep the operating system's reason and name the
 * file the user gave: {@code cannot write out/run.json: permission denied}.
 *
 * <p>Java's file-system exceptions often carry the reason only in their type (an
 * {@link AccessDeniedException} has no text besides the path) or name a file the user never
 * gave (the hidden temporary that an atomic write renames, the folder that
 * {@code createDirectories} stopped at). Their {@code getMessage()} is then a bare path, or the
 * wrong one. The reasons here come from the state of the user's path where that is decisive (a
 * directory where a file is wanted, a parent that is a file) and otherwise from the exception's
 * type and the operating system's text ({@code read-only file system}, {@code no space left on
 * device}).
 */
public final class FileErrors {
  private static final Pattern PARENTHESIZED_REASON = Pattern.compile(".* \\(([^()]+)\\)");

  private FileErrors() {
  }

  /** {@code cannot read FILE: REASON} ({@link #readReason}). */
  public static String cannotRead(Path file, IOException e) {
    return "cannot read " + file + ": " + readReason(file, e);
  }

  /** {@code cannot write FILE: REASON} ({@link #writeReason}). */
  public static String cannotWrite(Path file, IOException e) {
    return "cannot write " + file + ": " + writeReason(file, e);
  }

  /**
   * Why reading {@code file} failed with {@code e}: {@code is a directory}, {@code no such
   * file}, {@code DIR is not a directory} (a parent on the path is a file), else
   * {@link #reason}. A {@link MatrixFormatException} is not about the file system; its own
   * message (file and place) is the reason.
   */
  public static String readReason(Path file, IOException e) {
    if (e instanceof MatrixFormatException) {
      return e.getMessage();
    }
    if (Files.isDirectory(file)) {
      return "is a directory";
    }
    if (!Files.exists(file)) {
      Path blocking = fileOnThePath(file);
      return blocking != null ? blocking + " is not a directory" : "no such file";
    }
    return reason(e);
  }

  /**
   * Why writing {@code file} failed with {@code e}: {@code is a directory}, {@code DIR is not a
   * directory} (a parent on the path is a file), {@code the folder DIR does not exist}, else
   * {@link #reason}; never the name of a temporary file.
   */
  public static String writeReason(Path file, IOException e) {
    if (Files.isDirectory(file)) {
      return "is a directory";
    }
    Path blocking = fileOnThePath(file);
    if (blocking != null) {
      return blocking + " is not a directory";
    }
    Path parent = file.getParent();
    if (parent != null && !Files.exists(parent) && e instanceof NoSuchFileException) {
      return "the folder " + parent + " does not exist";
    }
    return reason(e);
  }

  /**
   * The operating system's reason for {@code e} in lower case, without any path: {@code
   * permission denied} for an {@link AccessDeniedException}, the reason text of another
   * {@link FileSystemException} ({@code read-only file system}, {@code not a directory}), the
   * message of a plain {@link IOException} ({@code is a directory}, {@code no space left on
   * device}).
   */
  public static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException f) {
      if (f.getReason() != null && !f.getReason().isBlank()) {
        return lowerFirst(f.getReason());
      }
      if (e instanceof NoSuchFileException) {
        return "no such file or directory";
      }
      if (e instanceof NotDirectoryException) {
        return "not a directory";
      }
      if (e instanceof DirectoryNotEmptyException) {
        return "is a directory that is not empty";
      }
      if (e instanceof FileAlreadyExistsException) {
        return "already exists";
      }
      return "file system error";
    }
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return "I/O error";
    }
    if (e instanceof FileNotFoundException) {
      // java.io's "PATH (REASON)": the reason alone, the path may be a temporary's
      Matcher r = PARENTHESIZED_REASON.matcher(m);
      return r.matches() ? lowerFirst(r.group(1)) : "no such file";
    }
    return lowerFirst(m);
  }

  /**
   * A message for {@code e} when the file it concerns is not known better than the exception
   * knows it: a format error's own message, else {@code PATH: REASON} for a file-system
   * exception, else the reason.
   */
  public static String describe(IOException e) {
    if (e instanceof MatrixFormatException) {
      return e.getMessage();
    }
    if (e instanceof FileSystemException f && f.getFile() != null) {
      return f.getFile() + ": " + reason(e);
    }
    return reason(e);
  }

  /**
   * The nearest existing ancestor of {@code file} when it is not a directory, else null; as the
   * user wrote it (relative paths stay relative).
   */
  private static Path fileOnThePath(Path file) {
    for (Path p = file.getParent(); p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        return Files.isDirectory(p) ? null : p;
      }
    }
    return null;
  }

  /** "Read-only file system" -> "read-only file system"; "JSON ..." stays as it is. */
  private static String lowerFirst(String s) {
    if (s.length() > 1 && Character.isUpperCase(s.charAt(0))
        && !Character.isUpperCase(s.charAt(1))) {
      return s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }
    return s;
  }
}
