#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The checks that need a GPU, for the GPU machine (device tool), which has nvcc, CMake and
# PyTorch but no Qt, no OpenBLAS and no package registry. It fits the device time a session has
# (about 15 minutes, start-up included, and at most 10 minutes a command) as two calls:
#   scripts/device-check.sh first    # under 6 minutes: is the GPU half right?
#                                    #   gputests devices verify add-large gemm scan spmv cache calibrate
#   scripts/device-check.sh second   # the figures and the recordings:
#                                    #   examples (the seed preset's timing among them) compare gui
#   scripts/device-check.sh STAGE... # any stages, in the order given
# Prepare here with scripts/pack-carry.sh (it builds the CLI and the GPU tests for sm_90 and packs
# OpenBLAS and the GUI's Qt runtime), then run there with `.carry` carried. Without .carry/bin the
# CLI is built there first (minutes of device time: avoid).
# Each stage has its own time limit, and $OUT/all.tgz is packed again after every stage, so a
# call killed at its limit still brings back what finished. Every figure is printed next to the
# one expected (scripts/device_figures.py), in the log and in $OUT/figures.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/device-out}
mkdir -p "$OUT"
log=$OUT/log.txt
figures=$OUT/figures.txt
say() { echo "== $(date +%T) $*" | tee -a "$log"; }
status=0
fail() { status=1; say "FAILED: $*"; }
# The device tool brings back at most 8 files: everything in one archive, made again after each
# stage (never half-written: packed beside it, then moved).
pack() { tar -C "$OUT" --exclude=all.tgz -czf /tmp/device-all.tgz . && mv /tmp/device-all.tgz "$OUT/all.tgz"; }
figure() { python3 scripts/device_figures.py "$@" 2>&1 | tee -a "$figures" "$log"; }

case "${1:-first}" in
  first) stages="gputests devices verify add-large gemm scan spmv cache calibrate" ;;
  second) stages="examples compare gui replay" ;;
  *) stages="$*" ;;
esac

tar -C /tmp -xJf .carry/blas.tar.xz 2>>"$log" || say "no .carry/blas.tar.xz: the CPU's BLAS points will be skipped"
cublas=$(dirname "$(find /usr/local/cuda*/ /usr/lib /opt -name 'libcublas.so.13*' 2>/dev/null | head -1)" 2>/dev/null)
export LD_LIBRARY_PATH=/tmp/blas/lib:${cublas:-/usr/local/cuda/lib64}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PYTHONUNBUFFERED=1

build=build/gpu
if [ -x .carry/bin/speeduplab-cli ] && [ -x .carry/bin/tst_gpubackend ]; then
  cli=.carry/bin/speeduplab-cli
  gputests=.carry/bin/tst_gpubackend
  say "stages: $stages (the CLI and GPU tests pack-carry.sh built, sm_90)"
else
  cli=$build/cli/speeduplab-cli
  gputests=$build/tests/cuda/tst_gpubackend
  say "stages: $stages; building (no Qt, sm_90 only): .carry/bin is missing"
  cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSPEEDUPLAB_GUI=OFF -DSPEEDUPLAB_TESTS=OFF \
    -DCMAKE_CUDA_ARCHITECTURES=90 -DSPEEDUPLAB_CARRY_INCLUDE="$PWD/.carry/include" \
    -DSPEEDUPLAB_OPENBLAS_LIBRARY=/tmp/blas/lib/libopenblas.so.0 >>"$log" 2>&1 &&
    timeout 300 cmake --build $build -j "$(nproc)" >>"$log" 2>&1 || { say "BUILD FAILED"; tail -50 "$log"; pack; exit 1; }
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader >>"$log" 2>&1
"$cli" --version >>"$log" 2>&1

# Runs the CLI under a time limit (the first argument, in seconds); its output goes to the log.
# The first call's limits add up to 330 s, so that it ends within 6 minutes.
cli_run() { local limit=$1; shift; timeout "$limit" "$cli" "$@" >>"$log" 2>&1; }

stage_gputests() { # target: 0 failures, 0 skips (with a GPU none should skip: the first reason says why)
  timeout 70 "$gputests" >"$OUT/gputests.txt" 2>&1 || fail "GPU tests"
  { grep -E '^(FAIL!|INFO)' "$OUT/gputests.txt"; grep -m1 '^SKIP' "$OUT/gputests.txt"; } | tee -a "$log"
  local totals
  totals=$(grep '^Totals:' "$OUT/gputests.txt" | sed 's/^Totals: //')
  echo "GPU tests                                    measured ${totals:-no totals (did not finish)}   expected 0 failed, 0 skipped" |
    tee -a "$figures" "$log"
}

stage_devices() { timeout 10 "$cli" devices 2>&1 | tee -a "$log" >"$OUT/devices.txt" || fail devices; }

stage_verify() { # target: every point passes; no point twice
  timeout 45 "$cli" verify >"$OUT/verify.txt" 2>&1 || fail verify
  grep -E '^FAIL|passed|not checked' "$OUT/verify.txt" | tee -a "$log"
  echo "verify                                       measured $(tail -1 "$OUT/verify.txt")   expected 0 failed, 0 skipped; $(sort "$OUT/verify.txt" | uniq -d | wc -l) lines twice (expected 0)" |
    tee -a "$figures" "$log"
}

stage_add-large() { # n^2 = 2147488281 > 2^31: 64-bit indexing in every mode (8.6 GB a tensor)
  cli_run 60 run --workload add --sizes 46341 --gpu-only --modes launch,graph,fused --iterations 10 \
    --min-time 0 --max-reps 2 --json "$OUT/add-46341.json" || fail "add at n = 46341"
  figure add-large "$OUT/add-46341.json"
}

stage_gemm() { # every precision at n = 1024 and 4096, against its calibrated peak
  cli_run 30 run --workload gemm --variant cublas,cublas-tf32,cublas-fp16,cublas-bf16 --sizes 1024,4096 \
    --gpu-only --modes launch --min-time 0.05 --calibrate --json "$OUT/gemm.json" || fail "gemm precisions"
  figure gemm "$OUT/gemm.json"
}

stage_scan() { # CUB at n = 4096 against the device copy: target >= 70 %
  cli_run 20 run --workload scan --variant serial,rows,cub --sizes 16,1024,4096 --threads 1 --modes launch,graph \
    --min-time 0.05 --json "$OUT/scan.json" || fail scan
  figure scan "$OUT/scan.json" "$OUT/gemm.json"
}

stage_spmv() { # cuSPARSE and the scalar kernel, graph against launch (a capture that fails says why)
  cli_run 25 run --workload spmv --variant cusparse,scalar --sizes 16,256,1024,2048 --gpu-only --modes launch,graph \
    --min-time 0.05 --json "$OUT/spmv.json" || fail spmv
  figure spmv "$OUT/spmv.json"
}

stage_cache() { # cold against warm, one add a repetition; the cold GPU sweep must not crawl (no CPU flush)
  cli_run 15 run --workload add --sizes 512,1024,2048,8192 --gpu-only --modes launch --iterations 1 --min-time 0.05 \
    --cache warm --json "$OUT/cache-warm.json" || fail "warm cache"
  local t0=$SECONDS
  cli_run 25 run --workload add --sizes 512,1024,2048,8192 --gpu-only --modes launch --iterations 1 --min-time 0.05 \
    --cache cold --json "$OUT/cache-cold.json" || fail "cold cache"
  echo $((SECONDS - t0)) >"$OUT/cache-cold-seconds.txt"
  figure cache "$OUT/cache-warm.json" "$OUT/cache-cold.json" "$OUT/cache-cold-seconds.txt"
}

stage_replay() { # issue 28: the original answer replayed; the queue time against the launch cost
  cli_run 90 run --preset replay --calibrate --json "$OUT/replay.json" || fail "replay preset"
  figure replay "$OUT/replay.json"
}

stage_calibrate() {
  cli_run 30 calibrate --json "$OUT/calibrate.json" || fail calibrate
  figure calibrate "$OUT/calibrate.json"
}

# The examples the app ships (resources/examples/): JSON with samples, the newest set wins. The
# seed preset's text output holds its timing (target: every curve within 5 s, all within 60 s).
stage_examples() {
  local ex=$OUT/examples
  mkdir -p "$ex"
  timeout 120 "$cli" run --preset seed --calibrate --json "$ex/seed-preset.json" >"$OUT/seed.txt" 2>&1 || fail "seed preset"
  figure seed "$OUT/seed.txt"
  pack
  cli_run 60 run --workload gemm --variant blas,cublas,cublas-tf32,cublas-fp16,cublas-bf16 \
    --sizes 64,256,1024,2048,4096 --threads all --modes launch,graph --min-time 0.05 --json "$ex/gemm.json" || fail "gemm example"
  cli_run 30 run --workload scan --variant serial,rows,cub --sizes 16,64,256,1024,4096 --threads 1 \
    --min-time 0.05 --json "$ex/scan.json" || fail "scan example"
  cli_run 40 run --workload spmv --variant csr,cusparse,scalar --sizes 16,64,256,1024,2048 --threads 1,4,16 \
    --min-time 0.05 --json "$ex/spmv.json" || fail "spmv example"
  cli_run 30 run --workload reduce --sizes 64,256,1024,4000,8192 --threads 1,16 --modes launch,graph --iterations 100 \
    --min-time 0.05 --json "$ex/reduce.json" || fail "reduce example"
  cli_run 20 run --workload transfer --variant pageable,pinned --sizes 256,1024,4000 --threads 16 --iterations 10 \
    --min-time 0.05 --json "$ex/transfer.json" || fail "transfer example"
  ls -l "$ex" | tee -a "$log"
}

# The CPU at 16 threads against PyTorch in the same run (targets: saxpy and reduce at n >= 4000 at
# <= 1.1x PyTorch's time; BLAS sgemm >= 0.9x its GFLOP/s at n = 2048 and 4096), fp16/bf16 cuBLAS
# against torch.mm (within 5 % at n = 4096), and the CPU against its own measured peaks.
stage_compare() {
  local c=/tmp/compare
  for w in saxpy reduce gemm peaks; do
    timeout 100 bench/compare.sh --ref torch --cli "$cli" --out $c --only $w 2>>"$log" | tee -a "$log" >>"$OUT/ratios.txt" ||
      fail "compare $w"
    tar -C /tmp -czf "$OUT/compare.tar.gz" compare 2>/dev/null
    pack
  done
  cp $c/peaks.txt "$OUT/peaks.txt" 2>/dev/null
  echo "targets: saxpy, reduce at n >= 4000, 16 threads <= 1.10; gemm blas >= 0.9x torch GFLOP/s (ratio <= 1.11);" \
    "cublas-fp16/bf16 at 4096 within 0.95-1.05 (see ratios.txt above)" | tee -a "$figures" "$log"
}

# The GUI with a GPU present (packed here by pack-carry.sh): idle memory, the largest stall over
# a live 16-thread CPU+GPU sweep, and screenshots of the recorded seed preset.
stage_gui() {
  [ -f .carry/qtrt.tar.xz ] || { say "no .carry/qtrt.tar.xz: gui skipped"; return; }
  tar -C /tmp -xJf .carry/qtrt.tar.xz && . /tmp/qtrt/env.sh
  local gui=/tmp/qtrt/bin/speeduplab seed=$OUT/examples/seed-preset.json
  timeout 150 bash bench/gui.sh --app "$gui" --sizes 4,40,128,400,1024,4000 --threads all 2>&1 | tee -a "$log" \
    >"$OUT/gui-bench.txt" || true
  echo "GUI (targets: idle < 100 MB, largest stall < 17 ms, p99 < 10 ms): see gui-bench.txt above" | tee -a "$figures"
  if [ -f "$seed" ]; then
    timeout 30 $gui --open "$seed" --chart explain --screenshot "$OUT/explain.png" >>"$log" 2>&1 || fail "explain.png"
    timeout 30 $gui --open "$seed" --presentation --screenshot "$OUT/presentation.png" >>"$log" 2>&1 ||
      fail "presentation.png"
  fi
}

for s in $stages; do
  if ! declare -F "stage_$s" >/dev/null; then
    say "unknown stage $s"
    status=1
    continue
  fi
  say "$s"
  "stage_$s"
  pack
done
say "done (status $status)"
pack
exit $status
