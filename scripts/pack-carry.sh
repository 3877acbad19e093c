#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Prepares .carry/ (ignored by git) for the GPU machine, which has nvcc, CMake and PyTorch but
# no Qt, no OpenBLAS and no package registry:
#   .carry/include/   nlohmann-json and CLI11 headers (header-only)
#   .carry/blas.tar.xz  Debian's OpenBLAS (pthread build) with cblas.h and its Fortran runtime, and
#                     the OpenCL ICD loader the CLI links
#   .carry/qtrt.tar.xz  the GUI and the Qt runtime it needs, to render recorded GPU results
#                     offscreen there, and that build's speeduplab-bench-gui beside it (for
#                     bench/gui.sh --app). It must be a build without CUDA (cuBLAS is too big
#                     to carry): GUI_BIN, default build/nocuda/ui/speeduplab, built with
#                     cmake -S . -B build/nocuda -G Ninja -DSPEEDUPLAB_CUDA=OFF
# Name .carry in the device tool's `carry`, then run `scripts/device-check.sh first` there, and
# `second`, `third` and `fourth` in the next calls (`scripts/device-check.sh plan` lists them).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .carry && mkdir -p .carry/include
cp -r /usr/include/nlohmann /usr/include/CLI .carry/include/
stage=$(mktemp -d)/blas
mkdir -p "$stage/lib" "$stage/include"
cp -L /usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0 "$stage/lib/"
cp -L /usr/lib/x86_64-linux-gnu/libgfortran.so.5 /usr/lib/x86_64-linux-gnu/libquadmath.so.0 "$stage/lib/"
# The OpenCL ICD loader, which the CLI links (the GPU machine may not have it): there it finds
# NVIDIA's OpenCL driver, if installed, through /etc/OpenCL/vendors.
cp -L /usr/lib/x86_64-linux-gnu/libOpenCL.so.1 "$stage/lib/"
cp /usr/include/x86_64-linux-gnu/openblas-pthread/*.h "$stage/include/"
tar -C "$(dirname "$stage")" -cJf .carry/blas.tar.xz blas
# The CLI and the GPU tests (tests/cuda, no Qt) with CUDA for sm_90, so that the device check
# skips their build (minutes of device time).
cmake -S . -B build/cuda -G Ninja -DCMAKE_BUILD_TYPE=Release -DSPEEDUPLAB_GUI=OFF -DSPEEDUPLAB_TESTS=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
cmake --build build/cuda
mkdir -p .carry/bin && cp build/cuda/cli/speeduplab-cli build/cuda/tests/cuda/tst_gpubackend .carry/bin/
gui=${GUI_BIN:-build/nocuda/ui/speeduplab}
if [ -x "$gui" ]; then
  programs=("$gui")
  bench=$(dirname "$gui")/../bench/gui/speeduplab-bench-gui
  [ -x "$bench" ] && programs+=("$bench")
  ../shared/tools/pack-qt-runtime.sh .carry "${programs[@]}"
else
  echo "no GUI at $gui: the device check's gui stage will be skipped"
fi
du -sh .carry/*
