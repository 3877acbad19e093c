#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tests scripts/device-check.sh without a GPU: its plan (every call within 480 s of stage limits,
# leaving at most 3 files in $OUT, every stage in a call), then each call run for real with
# stand-ins for the CLI and the GPU tests (what $OUT holds afterwards, what all.tgz holds), and
# a CLI that ignores SIGTERM, which the stage's limit must still kill.
#   tests/scripts/test_device_check.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
check=$root/scripts/device-check.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/device check.XXXXXX") || exit 1 # a space in every path
trap 'rm -rf -- "$tmp"' EXIT
unset OUT WORK SPEEDUPLAB_DEVICE_CLI SPEEDUPLAB_DEVICE_GPUTESTS SPEEDUPLAB_DEVICE_LIMIT SPEEDUPLAB_DEVICE_CARRY

failures=0
pass() { echo "ok   $1"; }
bad() { echo "FAIL $1"; failures=$((failures + 1)); }

if bash -n "$check"; then pass "bash -n device-check.sh"; else bad "bash -n device-check.sh"; fi

# --- plan ------------------------------------------------------------------------------------
plan=$(bash "$check" plan) || bad "plan exits 0"
echo "$plan"
calls=0
covered=" "
while IFS= read -r l; do
  [[ $l =~ ^call\ ([a-z]+):\ (.*)\ =\ ([0-9]+)\ s\ of\ stage\ limits.*\$OUT:\ (.*)$ ]] || { bad "plan line: $l"; continue; }
  calls=$((calls + 1))
  name=${BASH_REMATCH[1]} stagesum=${BASH_REMATCH[2]} total=${BASH_REMATCH[3]} files=${BASH_REMATCH[4]}
  # The sum is the sum of the parts it shows.
  sum=0
  for part in ${stagesum//+/ }; do [[ $part =~ ^[0-9]+$ ]] && sum=$((sum + part)); done
  for part in ${stagesum//+/ }; do [[ $part =~ ^[0-9]+$ ]] || covered+="$part "; done
  ((sum == total)) && pass "call $name: its limits add up to $total s" || bad "call $name: $sum != $total"
  ((total <= 480)) && pass "call $name: $total s <= 480 s" || bad "call $name: $total s > 480 s"
  n=$(wc -w <<<"$files")
  ((n <= 3)) && pass "call $name: $n files in \$OUT" || bad "call $name: $n files in \$OUT ($files)"
done <<<"$plan"
((calls >= 4)) && pass "plan: $calls calls" || bad "plan: $calls calls, want first to fourth"
# Every stage the script defines runs in some call.
for s in $(grep -oE '^stage_[a-z0-9-]+\(\)' "$check" | sed 's/^stage_//; s/()$//'); do
  [[ $covered == *" $s "* ]] && pass "stage $s is in a call" || bad "stage $s is in no call"
done

# --- stand-ins ---------------------------------------------------------------------------------
mkdir -p "$tmp/bin" "$tmp/carry"
cat >"$tmp/bin/fake cli" <<'SH'
#!/usr/bin/env bash
# Says what it was asked; with --json FILE it writes a result with no rows.
echo "fake speeduplab-cli $*"
while [ $# -gt 0 ]; do
  if [ "$1" = --json ]; then echo '{"machine": {}, "rows": []}' >"$2"; fi
  shift
done
SH
cat >"$tmp/bin/fake tests" <<'SH'
#!/usr/bin/env bash
echo "PASS   stand-in"
echo "Totals: 1 passed, 0 failed, 0 skipped"
SH
cat >"$tmp/bin/stubborn cli" <<'SH'
#!/usr/bin/env bash
# Ignores SIGTERM (as the CLI, which traps it to write what it has, may seem to) and never ends.
trap '' TERM
echo $$ >>"$STUBBORN_PIDS"
exec sleep 300
SH
chmod +x "$tmp/bin/"*

for call in first second third fourth; do
  out=$tmp/out-$call work=$tmp/work-$call
  t0=$SECONDS
  OUT=$out WORK=$work SPEEDUPLAB_DEVICE_CLI="$tmp/bin/fake cli" SPEEDUPLAB_DEVICE_GPUTESTS="$tmp/bin/fake tests" \
    SPEEDUPLAB_DEVICE_CARRY="$tmp/carry" bash "$check" $call >"$tmp/$call.txt" 2>&1
  rc=$?
  left=$(cd "$out" && ls -A | sort | paste -sd ' ')
  [ "$left" = "all.tgz figures.txt log.txt" ] && pass "call $call ($((SECONDS - t0)) s, exit $rc): \$OUT holds $left" ||
    bad "call $call: \$OUT holds '$left'"
  inside=$(tar -tzf "$out/all.tgz" 2>/dev/null)
  grep -qx 'log.txt' <<<"$inside" && grep -qx 'figures.txt' <<<"$inside" && pass "call $call: all.tgz holds the log and figures" ||
    bad "call $call: all.tgz holds: $inside"
  grep -q "done (status" "$out/log.txt" && pass "call $call: the log ends with its status" || bad "call $call: no status in the log"
done
# The working files went into the archive, not $OUT. (The listing is read whole first: grep -q
# ending early would kill tar with SIGPIPE, which pipefail reports as a failure.)
inside=$(tar -tzf "$tmp/out-first/all.tgz")
for f in gputests.txt add-46341.json verify.txt; do
  grep -qx "./$f" <<<"$inside" && pass "first: $f is in all.tgz" || bad "first: $f missing from all.tgz"
done
grep -q 'MemAvailable' "$tmp/out-first/log.txt" && pass "first: the log records MemAvailable" ||
  bad "first: no MemAvailable in the log"
# fourth on a machine that never ran second: it says it shows the shipped recording (here, it skips
# earlier for want of a Qt runtime, and says that instead).
grep -q 'gui skipped' "$tmp/out-fourth/log.txt" && pass "fourth without a Qt runtime says gui skipped" ||
  bad "fourth: no reason for the gui stage in the log"

# --- a CLI that ignores SIGTERM ------------------------------------------------------------------
export STUBBORN_PIDS=$tmp/stubborn.pids
: >"$STUBBORN_PIDS"
t0=$SECONDS
OUT=$tmp/out-stubborn WORK=$tmp/work-stubborn SPEEDUPLAB_DEVICE_CLI="$tmp/bin/stubborn cli" \
  SPEEDUPLAB_DEVICE_CARRY="$tmp/carry" SPEEDUPLAB_DEVICE_LIMIT=2 bash "$check" devices >"$tmp/stubborn.txt" 2>&1
rc=$?
took=$((SECONDS - t0))
# setup's `--version` (5 s, then killed) and the stage (2 s, then 5 s more) both meet it.
((took < 30)) && pass "a CLI that ignores SIGTERM is killed: the call took $took s" || bad "the stubborn call took $took s"
((rc != 0)) && pass "and the call fails (exit $rc)" || bad "the stubborn call exited 0"
grep -q 'ran past its limit of 2 s' "$tmp/out-stubborn/log.txt" && pass "the log says the stage ran past its limit" ||
  bad "no 'ran past its limit' in the log"
sleep 1
alive=0
while read -r pid; do kill -0 "$pid" 2>/dev/null && alive=$((alive + 1)) && kill -9 "$pid"; done <"$STUBBORN_PIDS"
((alive == 0)) && pass "no stubborn CLI is left running" || bad "$alive stubborn CLIs outlived their limit"

echo "$failures failed"
((failures == 0))
