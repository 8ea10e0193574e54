package org.planlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Prints the Fig. 15 table for every workload and checks what it must show. */
class PlanEnumerationTableTest {
  /** Plans in a workload's large partitions from which pruning must cut tenfold (12 points). */
  private static final long MANY_PLANS = 1L << 12;

  @Test
  void pruningCutsTheEvaluatedPlansByOrdersOfMagnitudeInLargePartitions() throws IOException {
    List<PlanEnumerationTable.Row> rows = PlanEnumerationTable.measure(1000);
    String table = PlanEnumerationTable.format(rows);
    System.out.print(table);
    long large = 0;
    long partitioned = 0;
    long evaluated = 0;
    for (PlanEnumerationTable.Row r : rows) {
      assertTrue(r.get("DAGS") > 0, r.workload() + " optimized no DAG:\n" + table);
      assertTrue(r.get("PLANS_EVALUATED") <= r.get("PLANS_PARTITIONED"), table);
      if (r.get("LARGE_PARTITIONS") > 0) {
        large++;
        partitioned += r.get("PLANS_PARTITIONED_LARGE");
        evaluated += r.get("PLANS_EVALUATED_LARGE");
        // where the large partitions hold thousands of plans, pruning must cut them
        // tenfold; MLogreg's two softmax partitions of 8 points (the Row operator over
        // cbind(X %*% B, 0)) hold 256 plans each, and MPSkipEnum's bounds cut about half
        if (r.get("PLANS_PARTITIONED_LARGE") >= MANY_PLANS) {
          assertTrue(r.get("PLANS_PARTITIONED_LARGE") >= 10 * r.get("PLANS_EVALUATED_LARGE"),
              r.workload() + ": pruning must cut plans of partitions with >= 8 points at least "
                  + "10-fold\n" + table);
        }
      }
    }
    assertTrue(large > 0, "some workload has a partition with >= 8 interesting points\n" + table);
    assertTrue(partitioned >= 10 * evaluated, "pruning must cut the plans of all large "
        + "partitions together by at least an order of magnitude\n" + table);
    BufferedImage png = ImageIO.read(new ByteArrayInputStream(PlanEnumerationTable.figure(rows)));
    assertTrue(png.getWidth() > 0 && png.getHeight() > 0, "the Fig. 15 figure is a PNG");
  }

  @Test
  void theCountsDoNotDependOnWhatRanBeforeInTheJvm() throws IOException {
    Map<String, Long> first = counts(PlanEnumerationTable.measure("multiLogReg", 500));
    PlanEnumerationTable.measure("kmeans", 500);
    Map<String, Long> again = counts(PlanEnumerationTable.measure("multiLogReg", 500));
    assertTrue(first.getOrDefault("PLANS_EVALUATED", 0L) > 0, first.toString());
    assertEquals(first, again);
  }

  /** The selection counters without the measured time. */
  private static Map<String, Long> counts(PlanEnumerationTable.Row row) {
    Map<String, Long> c = new TreeMap<>(row.counters());
    c.remove("SELECT_NANOS");
    return c;
  }
}
