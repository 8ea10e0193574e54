package org.planlab.experiment.descriptor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every descriptor the project ships (descriptors/*.yaml, which the figure and table scripts
 * run) loads: its keys, strategy specs (ordering, fusion, eviction with their options), data
 * and scripts are valid, so a script fails on its measurements, not on a typo.
 */
class DescriptorFilesTest {
  @Test
  void everyShippedDescriptorLoads() throws IOException {
    Path dir = Path.of("..", "descriptors");
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertTrue(files.size() > 10, "descriptors found: " + files);
    for (Path f : files) {
      ExperimentDescriptor d = DescriptorLoader.load(f);
      assertTrue(!d.variants().isEmpty(), f + " has no variants");
    }
  }
}
