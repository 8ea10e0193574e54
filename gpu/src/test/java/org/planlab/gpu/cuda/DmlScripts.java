package org.planlab.gpu.cuda;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * DML scripts whose fused operators the device must run, after L2SVM (loss, line search),
 * MLogreg (Hessian-vector chain) and common Cell patterns. Variable names are deliberately
 * unusual, so a test can assert that none of them reaches generated source.
 */
final class DmlScripts {
  /** The scripts by name, in a fixed order. */
  static final Map<String, String> ALL;

  static {
    Map<String, String> scripts = new LinkedHashMap<>();
    String data = """
        featuresQ = rand(rows=300, cols=20, seed=1)
        secondQ = rand(rows=300, cols=20, seed=2)
        thirdQ = rand(rows=300, cols=20, seed=3)
        labelsQ = round(rand(rows=300, cols=1, seed=4)) * 2 - 1
        weightsQ = rand(rows=20, cols=1, seed=5)
        """;
    scripts.put("l2svmLoss", data
        + "lossQ = sum(max(0, 1 - labelsQ * (featuresQ %*% weightsQ))^2)\n");
    scripts.put("l2svmLineSearch", data + """
        stepQ = 0.25
        outQ = 1 - labelsQ * (featuresQ %*% weightsQ + stepQ * (featuresQ %*% weightsQ))
        gQ = sum(max(0, outQ) * labelsQ)
        """);
    scripts.put("rowSumsOfProduct", data + "rsQ = rowSums(featuresQ * secondQ)\n");
    scripts.put("mmchain", data + """
        probsQ = rand(rows=300, cols=1, seed=6)
        hessQ = t(featuresQ) %*% (probsQ * (featuresQ %*% weightsQ))
        """);
    scripts.put("mlogregHessian", """
        featuresQ = rand(rows=500, cols=20, seed=51)
        dirQ = rand(rows=20, cols=3, seed=52)
        probsQ = rand(rows=500, cols=4, seed=53)
        kQ = 3
        hessQ = t(featuresQ) %*% (probsQ[,1:kQ] * (featuresQ %*% dirQ)
            - probsQ[,1:kQ] * rowSums(probsQ[,1:kQ] * (featuresQ %*% dirQ)))
        """);
    scripts.put("cellNoAgg", data + "cellQ = exp(featuresQ * secondQ) * 2 + thirdQ\n");
    scripts.put("cellColAgg", data + "colQ = colSums(featuresQ * secondQ + thirdQ)\n");
    scripts.put("cellRowMax", data + "rmQ = rowMaxs(featuresQ * secondQ - thirdQ)\n");
    scripts.put("cellFullMin", data + "mnQ = min(featuresQ * secondQ - thirdQ)\n");
    scripts.put("cellIfElse", data
        + "ieQ = ifelse(featuresQ > 0.5, featuresQ, secondQ) * 3 + thirdQ\n");
    scripts.put("cellBroadcast", data
        + "bcQ = (featuresQ - colMeans(featuresQ)) / rowSums(secondQ) * labelsQ\n");
    scripts.put("rowMatVec", """
        featuresQ = rand(rows=200, cols=15, seed=7)
        dirQ = rand(rows=15, cols=3, seed=8)
        expQ = colSums(exp(featuresQ %*% dirQ))
        """);
    ALL = Collections.unmodifiableMap(scripts);
  }

  private DmlScripts() {
  }
}
