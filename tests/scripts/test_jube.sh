#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs scripts/jube-sweep.yaml with Debian's JUBE: two tiny CPU sweeps (tasks 0 and 1), then the
# shared step's report and merge, and checks all.json as the app reads it: two runs, each named
# by its host and task. Exit 77 (skipped) without jube (scripts/setup.sh --tests installs it).
#   tests/scripts/test_jube.sh PATH/TO/speeduplab-cli
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${1:?usage: test_jube.sh PATH/TO/speeduplab-cli}
command -v jube >/dev/null 2>&1 || { echo "skip: jube not found (scripts/setup.sh --tests installs it)"; exit 77; }
[[ $cli == /* ]] || cli=$PWD/$cli # each task runs in its own folder
tmp=$(mktemp -d "${TMPDIR:-/tmp}/speeduplab jube.XXXXXX") || exit 1   # a space in every path
trap 'rm -rf -- "$tmp"' EXIT
unset SLURM_ARRAY_TASK_ID SLURM_ARRAY_JOB_ID SLURM_JOB_ID SPEEDUPLAB_JOB

failures=0
pass() { echo "ok   $1"; }
bad() { echo "FAIL $1"; failures=$((failures + 1)); }

o=$(cd "$tmp" && SPEEDUPLAB_CLI=$cli jube run "$root/scripts/jube-sweep.yaml" -o "$tmp/out" --tag tiny 2>&1)
if grep -Eq '^ *\| *sweep \| *2 \| *0 \| *0 \| *0 \| *2 \|$' <<<"$o"; then pass "jube ran both tasks"; else
  bad "jube run: $o"; find "$tmp/out" -name stderr -size +0 -exec tail -n 5 {} \;
fi
shared=$tmp/out/000000/sweep_shared
host=$(uname -n)
host=${host%%.*}
for t in 0 1; do
  if [[ -s $shared/$host-jube0_$t.json ]]; then pass "task $t: $host-jube0_$t.json"; else bad "task $t wrote no file"; fi
done
if grep -q "^== " "$shared/report.txt" 2>/dev/null; then pass "the shared step wrote the report"; else bad "no report.txt"; fi
o=$("$cli" report "$shared/all.json" 2>&1)
for t in 0 1; do
  label="$host · job jube0_$t"
  if grep -qF "== $label ($shared/all.json) ==" <<<"$o"; then pass "all.json holds the run \"$label\""; else
    bad "all.json has no run \"$label\": $(grep '^==' <<<"$o")"
  fi
done
o=$(jube result -a "$tmp/out" 2>&1)
if grep -Eq "^\| *1 \| *$host-jube0_1\.json \|$" <<<"$o"; then pass "jube result lists each task's file"; else bad "jube result: $o"; fi

((failures == 0)) && echo "all passed" || echo "$failures failed"
((failures == 0))
