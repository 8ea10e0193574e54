#!/usr/bin/env bash
# The end-to-end table of fusion plan selection: every workload under none (Base) / fa / fnr /
# mpskip (Gen) at the fusion paper's sec. 5 workloads, scaled to this machine — L2SVM and MLogreg on dense 1e6 x 10 and 1e7 x 10, ALS-CG (1e4 x 1e4,
# 0.01, rank 20), PNMF (1e4 x 1e4, 0.01, rank 10), AutoEncoder (1e4 x 1e3, 500/2, 2 epochs).
# Each descriptor runs in two rounds (`planlab run --rounds 2`): every point once per round, in
# a fresh JVM with one warm-up and three measured runs (two at 1e7 rows), the rounds pooled.
# The variants differ by less than this machine's noise, which comes in slow spells of many
# seconds; round-robin rounds spread a spell over all variants instead of the point that runs
# during it. A point's first runs in a fresh JVM include the JIT compiling the generated
# operators and the optimizer itself. About 25 minutes on 2 cores.
#
#   scripts/table-selection-e2e.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
run_args=(--new --rounds 2 --warmup 1 --repeat 3 --only '*X.rows-1e6*')
run_and_report "$root/descriptors/data-intensive.yaml"
run_args=(--new --rounds 2 --warmup 1 --repeat 3)
run_and_report "$root/descriptors/compute-pnmf.yaml"
run_and_report "$root/descriptors/compute-autoencoder.yaml"
run_and_report "$root/descriptors/compute-als.yaml"
run_args=(--new --rounds 2 --warmup 1 --repeat 2)
run_and_report "$root/descriptors/data-intensive-1e7.yaml"
finish
