#!/usr/bin/env bash
# planlab's main job for now: an end-to-end experiment on the embedded CPU backend. Generates
# seeded data (cached under results/quickstart/data), runs the L2SVM and MLogreg workload
# drivers through the whole compiler (parse, validate, HOPs, rewrites, IPA, lowering) and the
# runtime, and prints one table: compile and execution time, recompilations, objective.
#
#   scripts/quickstart.sh [--rows N] [--threads T]     defaults: 1000000 rows x 10 cols, 2 threads
#
# (The experiment runner with descriptors, repeats and figures, `planlab run`, replaces this
# script when it lands.)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rows=1000000
threads=2
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "quickstart: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

planlab="$root/planlab"
data="$root/results/quickstart/data/r$rows"
out="$root/results/quickstart/$(date -u +%Y%m%dT%H%M%SZ)"
drivers="$root/workloads/src/main/resources/org/planlab/workloads/drivers"
mkdir -p "$data" "$out"

if [ ! -f "$data/X.bin.mtd" ]; then
  "$planlab" datagen dense-uniform --rows "$rows" --cols 10 --seed 7 --threads "$threads" --out "$data/X.bin"
fi
if [ ! -f "$data/y.bin.mtd" ]; then
  "$planlab" datagen labels-from-model --of "$data/X.bin" --classes 2 --seed 11 --out "$data/y.bin"
fi

table="$out/summary.md"
{
  echo "| workload | rows x cols | threads | compile s | execute s | recompilations | objective |"
  echo "|---|---|---:|---:|---:|---:|---:|"
} > "$table.tmp"
for w in l2svm multiLogReg; do
  echo "running $w on $rows x 10 ..." >&2
  log="$out/$w.log"
  "$planlab" exec "$drivers/$w.dml" --stats --threads "$threads" \
    -nvargs X="$data/X.bin" Y="$data/y.bin" > "$log" 2>&1 || { cat "$log" >&2; exit 1; }
  obj=$(sed -n 's/^objective: //p' "$log")
  comp=$(sed -n 's/^Total compilation time:[[:space:]]*\([0-9.]*\).*/\1/p' "$log")
  exe=$(sed -n 's/^Total execution time:[[:space:]]*\([0-9.]*\).*/\1/p' "$log")
  rec=$(sed -n 's/^Number of recompilations:[[:space:]]*//p' "$log")
  echo "| $w | $rows x 10 | $threads | $comp | $exe | $rec | $obj |" >> "$table.tmp"
done
mv "$table.tmp" "$table"
echo
cat "$table"
echo
echo "logs with heavy hitters: $out/"
