package org.planlab.optimizers.fusion.enumeration;

import org.planlab.engine.codegen.memo.MemoTable;

/**
 * The cost model of cost-based candidate selection (fusion paper, sec. 4.2): the costs of one
 * plan partition's assignments. The analytical model of Eq. (3) implements it; tests plug in
 * synthetic costs.
 */
@FunctionalInterface
public interface CostModel {

  /** The costs of partition {@code p} of {@code memo}'s plans. */
  PartitionCosts costs(MemoTable memo, PlanPartition p);
}
