package org.planlab.gpu.cuda;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code nvcc} on the PATH, which compiles CUDA source to PTX without a GPU: the test that
 * generated kernels are valid CUDA C, with the same options NVRTC gets on a device.
 */
final class Nvcc {
  /** The architecture tests compile for (the oldest one CUDA 13 still targets). */
  static final int COMPUTE_CAPABILITY = 75;

  private Nvcc() {
  }

  /** nvcc's path, if it is on the PATH. */
  static Optional<Path> find() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path candidate = Path.of(dir, "nvcc");
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** The outcome of one compilation: exit code and what nvcc printed. */
  record Result(int exitCode, String output, Path ptx) {
  }

  /**
   * {@code nvcc --ptx -arch=compute_75 -o <dir>/<name>.ptx <dir>/<name>.cu} with the
   * generated kernels' compiler options (no fused multiply-add).
   */
  static Result compile(Path nvcc, Path dir, String name, String source)
      throws IOException, InterruptedException {
    Path cu = dir.resolve(name + ".cu");
    Path ptx = dir.resolve(name + ".ptx");
    Files.writeString(cu, source, StandardCharsets.UTF_8);
    Process p = new ProcessBuilder(List.of(nvcc.toString(), "--ptx",
        "-arch=compute_" + COMPUTE_CAPABILITY, "-fmad=false", "-o", ptx.toString(),
        cu.toString())).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return new Result(-1, "nvcc timed out\n" + output, ptx);
    }
    return new Result(p.exitValue(), output, ptx);
  }
}
