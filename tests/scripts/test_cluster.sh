#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tests scripts/slurm-sweep.sbatch and scripts/ssh-sweep.sh without Slurm or ssh: the commands
# they print in dry-run mode, their bad-usage exit codes, and then a real run of each with
# stand-ins (fake Slurm variables; fake ssh/scp that run and copy locally) and a tiny CPU sweep.
#   tests/scripts/test_cluster.sh [PATH/TO/speeduplab-cli]   (without it, the real runs are skipped)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
slurm=$root/scripts/slurm-sweep.sbatch
sshs=$root/scripts/ssh-sweep.sh
cli=${1:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cluster test.XXXXXX") || exit 1   # a space in every path
trap 'rm -rf -- "$tmp"' EXIT
unset DRY_RUN SLURM_ARRAY_TASK_ID SLURM_ARRAY_JOB_ID SLURM_JOB_ID SLURMD_NODENAME SPEEDUPLAB_CLI

failures=0
pass() { echo "ok   $1"; }
bad() { echo "FAIL $1"; failures=$((failures + 1)); }
# expect_line NAME OUTPUT LINE: OUTPUT has LINE as one whole line.
expect_line() {
  if grep -qxF -- "$3" <<<"$2"; then pass "$1"; else
    bad "$1"; printf '  expected the line: %s\n  in:\n%s\n' "$3" "$2"
  fi
}
# expect_rc NAME WANT CMD...: CMD exits with WANT and, on 2, says why on stderr.
expect_rc() {
  local name=$1 want=$2 err rc
  shift 2
  err=$("$@" 2>&1 >/dev/null)
  rc=$?
  if ((rc != want)); then bad "$name: exit $rc, want $want ($err)"; return; fi
  if ((want == 2)) && [[ -z $err ]]; then bad "$name: exit 2 without a message"; return; fi
  pass "$name (exit $rc: ${err%%$'\n'*})"
}

for s in "$slurm" "$sshs"; do
  if bash -n "$s"; then pass "bash -n $(basename "$s")"; else bad "bash -n $(basename "$s")"; fi
done

# --- Slurm: one array task, run directly with bash and faked Slurm variables ---------------
o=$(cd "$tmp" && SLURM_ARRAY_TASK_ID=3 SLURM_JOB_ID=12345 SLURMD_NODENAME=gpu07.cluster DRY_RUN=1 \
  bash "$slurm" --out "my results" -- --preset gemm --sizes 64,256)
expect_line "slurm task: index 3 of job 12345 on gpu07 -> my results/gpu07-12345_3.json, options passed" \
  "$o" "speeduplab-cli run --preset gemm --sizes 64,256 --json 'my results/gpu07-12345_3.json'"
# In an array, SLURM_JOB_ID is the task's own id; the file takes the array's (%A), like the log.
o=$(cd "$tmp" && SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_JOB_ID=500 SLURM_JOB_ID=501 SLURMD_NODENAME=n1 \
  bash "$slurm" --dry-run --cli "/opt/speed lab/speeduplab-cli" -- --workload add)
expect_line "slurm task: SLURM_ARRAY_JOB_ID names the file, --cli with a space" \
  "$o" "'/opt/speed lab/speeduplab-cli' run --workload add --json speeduplab-results/n1-500_0.json"
# The host's name comes from uname -n when Slurm does not give it.
o=$(SLURM_ARRAY_TASK_ID=1 SLURM_JOB_ID=7 bash "$slurm" --dry-run)
h=$(uname -n)
h=${h%%.*}
h=${h//[^A-Za-z0-9_-]/_}
expect_line "slurm task: host from uname -n" "$o" "speeduplab-cli run --json speeduplab-results/$h-7_1.json"

# --- Slurm: submit (array + dependent report job) -------------------------------------------
o=$(cd "$tmp" && bash "$slurm" --dry-run --submit 4 --out "$tmp/out dir" --sbatch --partition=gpu -- --preset seed)
expect_line "slurm submit: mkdir of the output folder" "$o" "mkdir -p -- '$tmp/out dir'"
expect_line "slurm submit: array 0-3, per-task log, options passed" "$o" \
  "sbatch --parsable --array=0-3 '--output=$tmp/out dir/slurm-%A_%a.log' --partition=gpu $slurm --out '$tmp/out dir' --cli speeduplab-cli -- --preset seed"
wrap="bash $slurm --report --out '\\''$tmp/out dir'\\'' --cli speeduplab-cli"
expect_line "slurm submit: the report job waits for the array (afterok)" "$o" \
  "sbatch --parsable --dependency=afterok:JOBID --kill-on-invalid-dep=yes --job-name=speeduplab-report --ntasks=1 --time=00:10:00 '--output=$tmp/out dir/report-%j.txt' --partition=gpu '--wrap=$wrap'"
o=$(bash "$slurm" --dry-run --report --out "$tmp/it's empty")
expect_line "slurm report: the pattern when nothing is there yet" "$o" \
  "speeduplab-cli report -- '$tmp/it'\\''s empty'/*.json"
expect_line "slurm report: the merge's pattern (the tasks' files) when nothing is there yet" "$o" \
  "speeduplab-cli merge -o '$tmp/it'\\''s empty/all.json' -- '$tmp/it'\\''s empty'/*-*_*.json"
mkdir -p "$tmp/res"
: >"$tmp/res/gpu01-9_0.json"
: >"$tmp/res/gpu02-9_1.json"
: >"$tmp/res/all.json"
o=$(DRY_RUN=1 bash "$slurm" --report --out "$tmp/res")
expect_line "slurm report: report over every file but the merge" "$o" \
  "speeduplab-cli report -- '$tmp/res/gpu01-9_0.json' '$tmp/res/gpu02-9_1.json'"
expect_line "slurm report: merge of every file into all.json" "$o" \
  "speeduplab-cli merge -o '$tmp/res/all.json' -- '$tmp/res/gpu01-9_0.json' '$tmp/res/gpu02-9_1.json'"

# --- Slurm: bad usage -> 2 --------------------------------------------------------------------
expect_rc "slurm: not in an array task" 2 bash "$slurm" --dry-run -- --preset seed
expect_rc "slurm: unknown option" 2 bash "$slurm" --dry-run --presett seed
expect_rc "slurm: --submit 0" 2 bash "$slurm" --dry-run --submit 0
expect_rc "slurm: --submit x" 2 bash "$slurm" --dry-run --submit x
expect_rc "slurm: --out without a value" 2 bash "$slurm" --dry-run --out
expect_rc "slurm: empty --out" 2 bash "$slurm" --dry-run --submit 2 --out ''
expect_rc "slurm: --json in the run options" 2 bash "$slurm" --dry-run --submit 2 -- --json x.json
expect_rc "slurm: --csv= in the run options" 2 env SLURM_ARRAY_TASK_ID=0 SLURM_JOB_ID=1 bash "$slurm" --dry-run -- --csv=x.csv
expect_rc "slurm: --submit with --report" 2 bash "$slurm" --dry-run --submit 2 --report
expect_rc "slurm: --sbatch without --submit" 2 bash "$slurm" --dry-run --report --sbatch --exclusive
expect_rc "slurm: bad task id" 2 env SLURM_ARRAY_TASK_ID=x SLURM_JOB_ID=1 bash "$slurm" --dry-run
expect_rc "slurm: --help" 0 bash "$slurm" --help

# --- ssh: dry run -------------------------------------------------------------------------------
printf '# the lab\ngpu1   # A100\n\n  alice@gpu2.lab.example\n' >"$tmp/hosts list"
o=$(cd "$tmp" && bash "$sshs" --dry-run --tag t1 --hosts "$tmp/hosts list" --out "$tmp/ssh out" \
  --remote-cli "/opt/speed lab/speeduplab-cli" --ssh-option Port=2222 -- --preset gemm --sizes 64,256)
expect_line "ssh: local folder" "$o" "mkdir -p -- '$tmp/ssh out'"
expect_line "ssh: gpu1 runs the sweep, options passed, remote CLI quoted" "$o" \
  "ssh -o BatchMode=yes -o Port=2222 -- gpu1 'mkdir -p -- speeduplab-results && '\\''/opt/speed lab/speeduplab-cli'\\'' run --preset gemm --sizes 64,256 --json speeduplab-results/gpu1-t1.json'"
expect_line "ssh: user@host from the file, file named by the short host name" "$o" \
  "ssh -o BatchMode=yes -o Port=2222 -- alice@gpu2.lab.example 'mkdir -p -- speeduplab-results && '\\''/opt/speed lab/speeduplab-cli'\\'' run --preset gemm --sizes 64,256 --json speeduplab-results/gpu2-t1.json'"
expect_line "ssh: scp back into a temporary name" "$o" \
  "scp -q -o BatchMode=yes -o Port=2222 -- alice@gpu2.lab.example:speeduplab-results/gpu2-t1.json '$tmp/ssh out/.gpu2-t1.json.part'"
expect_line "ssh: renamed into place, never over another file" "$o" \
  "mv -n -- '$tmp/ssh out/.gpu2-t1.json.part' '$tmp/ssh out/gpu2-t1.json'"
expect_line "ssh: report over every host's file" "$o" \
  "speeduplab-cli report -- '$tmp/ssh out/gpu1-t1.json' '$tmp/ssh out/gpu2-t1.json' > '$tmp/ssh out/report-t1.txt'"
expect_line "ssh: merge of every host's file" "$o" \
  "speeduplab-cli merge -o '$tmp/ssh out/all-t1.json' -- '$tmp/ssh out/gpu1-t1.json' '$tmp/ssh out/gpu2-t1.json'"
if [[ $(grep -c '^ssh ' <<<"$o") == 2 ]]; then pass "ssh: one ssh per host, comments skipped"; else bad "ssh: one ssh per host"; fi
# A run option with a quote survives the remote shell: the remote command, given to sh as ssh
# would give it, yields the same words.
o=$(DRY_RUN=1 bash "$sshs" --tag t h1 -- --workload "it's" --sizes '4 40')
remote=$(grep '^ssh ' <<<"$o" | head -1)
remote=$(eval "set -- ${remote#ssh }; shift 4; printf '%s' \"\$1\"")   # the one command word
got=$(sh -c "set -- ${remote#mkdir * && }; for w; do printf '<%s>' \"\$w\"; done")
want="<speeduplab-cli><run><--workload><it's><--sizes><4 40><--json><speeduplab-results/h1-t.json>"
if [[ $got == "$want" ]]; then pass "ssh: remote words survive the remote shell"; else bad "ssh: remote words: $got, want $want"; fi

# --- ssh: bad usage -> 2 ------------------------------------------------------------------------
expect_rc "ssh: no hosts" 2 bash "$sshs" --dry-run -- --preset seed
expect_rc "ssh: unknown option" 2 bash "$sshs" --dry-run --host gpu1
expect_rc "ssh: an option that is not the script's" 2 bash "$sshs" --dry-run -oProxyCommand=x gpu1
printf -- '-oProxyCommand=x\n' >"$tmp/evil hosts"
expect_rc "ssh: a host in the file that looks like an option" 2 bash "$sshs" --dry-run --hosts "$tmp/evil hosts"
expect_rc "ssh: host with a space" 2 bash "$sshs" --dry-run "gpu 1"
expect_rc "ssh: host with a shell character" 2 bash "$sshs" --dry-run 'gpu1;rm'
expect_rc "ssh: the same host twice" 2 bash "$sshs" --dry-run gpu1 gpu1
expect_rc "ssh: two hosts with one short name" 2 bash "$sshs" --dry-run gpu1.a gpu1.b
expect_rc "ssh: a host whose short name is the merge's" 2 bash "$sshs" --dry-run all.lab.example
expect_rc "ssh: missing hosts file" 2 bash "$sshs" --dry-run --hosts "$tmp/no such file"
printf '# nobody\n\n' >"$tmp/no hosts"
expect_rc "ssh: a hosts file with no hosts" 2 bash "$sshs" --dry-run --hosts "$tmp/no hosts"
expect_rc "ssh: remote dir with a space" 2 bash "$sshs" --dry-run --remote-dir "a b" gpu1
expect_rc "ssh: bad tag" 2 bash "$sshs" --dry-run --tag "a/b" gpu1
expect_rc "ssh: --json in the run options" 2 bash "$sshs" --dry-run gpu1 -- --json x.json
expect_rc "ssh: --tag without a value" 2 bash "$sshs" --dry-run gpu1 --tag
expect_rc "ssh: --help" 0 bash "$sshs" --help

# --- Real runs with stand-ins, when the CLI is given ---------------------------------------------
if [[ -z $cli ]]; then
  echo "skip the real runs: no speeduplab-cli given"
elif [[ ! -x $cli ]]; then
  bad "not an executable: $cli"
else
  sweep=(--cpu-only --workload add --sizes "4,40" --threads 1 --min-time 0.001 --max-reps 3)
  # Slurm: two tasks of job 77 on two nodes, then the report mode over both.
  for t in 0 1; do
    (cd "$tmp" && SLURM_ARRAY_TASK_ID=$t SLURM_JOB_ID=77 SLURMD_NODENAME=node$t \
      bash "$slurm" --cli "$cli" --out "slurm out" -- "${sweep[@]}" >/dev/null) ||
      bad "slurm task $t ran"
  done
  if [[ -s "$tmp/slurm out/node0-77_0.json" && -s "$tmp/slurm out/node1-77_1.json" ]]; then
    pass "slurm: one file per task"
  else
    bad "slurm: one file per task: $(ls "$tmp/slurm out" 2>&1)"
  fi
  expect_rc "slurm: a task does not overwrite another run's file" 1 \
    env SLURM_ARRAY_TASK_ID=0 SLURM_JOB_ID=77 SLURMD_NODENAME=node0 \
    bash "$slurm" --cli "$cli" --out "$tmp/slurm out" -- "${sweep[@]}"
  o=$(bash "$slurm" --cli "$cli" --report --out "$tmp/slurm out")
  if [[ $(grep -c '^== .*node[01]-77_[01].json ==$' <<<"$o") == 2 ]]; then pass "slurm: report over both files"; else bad "slurm: report: $o"; fi
  if grep -q "^wrote $tmp/slurm out/all.json: 2 runs from 2 files$" <<<"$o"; then pass "slurm: merged into all.json"; else bad "slurm: merge: $o"; fi
  # Again (a later --report): all.json is replaced, never merged into itself.
  o=$(bash "$slurm" --cli "$cli" --report --out "$tmp/slurm out")
  if grep -q "^wrote $tmp/slurm out/all.json: 2 runs from 2 files$" <<<"$o" &&
    [[ $(grep -c '^== ' <<<"$o") == 2 ]]; then pass "slurm: a second report leaves all.json out"; else bad "slurm: second report: $o"; fi
  o=$("$cli" report "$tmp/slurm out/all.json")
  if [[ $(grep -c '^== .* (.*all.json) ==$' <<<"$o") == 2 ]]; then pass "slurm: all.json opens as 2 runs"; else bad "slurm: all.json: $o"; fi
  if "$cli" compare "$tmp/slurm out/node0-77_0.json" "$tmp/slurm out/node1-77_1.json" >/dev/null; then
    pass "compare of two nodes' files"
  else
    bad "compare of two nodes' files"
  fi

  # ssh: fake ssh and scp; each "host" is a folder, the remote command runs there with sh.
  mkdir -p "$tmp/bin" "$tmp/remote/gpu1" "$tmp/remote/gpu2"
  cat >"$tmp/bin/ssh" <<'EOF'
#!/usr/bin/env bash
while [[ $1 == -o ]]; do shift 2; done
[[ $1 == -- ]] && shift
host=${1#*@}
cd "$FAKE_REMOTE/${host%%.*}" || exit 255
echo "ssh $host" >>"$FAKE_REMOTE/calls"
exec sh -c "$2"
EOF
  cat >"$tmp/bin/scp" <<'EOF'
#!/usr/bin/env bash
[[ $1 == -q ]] && shift
while [[ $1 == -o ]]; do shift 2; done
[[ $1 == -- ]] && shift
src=${1#*@}
host=${src%%:*}
echo "scp $host" >>"$FAKE_REMOTE/calls"
exec cp -- "$FAKE_REMOTE/${host%%.*}/${src#*:}" "$2"
EOF
  chmod +x "$tmp/bin/ssh" "$tmp/bin/scp"
  o=$(PATH="$tmp/bin:$PATH" FAKE_REMOTE="$tmp/remote" \
    bash "$sshs" --cli "$cli" --remote-cli "$cli" --tag t9 --out "$tmp/ssh res" gpu1 bob@gpu2.x -- "${sweep[@]}" 2>&1)
  rc=$?
  if ((rc == 0)) && [[ -s "$tmp/ssh res/gpu1-t9.json" && -s "$tmp/ssh res/gpu2-t9.json" ]] &&
    [[ -s "$tmp/remote/gpu2/speeduplab-results/gpu2-t9.json" ]]; then
    pass "ssh: one file per host, copied back"
  else
    bad "ssh: run (exit $rc): $o"
  fi
  if [[ $(grep -c '^== .*gpu[12]-t9.json ==$' "$tmp/ssh res/report-t9.txt" 2>/dev/null) == 2 ]]; then
    pass "ssh: report over both hosts"
  else
    bad "ssh: report-t9.txt"
  fi
  if grep -q "^wrote $tmp/ssh res/all-t9.json: 2 runs from 2 files$" <<<"$o" &&
    [[ $("$cli" report "$tmp/ssh res/all-t9.json" | grep -c '^== .* (.*all-t9.json) ==$') == 2 ]]; then
    pass "ssh: both hosts merged into all-t9.json"
  else
    bad "ssh: merge: $o"
  fi
  parts=("$tmp/ssh res"/.*.part)
  if [[ ! -e ${parts[0]} ]]; then pass "ssh: no partial files left"; else bad "ssh: partial files left: ${parts[*]}"; fi
  expect_rc "ssh: a second sweep with the same tag does not overwrite" 2 \
    env PATH="$tmp/bin:$PATH" FAKE_REMOTE="$tmp/remote" \
    bash "$sshs" --cli "$cli" --remote-cli "$cli" --tag t9 --out "$tmp/ssh res" gpu1 -- "${sweep[@]}"
  # A host whose sweep fails: exit 1, the other host is still copied and reported.
  o=$(PATH="$tmp/bin:$PATH" FAKE_REMOTE="$tmp/remote" \
    bash "$sshs" --cli "$cli" --remote-cli "$cli" --tag t10 --out "$tmp/ssh res" gpu1 gpu3 -- "${sweep[@]}" 2>&1)
  rc=$?
  if ((rc == 1)) && [[ -s "$tmp/ssh res/gpu1-t10.json" && -s "$tmp/ssh res/report-t10.txt" ]] &&
    [[ -s "$tmp/ssh res/all-t10.json" ]] && grep -q 'gpu3 failed' <<<"$o"; then
    pass "ssh: a failed host gives exit 1, the others are reported"
  else
    bad "ssh: failed host (exit $rc): $o"
  fi
fi

if ((failures)); then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
