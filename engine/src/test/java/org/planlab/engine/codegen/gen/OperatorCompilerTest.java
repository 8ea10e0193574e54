package org.planlab.engine.codegen.gen;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.runtime.SpoofCellwise;

class OperatorCompilerTest {
  private final OperatorCompiler compiler = new OperatorCompiler();

  @Test
  void brokenUnitThrowsNamingClassAndLine() {
    String src = new SourceGenerator().generate(Plans.sumXyz(), "Broken")
        .replace("return ", "return undefinedVariable + ");
    CodegenException e = assertThrows(CodegenException.class,
        () -> compiler.compile("Broken", src));
    assertTrue(e.getMessage().contains("Broken"), e.getMessage());
    assertTrue(e.getMessage().matches("(?s).*Line \\d+, Column \\d+.*"), e.getMessage());
  }

  @Test
  void syntaxErrorThrowsNamingClassAndLine() {
    String src = "package org.planlab.engine.codegen.generated;\n\npublic final class Bad {\n"
        + "  int x = ;\n}\n";
    CodegenException e = assertThrows(CodegenException.class, () -> compiler.compile("Bad", src));
    assertTrue(e.getMessage().contains("Bad") && e.getMessage().contains("Line 4"),
        e.getMessage());
  }

  @Test
  void unitWithoutTheNamedClassIsRejected() {
    String src = new SourceGenerator().generate(Plans.sumXyz(), "Other");
    assertThrows(CodegenException.class, () -> compiler.compile("Named", src));
  }

  @Test
  void classThatIsNoOperatorIsRejected() {
    String src = "package org.planlab.engine.codegen.generated;\npublic final class Plain {}\n";
    CodegenException e = assertThrows(CodegenException.class,
        () -> compiler.compile("Plain", src));
    assertTrue(e.getMessage().contains("Plain"), e.getMessage());
  }

  @Test
  void generatedUnitCompilesAndInstantiates() {
    Plans.assertSkeleton(SpoofCellwise.class,
        compiler.compile("Ok", new SourceGenerator().generate(Plans.sumXyz(), "Ok")));
  }

  @Test
  void invalidClassNameIsRejectedBeforeCompiling() {
    assertThrows(IllegalArgumentException.class, () -> compiler.compile("a.b", "class X {}"));
  }
}
