#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One SpeedupLab sweep per machine over plain ssh, all machines at once; each result is copied
# back with scp, then `speeduplab-cli report` summarizes them and `speeduplab-cli merge` joins them
# into one runs file, DIR/all-TAG.json, that the app opens as several runs. See docs/cluster.md.
#
#   scripts/ssh-sweep.sh [OPTIONS] HOST... [-- RUN_OPTIONS...]
#   scripts/ssh-sweep.sh [OPTIONS] --hosts FILE [-- RUN_OPTIONS...]
#
# OPTIONS (before `--`):
#   --hosts FILE      one host per line ([user@]host; blank lines and # comments skipped)
#   --out DIR         local folder of the results (default: speeduplab-results); one file per
#                     host: DIR/HOST-TAG.json, and its log DIR/HOST-TAG.log; then
#                     DIR/report-TAG.txt and DIR/all-TAG.json (the merge)
#   --tag TAG         names this sweep's files (default: the UTC time, e.g. 20261130T2310Z)
#   --remote-cli CMD  speeduplab-cli on the hosts (default: speeduplab-cli on their PATH)
#   --remote-dir DIR  folder on the hosts, relative to the login folder or absolute, no spaces
#                     (default: speeduplab-results)
#   --cli PATH        the local speeduplab-cli for the report and the merge (default:
#                     $SPEEDUPLAB_CLI, else speeduplab-cli on PATH)
#   --ssh-option OPT  passed to ssh and scp as `-o OPT` (repeatable), e.g. --ssh-option Port=2222
#   --dry-run         print the commands instead of running them (also DRY_RUN=1)
# RUN_OPTIONS (after `--`) go to `speeduplab-cli run` unchanged, e.g. --preset gemm or
# --workload add --sizes 4,40,400,4000; --csv/--json are set by this script.
# Exit codes: 0 success, 1 a host failed (the others are still copied and reported), 2 bad usage.
set -uo pipefail

usage() { sed -n '3,25p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; }
die() { echo "ssh-sweep: $*" >&2; exit 2; }

dry=0
case ${DRY_RUN:-0} in 0 | '') ;; *) dry=1 ;; esac
out=speeduplab-results
tag=
remote_cli=speeduplab-cli
remote_dir=speeduplab-results
cli=${SPEEDUPLAB_CLI:-speeduplab-cli}
hosts_file=
hosts=()
ssh_opts=(-o BatchMode=yes)
run_opts=()

while (($#)); do
  case $1 in
    --) shift; run_opts=("$@"); break ;;
    --dry-run) dry=1 ;;
    -h | --help) usage; exit 0 ;;
    --hosts | --out | --tag | --remote-cli | --remote-dir | --cli | --ssh-option)
      (($# >= 2)) || die "$1 needs a value"
      case $1 in
        --hosts) hosts_file=$2 ;;
        --out) out=$2 ;;
        --tag) tag=$2 ;;
        --remote-cli) remote_cli=$2 ;;
        --remote-dir) remote_dir=$2 ;;
        --cli) cli=$2 ;;
        --ssh-option) ssh_opts+=(-o "$2") ;;
      esac
      shift ;;
    -*) die "unknown option '$1' (options for speeduplab-cli run go after '--'; see --help)" ;;
    *) hosts+=("$1") ;;
  esac
  shift
done

if [[ -n $hosts_file ]]; then
  [[ -f $hosts_file && -r $hosts_file ]] || die "cannot read the hosts file '$hosts_file'"
  while IFS= read -r line || [[ -n $line ]]; do
    line=${line%%#*}
    line=${line//[$'\t\r ']/}
    [[ -n $line ]] && hosts+=("$line")
  done <"$hosts_file"
fi
((${#hosts[@]})) || die "no hosts: give them as arguments or with --hosts FILE"
[[ -n $out ]] || die "--out needs a folder name, not an empty string"
[[ $out != *$'\n'* ]] || die "--out must not contain a newline"
[[ -n $cli ]] || die "--cli needs a program, not an empty string"
[[ -n $remote_cli ]] || die "--remote-cli needs a program, not an empty string"
[[ $remote_cli != *$'\n'* ]] || die "--remote-cli must not contain a newline"
# scp reads the remote path either through the remote shell (old protocol) or as is (SFTP):
# only a path that needs no quoting means the same thing to both.
[[ $remote_dir =~ ^[A-Za-z0-9_./][A-Za-z0-9_./-]*$ ]] ||
  die "--remote-dir must be a path of letters, digits and . _ - / (no spaces), not '$remote_dir'"
[[ -n $tag ]] || tag=$(date -u +%Y%m%dT%H%MZ)
[[ $tag =~ ^[A-Za-z0-9_.-]+$ ]] || die "--tag must be letters, digits and . _ -, not '$tag'"
for o in "${run_opts[@]}"; do
  case $o in
    --csv | --csv=* | --json | --json=*)
      die "'$o' is set by this script (one file per host in --out); leave it out of the run options" ;;
  esac
done

# Host names become ssh arguments and file names: [user@]host, nothing an option could hide in.
declare -A seen=()
names=()
for h in "${hosts[@]}"; do
  [[ $h =~ ^([A-Za-z0-9_][A-Za-z0-9_.-]*@)?[A-Za-z0-9_][A-Za-z0-9_.-]*$ ]] ||
    die "bad host name '$h' (expected [user@]host: letters, digits and . _ -)"
  name=${h#*@}
  name=${name%%.*}
  [[ $name != all ]] || die "host '$h': its short name 'all' would name the same file as the merge (all-TAG.json)"
  if [[ -n ${seen[$name]:-} ]]; then
    [[ ${seen[$name]} != "$h" ]] || die "host '$h' is given twice"
    die "hosts '${seen[$name]}' and '$h' share the short name '$name', which names their files"
  fi
  seen[$name]=$h
  names+=("$name")
done

# Prints a command, each word quoted for a POSIX shell where it needs it, so that it can be
# pasted; the same quoting builds the command line that ssh hands to the remote shell.
quote() {
  if [[ $1 =~ ^[A-Za-z0-9_@%+=:,./-]+$ ]]; then printf '%s' "$1"
  else printf "'%s'" "${1//\'/\'\\\'\'}"; fi
}
show() {
  local w line=
  for w in "$@"; do line+="${line:+ }$(quote "$w")"; done
  printf '%s\n' "$line"
}

if ((dry == 0)); then
  command -v -- "$cli" >/dev/null 2>&1 || die "speeduplab-cli not found: '$cli' (give --cli PATH or set SPEEDUPLAB_CLI)"
  command -v ssh >/dev/null 2>&1 || die "ssh not found"
  command -v scp >/dev/null 2>&1 || die "scp not found"
  mkdir -p -- "$out" || { echo "ssh-sweep: cannot create '$out'" >&2; exit 1; }
  for f in "${names[@]/%/-$tag.json}" "all-$tag.json"; do
    [[ ! -e $out/$f ]] || die "'$out/$f' exists already: not overwriting it (give another --tag)"
  done
else
  show mkdir -p -- "$out"
fi

# The commands for one host, printed (dry run) or run, with their output in the host's log.
sweep_host() {
  local host=$1 name=$2
  local file=$name-$tag.json
  local remote local_file=$out/$file tmp=$out/.$file.part
  remote="$(show mkdir -p -- "$remote_dir") && $(show "$remote_cli" run "${run_opts[@]}" --json "$remote_dir/$file")"
  local ssh_cmd=(ssh "${ssh_opts[@]}" -- "$host" "$remote")
  local scp_cmd=(scp -q "${ssh_opts[@]}" -- "$host:$remote_dir/$file" "$tmp")
  local mv_cmd=(mv -n -- "$tmp" "$local_file")
  if ((dry)); then
    show "${ssh_cmd[@]}"
    show "${scp_cmd[@]}"
    show "${mv_cmd[@]}"
    return 0
  fi
  {
    "${ssh_cmd[@]}" </dev/null || { echo "ssh-sweep: $host: the sweep failed (exit $?)"; return 1; }
    "${scp_cmd[@]}" </dev/null || { echo "ssh-sweep: $host: copying $remote_dir/$file back failed"; rm -f -- "$tmp"; return 1; }
    # mv -n: a file that appeared meanwhile under the same name is kept, not replaced.
    "${mv_cmd[@]}"
    if [[ -e $tmp ]]; then echo "ssh-sweep: $host: '$local_file' appeared meanwhile: kept; this copy is '$tmp'"; return 1; fi
  } >"$out/$name-$tag.log" 2>&1
}

pids=()
for i in "${!hosts[@]}"; do
  if ((dry)); then
    sweep_host "${hosts[$i]}" "${names[$i]}"
  else
    echo "ssh-sweep: ${hosts[$i]}: running, log in $out/${names[$i]}-$tag.log"
    sweep_host "${hosts[$i]}" "${names[$i]}" &
    pids+=($!)
  fi
done

status=0
files=()
if ((dry)); then
  for name in "${names[@]}"; do files+=("$out/$name-$tag.json"); done
else
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
      files+=("$out/${names[$i]}-$tag.json")
    else
      status=1
      echo "ssh-sweep: ${hosts[$i]} failed; see $out/${names[$i]}-$tag.log:" >&2
      tail -n 5 -- "$out/${names[$i]}-$tag.log" >&2
    fi
  done
  ((${#files[@]})) || { echo "ssh-sweep: no host succeeded; nothing to report" >&2; exit 1; }
fi

report=("$cli" report -- "${files[@]}")
merge=("$cli" merge -o "$out/all-$tag.json" -- "${files[@]}")
if ((dry)); then
  printf '%s > %s\n' "$(show "${report[@]}")" "$(quote "$out/report-$tag.txt")"
  show "${merge[@]}"
else
  "${report[@]}" >"$out/report-$tag.txt" || status=1
  cat -- "$out/report-$tag.txt"
  "${merge[@]}" || status=1
  echo "ssh-sweep: ${#files[@]} of ${#hosts[@]} hosts; the summary is in $out/report-$tag.txt, all runs in $out/all-$tag.json"
fi
exit "$status"
