#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Prepares .carry/ (ignored by git) for the GPU machine, which has nvcc, CMake and PyTorch but
# no Qt, no OpenBLAS and no package registry:
#   .carry/include/   nlohmann-json and CLI11 headers (header-only)
#   .carry/bin/       speeduplab-cli and tst_gpubackend, built here with CUDA for sm_90
#   .carry/blas.tar.xz  unpacks to blas/: lib/ holds every shared library the two programs link that
#                     the GPU machine may lack (their ldd closure less the base set of
#                     scripts/carry-libs.sh: hwloc, udev, the OpenCL ICD loader, ...), and the
#                     libraries the CLI opens at run time, with theirs: Debian's OpenBLAS (pthread
#                     build: gfortran, quadmath) and CLBlast; include/ holds OpenBLAS's cblas.h
#   .carry/qtrt.tar.xz  the GUI and the Qt runtime it needs, to render recorded GPU results
#                     offscreen there, and that build's speeduplab-bench-gui beside it (for
#                     bench/gui.sh --app). It must be a build without CUDA (cuBLAS is too big
#                     to carry): GUI_BIN, default build/nocuda/ui/speeduplab, built with
#                     cmake -S . -B build/nocuda -G Ninja -DSPEEDUPLAB_CUDA=OFF
# Name .carry in the device tool's `carry`, then run `scripts/device-check.sh first` there. Only one
# call fits a 15-minute device budget: `second`, `third` and `fourth` come in later sessions
# (`scripts/device-check.sh plan` lists them).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .carry && mkdir -p .carry/include
cp -r /usr/include/nlohmann /usr/include/CLI .carry/include/
# The CLI and the GPU tests (tests/cuda, no Qt) with CUDA for sm_90, so that the device check
# skips their build (minutes of device time).
cmake -S . -B build/cuda -G Ninja -DCMAKE_BUILD_TYPE=Release -DSPEEDUPLAB_GUI=OFF -DSPEEDUPLAB_TESTS=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
cmake --build build/cuda
mkdir -p .carry/bin && cp build/cuda/cli/speeduplab-cli build/cuda/tests/cuda/tst_gpubackend .carry/bin/
# Their libraries, found from the programs (scripts/carry-libs.sh: the ldd closure less the base
# set the GPU machine has), and the two the CLI opens at run time, which ldd cannot see: OpenBLAS
# (core/kernels/blaslibrary.cpp; the pthread build, whose path a build there names in
# SPEEDUPLAB_OPENBLAS_LIBRARY) and CLBlast (opencl/clblastlibrary.cpp), each with its closure.
# The OpenCL ICD loader among them finds NVIDIA's OpenCL driver there through /etc/OpenCL/vendors.
stage=$(mktemp -d)/blas
mkdir -p "$stage/lib" "$stage/include"
scripts/carry-libs.sh --with /usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0 \
  --with /usr/lib/x86_64-linux-gnu/libclblast.so.1 .carry/bin/speeduplab-cli .carry/bin/tst_gpubackend "$stage/lib"
cp /usr/include/x86_64-linux-gnu/openblas-pthread/*.h "$stage/include/"
tar -C "$(dirname "$stage")" -cJf .carry/blas.tar.xz blas
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
