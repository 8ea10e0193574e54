package org.planlab.engine.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.lang.ast.DmlModule;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.MultiAssignment;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.validate.CallTarget;
import org.planlab.engine.lang.validate.DmlValidator;
import org.planlab.engine.lang.validate.ValidatedProgram;

/** Realistic scripts (test resources under dml/) parse and validate cleanly. */
class ScriptsTest {
  private static Path resource(String name) {
    try {
      return Path.of(ScriptsTest.class.getResource("/dml/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static ValidatedProgram load(DmlParser parser, String name) {
    return new DmlValidator().validate(parser.parse(resource(name)));
  }

  @Test
  void l2svmLikeScriptValidates() {
    ValidatedProgram p = load(new DmlParser(), "l2svm_like.dml");
    FunctionKey l2svm = new FunctionKey(DmlProgram.MAIN_NAMESPACE, "l2svm");
    assertEquals(List.of(ExprType.MATRIX), p.function(l2svm).resultTypes());
    assertEquals(8, p.function(l2svm).parameterTypes().size());
    assertTrue(p.warnings().isEmpty(), () -> "unexpected warnings " + p.warnings());
  }

  @Test
  void sourcedLibraryWithNamespacedCallsValidates() {
    DmlParser parser =
        new DmlParser(Map.of("X", "x.csv", "Y", "y.csv", "out", "beta.csv"), List.of());
    ValidatedProgram p = load(parser, "linreg_ds.dml");
    DmlModule stats = p.program().modules().get("stats");
    assertEquals(DmlModule.Kind.SOURCED, stats.kind());
    assertTrue(stats.file().endsWith("lib/stats.dml"));
    assertEquals(
        List.of("standardize", "safeSd", "rmse", "r2"),
        stats.functions().stream().map(FunctionKey::name).toList());
    // the unqualified call inside the sourced file resolves within that file
    assertTrue(
        p.function(new FunctionKey("stats", "standardize"))
            .callees()
            .contains(new FunctionKey("stats", "safeSd")));
    MultiAssignment m = (MultiAssignment) p.program().statements().get(2);
    CallTarget.UserFunction t =
        assertInstanceOf(CallTarget.UserFunction.class, p.targetOf(m.call()));
    assertEquals(new FunctionKey("stats", "standardize"), t.function());
  }

  @Test
  void builtinLibraryFunctionsLoadLazily() {
    DmlParser parser = new DmlParser(Map.of(), List.of(resource("builtins")));
    ValidatedProgram p = load(parser, "uses_library.dml");
    DmlProgram program = p.program();
    assertEquals(
        Map.of(
            "kmeansLite", new FunctionKey(".lib.kmeansLite", "m_kmeansLite"),
            "scaleAndCluster", new FunctionKey(".lib.scaleAndCluster", "m_scaleAndCluster")),
        program.libraryFunctions());
    // broken.dml is in the same folder but never called, so never parsed
    assertTrue(program.modules().values().stream().noneMatch(m -> m.file().endsWith("broken.dml")));
    assertEquals(DmlModule.Kind.LIBRARY, program.modules().get(".lib.kmeansLite").kind());
    assertTrue(
        p.function(new FunctionKey(".lib.kmeansLite", "m_kmeansLite"))
            .callees()
            .contains(new FunctionKey(".lib.kmeansLite", "squaredDistances")));
  }

  @Test
  void frontEndParsesAndValidatesInOneCall() {
    DmlFrontEnd frontEnd = DmlFrontEnd.of(Map.of("maxiter", "5"), List.of());
    ValidatedProgram p = frontEnd.load(resource("l2svm_like.dml"));
    assertEquals(4, p.program().statements().size());
    ValidatedProgram q = frontEnd.load("x = $maxiter + 1", "inline.dml");
    assertEquals(
        ExprType.INTEGER,
        q.typeOf(
            ((org.planlab.engine.lang.ast.Assignment) q.program().statements().get(0)).value()));
  }

  @Test
  void scriptsUseEveryStatementKind() {
    DmlParser parser = new DmlParser(Map.of(), List.of(resource("builtins")));
    DmlProgram p = parser.parse(resource("uses_library.dml"));
    assertEquals(
        List.of(
            "Assignment",
            "MultiAssignment",
            "Assignment",
            "CallStatement",
            "ParForStatement",
            "CallStatement"),
        p.statements().stream().map(s -> s.getClass().getSimpleName()).toList());
  }
}
