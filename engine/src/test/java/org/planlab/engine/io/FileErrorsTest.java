package org.planlab.engine.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Messages of failed file operations: the operating system's reason survives, and the path named
 * is the user's, never a temporary's. The exceptions are built as the JDK throws them, so the
 * reasons that need a non-root user or a read-only mount are covered on any machine.
 */
class FileErrorsTest {
  @TempDir
  Path dir;

  @Test
  void permissionDeniedIsNamedEvenThoughTheExceptionHasNoText() throws IOException {
    Path file = dir.resolve("out.csv");
    Path tmp = dir.resolve(".out.csv.1f3a.tmp");
    assertEquals("cannot write " + file + ": permission denied",
        FileErrors.cannotWrite(file, new AccessDeniedException(tmp.toString())));
    Path in = Files.writeString(dir.resolve("in.csv"), "1\n");
    assertEquals("cannot read " + in + ": permission denied",
        FileErrors.cannotRead(in, new AccessDeniedException(in.toString())));
  }

  @Test
  void aReadOnlyFileSystemIsNamedForTheUsersFileNotTheTemporary() {
    Path file = dir.resolve("run.json");
    String tmp = dir.resolve(".run.json.abc.tmp").toString();
    assertEquals("cannot write " + file + ": read-only file system", FileErrors.cannotWrite(
        file, new FileSystemException(tmp, null, "Read-only file system")));
    assertEquals("cannot write " + file + ": no space left on device", FileErrors.cannotWrite(
        file, new FileSystemException(tmp, file.toString(), "No space left on device")));
  }

  @Test
  void aFileWhereAFolderBelongsIsNamed() throws IOException {
    Path notAFolder = Files.writeString(dir.resolve("X"), "x");
    Path file = notAFolder.resolve("sub").resolve("run.json");
    assertEquals("cannot write " + file + ": " + notAFolder + " is not a directory",
        FileErrors.cannotWrite(file, new java.nio.file.FileAlreadyExistsException(
            notAFolder.toString())));
    assertEquals("cannot read " + file + ": " + notAFolder + " is not a directory",
        FileErrors.cannotRead(file, new NoSuchFileException(file.toString())));
  }

  @Test
  void aDirectoryWhereAFileBelongsIsNamed() {
    assertEquals("cannot write " + dir + ": is a directory", FileErrors.cannotWrite(dir,
        new FileSystemException(dir + ".tmp", dir.toString(), "Is a directory")));
    assertEquals("cannot read " + dir + ": is a directory",
        FileErrors.cannotRead(dir, new IOException("Is a directory")));
  }

  @Test
  void aMissingFileOrFolderIsNamed() {
    Path missing = dir.resolve("nope.csv");
    assertEquals("cannot read " + missing + ": no such file",
        FileErrors.cannotRead(missing, new NoSuchFileException(missing.toString())));
    Path inMissing = dir.resolve("no").resolve("x.csv");
    assertEquals("cannot write " + inMissing + ": the folder " + inMissing.getParent()
        + " does not exist", FileErrors.cannotWrite(inMissing,
            new NoSuchFileException(inMissing.toString())));
  }

  @Test
  void javaIoMessagesLoseTheirPathAndKeepTheReason() {
    Path file = dir.resolve("profile.json");
    assertEquals("cannot write " + file + ": permission denied", FileErrors.cannotWrite(file,
        new FileNotFoundException(dir.resolve(".profile.json.tmp") + " (Permission denied)")));
  }

  @Test
  void aFormatErrorKeepsItsOwnMessage() {
    Path file = dir.resolve("x.csv");
    MatrixFormatException e = MatrixFormatException.atLine(file, 3, "bad cell");
    assertEquals(file + ", line 3: bad cell", FileErrors.readReason(file, e));
    assertEquals(file + ", line 3: bad cell", FileErrors.describe(e));
  }

  @Test
  void describeAddsTheReasonToABarePath() {
    assertEquals("/x/y: permission denied", FileErrors.describe(new AccessDeniedException("/x/y")));
    assertEquals("I/O error", FileErrors.describe(new IOException()));
  }
}
