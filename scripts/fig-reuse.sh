#!/usr/bin/env bash
# The figures of lineage-based reuse (MEMPHIS sec. 6.2-6.3; LIMA):
#   1. speed-up of each reuse workload with reuse on: HLM, a grid search of lm over 10 lambdas x
#      3 intercept handlings on dense 1e5 x 500 (reuse-hlm), and HCV and an L2SVM grid on dense
#      1e5 x 100 (reuse-pipelines), each without reuse, with operator reuse and multi-level;
#   2. what tracing and probing cost where nothing is reused: L2SVM on dense 1e6 x 10
#      (reuse-overhead) and a loop of 1e5 tiny matrix operations (reuse-probe), each without
#      tracing, tracing only, and tracing and probing;
#   3. the eviction policies lru, costnsize and dagheight under a budget that forces evictions
#      (reuse-eviction), in time and in hits.
# Each point runs in a fresh JVM (the overhead points in four interleaved rounds of them, as
# their descriptors say); the report of each descriptor has the table (wall time, reuse hits,
# misses, evictions per variant) and its PNG figure. About 20 minutes on 2 cores.
#
#   scripts/fig-reuse.sh [--quick]     --quick: one measured run per point, no warm-up
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
run_args=(--new)
if [ "${1:-}" = "--quick" ]; then
  run_args+=(--repeat 1 --warmup 0 --rounds 1)
fi
counters=(--counters reuse_hits,reuse_hits_partial,reuse_hits_function,reuse_misses,reuse_evictions,reuse_spills,reuse_probe_s)
run_and_report "$root/descriptors/reuse-hlm.yaml" "${counters[@]}"
run_and_report "$root/descriptors/reuse-pipelines.yaml" "${counters[@]}"
run_and_report "$root/descriptors/reuse-overhead.yaml" --metric execute_s "${counters[@]}"
run_and_report "$root/descriptors/reuse-probe.yaml" --metric execute_s "${counters[@]}"
run_and_report "$root/descriptors/reuse-eviction.yaml" "${counters[@]}"
finish
