package org.planlab.engine.compile.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.compile.rewrite.StaticRewriter;
import org.planlab.engine.compile.size.InterProceduralAnalysis;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopPrinter;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.DmlParser;
import org.planlab.engine.lang.validate.DmlValidator;

/** The realistic test scripts build, rewrite and go through size propagation. */
class RealScriptsTest {
  private static Path resource(String name) {
    try {
      return Path.of(RealScriptsTest.class.getResource("/dml/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Program build(DmlParser parser, String name) {
    return HopBuilder.build(new DmlValidator().validate(parser.parse(resource(name))));
  }

  private static void check(Program p) {
    Program rewritten = StaticRewriter.standard().rewrite(p);
    String before = HopPrinter.print(p);
    String after = HopPrinter.print(rewritten);
    assertFalse(before.isEmpty());
    assertTrue(after.length() <= before.length(), "rewrites should not grow these scripts");
    assertTrue(before.contains(OpCode.FUNCTION_CALL.name()));
    InterProceduralAnalysis.analyze(rewritten);
    assertTypesKept(rewritten.main());
    rewritten.functions().values().forEach(f -> assertTypesKept(f.body()));
  }

  /** Every written value still has the type the builder gave the variable. */
  private static void assertTypesKept(List<ProgramBlock> blocks) {
    for (ProgramBlock b : blocks) {
      if (b instanceof ProgramBlock.Basic basic) {
        for (Hop r : basic.dag().roots()) {
          if (r.op() == OpCode.WRITE_VAR) {
            assertEquals(r.dataType(), r.input(0).dataType(), r.toString());
            assertEquals(r.valueType(), r.input(0).valueType(), r.toString());
          }
        }
      } else if (b instanceof ProgramBlock.If i) {
        assertTypesKept(i.thenBlocks());
        assertTypesKept(i.elseBlocks());
      } else if (b instanceof ProgramBlock.While w) {
        assertTypesKept(w.body());
      } else if (b instanceof ProgramBlock.For f) {
        assertTypesKept(f.body());
      }
    }
  }

  @Test
  void l2svmLikeScript() {
    check(build(new DmlParser(), "l2svm_like.dml"));
  }

  @Test
  void linregWithSourcedLibrary() {
    DmlParser parser = new DmlParser(Map.of("X", "x.csv", "Y", "y.csv", "out", "beta.csv"),
        List.of());
    Program p = build(parser, "linreg_ds.dml");
    check(p);
    assertEquals(4, p.functions().keySet().stream()
        .filter(k -> k.namespace().equals("stats")).count());
  }

  @Test
  void builtinLibraryFunctions() {
    DmlParser parser = new DmlParser(Map.of(), List.of(resource("builtins")));
    check(build(parser, "uses_library.dml"));
  }
}
