#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the result loaders' libFuzzer target with clang (SPEEDUPLAB_FUZZ=ON, in build/fuzz)
# and runs it, one process, for SECONDS (default 60). Seeds: tests/fuzz/corpus/. New inputs
# go to build/fuzz/corpus/ (not the repository); a crash, leak or hang is saved under
# tests/fuzz/crashes/, where the regular test run (tst_fuzzcorpus) replays it from then on.
#   scripts/fuzz.sh [SECONDS] [more libFuzzer options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
build=${SPEEDUPLAB_FUZZ_BUILD:-$root/build/fuzz}
if ! command -v clang++ >/dev/null; then
  echo "fuzz: clang++ not found: run scripts/setup.sh" >&2
  exit 1
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DSPEEDUPLAB_FUZZ=ON -DSPEEDUPLAB_GUI=OFF -DSPEEDUPLAB_TESTS=OFF -DSPEEDUPLAB_CUDA=OFF \
  -DSPEEDUPLAB_BLAS=OFF >/dev/null
cmake --build "$build" --target fuzz_resultio
mkdir -p "$build/corpus" "$root/tests/fuzz/crashes"
echo "fuzz: running for ${seconds} s"
exec "$build/tests/fuzz/fuzz_resultio" "$build/corpus" "$root/tests/fuzz/corpus" \
  -dict="$root/tests/fuzz/resultio.dict" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
  -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$root/tests/fuzz/crashes/" "$@"
