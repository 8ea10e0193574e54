package org.planlab.experiment.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.matrix.MatrixBlock;

class SystemDsDataTest {
  @TempDir
  Path dir;

  private Path binary(MatrixBlock m) throws Exception {
    Path f = dir.resolve("entry/data.bin");
    Files.createDirectories(f.getParent());
    MatrixFiles.write(m, f, MatrixFormat.BINARY, WriteOptions.defaults());
    return f;
  }

  private static JsonNode mtd(Path file) throws Exception {
    return new ObjectMapper().readTree(file.resolveSibling(file.getFileName() + ".mtd")
        .toFile());
  }

  private static List<String> keys(JsonNode n) {
    List<String> k = new ArrayList<>();
    n.fieldNames().forEachRemaining(k::add);
    return k;
  }

  @Test
  void denseDataBecomesCsvWithSystemDsMetadataAndExactValues() throws Exception {
    double[][] v = {{0.1, 1.0 / 3, Math.PI}, {-2.5e-300, 7, Math.nextUp(1.0)}};
    Path text = SystemDsData.writeText(binary(MatrixBlock.of(v)), dir.resolve("out"), 1);
    assertEquals(dir.resolve("out/data.csv"), text);
    JsonNode m = mtd(text);
    assertEquals(List.of("data_type", "value_type", "rows", "cols", "nnz", "format", "header",
        "sep"), keys(m));
    assertEquals("matrix", m.get("data_type").asText());
    assertEquals("double", m.get("value_type").asText());
    assertEquals(2, m.get("rows").asLong());
    assertEquals(3, m.get("cols").asLong());
    assertEquals(6, m.get("nnz").asLong());
    assertEquals("csv", m.get("format").asText());
    assertFalse(m.get("header").asBoolean());
    assertEquals(",", m.get("sep").asText());
    List<String> lines = Files.readAllLines(text);
    for (int i = 0; i < v.length; i++) {
      String[] cells = lines.get(i).split(",");
      for (int j = 0; j < v[i].length; j++) {
        // the exact double comes back: the text is its round-trip notation
        assertEquals(Double.doubleToLongBits(v[i][j]),
            Double.doubleToLongBits(Double.parseDouble(cells[j])));
      }
    }
  }

  @Test
  void sparseDataBecomesOneBasedTriplesInTextFormat() throws Exception {
    double[][] v = new double[4][5];
    v[0][1] = 2.0;
    v[3][4] = 0.125;
    Path text = SystemDsData.writeText(binary(MatrixBlock.of(v)), dir.resolve("out"), 1);
    assertEquals(dir.resolve("out/data.ijv"), text);
    JsonNode m = mtd(text);
    assertEquals("text", m.get("format").asText());
    assertEquals(4, m.get("rows").asLong());
    assertEquals(5, m.get("cols").asLong());
    assertEquals(2, m.get("nnz").asLong());
    assertEquals(List.of("1 2 2.0", "4 5 0.125"), Files.readAllLines(text));
  }

  @Test
  void theConvertedFormLivesBesideTheCacheEntrysFile() {
    assertEquals(Path.of("/c/gen/key/systemds-3.3.0/data.bin"),
        SystemDsData.target(Path.of("/c/gen/key/data.bin")));
  }
}
