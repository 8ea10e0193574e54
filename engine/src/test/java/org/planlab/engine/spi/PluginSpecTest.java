package org.planlab.engine.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Spec strings {@code name[:key=value,...]} and the options they set. */
class PluginSpecTest {
  private static final List<PluginOption> OPTIONS = List.of(
      PluginOption.bool("exact", false, "search all plans"),
      PluginOption.integer("points", 15, "threshold"),
      PluginOption.number("epsilon", 0.001, "tolerance"),
      PluginOption.longValue("plans", 1L << 20, "budget"),
      PluginOption.string("mode", "fast", "a word"));

  @Test
  void aSpecIsANameAndOrderedOptions() {
    PluginSpec s = PluginSpec.parse(" mpskip : approximate=false , epsilon = 0.01 ");
    assertEquals("mpskip", s.name());
    assertEquals(List.of("approximate", "epsilon"), List.copyOf(s.options().keySet()));
    assertEquals("0.01", s.options().get("epsilon"));
    assertEquals("mpskip:approximate=false,epsilon=0.01", s.toString());
    assertEquals(PluginSpec.parse(s.toString()), s);
    assertEquals(Map.of(), PluginSpec.parse("fa").options());
    assertEquals("fa", PluginSpec.parse("fa").toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      ""                 | "'' is not a spec: expected name[:key=value,...]"
      ":a=1"             | "':a=1' is not a spec"
      "mpskip:"          | "'mpskip:' has a ':' but no options"
      "mpskip:exact"     | "'mpskip:exact': option 'exact' is not key=value"
      "mpskip:=1"        | "'mpskip:=1': option '=1' is not key=value"
      "mpskip:a=1,a=2"   | "'mpskip:a=1,a=2': option 'a' is given twice"
      """)
  void malformedSpecsSayWhatIsWrong(String text, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PluginSpec.parse(text));
    assertTrue(e.getMessage().startsWith(message), e.getMessage());
  }

  @Test
  void optionsTakeTheirDefaultsAndTheGivenValuesTyped() {
    PluginOptions o = PluginOptions.of(PluginSpec.parse("x:points=20,mode=slow"), OPTIONS);
    assertFalse(o.bool("exact"));
    assertEquals(20, o.integer("points"));
    assertEquals(0.001, o.number("epsilon"));
    assertEquals(1L << 20, o.longValue("plans"));
    assertEquals("slow", o.string("mode"));
    assertTrue(o.given("points"));
    assertFalse(o.given("epsilon"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      "x:exact=yes"      | "option exact must be true or false, was 'yes'"
      "x:points=1.5"     | "option points must be an integer, was '1.5'"
      "x:plans=lots"     | "option plans must be a long, was 'lots'"
      "x:epsilon=NaN"    | "option epsilon must be a double, was 'NaN'"
      "x:epsilon=a"      | "option epsilon must be a double, was 'a'"
      "x:speed=9"        | "unknown option 'speed'; known: exact, points, epsilon, plans, mode"
      """)
  void badValuesAndUnknownKeysNameTheOption(String spec, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PluginOptions.of(PluginSpec.parse(spec), OPTIONS));
    assertEquals(message, e.getMessage());
  }

  @Test
  void aProvidersDefaultMustBeValid() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new PluginOption("n", PluginOption.Type.INTEGER, "many", "doc"));
    assertEquals("option n must be an integer, was 'many'", e.getMessage());
  }

  @Test
  void theRegistryCreatesAFreshStrategyPerSpecAndNamesWhatExists() {
    Plugins plugins = Plugins.load();
    FusionPlanSelector a = plugins.create(StrategyKind.FUSION, "none");
    FusionPlanSelector b = plugins.create(StrategyKind.FUSION, "none");
    assertTrue(a != b, "every engine gets its own instance");
    assertEquals(List.of("depth-first"), plugins.names(StrategyKind.ORDERING));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> plugins.create(StrategyKind.ORDERING, "depth-first:x=1"));
    assertEquals("operator ordering 'depth-first:x=1': unknown option 'x'; known: none (it takes "
        + "no options)", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> plugins.check(StrategyKind.ORDERING, "depth first"));
    assertTrue(e.getMessage().startsWith("bad operator ordering 'depth first' is not a spec"),
        e.getMessage());
  }
}
