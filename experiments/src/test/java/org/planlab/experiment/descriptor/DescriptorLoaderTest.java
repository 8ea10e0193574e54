package org.planlab.experiment.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.config.EngineConfig;
import org.planlab.experiment.descriptor.ExperimentDescriptor.DataInput;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Variant;
import org.planlab.experiment.peer.SystemDsConfig;

class DescriptorLoaderTest {
  @TempDir
  Path dir;

  private Path file(String yaml) throws IOException {
    Path f = dir.resolve("exp.yaml");
    Files.writeString(f, yaml);
    return f;
  }

  private String error(String yaml) throws IOException {
    Path f = file(yaml);
    return assertThrows(DescriptorException.class, () -> DescriptorLoader.load(f)).getMessage();
  }

  private String at(int line, int col) {
    return dir.resolve("exp.yaml") + ":" + line + ":" + col + ": ";
  }

  @Test
  void unknownTopLevelKeyNamesFileLineKeyAndValidKeys() throws IOException {
    assertEquals(at(3, 1) + "key 'repat': unknown key; valid keys: [name, description, "
            + "workload, script, params, data, backend, variants, repeat, warmup, rounds, "
            + "timeout, threads, jvm, reference]",
        error("name: e\nworkload: l2svm\nrepat: 3\n"));
  }

  @Test
  void unknownKeyInsideAVariantListsTheVariantKeys() throws IOException {
    assertEquals(at(5, 20) + "key 'variants.FA.fuson': unknown key; valid keys of "
            + "'variants.FA': [fusion, ordering, threads, costProfile, codegenCompiler, "
            + "operatorCache, recycle, exec, localBudget, reuse, eviction, cacheBudget, "
            + "reuseDelay, async, timeline, engine, config]",
        error("name: e\nworkload: l2svm\nvariants:\n  Base: {}\n  FA: {fusion: fa, fuson: fa}\n"));
  }

  @Test
  void roundsAreReadAndCheckedAgainstTheirRange() throws IOException {
    assertEquals(4, DescriptorLoader.load(file("name: e\nworkload: l2svm\nrounds: 4\n"))
        .rounds());
    assertEquals(at(3, 1) + "key 'rounds': must be in [1, 1000], was 0",
        error("name: e\nworkload: l2svm\nrounds: 0\n"));
  }

  @Test
  void repeatZeroIsRejected() throws IOException {
    assertEquals(at(3, 1) + "key 'repeat': must be >= 1, was 0",
        error("name: e\nworkload: l2svm\nrepeat: 0\n"));
  }

  @Test
  void rowsThatAreNoNumberAreRejectedWithTheirListIndex() throws IOException {
    assertEquals(at(4, 19) + "key 'data.X.rows[1]': 'abc' is not a number",
        error("name: e\nworkload: l2svm\ndata:\n  X: {rows: [100, abc]}\n"));
  }

  @Test
  void aTimeoutInParsecsIsNoDuration() throws IOException {
    assertEquals(at(3, 1) + "key 'timeout': '5 parsecs' is not a duration; use e.g. 90s, 10m, 1h",
        error("name: e\nworkload: l2svm\ntimeout: 5 parsecs\n"));
  }

  @Test
  void unknownWorkloadListsTheCatalogue() throws IOException {
    assertEquals(at(2, 1) + "key 'workload': unknown workload 'l3svm'; known: [l2svm, "
            + "multiLogReg, alsCG, pnmf, autoencoder_2layer, kmeans, lmDS, lmCG, lm, "
            + "gridSearchLM, hlm, l2svmGrid, eigen, pca, pcalm]",
        error("name: e\nworkload: l3svm\n"));
  }

  @Test
  void unknownGeneratorListsTheGenerators() throws IOException {
    assertEquals(at(4, 7) + "key 'data.X.generator': unknown generator 'dense-unifrom'; known: "
            + "[dense-uniform, dense-normal, sparse-uniform, sparse-powerlaw, labels-from-model, "
            + "low-rank-plus-noise, nonneg-sparse]",
        error("name: e\nworkload: l2svm\ndata:\n  X: {generator: dense-unifrom, rows: 10, "
            + "cols: 2}\n"));
  }

  @Test
  void unknownGeneratorParameterListsTheGeneratorsParameters() throws IOException {
    assertEquals(at(4, 52) + "key 'data.X.sparsity': generator dense-uniform has no parameter "
            + "'sparsity'; its parameters: [rows, cols, seed, min, max]",
        error("name: e\nworkload: l2svm\ndata:\n  X: {generator: dense-uniform, rows: 10, "
            + "cols: 2, sparsity: 0.1}\n"));
  }

  @Test
  void unknownFusionStrategyListsTheStrategies() throws IOException {
    assertEquals(at(4, 8) + "key 'variants.FA.fusion': unknown fusion plan selector 'fx'; "
            + "known: none, fa, fnr, mpskip, exhaustive",
        error("name: e\nworkload: l2svm\nvariants:\n  FA: {fusion: fx}\n"));
  }

  @Test
  void unknownStrategyOptionListsTheKnownKeys() throws IOException {
    assertEquals(at(4, 8) + "key 'variants.Ex.fusion': fusion plan selector "
            + "'mpskip:exact=true': unknown option 'exact'; known: approximate, approximateFrom, "
            + "epsilon, maxPlans, costPruning, structuralPruning, planCache, planCacheCapacity",
        error("name: e\nworkload: l2svm\nvariants:\n  Ex: {fusion: 'mpskip:exact=true'}\n"));
  }

  @Test
  void strategySpecsWithOptionsAreAccepted() throws IOException {
    ExperimentDescriptor d = DescriptorLoader.load(file("name: e\nworkload: l2svm\nvariants:\n"
        + "  Exact: {fusion: 'mpskip:approximate=false', localBudget: 512m}\n"));
    Variant v = d.variants().get(0);
    assertEquals("mpskip:approximate=false", v.fusion());
    assertEquals("singlenode", v.exec());
    assertEquals(512L << 20, v.localBudget());
  }

  @Test
  void aModeWithoutItsBackendIsRejected() throws IOException {
    assertEquals(at(4, 7) + "key 'variants.H.exec': mode hybrid needs a SPARK backend; give one "
            + "as 'backend: {type: NAME}' (the backends on the class path: planlab list)",
        error("name: e\nworkload: l2svm\nvariants:\n  H: {exec: hybrid}\n"));
    assertEquals(at(4, 7) + "key 'variants.H.exec': unknown execution mode 'cluster'; known: "
            + "singlenode, hybrid, spark, gpu",
        error("name: e\nworkload: l2svm\nvariants:\n  H: {exec: cluster}\n"));
  }

  @Test
  void unknownWorkloadParameterListsTheWorkloadsParameters() throws IOException {
    assertEquals(at(3, 10) + "key 'params.maxiters': workload l2svm has no parameter 'maxiters'; "
            + "it has [icpt, lambda, tol, maxiter, maxii, verbose]",
        error("name: e\nworkload: l2svm\nparams: {maxiters: 3}\n"));
  }

  @Test
  void aBackendNotOnTheClassPathNamesTheOnesThatAre() throws IOException {
    String message = error("name: e\nworkload: l2svm\nbackend: {type: flink}\n");
    assertTrue(message.startsWith(at(3, 11) + "key 'backend.type': unknown backend 'flink'; "
        + "on the class path: [cp"), message);
    assertTrue(message.contains("spark"), message);
  }

  @Test
  void aGpuBackendWithItsOptionsMakesGpuTheDefaultMode() throws IOException {
    ExperimentDescriptor d = DescriptorLoader.load(file("name: e\nworkload: l2svm\n"
        + "backend: {type: gpu, device: sim, memory: 2g, eviction: lru}\n"));
    assertEquals("GPU", d.backend().execType());
    assertTrue(d.backend().spec().startsWith("gpu:"), d.backend().spec());
    assertTrue(d.backend().spec().contains("device=sim"), d.backend().spec());
    assertEquals("gpu", d.variants().get(0).exec());
    String bad = error("name: e\nworkload: l2svm\nbackend: {type: gpu, device: sim, "
        + "memroy: 2g}\n");
    assertTrue(bad.contains("unknown option 'memroy'"), bad);
  }

  @Test
  void workloadAndScriptTogetherAreRejected() throws IOException {
    Files.writeString(dir.resolve("s.dml"), "print(1)\n");
    assertEquals(at(3, 1) + "key 'script': give either 'workload' or 'script', not both",
        error("name: e\nworkload: l2svm\nscript: s.dml\n"));
  }

  @Test
  void aMissingNameIsReportedWithoutALine() throws IOException {
    assertEquals(dir.resolve("exp.yaml") + ": key 'name': missing; it is required",
        error("workload: l2svm\n"));
  }

  @Test
  void invalidYamlNamesTheLineAndTheProblemWithoutSourceExcerpts() throws IOException {
    assertEquals(dir.resolve("exp.yaml") + ":2:17: not valid YAML: while parsing a flow "
            + "sequence; expected ',' or ']', but got <stream end>",
        error("name: e\nworkload: [l2svm\n"));
  }

  @Test
  void defaultsAreAppliedToAMinimalWorkloadDescriptor() throws IOException {
    ExperimentDescriptor d = DescriptorLoader.load(file("name: e\nworkload: l2svm\n"));
    assertEquals("", d.description());
    assertEquals(Map.of("icpt", List.of("0"), "lambda", List.of("0.001"),
        "tol", List.of("1.0e-12"), "maxiter", List.of("20"), "maxii", List.of("20"),
        "verbose", List.of("FALSE")), d.studies().get(0).params());
    assertEquals(List.of(
        new DataInput("X", "dense-uniform", Map.of("rows", List.of("100000"),
            "cols", List.of("10"), "min", List.of("0"), "max", List.of("1"),
            "seed", List.of("7"))),
        new DataInput("Y", "labels-from-model", Map.of("of", List.of("@X"),
            "classes", List.of("2"), "seed", List.of("11")))), d.studies().get(0).data());
    // the engine's default selector, whatever EngineConfig makes it
    assertEquals(List.of(new Variant("Default", EngineConfig.defaults().fusion(), "depth-first",
        null, null, "janino", true, "singlenode", 0, "none", "costnsize", 0, 1, false, false,
        true)), d.variants());
    assertEquals("cp", d.backend().type());
    assertEquals(3, d.repeat());
    assertEquals(1, d.warmup());
    assertEquals(1, d.rounds());
    assertEquals(Duration.ofMinutes(30), d.timeout());
    assertEquals(Runtime.getRuntime().availableProcessors(), d.threads());
    assertEquals(new ExperimentDescriptor.Jvm("8g", List.of("-XX:+UseParallelGC", "-Xmn512m")),
        d.jvm());
    assertEquals(1, d.studies().size());
    assertEquals("l2svm", d.studies().get(0).workload());
    assertNull(d.studies().get(0).script());
  }

  @Test
  void jvmOptionsDefaultToTheThroughputCollectorAndAFixedYoungGenerationUnlessGiven()
      throws IOException {
    assertEquals(new ExperimentDescriptor.Jvm("2g", List.of("-XX:+UseParallelGC", "-Xmn128m")),
        DescriptorLoader.load(file("name: e\nworkload: l2svm\njvm: {heap: 2g}\n")).jvm());
    assertEquals(new ExperimentDescriptor.Jvm("2g", List.of("-XX:+UseG1GC", "-Xss2m")),
        DescriptorLoader.load(file("name: e\nworkload: l2svm\n"
            + "jvm: {heap: 2g, options: [-XX:+UseG1GC, -Xss2m]}\n")).jvm());
  }

  @Test
  void dataOverridesKeepTheCatalogueSpecAndRenderIntegralNumbers() throws IOException {
    ExperimentDescriptor d = DescriptorLoader.load(file(
        "name: e\nworkload: l2svm\ndata:\n  X: {rows: [1.0e3, 2e3]}\n  Y: {of: \"@X\", "
            + "classes: 3}\n"));
    assertEquals(Map.of("rows", List.of("1000", "2000"), "cols", List.of("10"),
        "min", List.of("0"), "max", List.of("1"), "seed", List.of("7")), d.studies().get(0).data().get(0).params());
    assertEquals(List.of("rows", "cols", "min", "max", "seed"),
        List.copyOf(d.studies().get(0).data().get(0).params().keySet()));
    assertEquals(Map.of("of", List.of("@X"), "classes", List.of("3"), "seed", List.of("11")),
        d.studies().get(0).data().get(1).params());
  }

  @Test
  void aListOfWorkloadsGivesOneStudyEachWithTheParametersAndInputsTheyDeclare()
      throws IOException {
    ExperimentDescriptor d = DescriptorLoader.load(file(
        "name: e\nworkload: [l2svm, kmeans]\nparams: {maxiter: 5, k: 3}\n"
            + "data:\n  X: {rows: 500}\n  Y: {classes: 2}\n"));
    assertEquals(List.of("l2svm", "kmeans"),
        d.studies().stream().map(ExperimentDescriptor.Study::workload).toList());
    ExperimentDescriptor.Study l2svm = d.studies().get(0);
    ExperimentDescriptor.Study kmeans = d.studies().get(1);
    assertEquals(List.of("5"), l2svm.params().get("maxiter"));
    assertNull(l2svm.params().get("k"), "k is kmeans's parameter");
    assertEquals(List.of("3"), kmeans.params().get("k"));
    assertEquals(List.of("X", "Y"), l2svm.data().stream().map(DataInput::name).toList());
    assertEquals(List.of("X", "C"), kmeans.data().stream().map(DataInput::name).toList());
    assertEquals(List.of("500"), kmeans.data().get(0).params().get("rows"));
  }

  @Test
  void aParameterNoListedWorkloadDeclaresIsAnErrorListingWhatTheyHave() throws IOException {
    Path f = file("name: e\nworkload: [l2svm, kmeans]\nparams: {epochs: 2}\n");
    DescriptorException e = assertThrows(DescriptorException.class,
        () -> DescriptorLoader.load(f));
    assertEquals(f + ":3:10: key 'params.epochs': no listed workload has a parameter 'epochs'; "
        + "they have [icpt, lambda, tol, maxiter, maxii, verbose, k]", e.getMessage());
  }

  @Test
  void variantsChooseTheOperatorCompilerAndCache() throws IOException {
    ExperimentDescriptor d = DescriptorLoader.load(file("name: e\nworkload: l2svm\nvariants:\n"
        + "  J: {fusion: fa, codegenCompiler: javac, operatorCache: false}\n"));
    assertEquals("javac", d.variants().get(0).codegenCompiler());
    assertEquals(false, d.variants().get(0).operatorCache());
  }

  @Test
  void variantsTurnOnAsyncPrefetchAndTheTimelineEachOnItsOwn() throws IOException {
    ExperimentDescriptor d = DescriptorLoader.load(file("name: e\nworkload: l2svm\nvariants:\n"
        + "  Sync: {}\n  Async: {async: true}\n  Traced: {async: false, timeline: TRUE}\n"));
    assertEquals(List.of(false, true, false),
        d.variants().stream().map(Variant::async).toList());
    assertEquals(List.of(false, false, true),
        d.variants().stream().map(Variant::timeline).toList());
  }

  @Test
  void anAsyncThatIsNoBooleanNamesTheLineAndKey() throws IOException {
    assertEquals(at(4, 7) + "key 'variants.A.async': 'yes please' is not a boolean (true or "
            + "false)",
        error("name: e\nworkload: l2svm\nvariants:\n  A: {async: yes please}\n"));
  }

  @Test
  void aTimelineThatIsNoBooleanNamesTheLineAndKey() throws IOException {
    assertEquals(at(5, 5) + "key 'variants.T.timeline': '1' is not a boolean (true or false)",
        error("name: e\nworkload: l2svm\nvariants:\n  T:\n    timeline: 1\n"));
  }

  @Test
  void aTimelineGivenAsAListIsAnError() throws IOException {
    assertEquals(at(4, 7) + "key 'variants.T.timeline': expected a single value, got a list",
        error("name: e\nworkload: l2svm\nvariants:\n  T: {timeline: [true, false]}\n"));
  }

  @Test
  void referenceWorkIsNoneByDefaultAndMachineWhenAsked() throws IOException {
    ExperimentDescriptor plain = DescriptorLoader.load(file("name: e\nworkload: l2svm\n"));
    assertEquals(ExperimentDescriptor.REFERENCE_NONE, plain.reference());
    assertFalse(plain.machineReference());
    ExperimentDescriptor timed = DescriptorLoader.load(file("name: e\nworkload: l2svm\n"
        + "reference: machine\n"));
    assertTrue(timed.machineReference());
    assertEquals("machine", timed.toJson().get("reference").asText());
  }

  @Test
  void anUnknownReferenceNamesTheLineTheValueAndTheValidOnes() throws IOException {
    assertEquals(at(3, 1) + "key 'reference': unknown reference 'algorithm'; valid values: "
        + "none, machine", error("name: e\nworkload: l2svm\nreference: algorithm\n"));
  }

  @Test
  void anUnknownOperatorCompilerIsAnErrorListingTheKnownOnes() throws IOException {
    Path f = file("name: e\nworkload: l2svm\nvariants:\n  J: {codegenCompiler: ecj}\n");
    DescriptorException e = assertThrows(DescriptorException.class,
        () -> DescriptorLoader.load(f));
    assertEquals(f + ":4:7: key 'variants.J.codegenCompiler': unknown codegen compiler 'ecj' "
        + "(known: janino, javac)", e.getMessage());
  }

  @Test
  void theReferenceDescriptorLoads() throws IOException {
    Path f = dir.resolve("reference.yaml");
    try (InputStream in = getClass().getResourceAsStream(
        "/org/planlab/experiment/descriptor-reference.yaml")) {
      Files.write(f, in.readAllBytes());
    }
    ExperimentDescriptor d = DescriptorLoader.load(f);
    assertEquals("reference-l2svm", d.name());
    assertEquals(List.of("1000", "10000"), d.studies().get(0).data().get(0).params().get("rows"));
    assertEquals(List.of("Base", "Fused", "FusedNoRecycling", "SystemDS"),
        d.variants().stream().map(Variant::name).toList());
    assertTrue(d.variants().get(1).recycle());
    assertFalse(d.variants().get(2).recycle());
    assertEquals(SystemDsConfig.singleNode(true, 2), d.variants().get(3).engineConfig());
    assertEquals(Duration.ofMinutes(10), d.timeout());
    assertEquals(new ExperimentDescriptor.Jvm("2g", List.of("-XX:+UseParallelGC")), d.jvm());
  }

  @Test
  void theDefaultYoungGenerationIsASixteenthOfTheHeapInWholeMegabytes() {
    assertEquals(List.of("-XX:+UseParallelGC", "-Xmn1024m"),
        DescriptorLoader.defaultJvmOptions("16g"));
    assertEquals(List.of("-XX:+UseParallelGC", "-Xmn32m"),
        DescriptorLoader.defaultJvmOptions("512M"));
    assertEquals(List.of("-XX:+UseParallelGC", "-Xmn1m"),
        DescriptorLoader.defaultJvmOptions("1000k"));
    assertEquals(List.of("-XX:+UseParallelGC", "-Xmn64m"),
        DescriptorLoader.defaultJvmOptions("1073741824"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DescriptorLoader.defaultJvmOptions("lots"));
    assertEquals("'lots' is not a heap size; use e.g. 512m, 8g", e.getMessage());
  }

  @Test
  void aVariantCanNameSystemDsWithItsConfig() throws IOException {
    ExperimentDescriptor d = DescriptorLoader.load(file("name: e\nworkload: l2svm\nvariants:\n"
        + "  planlab: {}\n  SysDS: {engine: systemds-3.3.0, config: {codegen: true, optlevel: 3}}\n"
        + "  Plain: {engine: systemds-3.3.0}\n"));
    assertEquals(List.of("planlab", "systemds-3.3.0", "systemds-3.3.0"),
        d.variants().stream().map(Variant::engine).toList());
    assertEquals(null, d.variants().get(0).engineConfig());
    assertEquals(SystemDsConfig.singleNode(true, 3), d.variants().get(1).engineConfig());
    assertEquals(SystemDsConfig.defaults(), d.variants().get(2).engineConfig());
    assertEquals("systemds-3.3.0", d.toJson().get("variants").get("SysDS").get("engine").asText());
  }

  @Test
  void anUnknownEngineNamesTheValueAndTheValidEngines() throws IOException {
    assertEquals(at(4, 7) + "key 'variants.S.engine': unknown engine 'systemds-3.2.0'; "
            + "valid engines: planlab, systemds-3.3.0",
        error("name: e\nworkload: l2svm\nvariants:\n  S: {engine: systemds-3.2.0}\n"));
  }

  @Test
  void planlabsOwnKeysDoNotApplyToASystemDsVariant() throws IOException {
    assertEquals(at(4, 31) + "key 'variants.S.fusion': does not apply to engine systemds-3.3.0 "
            + "(it configures planlab); the engine's settings go under 'config': "
            + "[codegen, optlevel]",
        error("name: e\nworkload: l2svm\nvariants:\n  S: {engine: systemds-3.3.0, fusion: fa}\n"));
  }

  @Test
  void aConfigWithoutAReferenceEngineIsRejected() throws IOException {
    assertEquals(at(4, 7) + "key 'variants.P.config': 'config' holds a reference engine's "
            + "settings; give 'engine' (one of [systemds-3.3.0]) or remove it",
        error("name: e\nworkload: l2svm\nvariants:\n  P: {config: {codegen: true}}\n"));
  }

  @Test
  void aSystemDsOptimizationLevelOutOfRangeAndUnknownConfigKeysAreRejected() throws IOException {
    assertEquals(at(4, 40) + "key 'variants.S.config.optlevel': must be in [0, 5], was 7",
        error("name: e\nworkload: l2svm\nvariants:\n"
            + "  S: {engine: systemds-3.3.0, config: {optlevel: 7}}\n"));
    assertEquals(at(4, 40) + "key 'variants.S.config.codgen': unknown key; valid keys of "
            + "'variants.S.config': [codegen, optlevel]",
        error("name: e\nworkload: l2svm\nvariants:\n"
            + "  S: {engine: systemds-3.3.0, config: {codgen: true}}\n"));
  }

  @Test
  void aSystemDsVariantRunsSingleNodeOrOnTheSparkBackendsLocalMaster() throws IOException {
    ExperimentDescriptor d = DescriptorLoader.load(file("name: e\nworkload: l2svm\n"
        + "backend: {type: spark, master: 'local[2]'}\nvariants:\n"
        + "  P: {exec: spark}\n  S: {engine: systemds-3.3.0, exec: spark}\n"
        + "  H: {engine: systemds-3.3.0, exec: hybrid, config: {codegen: true}}\n"
        + "  N: {engine: systemds-3.3.0}\n"));
    assertEquals(new SystemDsConfig(false, 2, "spark", "local[2]"),
        d.variants().get(1).engineConfig());
    assertEquals(new SystemDsConfig(true, 2, "hybrid", "local[2]"),
        d.variants().get(2).engineConfig());
    assertEquals(SystemDsConfig.defaults(), d.variants().get(3).engineConfig());
    assertEquals("spark", d.toJson().get("variants").get("S").get("exec").asText());
    // the Spark backend's own default master when the descriptor gives none
    assertEquals("local[2]", DescriptorLoader.load(file("name: e\nworkload: l2svm\n"
        + "backend: {type: spark}\nvariants:\n  S: {engine: systemds-3.3.0, exec: spark}\n"))
        .variants().get(0).engineConfig().master());
  }

  @Test
  void aSystemDsSparkVariantNeedsASparkBackendWithALocalMaster() throws IOException {
    assertEquals(at(4, 31) + "key 'variants.S.exec': engine systemds-3.3.0 in mode spark runs "
            + "on the descriptor's Spark backend, but the backend is 'cp'",
        error("name: e\nworkload: l2svm\nvariants:\n"
            + "  S: {engine: systemds-3.3.0, exec: spark}\n"));
    assertEquals(at(5, 7) + "key 'variants.S.engine': SystemDS runs Spark on a local master "
            + "(local[K]) only: a cluster's executors would need SystemDS's jars; was "
            + "'spark://127.0.0.1:7077'",
        error("name: e\nworkload: l2svm\nbackend: {type: spark, master: "
            + "'spark://127.0.0.1:7077'}\nvariants:\n"
            + "  S: {engine: systemds-3.3.0, exec: spark}\n"));
    assertEquals(at(5, 31) + "key 'variants.S.exec': SystemDS's execution mode must be one of "
            + "[singlenode, hybrid, spark], was 'gpu'",
        error("name: e\nworkload: l2svm\nbackend: {type: spark}\nvariants:\n"
            + "  S: {engine: systemds-3.3.0, exec: gpu}\n"));
  }
}
