#!/usr/bin/env bash
# Fusion paper Table 6 (distributed algorithms): L2SVM, MLogreg and KMeans forced onto Spark under
# Base, FA, FNR and Gen, each point in a fresh JVM with its own SparkContext (local[2] by
# default). The report has the execution time per variant and Spark's counters: jobs, shuffle
# bytes and broadcast bytes (the paper's point: FA fuses driver-side vector operations into
# distributed operators and broadcasts their inputs, Gen reasons about broadcast costs).
# About 15 minutes on 2 cores. With --hybrid it runs the paper's own setting instead
# (descriptors/distributed-hybrid.yaml): hybrid plans whose driver holds the vectors but not X,
# where FA's fused distributed operators ship driver vectors to the executors; the table then
# counts the bytes shipped as broadcasts and parallelized RDDs and the bytes collected. About 20
# minutes.
#
#   scripts/fig-distributed.sh [--master spark://HOST:PORT] [--quick] [--hybrid]
#     --master  run on a cluster (scripts/spark-cluster.sh start prints its URL)
#     --quick   only L2SVM
#     --hybrid  the hybrid setting at 1e7 rows
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
descriptor="$root/descriptors/distributed.yaml"
counters=spark_jobs,shuffle_bytes,broadcast_bytes
master=""
quick=false
while [ $# -gt 0 ]; do
  case "$1" in
    --hybrid)
      descriptor="$root/descriptors/distributed-hybrid.yaml"
      counters=spark_jobs,broadcast_bytes,parallelize_bytes,collect_bytes; shift ;;
    --master) master="${2:?--master needs a Spark master URL}"; shift 2 ;;
    --quick) quick=true; shift ;;
    *) echo "$(basename "$0"): unknown option $1" >&2; exit 2 ;;
  esac
done
tmp="$(mktemp -d)"
if [ -n "$master" ]; then
  on_master "$descriptor" "$master" "$tmp/master.yaml"
  descriptor="$tmp/master.yaml"
fi
if $quick; then
  sed 's/^workload: .*/workload: [l2svm]/' "$descriptor" > "$tmp/quick.yaml"
  descriptor="$tmp/quick.yaml"
fi
run_args=(--new)
run_and_report "$descriptor" --metric execute_s --counters "$counters"
finish
