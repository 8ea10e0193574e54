package org.planlab.optimizers.fusion.enumeration;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.FusionPlanSelector;
import org.planlab.engine.spi.PluginOption;
import org.planlab.engine.spi.StrategyKind;

/**
 * Cost-based candidate selection by exhaustive enumeration: all 2^|M'_i| plans of every
 * partition, costed in full, without pruning or caching ({@link ExhaustiveEnum}). The oracle
 * MPSkipEnum is checked against; partitions with more than {@code maxPoints} interesting
 * points are refused rather than enumerated for hours.
 */
public final class ExhaustiveSelector implements FusionPlanSelector {
  public static final String NAME = "exhaustive";
  /** The default limit of interesting points per partition (2^20 plans). */
  public static final int DEFAULT_MAX_POINTS = 20;

  private final CostModel model;
  private final int maxPoints;

  /** The selector over the analytical cost model (Eq. 3), as {@code ServiceLoader} creates it. */
  public ExhaustiveSelector() {
    this(CostModel.EQ3);
  }

  public ExhaustiveSelector(CostModel model) {
    this(model, DEFAULT_MAX_POINTS);
  }

  /** The selector refusing partitions with more than {@code maxPoints} points. */
  public ExhaustiveSelector(CostModel model, int maxPoints) {
    this.model = Objects.requireNonNull(model, "model is null");
    if (maxPoints < 0 || maxPoints > Assignments.MAX_POINTS) {
      throw new IllegalArgumentException("maxPoints must be in [0, " + Assignments.MAX_POINTS
          + "], was " + maxPoints);
    }
    this.maxPoints = maxPoints;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public FusionPlan select(MemoTable memo, HopDag dag, SelectionContext ctx) {
    return PartitionedSelection.select(memo, ctx, model, (m, p, costs, stats) ->
        ExhaustiveEnum.enumerate(costs, p.points().size(), maxPoints, stats));
  }

  /** Creates {@code exhaustive} selectors. */
  public static final class Provider extends BasicStrategyProvider<FusionPlanSelector> {
    public Provider() {
      super(StrategyKind.FUSION, NAME, "exhaustive enumeration of every partition's 2^|M'| "
          + "plans, no pruning (the oracle MPSkipEnum is checked against)",
          List.of(PluginOption.integer("maxPoints", DEFAULT_MAX_POINTS, "refuse partitions "
              + "with more interesting points than this (0-" + Assignments.MAX_POINTS + ")")),
          o -> new ExhaustiveSelector(CostModel.EQ3, o.integer("maxPoints")));
    }
  }
}
