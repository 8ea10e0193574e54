package org.planlab.engine.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.lang.ast.Assignment;
import org.planlab.engine.lang.ast.DmlModule;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.validate.DmlValidator;

/** source(...) as ns, ns::f, nested and cyclic sources, and the builtin-library folder. */
class SourceResolutionTest {
  @TempDir Path dir;

  private Path write(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  private static String firstError(DmlException e) {
    return e.first().toString();
  }

  @Test
  void sourcedFunctionsAreCalledThroughTheirNamespace() throws IOException {
    write(
        "lib/math.dml",
        "twice = function(Double x) return (Double y) { y = helper(x) }\n"
            + "helper = function(Double x) return (Double y) { y = 2 * x }\n"
            + "print(\"top-level statements of a sourced file are ignored\")");
    Path main = write("main.dml", "source(\"lib/math.dml\") as m\nz = m::twice(3)");
    DmlProgram p = new DmlParser().parse(main);
    assertEquals(1, p.statements().size());
    FunctionCall call = (FunctionCall) ((Assignment) p.statements().get(0)).value();
    assertEquals(
        Optional.of(new FunctionKey("m", "twice")), p.resolve(DmlProgram.MAIN_NAMESPACE, call));
    assertEquals(Map.of("m", "m"), p.mainModule().aliases());
    assertEquals(dir.resolve("lib/math.dml").toString(), p.modules().get("m").file());
    new DmlValidator().validate(p);
  }

  @Test
  void nestedSourcesResolveRelativeToTheSourcingFile() throws IOException {
    write("a/b/inner.dml", "one = function() return (Double y) { y = 1 }");
    write(
        "a/outer.dml",
        "source(\"b/inner.dml\") as inner\n"
            + "two = function() return (Double y) { y = inner::one() + inner::one() }");
    Path main = write("main.dml", "source(\"a/outer.dml\") as outer\nx = outer::two()");
    DmlProgram p = new DmlParser().parse(main);
    assertEquals(Map.of("inner", "inner"), p.modules().get("outer").aliases());
    new DmlValidator().validate(p);
  }

  @Test
  void theSameFileUnderTwoAliasesIsLoadedOnce() throws IOException {
    write("lib.dml", "f = function() return (Double y) { y = 1 }");
    Path main =
        write(
            "main.dml",
            "source(\"lib.dml\") as a\nsource(\"./lib.dml\") as b\nx = a::f() + b::f()");
    DmlProgram p = new DmlParser().parse(main);
    assertEquals(Map.of("a", "a", "b", "a"), p.mainModule().aliases());
    assertEquals(2, p.modules().size());
    new DmlValidator().validate(p);
  }

  @Test
  void oneAliasForTwoFilesIsAnError() throws IOException {
    write("x.dml", "f = function() { }");
    write("y.dml", "g = function() { }");
    Path main = write("main.dml", "source(\"x.dml\") as u\nsource(\"y.dml\") as u");
    DmlSyntaxException e =
        assertThrows(DmlSyntaxException.class, () -> new DmlParser().parse(main));
    assertEquals(
        main + ":2:1: namespace 'u' is already used for '" + dir.resolve("x.dml") + "'",
        firstError(e));
  }

  @Test
  void equalAliasesInDifferentFilesGetDistinctNamespaces() throws IOException {
    write("p/util.dml", "f = function() return (Double y) { y = 1 }");
    write("q/util.dml", "f = function() return (Double y) { y = 2 }");
    write(
        "p/lib.dml", "source(\"util.dml\") as u\ng = function() return (Double y) { y = u::f() }");
    Path main =
        write(
            "main.dml",
            "source(\"p/lib.dml\") as lib\nsource(\"q/util.dml\") as u\n"
                + "x = lib::g() + u::f()");
    DmlProgram p = new DmlParser().parse(main);
    assertEquals(Map.of("lib", "lib", "u", "u#2"), p.mainModule().aliases());
    assertEquals(Map.of("u", "u"), p.modules().get("lib").aliases());
    new DmlValidator().validate(p);
  }

  @Test
  void cyclicSourcesAreRejected() throws IOException {
    write("b.dml", "source(\"a.dml\") as a\ng = function() { }");
    Path a = write("a.dml", "source(\"b.dml\") as b\nf = function() { }");
    DmlSyntaxException e = assertThrows(DmlSyntaxException.class, () -> new DmlParser().parse(a));
    assertEquals(
        dir.resolve("b.dml")
            + ":1:1: cyclic source: "
            + a
            + " -> "
            + dir.resolve("b.dml")
            + " -> "
            + a,
        firstError(e));
  }

  @Test
  void missingSourceFile() throws IOException {
    Path main = write("main.dml", "x = 1\nsource(\"nope.dml\") as n");
    DmlSyntaxException e =
        assertThrows(DmlSyntaxException.class, () -> new DmlParser().parse(main));
    assertEquals(
        main + ":2:1: cannot read source file '" + dir.resolve("nope.dml") + "': no such file",
        firstError(e));
  }

  @Test
  void syntaxErrorsInSourcedFilesCarryTheirPosition() throws IOException {
    write("bad.dml", "f = function() {\n  x = = 1\n}");
    Path main = write("main.dml", "source(\"bad.dml\") as b");
    DmlSyntaxException e =
        assertThrows(DmlSyntaxException.class, () -> new DmlParser().parse(main));
    assertEquals(dir.resolve("bad.dml") + ":2:7: unexpected '='", firstError(e));
  }

  @Test
  void missingFunctionInANamespace() throws IOException {
    write("lib.dml", "apply = function() return (Double y) { y = 1 }");
    Path main = write("main.dml", "source(\"lib.dml\") as l\nx = l::aply()");
    DmlValidationException e =
        assertThrows(
            DmlValidationException.class,
            () -> new DmlValidator().validate(new DmlParser().parse(main)));
    assertEquals(
        main
            + ":2:5: '"
            + dir.resolve("lib.dml")
            + "' (namespace 'l') has no function "
            + "'aply'; did you mean 'apply'?",
        firstError(e));
  }

  @Test
  void mainScriptFunctionsAreNotVisibleInSourcedFiles() throws IOException {
    write("lib.dml", "g = function() return (Double y) { y = mainOnly() }");
    Path main =
        write(
            "main.dml",
            "source(\"lib.dml\") as l\n"
                + "mainOnly = function() return (Double y) { y = 1 }\nx = l::g()");
    DmlValidationException e =
        assertThrows(
            DmlValidationException.class,
            () -> new DmlValidator().validate(new DmlParser().parse(main)));
    assertEquals(dir.resolve("lib.dml") + ":1:40: unknown function 'mainOnly'", firstError(e));
  }

  @Test
  void textScriptsSourceRelativeToTheirFileName() throws IOException {
    write("sub/lib.dml", "f = function() return (Double y) { y = 1 }");
    DmlProgram p =
        new DmlParser()
            .parse(
                "source(\"lib.dml\") as l\nx = l::f()", dir.resolve("sub/virtual.dml").toString());
    assertTrue(p.modules().containsKey("l"));
  }

  // ---------------------------------------------------------------------------------------------
  // builtin library

  @Test
  void libraryFunctionsAreFoundInTheFirstRootThatHasThem() throws IOException {
    write(
        "first/norm2.dml",
        "m_norm2 = function(Matrix[Double] X) return (Double n) {\n"
            + "  n = sqrt(sumsq(X))\n"
            + "}\n"
            + "sumsq = function(Matrix[Double] X) return (Double s) { s = sum(X^2) }");
    write("second/norm2.dml", "this file is shadowed and never parsed");
    Path main = write("main.dml", "n = norm2(matrix(1, 2, 2))");
    DmlParser parser =
        new DmlParser(Map.of(), List.of(dir.resolve("first"), dir.resolve("second")));
    DmlProgram p = parser.parse(main);
    assertEquals(Map.of("norm2", new FunctionKey(".lib.norm2", "m_norm2")), p.libraryFunctions());
    assertEquals(DmlModule.Kind.LIBRARY, p.modules().get(".lib.norm2").kind());
    new DmlValidator().validate(p);
  }

  @Test
  void builtinsAndOwnFunctionsNeverLoadLibraryFiles() throws IOException {
    write("lib/sum.dml", "not DML at all");
    write("lib/mine.dml", "not DML either");
    Path main =
        write(
            "main.dml",
            "mine = function() return (Double y) { y = 1 }\n"
                + "s = sum(matrix(1, 2, 2)) + mine()");
    DmlProgram p = new DmlParser(Map.of(), List.of(dir.resolve("lib"))).parse(main);
    assertTrue(p.libraryFunctions().isEmpty());
  }

  @Test
  void libraryFileMustDefineTheConventionalFunction() throws IOException {
    write("lib/foo.dml", "foo = function() return (Double y) { y = 1 }");
    Path main = write("main.dml", "x = 1\ny = foo()");
    DmlSyntaxException e =
        assertThrows(
            DmlSyntaxException.class,
            () -> new DmlParser(Map.of(), List.of(dir.resolve("lib"))).parse(main));
    assertEquals(
        main
            + ":2:5: library file '"
            + dir.resolve("lib/foo.dml")
            + "' does not define "
            + "m_foo, which foo(...) calls",
        firstError(e));
  }

  @Test
  void unknownFunctionsWithoutALibraryFileAreValidationErrors() throws IOException {
    Path main = write("main.dml", "y = nosuch(1)");
    DmlProgram p = new DmlParser(Map.of(), List.of(dir)).parse(main);
    DmlValidationException e =
        assertThrows(DmlValidationException.class, () -> new DmlValidator().validate(p));
    assertEquals(main + ":1:5: unknown function 'nosuch'", firstError(e));
  }
}
