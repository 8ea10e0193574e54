package org.planlab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of ARCHITECTURE.md, checked on the engine's main sources: the IR names operators
 * (package {@code ops}) and never refers to kernels, the compiler or the runtime; the code
 * generation framework does not depend on the strategy interfaces that plug into it (only the
 * compile step that applies a selector does); and no two classes share a simple name.
 */
class PackageDependenciesTest {
  private static final Path SOURCES = Path.of("src/main/java/org/planlab/engine");
  private static final Pattern IMPORT =
      Pattern.compile("^import (?:static )?org\\.planlab\\.engine\\.([a-z.]+)\\.[A-Z]",
          Pattern.MULTILINE);

  /** Engine package (relative, dotted) -> the engine packages its files import. */
  private static Map<String, List<String>> imports;
  private static Map<String, List<Path>> byName;

  @BeforeAll
  static void scan() throws IOException {
    imports = new TreeMap<>();
    byName = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String pkg = SOURCES.relativize(f.getParent()).toString().replace('/', '.');
        Matcher m = IMPORT.matcher(Files.readString(f));
        List<String> list = imports.computeIfAbsent(pkg, k -> new ArrayList<>());
        while (m.find()) {
          list.add(m.group(1) + " (" + f.getFileName() + ")");
        }
        String name = f.getFileName().toString();
        if (!name.equals("package-info.java")) {
          byName.computeIfAbsent(name, k -> new ArrayList<>()).add(f);
        }
      }
    }
  }

  private static List<String> importsOf(String packagePrefix, String forbiddenPrefix) {
    List<String> found = new ArrayList<>();
    imports.forEach((pkg, list) -> {
      if (pkg.equals(packagePrefix) || pkg.startsWith(packagePrefix + ".")) {
        for (String i : list) {
          if (i.equals(forbiddenPrefix) || i.startsWith(forbiddenPrefix + ".")
              || i.startsWith(forbiddenPrefix + " ")) {
            found.add(pkg + " -> " + i);
          }
        }
      }
    });
    return found;
  }

  @Test
  void scanFindsTheEngineSources() {
    assertFalse(imports.get("ir").isEmpty(), "ir imports nothing: wrong source folder?");
  }

  @Test
  void irNamesOperatorsWithoutImportingKernelsCompilerOrRuntime() {
    for (String lower : List.of("kernels", "compile", "runtime", "codegen", "api")) {
      assertEquals(List.of(), importsOf("ir", lower), "ir must not import " + lower);
    }
  }

  @Test
  void codeGenerationFrameworkDoesNotImportTheStrategyInterfaces() {
    assertEquals(List.of(), importsOf("codegen", "spi"));
    assertEquals(List.of(), importsOf("codegen", "compile"));
  }

  @Test
  void operatorsDependOnNothingButValuesAndTypes() {
    for (String lower : List.of("kernels", "compile", "runtime", "codegen", "ir", "matrix")) {
      assertEquals(List.of(), importsOf("ops", lower), "ops must not import " + lower);
    }
  }

  @Test
  void noTwoClassesShareASimpleName() {
    Map<String, List<Path>> duplicates = new TreeMap<>();
    byName.forEach((name, paths) -> {
      if (paths.size() > 1) {
        duplicates.put(name, paths);
      }
    });
    assertEquals(Map.of(), duplicates);
  }
}
