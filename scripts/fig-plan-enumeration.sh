#!/usr/bin/env bash
# Fusion paper Fig. 15: fusion plans per workload that cost-based selection would evaluate
# without partitioning (2^|M'| per DAG), with partitioning (sum of 2^|M'_i|), and that MPSkipEnum
# evaluated with partitioning and pruning, over all DAGs optimized while compiling and running
# each workload's driver (in one JVM). Writes a table and a log-scale bar chart. About a minute.
#
#   scripts/fig-plan-enumeration.sh [--full]     (--full: 1e5 instead of 2000 rows of data)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
rows=2000
if [ "${1:-}" = "--full" ]; then rows=100000; fi
"$planlab" --version > /dev/null   # builds when needed
out="$root/results/plan-enumeration/$(date -u +%Y%m%dT%H%M%SZ)"
java -Xmx8g -Djava.awt.headless=true -Dslf4j.internal.verbosity=ERROR \
  --add-modules=jdk.incubator.vector \
  -cp "$root/experiments/target/classes:$(cat "$root/experiments/target/classpath.txt")" \
  org.planlab.bench.PlanEnumerationTable "$rows" "$out" 2>&1 | grep -v 'incubator modules'
finish
