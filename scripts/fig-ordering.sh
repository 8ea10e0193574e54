#!/usr/bin/env bash
# MEMPHIS sec. 5.1 and 5.3: operator orderings (depth-first, breadth-first, max-parallelize)
# without and with asynchronous operators, on two loops: independent remote (Spark local[2])
# and local (driver) chains in hybrid mode (descriptors/ordering.yaml), and independent local
# chains in single-node mode, which max-parallelize runs concurrently on the kernel pool
# (descriptors/ordering-local.yaml). Each report has the execution time per variant and a
# timeline chart per variant (its first measured run): a lane per thread, a bar per
# instruction, prefetch or broadcast, colored by where it ran. Two rounds of a warm-up and the
# measured runs per variant, round-robin in fresh JVMs: about 9 minutes on 2 cores (--quick:
# one repetition of fewer iterations, about 3).
#
#   scripts/fig-ordering.sh [--quick]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
descriptors=("$root/descriptors/ordering.yaml" "$root/descriptors/ordering-local.yaml")
run_args=(--new --rounds 2)  # round-robin in fresh JVMs: fair on a noisy machine
case "${1:-}" in
  --quick)
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    quick=()
    for d in "${descriptors[@]}"; do
      # the copy lives elsewhere: its script path becomes absolute
      sed -e 's/^params: {iters: [0-9]*}/params: {iters: 2}/' -e "s/^repeat: .*/repeat: 1/" \
        -e "s#^script: scripts/#script: $root/descriptors/scripts/#" "$d" \
        > "$tmp/$(basename "$d")"
      quick+=("$tmp/$(basename "$d")")
    done
    descriptors=("${quick[@]}")
    run_args=(--new) ;;
  "") ;;
  *) echo "$(basename "$0"): unknown option $1" >&2; exit 2 ;;
esac
run_and_report "${descriptors[0]}" --metric execute_s --counters spark_jobs
run_and_report "${descriptors[1]}" --metric execute_s
finish
