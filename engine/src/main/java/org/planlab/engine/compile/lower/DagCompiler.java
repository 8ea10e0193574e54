package org.planlab.engine.compile.lower;

import java.util.Map;
import java.util.Objects;
import org.planlab.engine.backend.Backends;
import org.planlab.engine.compile.fusion.DagFusion;
import org.planlab.engine.compile.place.Placer;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Placement;
import org.planlab.engine.ir.SizedDag;
import org.planlab.engine.runtime.DagLowerer;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.runtime.program.CompiledBlock;
import org.planlab.engine.spi.OperatorOrdering;

/**
 * The steps from a sized HOP DAG to its code, at compile time and at every dynamic
 * recompilation (ARCHITECTURE.md data flow): operator fusion ({@link DagFusion}), execution-type
 * selection ({@link Placer}) over the fused DAG's memory estimates, then lowering
 * ({@link Lowering}) with the ordering and the backends' instructions. Always from the original
 * DAG, which stays untouched.
 */
public final class DagCompiler implements DagLowerer {
  private final DagFusion fusion;
  private final Placer placer;
  private final OperatorOrdering ordering;
  private final Backends backends;
  private final int parallelism;

  /** {@code parallelism}: the threads of the kernel pool the code will run on. */
  public DagCompiler(DagFusion fusion, Placer placer, OperatorOrdering ordering,
      Backends backends, int parallelism) {
    this.parallelism = parallelism;
    this.fusion = Objects.requireNonNull(fusion, "fusion is null");
    this.placer = Objects.requireNonNull(placer, "placer is null");
    this.ordering = Objects.requireNonNull(ordering, "ordering is null");
    this.backends = Objects.requireNonNull(backends, "backends is null");
  }

  /**
   * {@code dag} fused, placed and lowered; {@code recompile} (the size analysis' verdict) is
   * kept, or set when placement met unknown sizes.
   */
  public CompiledBlock.Dag compile(HopDag dag, Map<Hop, DataCharacteristics> sizes,
      boolean predicate, boolean recompile) {
    SizedDag fused = fusion.fuse(new SizedDag(dag, sizes));
    Placement placement = placer.place(fused.dag(), fused.sizes());
    BlockCode code = Lowering.lower(fused.dag(), ordering, fused.sizes(), placement, backends,
        parallelism, predicate);
    return new CompiledBlock.Dag(dag, code, recompile || placement.needsRecompile(), fused,
        placement);
  }

  @Override
  public BlockCode lower(HopDag dag, Map<Hop, DataCharacteristics> sizes, boolean predicate) {
    return compile(dag, sizes, predicate, false).code();
  }

  /**
   * Fusion and placement decide by sizes, so a recompiled DAG is lowered again even when
   * recompilation left it unchanged.
   */
  @Override
  public boolean dependsOnSizes() {
    return fusion != DagFusion.NONE || placer.mode() != ExecMode.SINGLENODE;
  }
}
