#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The window through AT-SPI, as a screen reader reads it (tests/ui/test_atspi.py): the app under
# Xvfb in a D-Bus session of its own, with the accessibility bus it starts, twice:
#   1. with no file open: every control shown is named, and so is the window;
#   2. with a shipped recording of an H200 open: the same on every chart tab, and each chart's
#      texts (its crossovers among them) and data table readable.
#   tests/ui/test_atspi.sh PATH/TO/speeduplab RECORDING.csv
# Needs Xvfb, dbus-run-session, at-spi2-core and python3-pyatspi (scripts/setup.sh --tests):
# without them the test fails and says so.
set -euo pipefail
app=$1
recording=$2
here=$(cd "$(dirname "$0")" && pwd)
python=/usr/bin/python3 # Debian's, which has python3-pyatspi (not a python3 of pyenv or a venv)
for tool in Xvfb dbus-run-session "$python"; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing: run scripts/setup.sh --tests"; exit 1; }
done
[ -x /usr/libexec/at-spi-bus-launcher ] ||
  { echo "FAIL: at-spi2-core is missing (no at-spi-bus-launcher): run scripts/setup.sh --tests"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT

# One run: Xvfb on a free display, the app, then the check; each stopped by its PID.
session() {
  local check=$1
  shift
  cat > "$tmp/session.sh" <<'INNER'
set -u
tmp=$1 python=$2 script=$3 check=$4 app=$5
shift 5
exec 3> "$tmp/display"
Xvfb -displayfd 3 -screen 0 1280x900x24 -nolisten tcp > "$tmp/xvfb.log" 2>&1 &
xvfb=$!
for _ in $(seq 100); do [ -s "$tmp/display" ] && break; sleep 0.1; done
[ -s "$tmp/display" ] || { echo "FAIL: Xvfb did not start:"; cat "$tmp/xvfb.log"; kill $xvfb; exit 1; }
export DISPLAY=:$(head -n 1 "$tmp/display")
# Qt exposes the window on the accessibility bus only when asked to (no screen reader runs here).
export QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_ACCESSIBILITY=1 QT_QPA_PLATFORM=xcb LANGUAGE=en
"$app" --settings "$tmp/settings.ini" "$@" > "$tmp/app.log" 2>&1 &
pid=$!
timeout 120 "$python" "$script" "$check"
rc=$?
kill $pid 2>/dev/null; wait $pid 2>/dev/null
kill $xvfb 2>/dev/null; wait $xvfb 2>/dev/null
[ $rc -eq 0 ] || { echo "the app's output:"; cat "$tmp/app.log"; }
exit $rc
INNER
  rm -f "$tmp/display" "$tmp/settings.ini"
  # The D-Bus daemon cannot raise its file limit as an unprivileged container's root: that is said
  # on stderr and harmless; the rest of stderr is kept.
  dbus-run-session -- bash "$tmp/session.sh" "$tmp" "$python" "$here/test_atspi.py" "$check" "$app" "$@" \
    2> >(grep -v -e 'Failed to set fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon' >&2)
}

echo "== no file open"
session named
echo "== $(basename "$recording") open"
session charts "$recording"
