#!/usr/bin/env bash
# CI performance tracking (EXPERIMENTS.md): a small fixed experiment, then
# `planlab compare results/baselines/ci.json` over its results. Fails when a tracked ratio
# regresses beyond its tolerance. Only ratios measured in the same run are tracked, never
# absolute seconds:
#   - JMH (FusedPatternBench, one short trial each): fused/unfused speed-up and
#     generated/hand-written speed of sum(X*Y*Z), t(X)%*%(W*(X%*%V)), sum(X*log(U%*%t(V)+eps)),
#     (X*(U%*%t(V)))%*%V and L2SVM's line search (a comparison true for half of the rows);
#   - planlab run descriptors/ci-perf.yaml: plans evaluated by MPSkipEnum per workload, and code
#     generation milliseconds relative to the parse time of the same script;
#   - planlab run descriptors/ci-perf-e2e-*.yaml (L2SVM, MLogreg, KMeans, ALS-CG, PNMF,
#     AutoEncoder on small data, fused with mpskip): end-to-end, each workload's CPU time while
#     its script executes per CPU second of fixed reference work (planlab calibrate's streaming
#     and multiply-add loops) measured in the same JVM (execute_per_reference). The point
#     alternates reference work and runs (reference, run, reference, ...; warm-up runs first),
#     divides every measured run by the mean of the two reference units around it, and the
#     tracked value is the median over the runs. CPU times, not elapsed seconds: on a shared
#     machine other processes take turns on the cores and stretch elapsed time by whatever share
#     they get, but not the CPU time of a fixed piece of work; the reference keeps the ratio
#     independent of how fast the cores run (clock, machine kind). More work done by planlab
#     (slower operators, more interpretation, allocation or collection) raises the ratio. Its
#     tolerance (+30%) fails a workload that does 1.5x the work and passes the run-to-run spread
#     of unchanged code. Not caught: a slowdown without more CPU work (lost parallelism, waits).
# About 5 minutes on 2 cores (the end-to-end part about 2 of them).
#
#   ci/perf-check.sh [--write-baseline]   (--write-baseline: refresh results/baselines/ci.json
#                                         with this run's values, keeping names and tolerances)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
results="$root/results/ci-perf"
baseline="$root/results/baselines/ci.json"

source "$root/scripts/lib/benchmarks-jar.sh"
ensure_benchmarks_jar

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
raw="$results/jmh-raw-$stamp"
mkdir -p "$raw"
echo "perf-check: JMH patterns ..." >&2
java -jar "$jar" -f 1 -wi 1 -w 1 -i 3 -r 1 -rf json -rff "$raw/jmh.json" \
  -p rows=100000 -p cols=100 -p sparsity=0.1 -p chainRows=20000 -p chainCols=1000 \
  -p outerN=3000 -p rank=20 -p outerSparsity=0.01 \
  -jvmArgsAppend "-Xmx4g --add-modules=jdk.incubator.vector" \
  'FusedPatternBench\.(sumXyz|mmchainMatrix|outer|outerRight|hinge)(Gen|Unfused|Hand)$' \
  > "$raw/jmh.log"
jmh_run="$(java -cp "$jar" org.planlab.bench.JmhResults "$raw/jmh.json" "$results" jmh)"

echo "perf-check: workloads ..." >&2
status=0
./planlab run descriptors/ci-perf.yaml --new --results-root "$results" || status=$?
if [ "$status" -ne 0 ]; then
  echo "perf-check: a workload point failed (see above)" >&2
  exit 1
fi

echo "perf-check: end-to-end workloads against machine reference work ..." >&2
e2e=()
for d in descriptors/ci-perf-e2e-*.yaml; do
  name="$(basename "$d" .yaml)"
  ./planlab run "$d" --new --results-root "$results" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "perf-check: a workload point of $d failed (see above)" >&2
    exit 1
  fi
  e2e+=("$results/$name")
done

if [ "${1:-}" = "--write-baseline" ]; then
  ./planlab compare "$baseline" "$jmh_run" "$results/ci-perf" "${e2e[@]}" \
    --write-baseline "$baseline"
else
  ./planlab compare "$baseline" "$jmh_run" "$results/ci-perf" "${e2e[@]}"
fi
