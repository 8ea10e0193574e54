#!/usr/bin/env bash
# CI performance tracking (EXPERIMENTS.md): a small fixed experiment, then
# `planlab compare results/baselines/ci.json` over its results. Fails when a tracked ratio
# regresses beyond its tolerance. Only ratios measured in the same run are tracked, never
# absolute seconds:
#   - JMH (FusedPatternBench, one short trial each): fused/unfused speed-up and
#     generated/hand-written speed of sum(X*Y*Z), t(X)%*%(W*(X%*%V)) and sum(X*log(U%*%t(V)+eps));
#   - planlab run descriptors/ci-perf.yaml: plans evaluated by MPSkipEnum per workload, and code
#     generation milliseconds relative to the parse time of the same script.
# About 3 minutes on 2 cores.
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
  'FusedPatternBench\.(sumXyz|mmchainMatrix|outer)(Gen|Unfused|Hand)$' > "$raw/jmh.log"
jmh_run="$(java -cp "$jar" org.planlab.bench.JmhResults "$raw/jmh.json" "$results" jmh)"

echo "perf-check: workloads ..." >&2
status=0
./planlab run descriptors/ci-perf.yaml --new --results-root "$results" || status=$?
if [ "$status" -ne 0 ]; then
  echo "perf-check: a workload point failed (see above)" >&2
  exit 1
fi

if [ "${1:-}" = "--write-baseline" ]; then
  ./planlab compare "$baseline" "$jmh_run" "$results/ci-perf" --write-baseline "$baseline"
else
  ./planlab compare "$baseline" "$jmh_run" "$results/ci-perf"
fi
