package org.planlab.gpu.cuda;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.compile.fusion.Codegen;
import org.planlab.engine.config.EngineConfig;

/**
 * The fused operators the engine builds for a DML script at compile time, under a fusion plan
 * selector of the optimizers module: real CPlans for the CUDA generator's tests.
 */
final class FusedPlans {
  private FusedPlans() {
  }

  /** The plans of the operators compiled for {@code dml} under selector {@code fusion}. */
  static List<CPlan> of(Path dir, String dml, String fusion) {
    List<CPlan> plans = new ArrayList<>();
    for (FusedOp op : operators(dir, dml, fusion)) {
      plans.add(op.plan());
    }
    return plans;
  }

  /** The operators compiled for {@code dml} (each runs on the CPU: the reference results). */
  static List<FusedOp> operators(Path dir, String dml, String fusion) {
    List<Codegen.Result> results = new ArrayList<>();
    try (Engine engine = Engine.create(EngineConfig.builder().fusion(fusion).parallelism(1)
        .build())) {
      Path script = Files.createTempFile(dir, "fused", ".dml");
      Files.writeString(script, dml, StandardCharsets.UTF_8);
      engine.compile(script, Map.of(), Pipeline.defaults(), results::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<FusedOp> ops = new ArrayList<>();
    for (Codegen.Result r : results) {
      ops.addAll(r.compiled());
    }
    return ops;
  }

  /** Every node of {@code root}'s DAG, inputs first (duplicates for shared subtrees). */
  static List<CNode> nodes(CNode root) {
    List<CNode> out = new ArrayList<>();
    collect(root, out);
    return out;
  }

  /** Every node of a Cell or Row plan. */
  static List<CNode> nodes(CPlan plan) {
    if (plan instanceof CPlan.Cell c) {
      return nodes(c.out());
    } else if (plan instanceof CPlan.Row r) {
      return nodes(r.out());
    }
    throw new IllegalArgumentException("not a Cell or Row plan: " + plan);
  }

  private static void collect(CNode node, List<CNode> out) {
    for (CNode in : node.inputs()) {
      collect(in, out);
    }
    out.add(node);
  }
}
