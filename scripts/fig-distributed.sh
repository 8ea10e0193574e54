#!/usr/bin/env bash
# Fusion paper Table 6 (distributed algorithms): L2SVM, MLogreg and KMeans forced onto Spark under
# Base, FA, FNR and Gen, each point in a fresh JVM with its own SparkContext (local[2] by
# default). The report has the execution time per variant and Spark's counters: jobs, shuffle
# bytes and broadcast bytes (the paper's point: FA fuses driver-side vector operations into
# distributed operators and broadcasts their inputs, Gen reasons about broadcast costs).
# About 15 minutes on 2 cores.
#
#   scripts/fig-distributed.sh [--master spark://HOST:PORT] [--quick]
#     --master  run on a cluster (scripts/spark-cluster.sh start prints its URL)
#     --quick   only L2SVM
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
descriptor="$root/descriptors/distributed.yaml"
run_args=(--new)
while [ $# -gt 0 ]; do
  case "$1" in
    --master)
      master="${2:?--master needs a Spark master URL}"; shift 2
      tmp="$(mktemp -d)"
      sed "s#master: \"local\\[2\\]\"#master: \"$master\"#" "$descriptor" > "$tmp/distributed.yaml"
      descriptor="$tmp/distributed.yaml" ;;
    --quick)
      tmp="$(mktemp -d)"
      sed 's/^workload: .*/workload: [l2svm]/' "$descriptor" > "$tmp/distributed.yaml"
      descriptor="$tmp/distributed.yaml"; shift ;;
    *) echo "$(basename "$0"): unknown option $1" >&2; exit 2 ;;
  esac
done
run_and_report "$descriptor" --metric execute_s \
  --counters spark_jobs,shuffle_bytes,broadcast_bytes
finish
