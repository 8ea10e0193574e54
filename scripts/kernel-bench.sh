#!/usr/bin/env bash
# Runs the kernel JMH benchmarks (dense/sparse matmult, tsmm, mmchain, element-wise with
# broadcasting, full sum, each memory-bound one beside a hand-written loop) and prints a table
# of GFLOP/s and GB/s with the ratios measured in the same run.
#
#   scripts/kernel-bench.sh           full run (about 6 minutes on 2 cores)
#   scripts/kernel-bench.sh --quick   fewer and shorter iterations, smaller inputs (about 2 minutes)
#   extra arguments after the flag are passed to JMH (e.g. a benchmark regex)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/lib/benchmarks-jar.sh"
quick=0
if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi

ensure_benchmarks_jar

out="$root/results/kernels/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"
jmh_args=(-rf json -rff "$out/jmh.json")
if [ "$quick" = 1 ]; then
  jmh_args+=(-wi 2 -w 1 -i 3 -r 1 -p rows=200000 -p n=1000)
fi
filter=("$@")
[ ${#filter[@]} -gt 0 ] || filter=("org.planlab.bench.(MatMultBench|MemoryBoundBench)")

java -jar "$jar" "${jmh_args[@]}" "${filter[@]}" > "$out/jmh.log"
java -cp "$jar" org.planlab.bench.KernelBenchReport "$out/jmh.json" "$out/report.md"
echo
echo "JMH log: $out/jmh.log"
echo "table:   $out/report.md"
