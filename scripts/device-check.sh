#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The checks that need a GPU, as one script for the GPU machine (device tool), which has nvcc,
# CMake and PyTorch but no Qt, no OpenBLAS and no package registry. Prepare here with
# scripts/pack-carry.sh, then run there with `.carry` carried:
#   scripts/device-check.sh [gputests] [engine] [compare] [gui]      (default: all four)
# build:   core/cuda/cli and the GPU tests without Qt (-DSPEEDUPLAB_GUI=OFF), or, with
#          SPEEDUPLAB_PREBUILT=1, the CLI that pack-carry.sh built here (saves the build's minutes
#          of device time; the GPU tests are then taken from .carry/bin or built alone)
# gputests: tests/cuda (plain C++, no Qt Test): every row, with its totals in the log, in
#          $OUT/gputests.txt and in the last line
# engine:  `devices`, `verify`, `calibrate`, the add sweep of the engine issue (CSV + JSON), the
#          scan sweep (issue 15: CUB against the device copy), the spmv sweep (issue 15: cuSPARSE's
#          crossover), the gemm precisions (issue 15:
#          cuBLAS fp32/TF32/fp16/bf16 in TFLOP/s against their peaks) and their verification
# compare: bench/compare.sh against PyTorch (one ratio per workload, series and size), then the
#          CPU against its own peaks (FMA peak for sgemm, DRAM bandwidth for streaming)
# gui:     the GUI packed here renders the recorded GPU results offscreen (charts + window),
#          and bench/gui.sh measures its idle memory, redraw and stalls with the GPU present;
#          the same can be done afterwards on any machine from the add.json that comes back
# Everything lands in $OUT (the device tool's folder), else ./device-out, and all of it in
# $OUT/all.tgz at the end (the device tool returns only a few files); each stage has a
# time limit so that a slow one cannot take the others' results with it.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/device-out}
mkdir -p "$OUT"
stages=${*:-gputests engine compare gui}
log=$OUT/log.txt
say() { echo "== $(date +%T) $*" | tee -a "$log"; }
status=0

tar -C /tmp -xJf .carry/blas.tar.xz
cublas=$(dirname "$(find /usr/local/cuda*/ /usr/lib /opt -name 'libcublas.so.13*' 2>/dev/null | head -1)" 2>/dev/null)
export LD_LIBRARY_PATH=/tmp/blas/lib:${cublas:-/usr/local/cuda/lib64}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

build=build/gpu
configure() {
  cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSPEEDUPLAB_GUI=OFF -DSPEEDUPLAB_TESTS=OFF \
    -DCMAKE_CUDA_ARCHITECTURES=90 -DSPEEDUPLAB_CARRY_INCLUDE="$PWD/.carry/include" \
    -DSPEEDUPLAB_OPENBLAS_LIBRARY=/tmp/blas/lib/libopenblas.so.0 >>"$log" 2>&1
}
if [ "${SPEEDUPLAB_PREBUILT:-0}" = 1 ] && [ -x .carry/bin/speeduplab-cli ]; then
  cli=.carry/bin/speeduplab-cli
  gputests=.carry/bin/tst_gpubackend
  say "using the CLI built by pack-carry.sh (sm_90)"
else
  cli=$build/cli/speeduplab-cli
  gputests=$build/tests/cuda/tst_gpubackend
  say "build (no Qt, sm_90 only for speed)"
  configure && cmake --build $build -j "$(nproc)" >>"$log" 2>&1 || { say "BUILD FAILED"; tail -50 "$log"; exit 1; }
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader >>"$log" 2>&1

gputotals=""
if [[ " $stages " == *" gputests "* ]]; then
  if [ ! -x "$gputests" ]; then
    say "build the GPU tests alone (not carried)"
    gputests=$build/tests/cuda/tst_gpubackend
    configure && timeout 300 cmake --build $build -j "$(nproc)" --target tst_gpubackend >>"$log" 2>&1 ||
      say "GPU TESTS BUILD FAILED"
  fi
  say "GPU tests (tests/cuda)"
  # Every row goes to gputests.txt; the log keeps the failures, the notes, the first skip (with
  # a GPU there should be none: its reason says why) and the totals.
  timeout 300 "$gputests" >"$OUT/gputests.txt" 2>&1 || status=1
  { grep -E '^(FAIL!|INFO)' "$OUT/gputests.txt"; grep -m1 '^SKIP' "$OUT/gputests.txt"; } | tee -a "$log"
  gputotals=$(grep '^Totals:' "$OUT/gputests.txt" | sed 's/^Totals: //')
  gputotals=${gputotals:-"no totals (the GPU tests did not finish: see gputests.txt)"}
  say "GPU tests: $gputotals"
fi

if [[ " $stages " == *" engine "* ]]; then
  say "devices"; timeout 30 $cli devices 2>&1 | tee -a "$log"
  say "add sweep"
  timeout 120 $cli run --workload add --sizes 4,40,128,256,400,1024,4000 --threads all --modes launch,graph,fused \
    --min-time 0.05 --calibrate --csv "$OUT/add.csv" --json "$OUT/add.json" >>"$log" 2>&1 || status=1
  sed -n '/^Ceilings:/,$p' "$log" | tail -40
  # Issue 13 item 9: the seed preset as a class would run it (every thread count, every GPU mode,
  # coarse to fine): every curve within 5 s, the whole sweep within 60 s.
  say "seed preset (timing)"
  timeout 150 $cli run --preset seed --json "$OUT/seed.json" >"$OUT/seed.txt" 2>&1 || status=1
  grep -i '^timing' "$OUT/seed.txt" | tee -a "$log"
  # Issue 14: cold against warm at the sizes the L2 holds (the H200's 50 MB holds n = 1024), and
  # the clocks NVML read around every GPU point (the JSON's clocks and the metadata's sweep).
  say "cache cold vs warm (one add a repetition, n = 512, 1024, 2048)"
  for cache in warm cold; do
    timeout 60 $cli run --workload add --sizes 512,1024,2048 --gpu-only --modes launch --iterations 1 --min-time 0.05 \
      --cache $cache --json "$OUT/cache-$cache.json" 2>&1 | grep -E '^GPU|throttled' | tee -a "$log" || status=1
  done
  python3 - "$OUT/cache-warm.json" "$OUT/cache-cold.json" <<'PY' 2>&1 | tee -a "$log"
import json, sys
warm, cold = (json.load(open(p)) for p in sys.argv[1:3])
for w, c in zip(warm["rows"], cold["rows"]):
    if w["status"] == c["status"] == "ok":
        print("n = %5d: cold / warm = %.2f  (warm %.3g s, cold %.3g s per rep)" %
              (w["n"], c["median_s"] / w["median_s"], w["median_s"], c["median_s"]))
print("sweep:", json.dumps(cold["machine"].get("sweep")))
print("clocks of the first cold row:", json.dumps(cold["rows"][0].get("clocks")))
PY
  say "rounds (3, seeded)"
  timeout 90 $cli run --workload add --sizes 64,1024 --threads 1,4 --modes graph --min-time 0.02 \
    --rounds 3 --seed 7 >>"$log" 2>&1 || status=1
  # Issue 15: scan. The CPU's serial chain (once per n, on one thread), the GPU's naive rows and
  # CUB's parallel scan; CUB at n = 4096 against the device copy the add sweep calibrated (target
  # 70 %: a figure to report, not a failed check).
  say "scan sweep (serial, rows, cub)"
  timeout 90 $cli run --workload scan --variant serial,rows,cub --sizes 16,128,1024,4096 --threads 1 \
    --min-time 0.05 --json "$OUT/scan.json" >>"$log" 2>&1 || status=1
  python3 - "$OUT/add.json" "$OUT/scan.json" <<'PY' 2>&1 | tee -a "$log"
import json, sys
try:
    copy = float(json.load(open(sys.argv[1]))["machine"]["ceilings"]["gpu_copy_bytes_per_s"])
except Exception:
    copy = 0.0
for r in json.load(open(sys.argv[2]))["rows"]:
    series = "%s %s %s" % (r["backend"], r["variant"], r["mode"])
    if r["status"] != "ok":
        print("%-16s n = %5d: %s (%s)" % (series, r["n"], r["status"], r["reason"]))
        continue
    rate = r["bytes"] / r["median_s"]
    line = "%-16s n = %5d: %10.2f us a scan, %7.1f GB/s" % (series, r["n"], 1e6 * r["median_s"] / r["iterations"],
                                                          rate / 1e9)
    if r["backend"] == "gpu" and r["variant"] == "cub" and r["n"] == 4096 and copy > 0:
        line += "  %.0f %% of the device copy (target 70 %%)%s" % (100 * rate / copy, "" if rate >= 0.7 * copy else " BELOW")
    print(line)
PY
  # Issue 15: spmv. OpenMP CSR on the CPU against cuSPARSE and the one-thread-per-row kernel: where
  # the GPU overtakes the best CPU (the CLI prints the crossovers), and each curve's GB/s.
  say "spmv sweep (csr, cusparse, scalar)"
  timeout 120 $cli run --workload spmv --variant csr,cusparse,scalar --sizes 16,64,256,1024,2048 --threads 1,4,16 \
    --min-time 0.05 --json "$OUT/spmv.json" >"$OUT/spmv.txt" 2>&1 || status=1
  grep -A8 "^Crossovers" "$OUT/spmv.txt" | tee -a "$log"
  # The PyTorch peer at the same sizes (same shape of matrix, its own random columns).
  (cd bench && timeout 90 python3 compare_torch.py --workload spmv --sizes 16,64,256,1024,2048 --threads 1,4,16 \
    --min-time 0.05 --csv "$OUT/spmv-torch.csv") 2>&1 | tail -20 | tee -a "$log" || status=1
  python3 - "$OUT/spmv.json" <<'PY' 2>&1 | tee -a "$log"
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    series = "%s %s %s%s" % (r["backend"], r["variant"], r["mode"], r["threads"] or "")
    if r["status"] != "ok":
        print("%-22s n = %5d: %s (%s)" % (series, r["n"], r["status"], r["reason"]))
        continue
    print("%-22s n = %5d: %10.2f us a product, %7.1f GB/s" % (series, r["n"], 1e6 * r["median_s"] / r["iterations"],
                                                            r["bytes"] / r["median_s"] / 1e9))
PY
  # Issue 15: reduced precision. cuBLAS fp32, TF32, fp16 and bf16 (tensor cores, fp32 accumulation)
  # at n = 1024 and 4096, in TFLOP/s and against each one's calibrated peak; torch.mm in the same
  # precision is the compare stage's peer (target: within 5 % at n = 4096, in bench/compare.sh's ratios).
  say "gemm precisions (cublas, cublas-tf32, cublas-fp16, cublas-bf16)"
  timeout 120 $cli run --workload gemm --variant cublas,cublas-tf32,cublas-fp16,cublas-bf16 --sizes 1024,4096 \
    --gpu-only --modes launch,graph --min-time 0.1 --calibrate --json "$OUT/gemm-precision.json" >>"$log" 2>&1 || status=1
  python3 - "$OUT/gemm-precision.json" <<'PY' 2>&1 | tee -a "$log"
import json, sys
doc = json.load(open(sys.argv[1]))
ceil = doc["machine"].get("ceilings", {})
peak = {"cublas": "gpu_cublas_flops_per_s", "cublas-tf32": "gpu_cublas_tf32_flops_per_s",
        "cublas-fp16": "gpu_cublas_fp16_flops_per_s", "cublas-bf16": "gpu_cublas_bf16_flops_per_s"}
for r in doc["rows"]:
    series = "%s %s" % (r["variant"], r["mode"])
    if r["status"] != "ok":
        print("%-18s n = %5d: %s (%s)" % (series, r["n"], r["status"], r["reason"]))
        continue
    rate = r["flops"] / r["median_s"]
    p = float(ceil.get(peak.get(r["variant"], ""), 0) or 0)
    print("%-18s n = %5d: %7.1f TFLOP/s%s, max error %.2g" % (series, r["n"], rate / 1e12,
          "  (%.0f %% of its calibrated peak, %.1f TFLOP/s)" % (100 * rate / p, p / 1e12) if p > 0 else "",
          float(r.get("max_error", 0))))
PY
  say "verify"; timeout 60 $cli verify >/tmp/verify.txt 2>&1 || status=1
  grep -E 'FAIL|passed|not checked' /tmp/verify.txt | tee -a "$log"
  echo "scan: $(grep -c '^PASS  scan ' /tmp/verify.txt) points verified (serial, rows, cub; every mode)" | tee -a "$log"
  echo "spmv: $(grep -c '^PASS  spmv ' /tmp/verify.txt) points verified, $(grep -c '^FAIL  spmv ' /tmp/verify.txt) failed" | tee -a "$log"
  for v in cublas-fp16 cublas-bf16 blas-bf16; do
    echo "$v: $(grep -c "^PASS  gemm .*($v" /tmp/verify.txt) points verified, $(grep -c "^FAIL  gemm .*($v" /tmp/verify.txt) failed, $(grep -c "^SKIP  gemm .*($v" /tmp/verify.txt) skipped" | tee -a "$log"
  done
  grep -m1 "^SKIP  gemm .*(blas-bf16" /tmp/verify.txt | tee -a "$log"
fi

if [[ " $stages " == *" compare "* ]]; then
  say "compare with PyTorch"
  # Ends with the CPU against its own measured peaks (bench/peaks.py): about 30 s more.
  timeout 360 bench/compare.sh --ref torch --cli "$cli" --out /tmp/compare 2>>"$log" | tee -a "$log" || status=1
  cp /tmp/compare/ratios.txt "$OUT/ratios.txt" 2>/dev/null
  cp /tmp/compare/peaks.txt "$OUT/peaks.txt" 2>/dev/null
  tar -C /tmp -czf "$OUT/compare.tar.gz" compare 2>/dev/null
fi

if [[ " $stages " == *" gui "* ]] && [ -f .carry/qtrt.tar.xz ] && [ -f "$OUT/add.json" ]; then
  say "GUI offscreen on the recorded GPU results"
  tar -C /tmp -xJf .carry/qtrt.tar.xz && . /tmp/qtrt/env.sh
  gui=/tmp/qtrt/bin/speeduplab
  timeout 30 $gui --headless --open "$OUT/add.json" --png "$OUT/gpu-time.png" >>"$log" 2>&1 || status=1
  timeout 30 $gui --headless --open "$OUT/add.json" --chart speedup --png "$OUT/gpu-speedup.png" >>"$log" 2>&1 || status=1
  timeout 30 $gui --open "$OUT/add.json" --screenshot "$OUT/gpu-window.png" >>"$log" 2>&1 || status=1
  # Issue 13's screenshots, of this real GPU run: the Explain tab and presentation mode.
  timeout 30 $gui --open "$OUT/add.json" --chart explain --screenshot "$OUT/explain.png" >>"$log" 2>&1 || status=1
  timeout 30 $gui --open "$OUT/add.json" --presentation --screenshot "$OUT/presentation.png" >>"$log" 2>&1 ||
    status=1
  # Issue 11's targets with a GPU present: idle memory (no CUDA context before the first GPU
  # sweep), the 10,000-point redraw, and the GUI thread's stalls over a live CPU+GPU sweep.
  # Figures to report; over a target is not a failed check.
  say "GUI benchmarks (bench/gui.sh)"
  timeout 240 bash bench/gui.sh --app "$gui" 2>&1 | tee -a "$log" >"$OUT/gui-bench.txt" || true
  # Ours against PyTorch, from the compare stage's add sweep: the reference drawn dashed.
  if [ -f /tmp/compare/add-torch-r1.csv ]; then
    timeout 30 $gui --headless --open /tmp/compare/add-ours-r1.csv --overlay /tmp/compare/add-torch-r1.csv \
      --png "$OUT/gpu-vs-torch.png" 2>&1 | tee -a "$log" || status=1
  fi
fi
say "done (status $status)${gputotals:+; GPU tests: $gputotals}"
# The device tool brings back only a few files: everything in one archive, beside them.
tar -C "$OUT" --exclude=all.tgz -czf /tmp/device-all.tgz . && mv /tmp/device-all.tgz "$OUT/all.tgz"
exit $status
