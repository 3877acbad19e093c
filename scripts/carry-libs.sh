#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The shared libraries that programs built here need on the GPU machine (a bare Ubuntu 24.04 with
# the CUDA driver and toolkit, and PyTorch), found from the programs themselves: their `ldd`
# closure, less the BASE set below that the GPU machine is assumed to have. scripts/pack-carry.sh
# calls it; tests/scripts/test_carry_libs.sh runs the carried programs with only what it copies
# and the base set.
#   scripts/carry-libs.sh [--with LIB]... PROGRAM... DEST_DIR
#       copies every library PROGRAM... (and each LIB) need that is not in the base set into
#       DEST_DIR under the name the loader looks for (its soname), one line printed per library:
#       "carried NAME (from PATH)". --with LIB also carries LIB itself, with its own closure: a
#       library the programs open at run time (dlopen), which ldd cannot see. Exits 1, naming
#       them, when a library is not found here.
#   scripts/carry-libs.sh --base [--with LIB]... PROGRAM...
#       prints the paths, as found here, of the base libraries they need (the dynamic loader
#       included): what a test puts in a root of its own to stand in for the GPU machine's.
#   scripts/carry-libs.sh --base-names
#       prints the base set's patterns.
# After copying, it also names the libraries each PROGRAM mentions by name (a string like
# libfoo.so.1, likely opened at run time) that are neither carried nor in the base set: a note,
# not an error, so that a new dlopen'ed dependency is seen when the carry is packed. It cannot see
# a name the compiler built into the code as immediates (a short std::string, as libclblast.so.1
# is in the CLI): --with is what carries those.
set -euo pipefail

# The base set: what the GPU machine has without the carry. Never carry these: LD_LIBRARY_PATH is
# exported to every stage there, PyTorch's Python included, and a libstdc++ (or libgcc_s, libgomp)
# older than Ubuntu 24.04's would break it. glibc's libraries and its loader; GCC's runtime; zlib;
# the CUDA driver and toolkit (libcuda and libnvidia-* come with the driver, the rest with the
# toolkit and PyTorch's wheels).
BASE=(
  'ld-linux*.so*' 'linux-vdso.so*' 'libc.so.*' 'libm.so.*' 'libmvec.so.*' 'libpthread.so.*' 'libdl.so.*'
  'librt.so.*' 'libresolv.so.*' 'libutil.so.*' 'libanl.so.*' 'libnsl.so.*' 'libnss_*.so.*'
  'libBrokenLocale.so.*' 'libthread_db.so.*' 'libc_malloc_debug.so.*'
  'libstdc++.so.*' 'libgcc_s.so.*' 'libgomp.so.*'
  'libz.so.*'
  'libcuda.so*' 'libcudart.so*' 'libcublas.so*' 'libcublasLt.so*' 'libcusparse.so*' 'libcufft.so*'
  'libcurand.so*' 'libcusolver.so*' 'libcupti.so*' 'libnvrtc.so*' 'libnvrtc-builtins.so*'
  'libnvJitLink.so*' 'libnvidia-*.so*'
)

is_base() { # NAME: whether a library (its soname or file name) is in the base set
  local p
  for p in "${BASE[@]}"; do
    # shellcheck disable=SC2053 # a glob on purpose
    [[ $1 == $p ]] && return 0
  done
  return 1
}

usage() {
  sed -n '8,23p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

mode=carry
with=()
while [ $# -gt 0 ]; do
  case $1 in
    --base) mode=base ;;
    --base-names) printf '%s\n' "${BASE[@]}"; exit 0 ;;
    --with) [ $# -ge 2 ] || usage; with+=("$2"); shift ;;
    -h | --help) usage ;;
    --) shift; break ;;
    -*) usage ;;
    *) break ;;
  esac
  shift
done
if [ $mode = carry ]; then
  [ $# -ge 2 ] || usage
  dest=${*: -1}
  set -- "${@:1:$#-1}"
else
  [ $# -ge 1 ] || [ ${#with[@]} -ge 1 ] || usage
fi
for f in "$@" "${with[@]}"; do
  [ -f "$f" ] || { echo "carry-libs: no such file: $f" >&2; exit 1; }
done

# The closure: "NAME PATH" for each library the files need (ldd lists the whole closure), and
# "NAME not-found" for one the loader cannot find here. The loader itself comes as its path.
closure() {
  local f
  for f in "$@"; do
    LC_ALL=C ldd "$f" 2>/dev/null | awk '
      $2 == "=>" && $3 == "not" { print $1, "not-found"; next }
      $2 == "=>" && $3 ~ /^\// { print $1, $3; next }
      $1 ~ /^\// { n = split($1, parts, "/"); print parts[n], $1 }'
  done | sort -u -k1,1
}

declare -A need=()
missing=()
while read -r name path; do
  [ -n "$name" ] || continue
  if [ "$path" = not-found ]; then
    missing+=("$name")
  else
    need[$name]=$path
  fi
done < <(closure "$@" "${with[@]}")
if [ ${#missing[@]} -gt 0 ]; then
  echo "carry-libs: not found on this machine: ${missing[*]} (needed by $* ${with[*]})" >&2
  exit 1
fi

if [ $mode = base ]; then
  for name in "${!need[@]}"; do
    if is_base "$name"; then echo "${need[$name]}"; fi
  done | sort
  exit 0
fi

mkdir -p "$dest"
declare -A carried=()
for lib in "${with[@]}"; do
  name=$(basename "$lib")
  cp -L "$lib" "$dest/$name"
  carried[$name]=1
  echo "carried $name (from $lib; opened at run time)"
done
for name in $(printf '%s\n' "${!need[@]}" | sort); do
  is_base "$name" && continue
  [ -n "${carried[$name]:-}" ] && continue
  cp -L "${need[$name]}" "$dest/$name"
  carried[$name]=1
  echo "carried $name (from ${need[$name]})"
done

# Libraries the programs name but do not link: most likely opened at run time. Each one neither
# carried nor in the base set is said (a dlopen that fails there makes a point skip, not a crash).
for f in "$@"; do
  for name in $(LC_ALL=C grep -aoE 'lib[A-Za-z0-9_+-]+\.so(\.[0-9]+)*' "$f" | sort -u); do
    is_base "$name" && continue
    [ -n "${carried[$name]:-}" ] && continue
    echo "note: $(basename "$f") names $name (opened at run time?): neither carried nor in the base set"
  done
done
