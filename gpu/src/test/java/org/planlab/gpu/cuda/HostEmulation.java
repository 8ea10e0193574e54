package org.planlab.gpu.cuda;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs generated kernels on the host, single-threaded, to check what they compute on a machine
 * without a GPU: the kernels' text is compiled as C++ with {@code g++} behind a shim that maps
 * the CUDA keywords away and gives one block of one thread ({@code blockDim = gridDim = 1},
 * and a prelude with {@code PL_BLOCK = 1}, so every tree reduction has one lane). Every
 * skeleton loops grid-stride or block-stride, so one thread visits every cell and row, in
 * order: the values are the kernels' values, only the parallel schedule is not exercised.
 *
 * <p>A program is built call by call: inputs are embedded bit-exactly, outputs printed as bit
 * patterns and read back in order.
 */
final class HostEmulation {
  private static final String SHIM = """
      #include <math.h>
      #include <stdio.h>
      #include <stdlib.h>
      #include <string.h>
      #define __device__
      #define __global__
      #define __forceinline__ inline
      #define __shared__ static
      struct pl_dim3 { unsigned x, y, z; };
      static const pl_dim3 threadIdx = {0, 0, 0};
      static const pl_dim3 blockIdx = {0, 0, 0};
      static const pl_dim3 blockDim = {1, 1, 1};
      static const pl_dim3 gridDim = {1, 1, 1};
      static inline void __syncthreads() {}
      static inline double __longlong_as_double(long long v) {
        double d; memcpy(&d, &v, 8); return d;
      }
      static inline long long __double_as_longlong(double d) {
        long long v; memcpy(&v, &d, 8); return v;
      }
      static double* pl_host_array(const long long* bits, long n) {
        double* a = (double*) calloc(n > 0 ? n : 1, 8);
        memcpy(a, bits, 8 * n);
        return a;
      }
      static void pl_host_print(const double* v, long n) {
        for (long i = 0; i < n; i++) {
          printf("%016llx\\n", (unsigned long long) __double_as_longlong(v[i]));
        }
      }
      """;

  private final Set<String> added = new HashSet<>();
  private final StringBuilder kernels = new StringBuilder();
  private final StringBuilder main = new StringBuilder();
  private final List<Integer> printed = new ArrayList<>();
  private int vars;

  /** g++ on the PATH. */
  static Optional<Path> gxx() {
    String path = System.getenv("PATH");
    if (path != null) {
      for (String d : path.split(File.pathSeparator)) {
        Path p = Path.of(d, "g++");
        if (Files.isExecutable(p)) {
          return Optional.of(p);
        }
      }
    }
    return Optional.empty();
  }

  /** Adds {@code p}'s kernels (once) and returns it. */
  CudaProgram add(CudaProgram p) {
    if (added.add(p.name())) {
      kernels.append(p.source().substring(CudaSource.prelude().length())).append('\n');
    }
    return p;
  }

  /** An input array holding {@code values} exactly; its variable name. */
  String input(double[] values) {
    String name = "v" + vars++;
    StringBuilder bits = new StringBuilder();
    for (double v : values) {
      bits.append(Long.toString(Double.doubleToRawLongBits(v))).append("LL, ");
    }
    main.append("  static const long long ").append(name).append("_bits[] = {").append(bits)
        .append("0LL};\n");
    main.append("  double* ").append(name).append(" = pl_host_array(").append(name)
        .append("_bits, ").append(values.length).append(");\n");
    return name;
  }

  /** A zeroed output array of {@code n} doubles; its variable name. */
  String output(long n) {
    String name = "v" + vars++;
    main.append("  double* ").append(name).append(" = (double*) calloc(").append(Math.max(1, n))
        .append(", 8);\n");
    return name;
  }

  /** A call of kernel {@code name}; arguments are variables or literals. */
  void call(String name, Object... args) {
    List<String> a = new ArrayList<>();
    for (Object o : args) {
      a.add(o instanceof Long || o instanceof Integer ? o + "LL"
          : o instanceof Double d ? "__longlong_as_double(" + Double.doubleToRawLongBits(d)
              + "LL)" : o.toString());
    }
    main.append("  ").append(name).append("(").append(String.join(", ", a)).append(");\n");
  }

  /** Prints {@code n} doubles of {@code var}; {@link #run} returns them in order. */
  void print(String var, int n) {
    main.append("  pl_host_print(").append(var).append(", ").append(n).append(");\n");
    printed.add(n);
  }

  /** Compiles and runs the program; the printed arrays in order. */
  List<double[]> run(Path gxx, Path dir, String name) throws IOException, InterruptedException {
    String source = SHIM + CudaPrelude.text(1) + "\n" + kernels + "\nint main() {\n" + main
        + "  return 0;\n}\n";
    Path cpp = dir.resolve(name + ".cpp");
    Path exe = dir.resolve(name);
    Files.writeString(cpp, source, StandardCharsets.UTF_8);
    String out = exec(List.of(gxx.toString(), "-O1", "-ffp-contract=off", "-fno-fast-math",
        "-w", "-o", exe.toString(), cpp.toString()), "g++ on " + cpp);
    out = exec(List.of(exe.toString()), "running " + exe);
    String[] lines = out.isBlank() ? new String[0] : out.strip().split("\n");
    List<double[]> result = new ArrayList<>();
    int at = 0;
    for (int n : printed) {
      double[] v = new double[n];
      for (int i = 0; i < n; i++) {
        v[i] = Double.longBitsToDouble(Long.parseUnsignedLong(lines[at++].strip(), 16));
      }
      result.add(v);
    }
    return result;
  }

  private static String exec(List<String> command, String what)
      throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new AssertionError(what + " failed:\n" + out);
    }
    return out;
  }
}
