#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The .deb as a user gets it: built with CPack from this build, checked by lintian (no error and
# no warning; its informational notes are printed), installed with dpkg, run from /usr/bin (the
# CLI lists the devices and sweeps, the app writes a chart and an HTML report headless, the man
# pages open), then removed, leaving no file of it behind. Exit 77 (skipped) without root, dpkg
# or cpack, or where a speeduplab package is already installed (it is the user's: never replaced).
#   tests/scripts/test_package.sh BUILD_DIR
set -uo pipefail
build=${1:?usage: test_package.sh BUILD_DIR}
[[ $(id -u) == 0 ]] || { echo "skip: installing a package needs root"; exit 77; }
for tool in dpkg dpkg-deb cpack; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skip: $tool not found"; exit 77; }
done
if dpkg-query -W -f='${Status}' speeduplab 2>/dev/null | grep -q 'ok installed'; then
  echo "skip: a speeduplab package is installed already (not ours to replace)"; exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/speeduplab package.XXXXXX") || exit 1
installed=0
cleanup() {
  ((installed)) && dpkg -r speeduplab >/dev/null 2>&1
  rm -rf -- "$tmp"
}
trap cleanup EXIT
failures=0
pass() { echo "ok   $1"; }
bad() { echo "FAIL $1"; failures=$((failures + 1)); }

if (cd "$build" && cpack --config CPackConfig.cmake -G DEB -B "$tmp/pkg") >"$tmp/cpack.log" 2>&1; then
  pass "cpack built the package"
else
  bad "cpack failed:"; tail -n 20 "$tmp/cpack.log"; exit 1
fi
shopt -s nullglob
debs=("$tmp"/pkg/speeduplab_*_*.deb)
shopt -u nullglob
if ((${#debs[@]} == 1)); then pass "a Debian-style name: $(basename "${debs[0]}")"; else
  bad "want one speeduplab_VERSION_ARCH.deb, found: $(ls "$tmp/pkg")"; exit 1
fi
deb=${debs[0]}
depends=$(dpkg-deb -f "$deb" Depends)
# Each clause once (dpkg-shlibdeps's alternatives for libOpenCL differ, and are kept as it wrote them).
dups=$(tr ',' '\n' <<<"$depends" | sed 's/^ *//; s/ *$//' | sort | uniq -d)
if [[ -z $dups ]]; then pass "Depends repeats no clause"; else bad "Depends repeats: $dups ($depends)"; fi

if command -v lintian >/dev/null 2>&1; then
  lint=$(lintian -I --pedantic "$deb" 2>/dev/null)
  if grep -Eq '^[EW]: ' <<<"$lint"; then bad "lintian: $(grep -E '^[EW]: ' <<<"$lint")"; else
    pass "lintian -I --pedantic: no error, no warning ($(grep -c '^[IP]: ' <<<"$lint") notes)"
  fi
else
  echo "note: lintian not installed: the package is not linted"
fi

if dpkg -i "$deb" >"$tmp/dpkg.log" 2>&1; then
  installed=1
  pass "dpkg -i installed it"
else
  bad "dpkg -i failed:"; cat "$tmp/dpkg.log"; exit 1
fi
hash -r
export QT_QPA_PLATFORM=offscreen OCL_ICD_VENDORS=$tmp/no-icds # no driver's time in this test
if o=$(/usr/bin/speeduplab-cli devices 2>&1) && grep -qi "cpu" <<<"$o"; then pass "speeduplab-cli devices"; else
  bad "speeduplab-cli devices: $o"
fi
if /usr/bin/speeduplab-cli run --workload add --sizes 4,40 --threads 1 --cpu-only --min-time 0.01 --max-reps 20 \
  --energy off --json "$tmp/run.json" >"$tmp/run.log" 2>&1 && [[ -s $tmp/run.json ]]; then
  pass "speeduplab-cli run wrote a result"
else
  bad "speeduplab-cli run:"; tail -n 20 "$tmp/run.log"
fi
if /usr/bin/speeduplab --headless --open "$tmp/run.json" --report "$tmp/report.html" >"$tmp/app.log" 2>&1 &&
  grep -q '<svg' "$tmp/report.html"; then
  pass "speeduplab --headless wrote an HTML report with its charts"
else
  bad "speeduplab --headless --report:"; tail -n 20 "$tmp/app.log"
fi
if /usr/bin/speeduplab --headless --open "$tmp/run.json" --png "$tmp/time.png" >>"$tmp/app.log" 2>&1 &&
  [[ $(head -c 8 "$tmp/time.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; then
  pass "speeduplab --headless wrote a PNG chart"
else
  bad "speeduplab --headless --png:"; tail -n 20 "$tmp/app.log"
fi
if command -v man >/dev/null 2>&1; then
  if MANPAGER=cat man -l /usr/share/man/man1/speeduplab-cli.1.gz 2>/dev/null | grep -q 'speeduplab-cli'; then
    pass "the man page opens"
  else bad "man speeduplab-cli"; fi
fi

files=$(dpkg -L speeduplab | while read -r f; do [[ -f $f || -L $f ]] && echo "$f"; done)
if dpkg -r speeduplab >"$tmp/dpkg.log" 2>&1; then installed=0; pass "dpkg -r removed it"; else
  bad "dpkg -r failed:"; cat "$tmp/dpkg.log"
fi
left=$(for f in $files; do [[ -e $f ]] && echo "$f"; done)
if [[ -z $left ]]; then pass "no file of it is left"; else bad "left behind: $left"; fi

((failures == 0)) && echo "all passed" || echo "$failures failed"
((failures == 0))
