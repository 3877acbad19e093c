#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets with clang (SPEEDUPLAB_FUZZ=ON, in build/fuzz) and runs each,
# one process, for SECONDS (default 60):
#   resultio: the result loaders. Seeds: tests/fuzz/corpus/. A crash, leak or hang is saved under
#             tests/fuzz/crashes/, where the regular test run (tst_fuzzcorpus) replays it.
#   settings: the settings file, read as the window reads --settings FILE (needs the GUI library,
#             so Qt is built against here too). Seeds and findings: tests/fuzz/settings/, which
#             tst_settings replays.
# New inputs go to build/fuzz/corpus-TARGET/ (not the repository).
#   scripts/fuzz.sh [SECONDS] [more libFuzzer options]
#   SPEEDUPLAB_FUZZ_TARGETS="resultio" scripts/fuzz.sh 30   (default: "resultio settings")
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
build=${SPEEDUPLAB_FUZZ_BUILD:-$root/build/fuzz}
targets=${SPEEDUPLAB_FUZZ_TARGETS:-resultio settings}
if ! command -v clang++ >/dev/null; then
  echo "fuzz: clang++ not found: run scripts/setup.sh" >&2
  exit 1
fi
gui=OFF
case " $targets " in *" settings "*) gui=ON ;; esac
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DSPEEDUPLAB_FUZZ=ON -DSPEEDUPLAB_GUI=$gui -DSPEEDUPLAB_TESTS=OFF -DSPEEDUPLAB_CUDA=OFF \
  -DSPEEDUPLAB_BLAS=OFF >/dev/null
rc=0
for target in $targets; do
  case $target in
    resultio) seeds=$root/tests/fuzz/corpus; found=$root/tests/fuzz/crashes/
              extra=(-dict="$root/tests/fuzz/resultio.dict" -max_len=8192) ;;
    settings) seeds=$root/tests/fuzz/settings; found=$root/tests/fuzz/settings/
              extra=(-max_len=4096)
              export QT_QPA_PLATFORM=offscreen ;;
    *) echo "fuzz: no target '$target' (resultio, settings)" >&2; exit 2 ;;
  esac
  cmake --build "$build" --target "fuzz_$target"
  mkdir -p "$build/corpus-$target" "$found"
  echo "fuzz: running fuzz_$target for ${seconds} s"
  # Each target runs whatever the other found; the exit status is the first failure's.
  "$build/tests/fuzz/fuzz_$target" "$build/corpus-$target" "$seeds" "${extra[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$found" "$@" || { r=$?; [ $rc -eq 0 ] && rc=$r; }
done
exit $rc
