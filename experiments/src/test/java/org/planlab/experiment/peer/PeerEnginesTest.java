package org.planlab.experiment.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PeerEnginesTest {
  @Test
  void anUnknownEngineIsNamedWithTheValidOnes() {
    assertEquals("unknown engine 'systemds-2.0'; valid engines: planlab, systemds-3.3.0",
        assertThrows(IllegalArgumentException.class, () -> PeerEngines.check("systemds-2.0"))
            .getMessage());
  }

  @Test
  void theEngineCacheIsTheUsersOwnUnlessAnEnvironmentVariableNamesOne() {
    assertEquals(Path.of("/home/u/.cache/planlab/engines"),
        SystemDsJars.defaultRoot(Map.of(), "/home/u"));
    assertEquals(Path.of("/xdg/planlab/engines"),
        SystemDsJars.defaultRoot(Map.of("XDG_CACHE_HOME", "/xdg"), "/home/u"));
    assertEquals(Path.of("/mine"), SystemDsJars.defaultRoot(
        Map.of("PLANLAB_ENGINE_CACHE", "/mine", "XDG_CACHE_HOME", "/xdg"), "/home/u"));
  }

  @Test
  void thePomNamesTheReleaseAndJcudaWithoutItsNatives() {
    String pom = SystemDsJars.pom();
    assertEquals(true, pom.matches("(?s).*<artifactId>systemds</artifactId>\\s*"
        + "<version>3\\.3\\.0</version>.*"));
    assertEquals(true, pom.contains("<artifactId>jcuda-natives</artifactId>"));
  }
}
