#!/usr/bin/env bash
# MEMPHIS sec. 4.2 and Fig. 12(b) on the simulated device: a mini-batch loop and the
# AutoEncoder under a device memory that forces recycling and eviction, without and with
# reuse, once per eviction policy of the device's free list (lru, costnsize, memphis-gpu).
# Per point: allocations served by cudaMalloc vs recycling, cached pointers reused and
# evicted, bytes copied back to the device, and the simulated device time. About 10 minutes
# on 2 cores (--quick: the mini-batch loop only, about 3).
#
#   scripts/fig-gpu-memory.sh [--quick]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/experiment.sh"
descriptors=("$root/descriptors/gpu-memory.yaml" "$root/descriptors/gpu-memory-autoencoder.yaml")
case "${1:-}" in
  --quick) descriptors=("$root/descriptors/gpu-memory.yaml") ;;
  "") ;;
  *) echo "$(basename "$0"): unknown option $1" >&2; exit 2 ;;
esac
run_args=(--new)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for d in "${descriptors[@]}"; do
  for policy in lru costnsize memphis-gpu; do
    name="$(sed -n 's/^name: //p' "$d")-$policy"
    # one run per policy: the policy is the backend's option; the script's folder holds the DML
    sed -e "s/eviction: memphis-gpu/eviction: $policy/" -e "s/^name: .*/name: $name/" \
      -e "s#^script: scripts/#script: $root/descriptors/scripts/#" "$d" > "$tmp/$name.yaml"
    echo "== $name"
    run_and_report "$tmp/$name.yaml" --metric execute_s \
      --counters gpu_mallocs,gpu_recycled,gpu_reused,gpu_evicted_cached,gpu_recopied_bytes,gpu_device_s
  done
done
finish
