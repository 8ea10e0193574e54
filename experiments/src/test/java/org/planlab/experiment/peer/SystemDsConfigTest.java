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
    Path file = new SystemDsConfig(true, 3).write(dir.resolve("work"));
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
    assertEquals(new SystemDsConfig(false, 2), SystemDsConfig.defaults());
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
        assertThrows(IllegalArgumentException.class, () -> new SystemDsConfig(false, 6))
            .getMessage());
  }
}
