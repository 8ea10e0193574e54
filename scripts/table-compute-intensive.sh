#!/usr/bin/env bash
# Fusion paper Table 5 (compute-intensive algorithms): ALS-CG on sparse ratings and the
# AutoEncoder on dense data, under Base, FA, FNR and Gen, each point in a fresh JVM.
# Scaled (ALS-CG 1e4 x 1e4 at 0.01, rank 20, 3 iterations; AutoEncoder 1e4 x 1e3, 500/2, 2 epochs:
# about 10 minutes on 2 cores); --full uses Netflix-sized ratings (480,189 x 17,770, ~1e8
# non-zeros, 20 iterations) and a 1e6 x 784 AutoEncoder (hours, > 24 GB).
#
#   scripts/table-compute-intensive.sh [--full]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
suffix=""
if [ "${1:-}" = "--full" ]; then suffix="-full"; fi
run_and_report "$root/descriptors/compute-als$suffix.yaml"
run_and_report "$root/descriptors/compute-autoencoder$suffix.yaml"
finish
