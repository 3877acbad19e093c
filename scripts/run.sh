#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds SpeedupLab and starts it. With a display, the window opens. Without one, the default
# sweep (the seed experiment) runs headless and its chart and data land in a named folder; on a
# machine without a usable GPU, its chart puts this CPU beside the shipped H200 recording's GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
bin=build/release/ui/speeduplab
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$bin" ]; then
  exec "$bin" "$@"
fi
out=${SPEEDUPLAB_OUTPUT:-speeduplab-output}
mkdir -p "$out"
if [ -x "$bin" ]; then
  echo "No display: running the seed sweep headless; the chart and data go to $out/"
  # Without a usable GPU, the shipped H200 recording is drawn beside this CPU: a crossover to see.
  QT_QPA_PLATFORM=offscreen "$bin" --headless --preset seed --beside-example --png "$out/seed.png" \
    --svg "$out/seed.svg" --csv "$out/seed.csv" --json "$out/seed.json" "$@"
else
  echo "No display and no GUI build: running the seed sweep with the CLI; the data go to $out/"
  build/release/cli/speeduplab-cli run --workload add --range 4:4000:4 --iterations 1000 --threads all \
    --csv "$out/seed.csv" --json "$out/seed.json" "$@"
fi
echo "Results are in $out/"
