#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SpeedupLab's Vulkan backend held against the driver's own work on the same device, side by side
# in one run of the CLI (add at n = 4 and 4096, launch and unsynced modes, one iteration a
# repetition, with --calibrate):
#   bandwidth:  add at n = 4096, launch mode (bytes / median time, by the timestamps), against the
#               calibration's vkCmdCopyBuffer between two device buffers moving the same kind of
#               traffic (read + write; vulkan<N>_copy_bytes_per_s) (target: >= 80 %)
#   round trip: add at n = 4, its launch submitted and waited for (the synchronised time of
#               unsynced mode: the start, the operation and the end submitted, one fence), against
#               a bare empty dispatch submitted and waited for (vulkan<N>_sync_round_trip_s, the
#               median of 50) (target: within 1.5x)
#   gemm:       the tiled shader against the naive one at n = 1024, launch mode, both in one run of
#               the CLI (GFLOP/s = 2 n^3 / time) (target: tiled >= 3x naive)
# On lavapipe (Vulkan on the CPU) these say what Vulkan costs on the CPU's cores, not a GPU's.
#   bench/vulkan.sh [--device vulkan:N] [--cli PATH] [--out DIR]
# The exit status is 0 whether or not a target is met (2: a bad argument).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=$here/../build/release/cli/speeduplab-cli
device=vulkan:0
out=
while [ $# -gt 0 ]; do
  case $1 in
    --device) device=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "bench/vulkan.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
index=${device#vulkan:}
case $index in '' | *[!0-9]*) echo "bench/vulkan.sh: --device is vulkan:N (or N), not '$device'" >&2; exit 2 ;; esac
device=vulkan:$index
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$out" ]; then mkdir -p "$out"; else out=$tmp; fi
if [ ! -x "$cli" ]; then
  echo "not measured: no CLI at $cli (build first: cmake --build --preset release)"
  exit 0
fi
if ! "$cli" devices 2>/dev/null | grep -q "^$device: "; then
  echo "not measured: $device is not on this machine ($cli devices lists the Vulkan devices, or why none)"
  exit 0
fi
echo "== $("$cli" devices | grep "^$device: " | cut -c1-120)"
"$cli" run --workload add --sizes 4,4096 --device "$device" --gpu-only --modes launch,unsynced --iterations 1 \
  --min-time 0.2 --calibrate --json "$out/vulkan.json" > "$out/vulkan.log" 2>&1 ||
  { echo "not measured: the run failed:"; tail -20 "$out/vulkan.log"; exit 0; }
"$cli" run --workload gemm --variant tiled,naive --sizes 1024 --device "$device" --gpu-only --modes launch \
  --iterations 1 --min-time 0.2 --json "$out/gemm.json" > "$out/gemm.log" 2>&1 ||
  { echo "gemm: the run failed:"; tail -5 "$out/gemm.log"; }
python3 - "$out/vulkan.json" "$index" "$out/gemm.json" <<'PY'
import json, os, sys
data = json.load(open(sys.argv[1]))
index = sys.argv[2]
ceilings = data["machine"].get("ceilings", {})
rows = [r for r in data["rows"] if r["backend"] == "vulkan" and r["status"] == "ok"]
def row(n, mode):
    return next((r for r in rows if r["n"] == n and r["mode"] == mode), None)
table = []
big = row(4096, "launch")
copy = ceilings.get("vulkan%s_copy_bytes_per_s" % index)
if big and copy:
    ours = big["bytes"] / big["median_s"]
    table.append(("bandwidth", "add n=4096 launch %.2f GB/s" % (ours / 1e9),
                  "vkCmdCopyBuffer %.2f GB/s" % (copy / 1e9), ours / copy, ">= 0.80", ours / copy >= 0.8))
else:
    print("bandwidth: not measured (no add point at n = 4096, or no copy ceiling)")
small = row(4, "unsynced")
trip = ceilings.get("vulkan%s_sync_round_trip_s" % index)
if small and trip and small.get("synced_median_s"):
    ours = small["synced_median_s"]
    table.append(("round trip", "add n=4 %.1f us" % (ours * 1e6), "empty submit + fence %.1f us" % (trip * 1e6),
                  ours / trip, "<= 1.50", ours / trip <= 1.5))
else:
    print("round trip: not measured (no unsynced point at n = 4, or no round-trip ceiling)")
gemm = json.load(open(sys.argv[3]))["rows"] if os.path.exists(sys.argv[3]) else []
rate = {r["variant"]: r["flops"] / r["median_s"] for r in gemm if r["status"] == "ok" and r["backend"] == "vulkan"}
if "tiled" in rate and "naive" in rate:
    table.append(("gemm", "tiled n=1024 %.1f GFLOP/s" % (rate["tiled"] / 1e9), "naive %.1f GFLOP/s" % (rate["naive"] / 1e9),
                  rate["tiled"] / rate["naive"], ">= 3.00", rate["tiled"] / rate["naive"] >= 3))
else:
    print("gemm: not measured (no tiled or naive point at n = 1024)")
print()
print("%-11s %-30s %-32s %7s %8s %s" % ("", "SpeedupLab", "reference (same run)", "ratio", "target", ""))
for name, ours, ref, ratio, target, met in table:
    print("%-11s %-30s %-32s %7.2f %8s %s" % (name, ours, ref, ratio, target, "met" if met else "NOT met"))
PY
