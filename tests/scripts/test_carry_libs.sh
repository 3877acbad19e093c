#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tests scripts/carry-libs.sh on the real build: it carries the libraries of speeduplab-cli and
# tst_gpubackend (and of the libraries the CLI opens at run time, as scripts/pack-carry.sh names
# them with --with), then runs the programs in a root of their own (chroot) that holds only the
# carry and the base set (glibc, GCC's runtime, zlib, CUDA: the libraries carry-libs.sh assumes
# on the GPU machine, copied from this one), as on the GPU machine:
#   - `speeduplab-cli --version`, `devices` (which must find the carried OpenBLAS) and a blas
#     gemm point start and exit 0;
#   - tst_gpubackend starts and, with no NVIDIA driver in the root, skips its GPU checks: exit 0,
#     "Totals: N passed, 0 failed, M skipped" with M > 0;
#   - every carried library finds its own libraries there (the loader's --list);
#   - no base library (libstdc++, libgcc_s, libgomp, glibc) is carried;
#   - without the carried libhwloc (or another linked library), the CLI does not start: the root
#     holds nothing else that could stand in.
# Needs root for chroot (else `unshare -r`); where neither works it skips (exit 77) with why.
#   tests/scripts/test_carry_libs.sh CLI [GPU_TESTS]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root_dir=$(cd "$here/../.." && pwd)
carry_libs=$root_dir/scripts/carry-libs.sh
[ $# -ge 1 ] || { echo "usage: $0 CLI [GPU_TESTS]" >&2; exit 2; }
programs=("$@")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/carry libs.XXXXXX") || exit 1 # a space in every path
trap 'rm -rf -- "$tmp"' EXIT

failures=0
pass() { echo "ok   $1"; }
bad() { echo "FAIL $1"; failures=$((failures + 1)); }
skip() { echo "skip: $1"; exit 77; }

[ "$(uname -s)" = Linux ] || skip "not Linux"
command -v ldd >/dev/null || skip "no ldd"
bash -n "$carry_libs" && pass "bash -n carry-libs.sh" || bad "bash -n carry-libs.sh"

# The CUDA toolkit's libraries, if a program links one: found here as the GPU machine's are there.
for d in /usr/local/cuda/lib64 /usr/local/cuda/lib /usr/local/cuda/targets/x86_64-linux/lib; do
  [ -d "$d" ] && export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$d
done
# The libraries opened at run time, as scripts/pack-carry.sh names them (those installed here).
with=()
for lib in $(grep -oE -- '--with [^ ]+' "$root_dir/scripts/pack-carry.sh" | cut -d' ' -f2); do
  if [ -f "$lib" ]; then with+=(--with "$lib"); else echo "note: $lib is not installed here: not carried"; fi
done

root=$tmp/root
mkdir -p "$root/carry/bin" "$root/tmp"
for p in "${programs[@]}"; do cp "$p" "$root/carry/bin/"; done
cli=/carry/bin/$(basename "$1")
gputests=${2:+/carry/bin/$(basename "$2")}

# --- the carry -------------------------------------------------------------------------------------
t0=$SECONDS
if out=$("$carry_libs" "${with[@]}" "$root"/carry/bin/* "$root/carry/lib" 2>&1); then
  pass "carry-libs.sh copied $(grep -c '^carried' <<<"$out") libraries"
else
  bad "carry-libs.sh failed"
fi
echo "$out" | sed 's/^/    /'
# The base set as carry-libs.sh itself names it (zlib among them): never carried, never missing.
base_names=$("$carry_libs" --base "${with[@]}" "$root"/carry/bin/* | xargs -n1 basename)
for name in $(LC_ALL=C ldd "$root"/carry/bin/* | awk '$2 == "=>" {print $1}' | sort -u); do
  grep -qxF -- "$name" <<<"$base_names" && continue
  [ -f "$root/carry/lib/$name" ] && pass "carried: $name" || bad "not carried: $name (the programs link it)"
done
for base in 'libstdc++.so.*' 'libgcc_s.so.*' 'libgomp.so.*' 'libc.so.*' 'libm.so.*' 'ld-linux*'; do
  # shellcheck disable=SC2086 # a glob on purpose
  found=$(cd "$root/carry/lib" && ls -d $base 2>/dev/null | paste -sd ' ')
  [ -z "$found" ] && pass "no $base carried" || bad "a base library is carried: $found"
done

# --- the base set, copied from this machine as the GPU machine's stand-in --------------------------
base=$("$carry_libs" --base "${with[@]}" "$root"/carry/bin/*) || bad "carry-libs.sh --base failed"
dirs=""
loader=""
for p in $base; do
  mkdir -p "$root$(dirname "$p")" && cp -L "$p" "$root$p"
  case $(basename "$p") in
    ld-linux*) loader=$p ;;
    *) [[ ":$dirs:" == *":$(dirname "$p"):"* ]] || dirs+=":$(dirname "$p")" ;;
  esac
done
echo "    base: $(paste -sd ' ' <<<"$base")"
[ -n "$loader" ] || bad "no dynamic loader in the base set's paths"
path=/carry/lib$dirs

# chroot as root; else in a user namespace (unshare -r), where this kernel allows it.
run=()
chroot=$(command -v chroot) || skip "no chroot program"
if [ -n "$loader" ] && "$chroot" "$root" "$loader" --version >/dev/null 2>&1; then
  run=("$chroot" "$root")
elif command -v unshare >/dev/null && unshare -r "$chroot" "$root" "$loader" --version >/dev/null 2>&1; then
  run=(unshare -r "$chroot" "$root")
else
  skip "cannot chroot here (not root, and no user namespaces): the carried programs were not run"
fi
pass "a root with only the carry and the base set: ${run[*]:0:2}"
inroot() { env -i LD_LIBRARY_PATH="$path" HOME=/tmp TMPDIR=/tmp timeout 60 "${run[@]}" "$@"; }

# --- the carried programs, in it -------------------------------------------------------------------
out=$(inroot "$cli" --version 2>&1)
rc=$?
((rc == 0)) && pass "speeduplab-cli --version: $out" || bad "speeduplab-cli --version: exit $rc: $out"
out=$(inroot "$cli" devices 2>&1)
rc=$?
((rc == 0)) && pass "speeduplab-cli devices exits 0" || bad "speeduplab-cli devices: exit $rc: $out"
if [ ${#with[@]} -gt 0 ] && grep -q 'openblas' <<<"${with[*]}"; then
  grep -q '^BLAS: OpenBLAS' <<<"$out" && pass "devices: $(grep '^BLAS:' <<<"$out")" ||
    bad "devices finds no carried OpenBLAS: $(grep '^BLAS' <<<"$out")"
  out=$(inroot "$cli" run --workload gemm --variant blas --sizes 16,64 --threads 1 --cpu-only --energy off \
    --min-time 0 --max-reps 2 2>&1)
  rc=$?
  rows=$(grep -c '(blas).* ok' <<<"$out")
  ((rc == 0 && rows == 2)) && pass "a blas gemm with the carried OpenBLAS: $rows points ok" ||
    bad "blas gemm: exit $rc, $rows points ok: $out"
fi
if [ -n "$gputests" ]; then
  out=$(inroot "$gputests" 2>&1)
  rc=$?
  totals=$(grep '^Totals:' <<<"$out")
  [[ $rc == 0 && $totals =~ ^Totals:\ [0-9]+\ passed,\ 0\ failed,\ ([0-9]+)\ skipped && ${BASH_REMATCH[1]} -gt 0 ]] &&
    pass "tst_gpubackend starts and skips without a driver: $totals" || bad "tst_gpubackend: exit $rc, '$totals'"
  grep -m1 '^SKIP' <<<"$out" | sed 's/^/    /'
else
  echo "note: no tst_gpubackend (a build without CUDA): only the CLI was run"
fi
# Each carried library's own libraries, found there (the loader lists them without running it).
for f in "$root"/carry/lib/*; do
  out=$(inroot "$loader" --list "/carry/lib/$(basename "$f")" 2>&1)
  grep -q 'not found' <<<"$out" && bad "$(basename "$f") misses $(grep 'not found' <<<"$out" | awk '{print $1}' | paste -sd ' ')" ||
    pass "$(basename "$f") finds its libraries"
done

# --- and without one carried library, the CLI does not start --------------------------------------
gone=$(LC_ALL=C ldd "$1" | awk '$2 == "=>" {print $1}' | while read -r n; do
  [ -f "$root/carry/lib/$n" ] && echo "$n"
done | head -1)
if [ -n "$gone" ]; then
  mv "$root/carry/lib/$gone" "$tmp/"
  out=$(inroot "$cli" --version 2>&1)
  rc=$?
  ((rc != 0)) && grep -q "$gone" <<<"$out" && pass "without the carried $gone the CLI does not start (exit $rc)" ||
    bad "without $gone: exit $rc: $out"
  mv "$tmp/$gone" "$root/carry/lib/"
fi
echo "took $((SECONDS - t0)) s"

echo "$failures failed"
((failures == 0))
