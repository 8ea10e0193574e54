#!/usr/bin/env bash
# The fusion paper's operation patterns (sec. 5.2, Fig. 9/10) as JMH benchmarks over a sweep of
# sizes: FusedPatternBench runs sum(X*Y*Z), the multi-aggregate sum(X*Y), sum(X*Z),
# t(X)%*%(w*(X%*%v)), t(X)%*%(W*(X%*%V)), sum(X*log(U%*%t(V)+1e-15)) and ALS-CG's step
# (X*(U%*%t(V)))%*%V (sparse X), each unfused, generated and hand-written (plus the mmchain
# kernel), over dense and sparse X, on 2 kernel threads.
# Converts the JMH result with org.planlab.bench.JmhResults into the experiment results layout,
# results/fusion-patterns/<run-id>/ (run.json + points.csv; `planlab report` reads it), and prints
# that folder and the markdown table of FusionBenchReport. Raw JMH output and the table stay in
# results/bench/jmh-patterns-<stamp>/.
#
#   scripts/jmh-patterns.sh [--quick|--full|--smoke] [JMH regex]
#     --quick  (default) rows 1e4,1e5,1e6 x 100 for the cell patterns, chainRows 1e4,1e5 x 1000,
#              outerN 2000,5000 at rank 20 and sparsity 0.01; 1 warm-up + 2 measured iterations
#              of 1 s, 8 GB heap: 76 JMH trials, estimated 5-7 minutes on 2 cores (from a
#              smoke run's ~4 s per trial; the 1e6-row trials spend longer in set-up)
#     --full   the annotations' iterations (3 + 5 of 2 s), 12 GB heap, rows 1e4,1e5,1e6,
#              chainRows 1e4,1e5,5e5, outerN 2000,5000,10000 at rank 100 and sparsities 0.01,
#              0.001 (the paper's 2e4 x 2e4 sparse outer product: scripts/fusion-bench.sh)
#     --smoke  one small size per pattern, no warm-up, one iteration, 2 GB heap: checks the
#              pipeline (38 trials, ~3 minutes; with a regex much less)
#   JMH regex: which benchmarks (default org.planlab.bench.FusedPatternBench), e.g.
#              'FusedPatternBench.mmchain' for the matrix-vector chain only
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/lib/benchmarks-jar.sh"
mode=quick
case "${1:-}" in
  --quick) mode=quick; shift ;;
  --full) mode=full; shift ;;
  --smoke) mode=smoke; shift ;;
  -*) echo "usage: scripts/jmh-patterns.sh [--quick|--full|--smoke] [JMH regex]" >&2; exit 2 ;;
esac
if [ $# -gt 1 ]; then
  echo "usage: scripts/jmh-patterns.sh [--quick|--full|--smoke] [JMH regex]" >&2
  exit 2
fi
filter="${1:-org.planlab.bench.FusedPatternBench}"

ensure_benchmarks_jar

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
raw="$root/results/bench/jmh-patterns-$stamp"
mkdir -p "$raw"
# -jvmArgsAppend replaces the benchmark's own, so the vector module is repeated
case "$mode" in
  quick)
    sweep=(-wi 1 -w 1 -i 2 -r 1
      -p rows=10000,100000,1000000 -p cols=100
      -p chainRows=10000,100000 -p chainCols=1000
      -p outerN=2000,5000 -p rank=20 -p outerSparsity=0.01
      -jvmArgsAppend "-Xmx8g --add-modules=jdk.incubator.vector") ;;
  full)
    sweep=(-p rows=10000,100000,1000000 -p cols=100
      -p chainRows=10000,100000,500000 -p chainCols=1000
      -p outerN=2000,5000,10000 -p rank=100 -p outerSparsity=0.01,0.001) ;;
  smoke)
    sweep=(-wi 0 -i 1 -r 1
      -p rows=10000 -p cols=100 -p chainRows=10000 -p chainCols=1000
      -p outerN=1000 -p rank=20 -p outerSparsity=0.01
      -jvmArgsAppend "-Xmx2g --add-modules=jdk.incubator.vector") ;;
esac

echo "JMH ($mode): $filter -> $raw/jmh.log" >&2
java -jar "$jar" -f 1 -rf json -rff "$raw/jmh.json" "${sweep[@]}" "$filter" > "$raw/jmh.log"

run="$(java -cp "$jar" org.planlab.bench.JmhResults "$raw/jmh.json" "$root/results" \
  fusion-patterns)"
java -cp "$jar" org.planlab.bench.FusionBenchReport "$raw/jmh.json" - "$raw/report.md"
echo
echo "JMH log: $raw/jmh.log"
echo "results: $run"
