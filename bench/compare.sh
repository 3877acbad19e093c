#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs SpeedupLab's CLI and a reference (PyTorch, or NumPy where there is no PyTorch) on the
# same sweeps, one after the other in one go, and prints one ratio per workload, series and
# size (ours / reference: below 1 means SpeedupLab is faster).
#
#   bench/compare.sh [--ref torch|numpy] [--cli PATH] [--out DIR] [--quick] [--rounds N]
#                    [--only WORKLOAD|peaks]
#
# The reference runs with the same sizes, iterations and thread counts. With --rounds N, each
# workload runs N times, ours and the reference alternately, and the table gives the median
# ratio and its range (ratios.py): one round on a shared machine can be off by a third.
# Results: DIR/<workload>-ours-r<K>.csv, DIR/<workload>-<ref>-r<K>.csv and DIR/ratios.txt, and
# where the app is built (GUI, default build/release/ui/speeduplab), DIR/<workload>-vs-<ref>.png:
# round 1's time chart with the reference drawn dashed over ours.
# Last (unless --quick, or --only names a workload), the CPU is held against its own measured
# peaks rather than a peer (peaks.py): BLAS sgemm at n = 2048 and 4096 against the FMA peak at
# the same thread count, add/saxpy/reduce at n = 4000 against the bandwidth of the level their
# working set is in, for their mix of reads and writes: DIR/peaks.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ref=torch
cli=$here/../build/release/cli/speeduplab-cli
gui=${GUI:-$here/../build/release/ui/speeduplab}
out=compare-out
quick=0
rounds=1
only=
while [ $# -gt 0 ]; do
  case $1 in
    --ref) ref=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --rounds) rounds=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) echo "compare.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case $ref in torch | numpy) ;; *) echo "compare.sh: --ref is torch or numpy, not '$ref'" >&2; exit 2 ;; esac
case $rounds in '' | *[!0-9]* | 0) echo "compare.sh: --rounds takes a positive count, not '$rounds'" >&2; exit 2 ;; esac
# The first Python that has the reference (Debian's python3-numpy and python3-torch live in
# /usr/bin/python3, which may not be the python3 on PATH); PYTHON overrides.
py=${PYTHON:-}
if [ -z "$py" ]; then
  for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c "import $ref" 2>/dev/null; then py=$candidate; break; fi
  done
  [ -n "$py" ] || { echo "compare.sh: no python3 here can import $ref" >&2; exit 1; }
fi
mkdir -p "$out"
hw=$(nproc)
# A fair peer: the reference's OpenBLAS runs the kernel SpeedupLab chose (OPENBLAS_CORETYPE), not
# its own fallback for a CPU its OpenBLAS does not know (Debian's 0.3.21 on Sapphire Rapids fell
# back to its slowest kernel, and gemm read 0.19x PyTorch's time). Each side's kernel is printed;
# a BLAS ratio against a peer that ran another kernel is not given as a result.
ours_kernel=$("$cli" devices 2>/dev/null | sed -n 's/^BLAS: OpenBLAS [^,]*, kernel \([A-Za-z0-9_]*\).*/\1/p' | head -n1)
if [ -n "$ours_kernel" ] && [ -z "${OPENBLAS_CORETYPE:-}" ]; then
  ref_env=(env "OPENBLAS_CORETYPE=$ours_kernel")
else
  ref_env=(env) # no OpenBLAS on our side, or the user chose a kernel for both
fi
echo "BLAS kernel: SpeedupLab ${ours_kernel:-none (not OpenBLAS)}; the reference is given OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-${ours_kernel:-unset}}" >&2
gpu_flags=()
if [ "$ref" = numpy ]; then gpu_flags=(--cpu-only); fi

# workload | sizes | iterations | CPU threads | our variants (none: the workload's default)
if [ "$ref" = numpy ]; then
  # NumPy has no tiled GEMM to hold ours against, and its OpenMP team would only disturb
  # the BLAS points (both sides' BLAS threads compete with it for the cores).
  plan=(
    "add|256,1024,2048|100|1|"
    "saxpy|256,1024,2048|100|1|"
    "gemm|256,1024,2048|1|1,$hw|blas"
  )
else
  plan=(
    "add|4,400,1024,4000|1000|$hw|"
    "saxpy|1024,4000,8192|100|$hw|"
    "reduce|1024,4000,8192|100|$hw|"
    "gemm|1024,2048,4096|1|$hw|blas,cublas,cublas-tf32,cublas-fp16,cublas-bf16,tiled"
    "transfer|4000|10|$hw|pageable,pinned"
    "scan|1024,4096|10|1|serial,rows,cub"
  )
fi
[ $quick = 1 ] && plan=("${plan[0]}")

: > "$out/ratios.txt"
for p in "${plan[@]}"; do
  IFS='|' read -r w sizes it threads variant <<<"$p"
  [ -n "$only" ] && [ "$w" != "$only" ] && continue
  variants=()
  [ -n "$variant" ] && variants=(--variant "$variant")
  files=()
  for r in $(seq "$rounds"); do
    echo "== $w: SpeedupLab (round $r of $rounds)" >&2
    "$cli" run --workload "$w" --sizes "$sizes" --iterations "$it" --threads "$threads" "${variants[@]}" \
      "${gpu_flags[@]}" --csv "$out/$w-ours-r$r.csv" >&2
    echo "== $w: $ref (round $r of $rounds)" >&2
    "${ref_env[@]}" "$py" "$here/compare_$ref.py" --workload "$w" --sizes "$sizes" --iterations "$it" \
      --threads "$threads" --csv "$out/$w-$ref-r$r.csv" --blas-kernel "$out/$w-$ref-r$r.kernel" >&2
    files+=("$out/$w-ours-r$r.csv" "$out/$w-$ref-r$r.csv")
  done
  ref_kernel=$(cat "$out/$w-$ref-r1.kernel" 2>/dev/null || echo unknown)
  echo "$w: BLAS kernel: SpeedupLab ${ours_kernel:-none}, $ref $ref_kernel" | tee -a "$out/ratios.txt"
  if [ "$w" = gemm ] && [ -n "$ours_kernel" ] && [ "$ref_kernel" != "${OPENBLAS_CORETYPE:-$ours_kernel}" ]; then
    echo "$w: not compared: the two sides ran different BLAS kernels (see above)" | tee -a "$out/ratios.txt"
    continue
  fi
  "$py" "$here/ratios.py" "${files[@]}" | tee -a "$out/ratios.txt"
  if [ -x "$gui" ]; then
    "$gui" --headless --open "$out/$w-ours-r1.csv" --overlay "$out/$w-$ref-r1.csv" \
      --png "$out/$w-vs-$ref.png" >&2 || echo "compare.sh: could not draw $out/$w-vs-$ref.png" >&2
  fi
done
echo "ratios written to $out/ratios.txt" >&2

if [ $quick = 0 ] && { [ -z "$only" ] || [ "$only" = peaks ]; }; then
  echo "== the CPU against its own peaks (calibrate, then BLAS sgemm and streaming kernels)" >&2
  "$cli" calibrate --cpu-only --json "$out/ceilings.json" >&2
  "$cli" run --workload gemm --variant blas --sizes 2048,4096 --iterations 1 --threads "1,$hw" --cpu-only \
    --csv "$out/peaks-gemm.csv" >&2
  for w in add saxpy reduce; do
    "$cli" run --workload "$w" --sizes 4000 --iterations 100 --threads "$hw" --cpu-only --csv "$out/peaks-$w.csv" >&2
  done
  "$py" "$here/peaks.py" "$out/ceilings.json" "$out"/peaks-{gemm,add,saxpy,reduce}.csv | tee "$out/peaks.txt"
fi
