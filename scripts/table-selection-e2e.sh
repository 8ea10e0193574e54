#!/usr/bin/env bash
# Issue 5's end-to-end table: every workload under none (Base) / fa / fnr / mpskip (Gen), each
# point in a fresh JVM, at the sizes the issue names — L2SVM and MLogreg on dense 1e6 x 10 and
# 1e7 x 10, ALS-CG (1e4 x 1e4, 0.01, rank 20), PNMF (1e4 x 1e4, 0.01, rank 10), AutoEncoder
# (1e4 x 1e3, 500/2, 2 epochs). One warm-up run and five measured runs per point (three at
# 1e7 rows), more than the table scripts: the variants differ by less than this machine's
# run-to-run noise, and a point's first runs in a fresh JVM measure the JIT compiling the
# generated operators. About 45 minutes on 2 cores.
#
#   scripts/table-selection-e2e.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
run_args=(--new --warmup 1 --repeat 5 --only '*X.rows-1e6*')
run_and_report "$root/descriptors/data-intensive.yaml"
run_args=(--new --warmup 1 --repeat 5)
run_and_report "$root/descriptors/compute-pnmf.yaml"
run_and_report "$root/descriptors/compute-autoencoder.yaml"
run_and_report "$root/descriptors/compute-als.yaml"
run_args=(--new --warmup 1 --repeat 3)
run_and_report "$root/descriptors/data-intensive-1e7.yaml"
finish
