package org.planlab.datagen.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Engine;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * A DML script's {@code rand(rows, cols, min, max, seed=s)} is bit for bit the file {@code
 * dense-uniform} writes with seed {@code s}. The alsCG and pnmf workloads rely on it: their
 * initial factors are {@code rand} draws with a seed and the seed plus one, and their tests
 * start the reference implementations from the generator's matrices of those seeds.
 */
class DenseUniformIsDmlRandTest {
  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0} thread(s)")
  @ValueSource(ints = {1, 2})
  void randOfTheSeedIsTheGeneratorsMatrix(int threads) throws IOException {
    // alsCG's U and V (m x rank, n x rank), pnmf's W and H (rank x n: one wide block); 2500
    // rows are three generation blocks, the last one short
    Path script = dir.resolve("draws.dml");
    Files.writeString(script, """
        s = $seed
        U = rand(rows=2500, cols=20, min=-0.5, max=0.5, seed=s)
        V = rand(rows=1000, cols=20, min=-0.5, max=0.5, seed=s + 1)
        H = rand(rows=10, cols=3000, min=0, max=0.025, seed=ifelse(s == -1, -1, s + 1))
        write(U, $U, format="binary")
        write(V, $V, format="binary")
        write(H, $H, format="binary")
        """);
    Map<String, String> args = Map.of("seed", "17", "U", out("U", threads), "V", out("V", threads),
        "H", out("H", threads));
    EngineConfig config = EngineConfig.builder().fusion("none").parallelism(threads).build();
    try (Engine engine = Engine.create(config);
        PrintStream printed = new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8)) {
      engine.run(engine.compile(script, args), printed);
    }
    assertSameBits(generated(new DenseUniform(2500, 20, -0.5, 0.5, 17)), args.get("U"));
    assertSameBits(generated(new DenseUniform(1000, 20, -0.5, 0.5, 18)), args.get("V"));
    assertSameBits(generated(new DenseUniform(10, 3000, 0, 0.025, 18)), args.get("H"));
  }

  private String out(String name, int threads) {
    return dir.resolve(name + "-" + threads + ".bin").toString();
  }

  /** What {@code planlab datagen} writes for {@code g}, read back. */
  private MatrixBlock generated(Generator g) throws IOException {
    Path file = dir.resolve(g.name() + "-" + g.rows() + "x" + g.cols() + ".bin");
    MatrixFiles.write(g, file, MatrixFormat.BINARY, WriteOptions.defaults(), 2, n -> {
    });
    return MatrixFiles.read(file);
  }

  private static void assertSameBits(MatrixBlock expected, String file) throws IOException {
    MatrixBlock actual = MatrixFiles.read(Path.of(file));
    assertEquals(expected.rows(), actual.rows(), file + ": rows");
    assertEquals(expected.cols(), actual.cols(), file + ": cols");
    for (int i = 0; i < expected.rows(); i++) {
      for (int j = 0; j < expected.cols(); j++) {
        double e = expected.get(i, j);
        double a = actual.get(i, j);
        if (Double.doubleToRawLongBits(e) != Double.doubleToRawLongBits(a)) {
          fail(file + " at (" + i + ", " + j + "): expected " + e + ", was " + a);
        }
      }
    }
  }
}
