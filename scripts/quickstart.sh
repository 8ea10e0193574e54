#!/usr/bin/env bash
# planlab's main job: a small end-to-end experiment on the embedded CPU backend.
# Runs descriptors/quickstart.yaml with `planlab run` — L2SVM and MLogreg on dense 1e5 and 1e6
# x 10 data (generated, seeded, cached under results/data-cache), each point in a fresh JVM under
# the fusion paper's variants Base (no fusion), FA, FNR and Gen (cost-based MPSkipEnum) — then
# `planlab report`, and prints the results table and where the figures are.
# About 2-4 minutes on 2 cores. Re-running resumes an unfinished run; --new starts afresh.
#
#   scripts/quickstart.sh [--new]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
case "${1:-}" in
  --new) run_args=(--new) ;;
  -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
  "") ;;
  *) echo "quickstart: unknown option $1 (see --help)" >&2; exit 2 ;;
esac
run_and_report "$root/descriptors/quickstart.yaml"
finish
exit "$run_status"
