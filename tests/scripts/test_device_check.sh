#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tests scripts/device-check.sh without a GPU: its plan (every call within MAX_CALL_SECONDS, at
# most 400 s, of stage limits, leaving at most 3 files in $OUT, every stage in a call, each
# stage's inner limits below its own, `first` taking what never ran before add-large, and the
# line saying that one call fits a 15-minute budget), then each call run for real with stand-ins
# for the CLI and the GPU tests (what $OUT holds afterwards, what all.tgz holds), a CLI that
# ignores SIGTERM, which the stage's limit must still kill, and a CLI whose library is missing,
# which must stop the call at setup, naming it.
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
max=$(sed -n 's/^MAX_CALL_SECONDS=\([0-9][0-9]*\).*/\1/p' "$check")
((${max:-999} <= 400)) && pass "MAX_CALL_SECONDS=$max <= 400 (one call and the start in 15 minutes)" ||
  bad "MAX_CALL_SECONDS='$max', want <= 400"
max=${max:-400}
plan=$(bash "$check" plan) || bad "plan exits 0"
echo "$plan"
calls=0
covered=" "
declare -A limit=()
while IFS= read -r l; do
  if [[ $l == "one call fits"* ]]; then
    [[ $l == *'15-minute'*'`first`'*second*third*fourth* ]] && pass "plan says one call fits and which comes next" ||
      bad "plan's budget line: $l"
    continue
  fi
  [[ $l =~ ^call\ ([a-z]+):\ (.*)\ =\ ([0-9]+)\ s\ of\ stage\ limits.*\$OUT:\ (.*)$ ]] || { bad "plan line: $l"; continue; }
  calls=$((calls + 1))
  name=${BASH_REMATCH[1]} stagesum=${BASH_REMATCH[2]} total=${BASH_REMATCH[3]} files=${BASH_REMATCH[4]}
  # The sum is the sum of the parts it shows.
  sum=0
  for part in ${stagesum//+/ }; do [[ $part =~ ^[0-9]+$ ]] && sum=$((sum + part)); done
  for part in ${stagesum//+/ }; do [[ $part =~ ^[0-9]+$ ]] || covered+="$part "; done
  set -- ${stagesum//+/ }
  order=()
  while [ $# -ge 2 ]; do limit[$1]=$2; order+=("$1"); shift 2; [ "${1:-}" = + ] && shift; done
  [ "$name" = first ] && first_stages=${order[*]}
  ((sum == total)) && pass "call $name: its limits add up to $total s" || bad "call $name: $sum != $total"
  ((total <= max)) && pass "call $name: $total s <= $max s" || bad "call $name: $total s > $max s"
  n=$(wc -w <<<"$files")
  ((n <= 3)) && pass "call $name: $n files in \$OUT" || bad "call $name: $n files in \$OUT ($files)"
done <<<"$plan"
((calls >= 4)) && pass "plan: $calls calls" || bad "plan: $calls calls, want first to fourth"
grep -q '^one call fits' <<<"$plan" || bad "plan does not say that one call fits a 15-minute budget"
# first: what never ran on a GPU, then add-large, last.
read -ra order <<<"${first_stages:-}"
[ "${order[${#order[@]}-1]:-}" = add-large ] && pass "first ends with add-large" || bad "first: ${order[*]:-none}"
for s in setup gputests verify scan spmv gemm cache unsynced calibrate add-large; do
  [[ " ${order[*]:-} " == *" $s "* ]] && pass "first holds $s" || bad "first lacks $s"
done
# Each stage's inner limits (limited, cli_run, compare_one N) add up to less than its own limit.
while read -r s inner; do
  [ -n "${limit[$s]:-}" ] || continue
  ((inner < limit[$s])) && pass "stage $s: inner limits $inner s < ${limit[$s]} s" ||
    bad "stage $s: inner limits $inner s >= its limit ${limit[$s]} s"
done < <(awk '
  /^stage_[a-z0-9-]+\(\)/ { name = $1; sub(/^stage_/, "", name); sub(/\(\).*/, "", name); sum = 0; inside = 1; first = 1 }
  inside {
    rest = $0
    while (match(rest, /(limited|cli_run|compare_one) [0-9]+/)) {
      part = substr(rest, RSTART, RLENGTH); sub(/^[a-z_]+ /, "", part); sum += part
      rest = substr(rest, RSTART + RLENGTH)
    }
    if ($0 ~ /^}/ || (first && $0 ~ /; }$/)) { print name, sum; inside = 0 }
    first = 0
  }' "$check")
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
for f in gputests.txt add-46341.json verify.txt unsynced.json; do
  grep -qx "./$f" <<<"$inside" && pass "first: $f is in all.tgz" || bad "first: $f missing from all.tgz"
done
grep -q 'MemAvailable' "$tmp/out-first/log.txt" && pass "first: the log records MemAvailable" ||
  bad "first: no MemAvailable in the log"
# fourth on a machine that never ran second: it says it shows the shipped recording (here, it skips
# earlier for want of a Qt runtime, and says that instead).
grep -q 'gui skipped' "$tmp/out-fourth/log.txt" && pass "fourth without a Qt runtime says gui skipped" ||
  bad "fourth: no reason for the gui stage in the log"

# --- figures ------------------------------------------------------------------------------------
# verify's figure is met with 0 failed when every skip is for a known reason (the carried OpenBLAS
# without bf16, CLBlast in graph mode), and not met for any other skip (a CUDA point without a
# driver) or a GPU not checked.
figures=$root/scripts/device_figures.py
bf16='has no cblas_sbgemm: it was built without bfloat16 support (BUILD_BFLOAT16), so there is no CPU bf16 GEMM'
{
  echo "Checking every workload, variant and mode against the CPU reference"
  echo "PASS  add  CPU 1 thread  n = 1"
  echo "SKIP  gemm  CPU 1 thread (blas-bf16)  n = 1  OpenBLAS 0.3.21 (/tmp/blas/lib/libopenblas.so.0) $bf16"
  echo "SKIP  gemm  opencl:0 graph (clblast)  n = 1  graph mode records OpenCL kernels only, and gemm (clblast) is not one: a library call or a copy"
  echo "1 passed, 0 failed, 2 skipped"
} >"$tmp/verify-known.txt"
out=$(python3 "$figures" verify "$tmp/verify-known.txt")
grep -qE '^verify .* 0 failed, 2 skipped .* met$' <<<"$out" && pass "verify's figure: known skips only, met" ||
  bad "verify's figure with known skips: $out"
sed 's/^1 passed, 0 failed, 2 skipped$/SKIP  gemm  GPU graph (cublas)  n = 1  No NVIDIA driver was found\n1 passed, 0 failed, 3 skipped/' \
  "$tmp/verify-known.txt" >"$tmp/verify-unknown.txt"
out=$(python3 "$figures" verify "$tmp/verify-unknown.txt")
grep -qE '^verify .* NOT MET$' <<<"$out" && grep -q 'No NVIDIA driver' <<<"$out" &&
  pass "verify's figure: an unknown skip is printed, not met" || bad "verify's figure with an unknown skip: $out"
echo "GPU not checked: No NVIDIA driver was found" >>"$tmp/verify-known.txt"
out=$(python3 "$figures" verify "$tmp/verify-known.txt")
grep -qE '^verify .* NOT MET$' <<<"$out" && pass "verify's figure: a GPU not checked, not met" ||
  bad "verify's figure with the GPU not checked: $out"
# unsynced's figure: the queue time against the synchronised one at n = 4096.
cat >"$tmp/unsynced.json" <<'JSON'
{"machine": {}, "rows": [
 {"backend": "cuda", "mode": "launch", "n": 4096, "status": "ok", "iterations": 1000, "median_s": 0.050, "min_s": 0.049, "max_s": 0.051},
 {"backend": "cuda", "mode": "unsynced", "n": 4096, "status": "ok", "iterations": 1000, "median_s": 0.004, "min_s": 0.004,
  "max_s": 0.005, "synced_median_s": 0.0502, "synced_min_s": 0.0500, "synced_max_s": 0.0505}]}
JSON
out=$(python3 "$figures" unsynced "$tmp/unsynced.json")
grep -qE '^unsynced add n = 4096 queued / synced .* = 0\.08 .* met$' <<<"$out" &&
  grep -qE '^unsynced add n = 4096 synced vs launch .* met$' <<<"$out" && pass "unsynced's figure" ||
  bad "unsynced's figure: $out"

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

# --- a CLI whose library is missing -----------------------------------------------------------
# A real program linked against a library that is then removed: setup's ldd check must stop the
# call before any stage, naming the library and the program.
if command -v gcc >/dev/null && command -v ldd >/dev/null; then
  mkdir -p "$tmp/gone"
  echo 'int standin(void) { return 0; }' >"$tmp/gone/standin.c"
  echo 'int standin(void); int main(void) { return standin(); }' >"$tmp/gone/main.c"
  if gcc -shared -fPIC -o "$tmp/gone/libspeeduplabgone.so" "$tmp/gone/standin.c" &&
    gcc -o "$tmp/gone/needs-gone" "$tmp/gone/main.c" -L"$tmp/gone" -lspeeduplabgone &&
    rm "$tmp/gone/libspeeduplabgone.so"; then
    OUT=$tmp/out-gone WORK=$tmp/work-gone SPEEDUPLAB_DEVICE_CLI="$tmp/gone/needs-gone" \
      SPEEDUPLAB_DEVICE_GPUTESTS="$tmp/bin/fake tests" SPEEDUPLAB_DEVICE_CARRY="$tmp/carry" \
      bash "$check" first >"$tmp/gone.txt" 2>&1
    rc=$?
    ((rc != 0)) && pass "a missing library fails the call (exit $rc)" || bad "a missing library: the call exited 0"
    grep -q "libraries not found.*needs-gone needs libspeeduplabgone.so" "$tmp/out-gone/log.txt" &&
      pass "the log names the missing library and the program" || bad "no missing library named in the log"
    grep -qE ' (gputests|verify|devices) \(limit' "$tmp/out-gone/log.txt" && bad "a stage ran despite the missing library" ||
      pass "no stage ran"
    left=$(cd "$tmp/out-gone" && ls -A | sort | paste -sd ' ')
    [ "$left" = "all.tgz figures.txt log.txt" ] && pass "and \$OUT holds $left" || bad "missing library: \$OUT holds '$left'"
  else
    bad "could not build the stand-in program with gcc"
  fi
else
  echo "skip a CLI whose library is missing: no gcc or ldd here"
fi

echo "$failures failed"
((failures == 0))
