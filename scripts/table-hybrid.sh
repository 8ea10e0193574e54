#!/usr/bin/env bash
# Hybrid plans (Spark paper, sec. 3.2-3.3): L2SVM on dense 1e7 x 10 (0.8 GB) in CP with the whole
# heap against hybrid mode with a local budget of 500 MB (below X), first on Spark's local[2]
# master, then (unless --local-only) the hybrid variant again on a standalone cluster of two
# workers with one core each, which scripts/spark-cluster.sh starts on loopback and stops at the
# end. Every point is a fresh JVM, two rounds. Prints execute_s per variant with Spark's jobs and
# broadcast bytes. About 10 minutes on 2 cores.
#
#   scripts/table-hybrid.sh [--local-only]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
descriptor="$root/descriptors/hybrid.yaml"
cluster=true
case "${1:-}" in
  --local-only) cluster=false ;;
  "") ;;
  *) echo "$(basename "$0"): unknown option $1" >&2; exit 2 ;;
esac
run_args=(--new)
run_and_report "$descriptor" --metric execute_s --counters spark_jobs,broadcast_bytes
if $cluster; then
  state="$(mktemp -d)"
  tmp="$(mktemp -d)"
  trap '"$root/scripts/spark-cluster.sh" stop --dir "$state" >/dev/null || true' EXIT
  master="$("$root/scripts/spark-cluster.sh" start --workers 2 --dir "$state" | tail -n 1)"
  echo "cluster: $master"
  on_master "$descriptor" "$master" "$tmp/master.yaml"
  sed -e 's/^name: hybrid$/name: hybrid-cluster/' -e '/^  CP: /d' "$tmp/master.yaml" \
    > "$tmp/hybrid-cluster.yaml"
  run_and_report "$tmp/hybrid-cluster.yaml" --metric execute_s \
    --counters spark_jobs,broadcast_bytes
fi
finish
