package org.planlab.optimizers.fusion.enumeration;

import java.util.List;
import java.util.Set;
import org.planlab.engine.ir.Hop;

/**
 * A plan partition (fusion paper, sec. 4.1, Fig. 7): a connected component of the memo table's
 * fusion references, optimized independently of the others.
 *
 * @param hops the partition's HOPs (those with memo groups), topological order
 * @param roots partition HOPs no fusion plan of the partition references: always materialized
 * @param inputs HOPs outside the partition read by partition HOPs
 * @param materializationPoints partition HOPs, not roots, with several consumers of which at
 *     least one is in the partition
 * @param alwaysMaterialized materialization points that some consumer reads materialized in
 *     every plan: a consumer outside the partition, or one in it with no fusion reference to
 *     the point (its write is part of every plan's cost, like a root's)
 * @param points the interesting points M' (the search space is 2^|points|), in a fixed order
 */
public record PlanPartition(List<Hop> hops, Set<Hop> roots, Set<Hop> inputs,
    Set<Hop> materializationPoints, Set<Hop> alwaysMaterialized, List<InterestingPoint> points) {
  public PlanPartition {
    hops = List.copyOf(hops);
    roots = java.util.Collections.unmodifiableSet(roots);
    inputs = java.util.Collections.unmodifiableSet(inputs);
    materializationPoints = java.util.Collections.unmodifiableSet(materializationPoints);
    alwaysMaterialized = java.util.Collections.unmodifiableSet(alwaysMaterialized);
    points = List.copyOf(points);
  }
}
