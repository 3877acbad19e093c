#!/usr/bin/env bash
# The checks that need a GPU, as one script for the GPU machine (device tool). Prepare here
# with scripts/pack-carry.sh, then run there with `.carry` carried:
#   scripts/device-check.sh [engine] [compare] [gui]      (default: all three)
# engine:  build core/cuda/cli without Qt, `devices`, `verify`, the add sweep of the issue
# compare: bench/compare.sh against PyTorch (ratios per workload and size)
# gui:     the GUI packed here, run offscreen on the recorded GPU results (screenshots)
# Everything lands in $OUT (the device tool's folder) or ./device-out.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/device-out}
mkdir -p "$OUT"
stages=${*:-engine compare gui}
log=$OUT/log.txt
say() { echo "== $*" | tee -a "$log"; }
status=0

tar -C /tmp -xJf .carry/blas.tar.xz
export LD_LIBRARY_PATH=/tmp/blas/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
build=build/gpu
cli=$build/cli/speeduplab-cli

say "build (no Qt, sm_90 only for speed)"
cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSPEEDUPLAB_GUI=OFF -DSPEEDUPLAB_TESTS=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90 -DSPEEDUPLAB_CARRY_INCLUDE="$PWD/.carry/include" \
  -DSPEEDUPLAB_OPENBLAS_LIBRARY=/tmp/blas/lib/libopenblas.so.0 -DSPEEDUPLAB_OPENBLAS_INCLUDE=/tmp/blas/include \
  >>"$log" 2>&1 && cmake --build $build -j "$(nproc)" >>"$log" 2>&1 || { say "BUILD FAILED"; tail -50 "$log"; exit 1; }

if [[ " $stages " == *" engine "* ]]; then
  say "devices"; $cli devices 2>&1 | tee -a "$log"
  say "verify"; $cli verify >"$OUT/verify.txt" 2>&1 || status=1
  tail -3 "$OUT/verify.txt" | tee -a "$log"; grep FAIL "$OUT/verify.txt" | head -20 | tee -a "$log"
  say "calibrate"; $cli calibrate 2>&1 | tee -a "$log"
  say "add sweep"
  $cli run --workload add --sizes 4,40,128,256,400,1024,4000 --threads all --modes launch,graph,fused \
    --calibrate --csv "$OUT/add.csv" --json "$OUT/add.json" 2>&1 | tee -a "$log" || status=1
fi

if [[ " $stages " == *" compare "* ]]; then
  say "compare with PyTorch"
  bench/compare.sh --ref torch --cli "$cli" --out /tmp/compare 2>>"$log" | tee -a "$log" || status=1
  cp /tmp/compare/ratios.txt "$OUT/ratios.txt" 2>/dev/null
  tar -C /tmp -czf "$OUT/compare.tar.gz" compare 2>/dev/null
fi

if [[ " $stages " == *" gui "* ]] && [ -f .carry/qtrt.tar.xz ] && [ -f "$OUT/add.json" ]; then
  say "GUI offscreen on the recorded GPU results"
  tar -C /tmp -xJf .carry/qtrt.tar.xz && . /tmp/qtrt/env.sh
  /tmp/qtrt/bin/speeduplab --headless --open "$OUT/add.json" --png "$OUT/gpu-chart.png" \
    --screenshot "$OUT/gpu-window.png" 2>&1 | tee -a "$log" || status=1
fi
say "done (status $status)"
exit $status
