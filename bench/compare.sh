#!/usr/bin/env bash
# Runs SpeedupLab's CLI and a reference (PyTorch, or NumPy where there is no PyTorch) on the
# same sweeps, one after the other in one go, and prints one ratio per workload, series and
# size (ours / reference: below 1 means SpeedupLab is faster).
#
#   bench/compare.sh [--ref torch|numpy] [--cli PATH] [--out DIR] [--quick]
#
# The reference runs with the same sizes, iterations and thread counts. Results:
# DIR/<workload>-ours.csv, DIR/<workload>-<ref>.csv and DIR/ratios.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ref=torch
cli=$here/../build/release/cli/speeduplab-cli
out=compare-out
quick=0
while [ $# -gt 0 ]; do
  case $1 in
    --ref) ref=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    *) echo "compare.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
py=${PYTHON:-python3}
if [ "$ref" = numpy ] && [ -z "${PYTHON:-}" ]; then py=/usr/bin/python3; fi  # Debian's python3-numpy
mkdir -p "$out"
hw=$(nproc)
gpu_flags=()
if [ "$ref" = numpy ]; then gpu_flags=(--cpu-only); fi

# workload | sizes | iterations | CPU threads
if [ "$ref" = numpy ]; then
  plan=(
    "add|256,1024,2048|100|1"
    "saxpy|256,1024,2048|100|1"
    "gemm|256,1024,2048|1|1,$hw"
  )
else
  plan=(
    "add|4,400,1024,4000|1000|$hw"
    "saxpy|1024,4000,8192|100|$hw"
    "reduce|1024,4000,8192|100|$hw"
    "gemm|1024,4096|1|$hw"
    "transfer|4000|10|$hw"
  )
fi
[ $quick = 1 ] && plan=("${plan[0]}")

: > "$out/ratios.txt"
for p in "${plan[@]}"; do
  IFS='|' read -r w sizes it threads <<<"$p"
  echo "== $w: SpeedupLab" >&2
  variants=()
  [ "$w" = gemm ] && variants=(--variant blas,cublas,cublas-tf32,tiled)
  [ "$w" = transfer ] && variants=(--variant pageable,pinned)
  "$cli" run --workload "$w" --sizes "$sizes" --iterations "$it" --threads "$threads" "${variants[@]}" \
    "${gpu_flags[@]}" --csv "$out/$w-ours.csv" >&2
  echo "== $w: $ref" >&2
  if [ "$ref" = numpy ]; then
    "$py" "$here/compare_numpy.py" --workload "$w" --sizes "$sizes" --iterations "$it" --threads "$threads" \
      --csv "$out/$w-$ref.csv" >&2
  else
    "$py" "$here/compare_torch.py" --workload "$w" --sizes "$sizes" --iterations "$it" --threads "$threads" \
      --csv "$out/$w-$ref.csv" >&2
  fi
  "$py" "$here/ratios.py" "$out/$w-ours.csv" "$out/$w-$ref.csv" | tee -a "$out/ratios.txt"
done
echo "ratios written to $out/ratios.txt" >&2
