package org.planlab.engine.codegen.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CostProfilesTest {
  @TempDir
  Path dir;

  /** A complete profile with the given read bandwidth and memory fraction. */
  private static String profileJson(String readBandwidth, String memoryFraction) {
    return "{\"readBandwidth\": " + readBandwidth + ", \"writeBandwidth\": 1e9, "
        + "\"flopsPerCore\": 1e9, \"parallelism\": 2, \"distributedReadBandwidth\": 1e9, "
        + "\"defaultSparsity\": 1, \"localMemoryFraction\": " + memoryFraction + "}";
  }

  @Test
  void aProfileRoundTripsThroughItsFile() {
    CostConstants c = new CostConstants(31e9, 22e9, 9.5e9, 4, 2e9, 0.5, 0.6);
    Path f = dir.resolve("sub/profile.json");
    CostProfiles.write(c, f);
    assertEquals(c, CostProfiles.read(f));
    assertEquals(38e9, c.peakFlops());
  }

  @Test
  void theBroadcastConstantsRoundTripAndOldProfilesGetTheirDefaults() throws IOException {
    CostConstants c = new CostConstants(31e9, 22e9, 9.5e9, 4, 2e9, 0.5, 0.6, 50e6, 6);
    Path f = dir.resolve("cluster.json");
    CostProfiles.write(c, f);
    assertEquals(c, CostProfiles.read(f));

    Path old = dir.resolve("old.json");
    Files.writeString(old, profileJson("1e9", "0.7"));
    CostConstants read = CostProfiles.read(old);
    assertEquals(CostConstants.DEFAULT_BROADCAST_BANDWIDTH, read.broadcastBandwidth());
    assertEquals(CostConstants.DEFAULT_EXECUTORS, read.executors());
    assertEquals(1e9, read.readBandwidth());

    Path zero = dir.resolve("zero.json");
    Files.writeString(zero, profileJson("1e9", "0.7").replace("}", ", \"executors\": 0}"));
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
        () -> CostProfiles.read(zero));
    assertTrue(bad.getMessage().contains("executors=0"), bad.getMessage());
  }

  @Test
  void badProfilesNameTheFileAndTheProblem() throws IOException {
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> CostProfiles.read(dir.resolve("none.json")));
    assertTrue(missing.getMessage().contains("not found") && missing.getMessage()
        .contains("none.json"), missing.getMessage());

    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\"readBandwidth\": 1e9,");
    IllegalArgumentException json = assertThrows(IllegalArgumentException.class,
        () -> CostProfiles.read(broken));
    assertTrue(json.getMessage().startsWith("cost profile " + broken + " is invalid"),
        json.getMessage());

    Path negative = dir.resolve("negative.json");
    Files.writeString(negative, profileJson("-1", "0.7"));
    IllegalArgumentException value = assertThrows(IllegalArgumentException.class,
        () -> CostProfiles.read(negative));
    assertTrue(value.getMessage().contains("read=-1.0"), value.getMessage());

    Path partial = dir.resolve("partial.json");
    Files.writeString(partial, "{\"readBandwidth\": 1e9}");
    IllegalArgumentException field = assertThrows(IllegalArgumentException.class,
        () -> CostProfiles.read(partial));
    assertTrue(field.getMessage().contains("partial.json"), field.getMessage());

    Path fraction = dir.resolve("fraction.json");
    Files.writeString(fraction, profileJson("1e9", "1.5"));
    IllegalArgumentException over = assertThrows(IllegalArgumentException.class,
        () -> CostProfiles.read(fraction));
    assertTrue(over.getMessage().contains("memoryFraction=1.5"), over.getMessage());
  }
}
