package org.planlab.experiment.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SystemDsCommandTest {
  @Test
  void theCommandHasTheHeapTheOptionsTheJava17FlagsAndTheDriversArgumentsInOrder() {
    SystemDsCommand c = new SystemDsCommand(Path.of("/jdk/bin/java"), "16g",
        List.of("-XX:+UseParallelGC"), Path.of("/cache/systemds-3.3.0/lib"));
    Map<String, String> args = new LinkedHashMap<>();
    args.put("X", "/data/X/data.bin");
    args.put("maxiter", "20");
    args.put("verbose", "FALSE");
    List<String> expected = new ArrayList<>(List.of("/jdk/bin/java", "-Xmx16g",
        "-XX:+UseParallelGC"));
    expected.addAll(SystemDsCommand.JAVA17_FLAGS);
    expected.addAll(List.of("-cp", "/cache/systemds-3.3.0/lib/*",
        "org.apache.sysds.api.DMLScript", "-f", "/w/l2svm.dml", "-config",
        "/w/SystemDS-config.xml", "-exec", "singlenode", "-stats", "1000", "-nvargs",
        "X=/data/X/data.bin", "maxiter=20", "verbose=FALSE"));
    assertEquals(expected, c.command(Path.of("/w/l2svm.dml"), SystemDsConfig.defaults(),
        Path.of("/w/SystemDS-config.xml"), args));
  }

  @Test
  void sparkModeGetsTheMasterAndAnApplicationNameAsSystemPropertiesAndItsExecFlag() {
    SystemDsCommand c = new SystemDsCommand(Path.of("java"), "1g", List.of("-Xmn64m"),
        Path.of("/lib"));
    List<String> cmd = c.command(Path.of("/s.dml"),
        new SystemDsConfig(false, 2, "spark", "local[2]"), Path.of("/c.xml"), Map.of());
    int cp = cmd.indexOf("-cp");
    assertEquals(List.of("-Dspark.master=local[2]", "-Dspark.app.name=SystemDS"),
        cmd.subList(cp - 2, cp));
    assertEquals("-Xmn64m", cmd.get(2));
    assertEquals("spark", cmd.get(cmd.indexOf("-exec") + 1));
  }

  @Test
  void aScriptWithoutArgumentsGetsNoNvargsFlag() {
    SystemDsCommand c = new SystemDsCommand(Path.of("java"), "1g", List.of(), Path.of("/lib"));
    List<String> cmd = c.command(Path.of("/s.dml"), SystemDsConfig.defaults(), Path.of("/c.xml"),
        Map.of());
    assertEquals("1000", cmd.get(cmd.size() - 1));
  }

  @Test
  void theJava17FlagsOpenEveryPackageSystemDsReflectsOn() {
    assertEquals(15, SystemDsCommand.JAVA17_FLAGS.size());
    assertEquals(true, SystemDsCommand.JAVA17_FLAGS.contains(
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"));
  }
}
