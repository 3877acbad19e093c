#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The add sweep on Mesa's rusticl (llvmpipe, on the CPU), whose event timestamps are placeholders
# (QUEUED 0, SUBMIT 1, START 2, END 3 ns: tests/rusticl/cl_timestamps.c shows them). No point may
# then be "ok" above 1 TB/s, and every "ok" point, which the host's clock must have timed, says
# why in its reason. rusticl is the mesa-opencl-icd .deb unpacked by scripts/setup.sh --tests
# into $SPEEDUPLAB_RUSTICL_DIR (default /var/cache/speeduplab/rusticl), never installed: without
# it the test is skipped (exit 77) with the reason.
#   tests/scripts/test_rusticl.sh path/to/speeduplab-cli
set -uo pipefail
cli=${1:?usage: test_rusticl.sh path/to/speeduplab-cli}
dir=${SPEEDUPLAB_RUSTICL_DIR:-/var/cache/speeduplab/rusticl}
skip() { echo "skip: $*"; exit 77; }

[ -x "$cli" ] || { echo "FAIL: no CLI at $cli"; exit 1; }
[ -r "$dir/env.sh" ] || skip "no rusticl in $dir (scripts/setup.sh --tests lays it out)"
command -v python3 >/dev/null || { echo "FAIL: python3 is needed (scripts/setup.sh)"; exit 1; }
# shellcheck disable=SC1091
. "$dir/env.sh"
lib=$(head -n 1 "$OCL_ICD_VENDORS/rusticl.icd" 2>/dev/null)
{ [ -n "$lib" ] && [ -r "$lib" ]; } || skip "$OCL_ICD_VENDORS/rusticl.icd names no library that is there ($lib)"
unresolved=$(ldd "$lib" 2>&1 | grep 'not found')
[ -z "$unresolved" ] || skip "rusticl cannot load: $(echo "$unresolved" | tr -s ' \t\n' ' ')(scripts/setup.sh --tests)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rusticl test.XXXXXX") || exit 1 # a space in the path
trap 'rm -rf -- "$tmp"' EXIT

# Installed as the package lays it out (rusticl and Clover), without RUSTICL_ENABLE: no device,
# and `devices` says what to set for an Intel GPU.
idle=$(env -u RUSTICL_ENABLE OCL_ICD_VENDORS="$dir/vendors-mesa" "$cli" devices 2>&1)
if grep -q "RUSTICL_ENABLE=iris" <<<"$idle" && grep -q "OpenCL: none usable" <<<"$idle"; then
  echo "ok   devices says what to set when rusticl shows no device"
else
  echo "FAIL devices says nothing of RUSTICL_ENABLE when rusticl shows no device:"
  echo "$idle"
  idle_failed=1
fi

# The CLI sees rusticl alone (OCL_ICD_VENDORS), so its device is opencl:0; its name must say so.
devices=$("$cli" devices 2>&1)
echo "$devices"
grep -q 'llvmpipe' <<<"$devices" || skip "the CLI shows no llvmpipe device through rusticl"

start=$(date +%s.%N)
"$cli" run -w add --device opencl:0 --sizes 64,1024 --iterations 100 --min-time 0.02 --gpu-only \
  --energy off --json "$tmp/out.json" >"$tmp/run.txt" 2>&1
rc=$?
cat "$tmp/run.txt"
echo "run: exit $rc, $(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$start" "$(date +%s.%N)") s"
[ -s "$tmp/out.json" ] || { echo "FAIL: the run wrote no $tmp/out.json (exit $rc)"; exit 1; }

python3 - "$tmp/out.json" <<'PY'
import json, re, sys

doc = json.load(open(sys.argv[1]))
devices = (doc.get("machine") or {}).get("opencl_devices") or []
names = {d.get("index"): d.get("name", "") for d in devices}
rows = [r for r in doc.get("rows", []) if r.get("backend") == "opencl"]
passed = failed = 0

def check(ok, what):
    global passed, failed
    print(("ok   " if ok else "FAIL ") + what)
    if ok:
        passed += 1
    else:
        failed += 1

check("llvmpipe" in names.get(0, ""), f"opencl:0 is llvmpipe ({names.get(0, 'not in machine.opencl_devices')!r})")
check(len(rows) > 0, f"{len(rows)} OpenCL rows")
good = [r for r in rows if r.get("status") == "ok"]
check(len(good) > 0, f"{len(good)} of them ok (timed by the host, they still run)")
for r in rows:
    label = f"{r.get('mode') or '-'} n={r.get('n')} {r.get('status')}"
    bytes_, median = float(r.get("bytes") or 0), float(r.get("median_s") or 0)
    rate = bytes_ / median if median > 0 else float("inf")
    reason = r.get("reason", "")
    shown = f"{rate / 1e9:.6g} GB/s" if median > 0 else "no rate"
    print(f"     {label}: median_s {median:.6g}, bytes {bytes_:.6g}, {shown}, reason {reason!r}")
    if r.get("status") != "ok":
        check(bool(reason), f"{label}: a point that is not ok says why")
        continue
    check(rate <= 1e12, f"{label}: {rate / 1e9:.6g} GB/s <= 1000 GB/s")
    # Placeholder timestamps: every ok point was timed on the host's clock, and says so and why.
    check(re.search(r"host", reason, re.I) is not None
          and re.search(r"placeholder|resolution|timestamp|implausibl|below", reason, re.I) is not None,
          f"{label}: the reason names the host's clock and why ({reason!r})")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
status=$?

# llvmpipe allows a kernel 32 work-items a group (CL_KERNEL_WORK_GROUP_SIZE) of its 1024: the tiled
# gemm, which needs 16 x 16, is skipped with that reason; the naive one runs in smaller groups.
gemm=$("$cli" run -w gemm --variant tiled,naive --device opencl:0 --gpu-only --sizes 33 --modes launch \
  --min-time 0 --energy off 2>&1)
if grep -E 'launch \(tiled\).*skipped: .*CL_KERNEL_WORK_GROUP_SIZE' <<<"$gemm" >/dev/null &&
  grep -E 'launch \(naive\) +33 .* ok' <<<"$gemm" >/dev/null; then
  echo "ok   gemm: tiled skipped for its work-group, naive in smaller groups"
else
  echo "FAIL gemm on llvmpipe's work-groups:"
  echo "$gemm"
  status=1
fi
[ $status = 0 ] && [ -z "${idle_failed:-}" ]
