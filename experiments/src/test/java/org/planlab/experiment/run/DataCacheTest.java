package org.planlab.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.experiment.descriptor.DescriptorLoader;
import org.planlab.experiment.results.EndedProcess;

class DataCacheTest {
  @TempDir
  Path dir;

  @Test
  void generatingAnEntryDeletesTheTemporaryFolderAKilledRunnerLeftForIt() throws Exception {
    Files.writeString(dir.resolve("s.dml"), "print(sum(X))\n");
    Path f = dir.resolve("exp.yaml");
    Files.writeString(f, "name: s\nscript: s.dml\ndata:\n  X: {generator: dense-uniform, rows: 20, cols: 3}\n");
    GridPoint point = Grid.expand(DescriptorLoader.load(f)).get(0);
    DataCache cache = new DataCache(dir.resolve("cache"), 1);
    Path entry = cache.prepare(point).get("X").getParent();

    // a runner killed while generating the entry left its folder; one generating it now runs
    Path killed = entry.resolveSibling("." + entry.getFileName() + "." + EndedProcess.pid()
        + ".123");
    Path live = entry.resolveSibling("." + entry.getFileName() + "."
        + ProcessHandle.current().pid() + ".456");
    Files.createDirectories(killed);
    Files.writeString(killed.resolve(".data.bin.k3.tmp"), "partial");
    Files.createDirectories(live);
    try (Stream<Path> files = Files.list(entry)) {
      for (Path p : files.toList()) {
        Files.delete(p);
      }
    }
    Files.delete(entry);

    assertEquals(entry.resolve(DataCache.DATA_FILE), cache.prepare(point).get("X"));
    assertFalse(Files.exists(killed));
    assertTrue(Files.isDirectory(live));
  }
}
