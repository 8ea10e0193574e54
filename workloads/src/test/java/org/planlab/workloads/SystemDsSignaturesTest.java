package org.planlab.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The library functions SystemDS also has keep the signatures of SystemDS 3.3.0's builtins, so
 * that a script written for SystemDS runs on planlab: the same parameters (name, type, default)
 * in the same order, then only optional additions, and the same results in the same order.
 */
class SystemDsSignaturesTest {
  private static final WorkloadCatalog CATALOG = WorkloadCatalog.standard();

  /** SystemDS 3.3.0's parameter lists and results, as its builtin scripts declare them. */
  private static final Map<String, List<String>> SYSTEMDS = Map.of(
      "l2svm", List.of("Matrix[Double] X, Matrix[Double] Y, Boolean intercept = FALSE,"
          + " Double epsilon = 0.001, Double reg = 1, Integer maxIterations = 100,"
          + " Integer maxii = 20, Boolean verbose = FALSE, Integer columnId = -1",
          "Matrix[Double] model"),
      "multiLogReg", List.of("Matrix[Double] X, Matrix[Double] Y, Integer icpt = 2,"
          + " Double tol = 1e-6, Double reg = 1.0, Integer maxi = 100, Integer maxii = 20,"
          + " Boolean verbose = TRUE", "Matrix[Double] betas"),
      "lm", List.of("Matrix[Double] X, Matrix[Double] y, Integer icpt = 0, Double reg = 1e-7,"
          + " Double tol = 1e-7, Integer maxi = 0, Boolean verbose = TRUE", "Matrix[Double] B"),
      "lmDS", List.of("Matrix[Double] X, Matrix[Double] y, Integer icpt = 0, Double reg = 1e-7,"
          + " Boolean verbose = TRUE", "Matrix[Double] B"),
      "lmCG", List.of("Matrix[Double] X, Matrix[Double] y, Integer icpt = 0, Double reg = 1e-7,"
          + " Double tol = 1e-7, Integer maxi = 0, Boolean verbose = TRUE", "Matrix[Double] B"),
      "kmeans", List.of("Matrix[Double] X, Integer k = 10, Integer runs = 10,"
          + " Integer max_iter = 1000, Double eps = 0.000001, Boolean is_verbose = FALSE,"
          + " Integer avg_sample_size_per_centroid = 50, Integer seed = -1",
          "Matrix[Double] C, Matrix[Double] Y"),
      "pca", List.of("Matrix[Double] X, Integer K = 2, Boolean center = TRUE,"
          + " Boolean scale = TRUE, Boolean onlyComponents = FALSE",
          "Matrix[Double] XReduced, Matrix[Double] Components, Matrix[Double] Centering,"
          + " Matrix[Double] ScaleFactor"),
      "alsCG", List.of("Matrix[Double] X, Integer rank = 10, String regType = \"L2\","
          + " Double reg = 0.000001, Integer maxi = 50, Boolean check = TRUE, Double thr = 0.0001,"
          + " Integer seed = 132521, Boolean verbose = TRUE", "Matrix[Double] U, Matrix[Double] V"),
      "pnmf", List.of("Matrix[Double] X, Integer rnk, Double eps = 1e-8, Integer maxi = 10,"
          + " Boolean verbose = TRUE", "Matrix[Double] W, Matrix[Double] H"),
      "autoencoder_2layer", List.of("Matrix[Double] X, Integer num_hidden1, Integer num_hidden2,"
          + " Integer max_epochs, Boolean full_obj = FALSE, Integer batch_size = 256,"
          + " Double step = 1e-5, Double decay = 0.95, Double mu = 0.9,"
          + " Matrix[Double] W1_rand = matrix(0, rows=0, cols=0),"
          + " Matrix[Double] W2_rand = matrix(0, rows=0, cols=0),"
          + " Matrix[Double] W3_rand = matrix(0, rows=0, cols=0),"
          + " Matrix[Double] W4_rand = matrix(0, rows=0, cols=0),"
          + " Matrix[Double] order_rand = matrix(0, rows=0, cols=0)",
          "Matrix[Double] W1, Matrix[Double] b1, Matrix[Double] W2, Matrix[Double] b2,"
          + " Matrix[Double] W3, Matrix[Double] b3, Matrix[Double] W4, Matrix[Double] b4,"
          + " Matrix[Double] reordered_H"));

  /** The drivers scripts/table-peer.sh runs on SystemDS 3.3.0 as well. */
  private static final List<String> PEER_DRIVERS = List.of("l2svm", "multiLogReg", "alsCG",
      "pnmf", "autoencoder_2layer");

  @Test
  void parametersStartWithSystemDsParametersAndAddOnlyOptionalOnes() {
    for (Map.Entry<String, List<String>> e : SYSTEMDS.entrySet()) {
      String name = e.getKey();
      List<DmlText.Param> expected = declared(e.getValue().get(0));
      List<DmlText.Param> actual = DmlText.parameters(builtin(name), "m_" + name);
      assertTrue(actual.size() >= expected.size(), name + " lacks parameters: " + actual);
      for (int i = 0; i < expected.size(); i++) {
        assertSameDeclaration(name, expected.get(i), actual.get(i));
      }
      for (DmlText.Param extra : actual.subList(expected.size(), actual.size())) {
        assertNotNull(extra.defaultText(), name + "'s addition " + extra.name() + " needs a default");
      }
    }
  }

  @Test
  void driversCallTheseBuiltinsWithSystemDsParametersOnly() {
    // a driver runs unchanged on SystemDS 3.3.0 (the peer engine) only if its calls name no
    // planlab addition: SystemDS checks named arguments at compile time, also in branches the
    // run does not take
    Set<String> callOwnBuiltin = new TreeSet<>();
    for (String name : PEER_DRIVERS) {
      Workload w = CATALOG.byName(name);
      String code = DmlText.code(w.driverSource());
      for (Map.Entry<String, List<String>> e : SYSTEMDS.entrySet()) {
        List<String> names = declared(e.getValue().get(0)).stream().map(DmlText.Param::name)
            .toList();
        for (DmlText.Call call : DmlText.calls(code, e.getKey())) {
          if (w.name().equals(e.getKey())) {
            callOwnBuiltin.add(w.name());
          }
          for (String arg : call.named()) {
            assertTrue(names.contains(arg), w.name() + "'s driver passes " + arg + " to "
                + e.getKey() + ", which SystemDS's " + e.getKey() + " lacks: " + names);
          }
          assertTrue(call.positional() + call.named().size() <= names.size(),
              w.name() + "'s driver passes more arguments to " + e.getKey() + " than SystemDS's "
                  + e.getKey() + " takes");
        }
      }
    }
    // pnmf's driver runs its builtin's loop instead (SystemDS's pnmf takes no seed)
    Set<String> expected = new TreeSet<>(PEER_DRIVERS);
    expected.remove("pnmf");
    assertEquals(expected, callOwnBuiltin);
  }

  @Test
  void resultsAreSystemDsResults() {
    for (Map.Entry<String, List<String>> e : SYSTEMDS.entrySet()) {
      String name = e.getKey();
      List<DmlText.Param> expected = declared(e.getValue().get(1));
      List<DmlText.Param> actual = DmlText.results(builtin(name), "m_" + name);
      assertEquals(expected.size(), actual.size(), name + " results " + actual);
      for (int i = 0; i < expected.size(); i++) {
        assertSameDeclaration(name, expected.get(i), actual.get(i));
      }
    }
  }

  private static String builtin(String name) {
    return DmlText.withoutComments(CATALOG.byName(name).builtinSource());
  }

  private static List<DmlText.Param> declared(String list) {
    return DmlText.parameters("f = function(" + list + ")", "f");
  }

  private static void assertSameDeclaration(String function, DmlText.Param expected,
      DmlText.Param actual) {
    String where = function + "." + expected.name();
    assertEquals(expected.name(), actual.name(), function + ": parameter order");
    assertEquals(expected.type(), actual.type(), where);
    if (expected.defaultText() == null) {
      assertEquals(null, actual.defaultText(), where + " is required");
    } else if (expected.type().equals("Double") || expected.type().equals("Integer")) {
      assertEquals(Double.parseDouble(expected.defaultText()),
          Double.parseDouble(actual.defaultText()), where);
    } else {
      assertEquals(expected.defaultText().replace(" ", ""), actual.defaultText().replace(" ", ""),
          where);
    }
  }
}
