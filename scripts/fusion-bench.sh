#!/usr/bin/env bash
# Benchmarks of generated fused operators (fusion paper sec. 5.2 and 5.3):
#  1. FusedPatternBench (JMH): sum(X*Y*Z), the multi-aggregate sum(X*Y), sum(X*Z),
#     t(X)%*%(w*(X%*%v)), t(X)%*%(W*(X%*%V)) and sum(X*log(U%*%t(V)+1e-15)), each over dense and
#     sparse X, as a generated operator beside the unfused kernels and a hand-written loop (and
#     the mmchain kernel), in one run; also written in the experiment results layout to
#     results/fusion-patterns/<run-id>/ (org.planlab.bench.JmhResults);
#  2. CodegenTimeBench: compile-time code generation of six workload drivers under fuse-all,
#     each in a fresh JVM (cold operator cache) and compiled again in it (warm cache).
# Writes results/bench/fusion-<date>.md (raw results in results/bench/fusion-<date>/) and prints
# the tables.
#
#   scripts/fusion-bench.sh           full run: longer iterations, the paper's outer product
#                                     (2e4 x 2e4, rank 100; its unfused version needs ~10 GB of
#                                     heap and several seconds per operation: allow ~30 minutes)
#   scripts/fusion-bench.sh --quick   fewer and shorter iterations, outer product 5e3 x 5e3 at
#                                     rank 20, 8 GB heap (about 5 minutes on 2 cores)
#   extra arguments after the flag are passed to JMH (e.g. a benchmark regex)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/lib/benchmarks-jar.sh"
quick=0
if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi

ensure_benchmarks_jar

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="$root/results/bench/fusion-$stamp"
mkdir -p "$out"
jmh_args=(-rf json -rff "$out/jmh.json")
codegen_rows=2000
warm_compiles=5
if [ "$quick" = 1 ]; then
  # smaller heap than the full run's 12 GB (the machine is shared); -jvmArgsAppend replaces the
  # benchmark's own, so the vector module is repeated
  jmh_args+=(-wi 2 -w 1 -i 3 -r 1 -p rows=100000,1000000 -p cols=100
    -p chainRows=100000 -p chainCols=1000 -p outerN=5000 -p rank=20
    -jvmArgsAppend "-Xmx8g --add-modules=jdk.incubator.vector")
  warm_compiles=3
fi
filter=("$@")
[ ${#filter[@]} -gt 0 ] || filter=("org.planlab.bench.FusedPatternBench")

echo "JMH: ${filter[*]} -> $out/jmh.log" >&2
java -jar "$jar" "${jmh_args[@]}" "${filter[@]}" > "$out/jmh.log"
# the results layout holds FusedPatternBench only: a filter selecting other benchmarks skips it
if run="$(java -cp "$jar" org.planlab.bench.JmhResults "$out/jmh.json" "$root/results" \
    fusion-patterns)"; then
  echo "results layout: $run" >&2
else
  run="(not written, see the message above)"
fi

# one JVM per workload: Engine.OPERATORS is JVM-wide, so only a fresh JVM has a cold cache
for w in l2svm multiLogReg alsCG pnmf autoencoder_2layer kmeans; do
  echo "codegen: $w" >&2
  java -Xmx2g -cp "$jar" org.planlab.bench.CodegenTimeBench "$w" "$out/codegen.jsonl" \
    "$codegen_rows" "$warm_compiles" > /dev/null 2>> "$out/codegen.log"
done

report="$root/results/bench/fusion-$stamp.md"
{
  echo "# Fusion benchmarks $stamp$([ "$quick" = 1 ] && echo ' (quick)')"
  echo
  echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1); 2 kernel threads."
  echo
} > "$report.tmp"
java -cp "$jar" org.planlab.bench.FusionBenchReport "$out/jmh.json" "$out/codegen.jsonl" \
  >> "$report.tmp"
mv "$report.tmp" "$report"
cat "$report"
echo
echo "JMH log: $out/jmh.log"
echo "report:  $report"
echo "results: $run"
