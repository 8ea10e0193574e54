package org.planlab.engine.codegen.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.SpoofCellwise;
import org.planlab.engine.codegen.runtime.SpoofOperator;

/** Both operator compilers: errors with line and column, rejected units, loading. */
class OperatorCompilerTest {

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void brokenUnitThrowsNamingClassAndLine(String name) {
    String src = new SourceGenerator().generate(Plans.sumXyz(), "Broken")
        .replace("return ", "return undefinedVariable + ");
    CodegenException e = assertThrows(CodegenException.class,
        () -> OperatorCompiler.byName(name).compile("Broken", src));
    assertTrue(e.getMessage().startsWith("fused operator Broken does not compile: "),
        e.getMessage());
    assertTrue(e.getMessage().matches("(?s).*Line \\d+, Column \\d+.*"), e.getMessage());
  }

  @Test
  void javacErrorNamesTheLineAndColumnOfTheUndefinedSymbol() {
    String src = new SourceGenerator().generate(Plans.sumXyz(), "Broken")
        .replace("return ", "return undefinedVariable + ");
    List<String> lines = src.lines().toList();
    int line = 0;
    while (!lines.get(line).contains("undefinedVariable")) {
      line++;
    }
    int column = lines.get(line).indexOf("undefinedVariable") + 1;
    CodegenException e = assertThrows(CodegenException.class,
        () -> OperatorCompiler.javac().compile("Broken", src));
    assertTrue(e.getMessage().contains("Line " + (line + 1) + ", Column " + column
        + ": cannot find symbol"), e.getMessage());
    assertTrue(e.getMessage().contains("undefinedVariable"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void syntaxErrorThrowsNamingClassAndLine(String name) {
    String src = "package org.planlab.engine.codegen.generated;\n\npublic final class Bad {\n"
        + "  int x = ;\n}\n";
    CodegenException e = assertThrows(CodegenException.class,
        () -> OperatorCompiler.byName(name).compile("Bad", src));
    assertTrue(e.getMessage().contains("Bad") && e.getMessage().contains("Line 4"),
        e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void unitWithoutTheNamedClassIsRejected(String name) {
    String src = new SourceGenerator().generate(Plans.sumXyz(), "Other");
    CodegenException e = assertThrows(CodegenException.class,
        () -> OperatorCompiler.byName(name).compile("Named", src));
    assertTrue(e.getMessage().contains("Named"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void classThatIsNoOperatorIsRejected(String name) {
    String src = "package org.planlab.engine.codegen.generated;\npublic final class Plain {}\n";
    CodegenException e = assertThrows(CodegenException.class,
        () -> OperatorCompiler.byName(name).compile("Plain", src));
    assertTrue(e.getMessage().contains("Plain does not extend SpoofOperator"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void generatedUnitCompilesAndInstantiates(String name) {
    Plans.assertSkeleton(SpoofCellwise.class, OperatorCompiler.byName(name)
        .compile("Ok", new SourceGenerator().generate(Plans.sumXyz(), "Ok")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void eachOperatorHasItsOwnSkeletonCopyAndSharesTheOperatorApi(String name) {
    OperatorCompiler compiler = OperatorCompiler.byName(name);
    String src = new SourceGenerator().generate(Plans.sumXyz(), "Twice");
    SpoofOperator a = compiler.compile("Twice", src);
    SpoofOperator b = compiler.compile("Twice", src);
    assertNotSame(a.getClass(), b.getClass());
    assertNotSame(a.getClass().getSuperclass(), b.getClass().getSuperclass());
    assertEquals(SpoofCellwise.class.getName(), a.getClass().getSuperclass().getName());
    assertTrue(a.getClass().getSuperclass().getClassLoader() instanceof SkeletonClassLoader);
    assertTrue(a instanceof SpoofOperator);
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void theClassIsDefinedInTheOperatorsSkeletonLoader(String name) {
    SpoofOperator op = OperatorCompiler.byName(name)
        .compile("Here", new SourceGenerator().generate(Plans.sumXyz(), "Here"));
    assertSame(op.getClass().getClassLoader(),
        op.getClass().getSuperclass().getClassLoader());
  }

  @Test
  void javacOnARuntimeWithoutASystemCompilerSaysSo() {
    String src = new SourceGenerator().generate(Plans.sumXyz(), "NoJdk");
    CodegenException e = assertThrows(CodegenException.class,
        () -> new JavacOperatorCompiler(null).compile("NoJdk", src));
    assertTrue(e.getMessage().contains("NoJdk"), e.getMessage());
    assertTrue(e.getMessage().contains("no system Java compiler"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void invalidClassNameIsRejectedBeforeCompiling(String name) {
    assertThrows(IllegalArgumentException.class,
        () -> OperatorCompiler.byName(name).compile("a.b", "class X {}"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void warmUpCompilesOneOperatorOfEveryTemplate(String name) {
    assertTrue(OperatorCompiler.byName(name).warmUp());
    assertEquals(List.of(CPlan.Cell.class, CPlan.MAgg.class, CPlan.Row.class, CPlan.Outer.class),
        WarmUpPlans.plans().stream().map(Object::getClass).toList());
  }

  @Test
  void warmUpOfACompilerThatCannotCompileSaysSoAndThrowsNothing() {
    assertFalse(new JavacOperatorCompiler(null).warmUp());
  }

  @Test
  void compilersAreChosenByNameAndAnUnknownNameListsTheKnownOnes() {
    assertEquals("janino", OperatorCompiler.byName("janino").name());
    assertEquals("javac", OperatorCompiler.byName("javac").name());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> OperatorCompiler.byName("ecj"));
    assertEquals("unknown codegen compiler 'ecj' (known: janino, javac)", e.getMessage());
  }

  @Test
  void javacClassPathHoldsTheEngineClasses() {
    String location = SpoofOperator.class.getProtectionDomain().getCodeSource().getLocation()
        .getPath();
    List<File> entries = JavacOperatorCompiler.engineClassPath();
    assertTrue(entries.stream().anyMatch(e -> e.toURI().getPath().equals(location)),
        entries + " lacks " + location);
  }
}
