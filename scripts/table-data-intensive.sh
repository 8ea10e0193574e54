#!/usr/bin/env bash
# Fusion paper Table 4 (data-intensive algorithms): L2SVM, MLogreg and KMeans on dense data,
# each point in a fresh JVM, under Base (no fusion), FA, FNR and Gen (cost-based MPSkipEnum).
# Scaled to 2 cores / 24 GB (1e5 and 1e6 rows x 10, about 10 minutes);
# --full uses the paper's sizes (1e6, 1e7, 1e8 rows: the 1e8 points need > 24 GB of memory).
#
#   scripts/table-data-intensive.sh [--full]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
descriptor="$root/descriptors/data-intensive.yaml"
if [ "${1:-}" = "--full" ]; then descriptor="$root/descriptors/data-intensive-full.yaml"; fi
run_and_report "$descriptor"
finish
