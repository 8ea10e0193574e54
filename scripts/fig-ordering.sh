#!/usr/bin/env bash
# MEMPHIS sec. 5.1 and 5.3: operator orderings (depth-first, breadth-first, max-parallelize)
# without and with asynchronous prefetch, on a loop of independent remote (Spark local[2]) and
# local (driver) chains in hybrid mode. The report has the execution time per variant and a
# timeline chart per variant (its first measured run): a lane per thread, a bar per
# instruction or prefetch, colored by where it ran. Two rounds of a warm-up and two measured
# runs per variant, round-robin in fresh JVMs: about 6 minutes on 2 cores (--quick: one
# repetition of two iterations, about 2).
#
#   scripts/fig-ordering.sh [--quick]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
descriptor="$root/descriptors/ordering.yaml"
run_args=(--new --rounds 2)  # round-robin in fresh JVMs: fair on a noisy machine
case "${1:-}" in
  --quick)
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    # the copy lives elsewhere: its script path becomes absolute
    sed -e 's/^params: .*/params: {iters: 2}/' -e "s/^repeat: .*/repeat: 1/" \
      -e "s#^script: scripts/#script: $root/descriptors/scripts/#" "$descriptor" \
      > "$tmp/ordering.yaml"
    descriptor="$tmp/ordering.yaml"
    run_args=(--new) ;;
  "") ;;
  *) echo "$(basename "$0"): unknown option $1" >&2; exit 2 ;;
esac
run_and_report "$descriptor" --metric execute_s --counters spark_jobs
finish
