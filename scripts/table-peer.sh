#!/usr/bin/env bash
# planlab beside Apache SystemDS 3.3.0: the same DML drivers, the same data and the same JVM heap
# (16g), SystemDS in its default configuration (code generation off; a variant with
# config: {codegen: true} runs its operator fusion).
# L2SVM and MLogreg on dense 1e6 x 10 (2 classes), ALS-CG on sparse 1e4 x 1e4 (0.01, rank 20),
# PNMF on sparse 1e4 x 1e4 (0.01, rank 10), the AutoEncoder on dense 1e4 x 1e3 (500/2), and
# L2SVM and MLogreg again with both engines forced onto Spark (local[2]). Every measured run is a
# JVM of its own, for both engines (three rounds alternating the engines, no warm-up run), so
# both start with a cold JIT. SystemDS's jars are resolved by Maven into the engine cache
# (~/.cache/planlab/engines) on first use, and its inputs converted once to its binary format.
# Prints, per workload, the median time in the algorithm (algorithm_s: the driver's call of the
# algorithm, as SystemDS's heavy hitter m_<name> and planlab's main-program function calls
# measure it), the median execution time (execute_s: the run without parsing and compilation,
# reading the inputs included) and the median wall time (wall_s: parsing, compilation and
# execution, without the JVM's start-up) of each engine, and the ratio SystemDS / planlab (above
# 1: planlab is faster).
# A driver SystemDS cannot run shows as failed, with SystemDS's message below the table. ALS-CG
# and PNMF start from factors the drivers draw with seeds (SystemDS's alsCG and pnmf take no
# initial factors); SystemDS's rand turns the same seeds into other numbers, so these two
# workloads' objectives differ between the engines.
#
#   scripts/table-peer.sh [DESCRIPTOR...]   (default: all peer-systemds*.yaml of the table)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
descriptors=(peer-systemds peer-systemds-als peer-systemds-pnmf peer-systemds-autoencoder
  peer-systemds-spark)
if [ "$#" -gt 0 ]; then
  descriptors=("$@")
fi
tables="$(mktemp -d)"
trap 'rm -rf "$tables"' EXIT

for name in "${descriptors[@]}"; do
  log="$tables/$name.log"
  status=0
  "$planlab" run "$root/descriptors/$name.yaml" "${run_args[@]}" | tee "$log" || status=$?
  if [ "$status" -eq 2 ]; then
    echo "$(basename "$0"): descriptors/$name.yaml is not a valid descriptor" >&2
    exit 2
  fi
  run="$(sed -n 's/^run folder: //p' "$log")"
  for metric in algorithm_s execute_s wall_s; do
    "$planlab" report "$run" --metric "$metric" --format md,csv,png,html \
      --out "$run/report-$metric" > "$tables/$name-$metric.out"
    cp "$run/report-$metric/summary.csv" "$tables/$name-$metric.csv"
  done
  # the failed points' messages, as the runner printed them
  grep -E '^\[[0-9]+/[0-9]+\] [^ ]+  (FAILED|TIMEOUT):' "$log" >> "$tables/failures" || true
done

# table METRIC: one line per workload from the summaries (median over the ok repetitions)
table() {
  local metric="$1"
  echo
  echo "Median $metric [s]; ratio = SystemDS / planlab"
  echo
  echo "| workload | SystemDS 3.3.0 | planlab | ratio |"
  echo "|---|---:|---:|---:|"
  for name in "${descriptors[@]}"; do
    # rows of a descriptor that forces both engines onto Spark say so
    tag=""
    if [[ "$name" == *spark* ]]; then
      tag=" (Spark)"
    fi
    awk -F, -v tag="$tag" '
      NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
      {
        w = $col["workload"]; v = $col["variant"]; m = $col["median"]
        if (!(w in seen)) { seen[w] = 1; order[++n] = w }
        # a driver that calls no function (PNMF runs its loop inline) has no algorithm_s
        if ($col["status"] != "ok") m = "failed"; else if (m == "") m = "n/a"
        value[w, v] = m
      }
      END {
        for (k = 1; k <= n; k++) {
          w = order[k]; s = value[w, "SystemDS"]; p = value[w, "planlab"]
          known = s != "failed" && p != "failed" && s != "n/a" && p != "n/a"
          ratio = (known && p > 0) ? sprintf("%.2f", s / p) : "-"
          fs = (s == "failed" || s == "n/a") ? s : sprintf("%.3f s", s)
          fp = (p == "failed" || p == "n/a") ? p : sprintf("%.3f s", p)
          printf "| %s%s | %s | %s | %s |\n", w, tag, fs, fp, ratio
        }
      }' "$tables/$name-$metric.csv"
  done
}

table algorithm_s
table execute_s
table wall_s
if [ -s "$tables/failures" ]; then
  echo
  echo "Failed points:"
  sed 's/^/  /' "$tables/failures"
fi
echo
for name in "${descriptors[@]}"; do
  grep -E '^(table|figure):' "$tables/$name-algorithm_s.out" "$tables/$name-execute_s.out" \
    "$tables/$name-wall_s.out" \
    | sed 's/^[^:]*://; s/^/  /'
done
finish
