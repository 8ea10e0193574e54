package org.planlab.optimizers.fusion.enumeration;

import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.DistributedExecution;
import org.planlab.optimizers.fusion.cost.Eq3Costs;

/**
 * The cost model of cost-based candidate selection (fusion paper, sec. 4.2): the costs of one
 * plan partition's assignments. The analytical model of Eq. (3) implements it; tests plug in
 * synthetic costs.
 */
@FunctionalInterface
public interface CostModel {

  /**
   * The analytical model of Eq. (3) ({@link Eq3Costs}) with the constants and the distributed
   * execution the selection context carries (defaults, or a profile from {@code planlab
   * calibrate}).
   */
  CostModel EQ3 = Eq3Costs::new;

  /**
   * The costs of partition {@code p} of {@code memo}'s plans under {@code constants}, with the
   * operators {@code distributed} names running distributed.
   */
  PartitionCosts costs(MemoTable memo, PlanPartition p, CostConstants constants,
      DistributedExecution distributed);

  /** The costs of partition {@code p} of {@code memo}'s plans under single-node execution. */
  default PartitionCosts costs(MemoTable memo, PlanPartition p, CostConstants constants) {
    return costs(memo, p, constants, DistributedExecution.NONE);
  }
}
