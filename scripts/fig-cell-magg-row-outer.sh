#!/usr/bin/env bash
# Fusion paper Fig. 9/10: the operation patterns sum(X*Y*Z), the multi-aggregate sum(X*Y),
# sum(X*Z), t(X)%*%(w*(X%*%v)), t(X)%*%(W*(X%*%V)) and sum(X*log(U%*%t(V)+1e-15)) — unfused
# (Base), generated fused operator (gen) and a hand-written loop (hand), dense and sparse, over
# growing rows — as JMH benchmarks (scripts/jmh-patterns.sh), then `planlab report` on the
# results (time per operation in ms, speed-ups over unfused). About 6 minutes; --full uses the
# longer iterations and larger sizes (about 30 minutes, 12 GB heap).
#
#   scripts/fig-cell-magg-row-outer.sh [--full]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
mode=--quick
if [ "${1:-}" = "--full" ]; then mode=--full; fi
"$root/scripts/jmh-patterns.sh" "$mode"
report "$root/results/fusion-patterns" --metric score_ms --baseline unfused --counters gb_per_s
finish
