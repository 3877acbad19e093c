#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs every Debian package SpeedupLab needs to build, test and run. Idempotent:
# when everything is already present it changes nothing and makes no network call.
#   scripts/setup.sh [--tests] [--with-torch]
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libomp-dev libopenblas-dev
  libhwloc-dev hwloc-nox  # the CPU topology and thread placement (core/topology); lstopo-no-graphics for tests/data
  nlohmann-json3-dev libcli11-dev
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools libqt6opengl6-dev libgl-dev libxkbcommon-dev
  qt6-translations-l10n  # Qt's own strings (dialog buttons) in the window's language
  xvfb xauth fonts-dejavu-core
  fonts-noto-cjk  # the Chinese translation's glyphs (without a CJK font they draw as boxes)
  python3 python3-numpy python3-jsonschema  # jsonschema: tests/scripts/test_schema.py
  clang-format help2man  # help2man: the man pages (packaging/CMakeLists.txt), skipped without it
  clang  # libFuzzer for scripts/fuzz.sh only; the build itself uses g++
  ocl-icd-opencl-dev opencl-headers clinfo  # the OpenCL backend: the ICD loader, its headers
  libclblast1  # CLBlast, the OpenCL gemm variant 'clblast' (opened at run time)
  clpeak libclblast-dev  # bench/opencl.sh: clpeak's figures, and CLBlast called alone
)
# The OpenCL driver of a GPU this machine has: an Intel GPU shows under /dev/dri with Intel's
# vendor id (its user also needs the 'render' group to open it).
for vendor in /sys/class/drm/renderD*/device/vendor; do
  [ "$(cat "$vendor" 2>/dev/null)" = 0x8086 ] && packages+=(intel-opencl-icd) && break
done
for arg in "$@"; do
  case $arg in
    # --tests (scripts/test.sh): PoCL, OpenCL on the CPU, on which the OpenCL tests run anywhere,
    # and headless Chromium with poppler's pdftoppm, in which tests/browser opens the HTML reports
    # (a user who only runs the app gets no browser).
    --tests) packages+=(pocl-opencl-icd chromium poppler-utils) ;;
    # --with-torch: Debian's CPU-only PyTorch too, for bench/compare.sh --ref torch on this machine
    # (about 1 GB; the GPU machine brings its own CUDA PyTorch).
    --with-torch) packages+=(python3-torch) ;;
    *) echo "setup.sh: unknown option $arg (use --tests or --with-torch)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "setup: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
