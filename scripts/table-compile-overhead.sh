#!/usr/bin/env bash
# Fusion paper Table 3 / Fig. 14: code generation overhead per workload — compiled DAGs, CPlans,
# classes, operator-cache hits and code generation time (explore/select/construct/compile) —
# with the Janino and javac compilers and with the operator cache on and off. Small data (the
# compile work does not depend on it); one run per point in a fresh JVM, so every class compile
# is cold. About 2 minutes on 2 cores.
#
#   scripts/table-compile-overhead.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
run_and_report "$root/descriptors/compile-overhead.yaml" --metric codegen_ms \
  --counters dags,cplans,classes_compiled,operator_cache_hits,codegen_explore_ms,codegen_select_ms,codegen_construct_ms,codegen_compile_ms,parse_s
finish
