package org.planlab.experiment.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class SystemDsConfigTest {
  @TempDir
  Path dir;

  private static String value(Document d, String key) {
    return d.getDocumentElement().getElementsByTagName(key).item(0).getTextContent();
  }

  @Test
  void theWrittenFileIsXmlWithTheKeysSystemDsReads() throws Exception {
    Path file = SystemDsConfig.singleNode(true, 3).write(dir.resolve("work"));
    assertEquals(dir.resolve("work/SystemDS-config.xml"), file);
    Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    assertEquals("root", d.getDocumentElement().getTagName());
    assertEquals("true", value(d, "sysds.codegen.enabled"));
    assertEquals("3", value(d, "sysds.optlevel"));
    assertEquals(dir.resolve("work/scratch_space").toString(), value(d, "sysds.scratch"));
    assertEquals(dir.resolve("work/tmp").toString(), value(d, "sysds.localtmpdir"));
  }

  @Test
  void theDefaultsAreSystemDssOwn() {
    assertEquals(SystemDsConfig.singleNode(false, 2), SystemDsConfig.defaults());
  }

  @Test
  void aFolderWithXmlCharactersIsEscaped() throws Exception {
    Path file = SystemDsConfig.defaults().write(dir.resolve("a&b<c"));
    Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    assertEquals(dir.resolve("a&b<c/tmp").toString(), value(d, "sysds.localtmpdir"));
    assertEquals(true, Files.isRegularFile(file));
  }

  @Test
  void anOptimizationLevelOutsideZeroToFiveIsRejectedWithTheValue() {
    assertEquals("the SystemDS optimization level must be in [0, 5], was 6",
        assertThrows(IllegalArgumentException.class, () -> SystemDsConfig.singleNode(false, 6))
            .getMessage());
  }

  @Test
  void theSparkModesNeedALocalMasterAndSingleNodeNone() {
    assertEquals("SystemDS's spark mode needs a Spark master",
        assertThrows(IllegalArgumentException.class,
            () -> new SystemDsConfig(false, 2, "spark", null)).getMessage());
    assertEquals("SystemDS's singlenode mode runs no Spark master, was given local[2]",
        assertThrows(IllegalArgumentException.class,
            () -> new SystemDsConfig(false, 2, "singlenode", "local[2]")).getMessage());
    assertEquals("SystemDS runs Spark on a local master (local[K]) only: a cluster's executors "
            + "would need SystemDS's jars; was 'yarn'",
        assertThrows(IllegalArgumentException.class,
            () -> new SystemDsConfig(false, 2, "hybrid", "yarn")).getMessage());
    assertEquals("local[*]", new SystemDsConfig(false, 2, "spark", "local[*]").master());
  }
}
