package org.planlab.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A file the operating system refuses to read and a folder it refuses to write into, for the
 * user running the tests. For an ordinary user these are a file and a folder made so with
 * {@code chmod}. Root passes every permission check, so for root they are taken from sysfs,
 * which refuses reading a write-only attribute and creating a file to everybody: the
 * application then meets a real {@code EACCES} of the kernel either way.
 */
final class RefusedPaths {
  private RefusedPaths() {
  }

  /** A file that cannot be read ({@code in.csv} below {@code dir}, or a sysfs attribute). */
  static Path unreadableFile(Path dir) throws IOException {
    Path f = dir.resolve("in.csv");
    Files.writeString(f, "1,2\n3,4\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
    if (readRefused(f)) {
      return f;
    }
    Optional<Path> writeOnly = Optional.empty();
    Path bus = Path.of("/sys/bus");
    if (Files.isDirectory(bus)) {
      try (Stream<Path> s = Files.list(bus)) {
        writeOnly = s.map(b -> b.resolve("drivers_probe")).filter(Files::isRegularFile)
            .filter(RefusedPaths::readRefused).findFirst();
      }
    }
    Assumptions.assumeTrue(writeOnly.isPresent(),
        "no file this user is refused to read (root without sysfs)");
    return writeOnly.get();
  }

  /** A folder no file can be created in ({@code ro} below {@code dir}, or sysfs's kernel/). */
  static Path unwritableFolder(Path dir) throws IOException {
    Path ro = Files.createDirectories(dir.resolve("ro"));
    Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
    if (createRefused(ro)) {
      return ro;
    }
    Path kernel = Path.of("/sys/kernel");
    Assumptions.assumeTrue(Files.isDirectory(kernel) && createRefused(kernel),
        "no folder this user is refused to write into (root without sysfs)");
    return kernel;
  }

  private static boolean readRefused(Path f) {
    try (InputStream in = Files.newInputStream(f)) {
      return false;
    } catch (AccessDeniedException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean createRefused(Path folder) {
    try {
      Files.delete(Files.createTempFile(folder, ".probe", ".tmp"));
      return false;
    } catch (AccessDeniedException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
