#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs scripts/slurm-sweep.sbatch on a real Slurm: a one-node cluster started here, as root, with
# its own configuration, ports, state, spool and log folders, all in this test's temporary
# folder, and stopped by PID at the end. It submits a job array of 2 tiny CPU sweeps and the
# report job that waits for it (afterok), then checks DIR/all.json as the app reads it: two runs,
# each named by its host and array task. Exit 77 (skipped) without Slurm's daemons (Debian's
# slurmctld, slurmd and slurm-client: scripts/setup.sh --tests) or without root.
#   tests/scripts/test_slurm.sh PATH/TO/speeduplab-cli
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${1:?usage: test_slurm.sh PATH/TO/speeduplab-cli}
for tool in slurmctld slurmd sbatch squeue sinfo; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skip: $tool not found (scripts/setup.sh --tests installs Slurm)"; exit 77; }
done
[[ $(id -u) == 0 ]] || { echo "skip: a one-node Slurm runs its daemons as root here"; exit 77; }

# No spaces here: slurm.conf cannot quote a path.
tmp=$(mktemp -d /tmp/speeduplab-slurm.XXXXXX) || exit 1
failures=0
pass() { echo "ok   $1"; }
bad() { echo "FAIL $1"; failures=$((failures + 1)); }
# The daemon's log, for a failure that is its.
show_log() { echo "--- $1's log ($tmp/log/$1.log):"; tail -n 40 "$tmp/log/$1.log" 2>/dev/null | sed 's/^/  /'; }
stop() {
  local d pid
  for d in slurmd slurmctld; do
    pid=$(cat "$tmp/$d.pid" 2>/dev/null) || continue
    [[ $pid =~ ^[0-9]+$ ]] && kill "$pid" 2>/dev/null
  done
  for d in slurmd slurmctld; do
    pid=$(cat "$tmp/$d.pid" 2>/dev/null) || continue
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  rm -rf -- "$tmp"
}
trap stop EXIT
unset SLURM_ARRAY_TASK_ID SLURM_ARRAY_JOB_ID SLURM_JOB_ID SLURMD_NODENAME SPEEDUPLAB_CLI DRY_RUN

# Two free ports, from the kernel.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
node=$(hostname -s 2>/dev/null || uname -n)
node=${node%%.*}
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/out"
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=speeduplabtest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/none
CredType=cred/none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF

start=$SECONDS
if slurmctld -f "$SLURM_CONF" -i >"$tmp/log/slurmctld.out" 2>&1; then pass "slurmctld started"; else
  bad "slurmctld did not start"; cat "$tmp/log/slurmctld.out"; show_log slurmctld; exit 1
fi
if slurmd -f "$SLURM_CONF" -N "$node" >"$tmp/log/slurmd.out" 2>&1; then pass "slurmd started"; else
  bad "slurmd did not start"; cat "$tmp/log/slurmd.out"; show_log slurmd; exit 1
fi
state=
for _ in $(seq 100); do
  state=$(sinfo -h -N -o %t 2>/dev/null | head -n 1)
  [[ $state == idle ]] && break
  sleep 0.2
done
if [[ $state == idle ]]; then pass "the node is idle ($((SECONDS - start)) s)"; else
  bad "the node never became idle (state: ${state:-none})"; show_log slurmctld; show_log slurmd; exit 1
fi

# The recipe asks for a GPU (#SBATCH --gres=gpu:1); this node has none, so the test clears it.
o=$(bash "$root/scripts/slurm-sweep.sbatch" --submit 2 --out "$tmp/out" --cli "$cli" --sbatch --gres=none \
  -- --workload add --sizes 4,40 --threads 1 --cpu-only --min-time 0.01 --max-reps 20 --energy off 2>&1)
rc=$?
array=$(sed -n 's/^submitted array job \([0-9]*\):.*/\1/p' <<<"$o")
report=$(sed -n 's/^submitted report job \([0-9]*\):.*/\1/p' <<<"$o")
if ((rc == 0)) && [[ -n $array && -n $report ]]; then pass "submitted array job $array and report job $report"; else
  bad "submit (exit $rc): $o"; show_log slurmctld; exit 1
fi
for _ in $(seq 300); do
  [[ -z $(squeue -h -o %i 2>/dev/null) ]] && break
  sleep 0.2
done
if [[ -z $(squeue -h -o %i 2>/dev/null) ]]; then pass "every job ended ($((SECONDS - start)) s)"; else
  bad "jobs still queued after 60 s: $(squeue 2>&1)"; show_log slurmctld; show_log slurmd
fi
for t in 0 1; do
  f=$tmp/out/$node-${array}_$t.json
  if [[ -s $f ]]; then pass "task $t wrote $(basename "$f")"; else
    bad "task $t wrote no $f"; cat "$tmp/out/slurm-${array}_$t.log" 2>/dev/null
  fi
done
summary=$tmp/out/report-$report.txt
if grep -q "^wrote $tmp/out/all.json: 2 runs from 2 files$" "$summary" 2>/dev/null; then
  pass "the report job (afterok) merged both into all.json"
else
  bad "the report job's output: $(cat "$summary" 2>&1)"; show_log slurmctld
fi
# all.json as the app reads it: two runs, each named by its host and array task (the machine's
# host and job, which each task's run recorded from Slurm's variables).
o=$("$cli" report "$tmp/out/all.json" 2>&1)
for t in 0 1; do
  label="$node · job ${array}_$t"
  if grep -qF "== $label ($tmp/out/all.json) ==" <<<"$o"; then pass "all.json holds the run \"$label\""; else
    bad "all.json has no run \"$label\": $(grep '^==' <<<"$o")"
  fi
  if grep -qxF "  Batch job: ${array}_$t" <<<"$o" && grep -qxF "  Host: $node" <<<"$o"; then
    pass "its machine says host $node, batch job ${array}_$t"
  else
    bad "its machine does not say its host and job: $(grep -E '^  (Host|Batch job):' <<<"$o")"
  fi
done
if ((SECONDS - start <= 60)); then pass "the whole cluster run took $((SECONDS - start)) s"; else
  bad "the cluster run took $((SECONDS - start)) s, over 60"
fi

((failures == 0)) && echo "all passed" || echo "$failures failed"
((failures == 0))
