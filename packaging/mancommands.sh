#!/bin/sh
# SPDX-License-Identifier: MIT
# The sections of speeduplab-cli(1) that its top-level --help does not hold, for help2man
# --include: each subcommand's own --help, as the program prints it (so the page cannot drift
# from it), the exit status, the environment it reads, and where to read more.
#   packaging/mancommands.sh PATH/TO/speeduplab-cli OUT.h2m
set -eu
program=$1
out=$2
# roff: a backslash is \e, and a line may not start with a control character (. or ').
roff() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
{
  echo "[COMMANDS]"
  "$program" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && NF { print $1 }' | while read -r command; do
    echo ".SS $command"
    echo ".nf"
    "$program" "$command" --help | roff
    echo ".fi"
  done
  cat <<'SECTIONS'
[EXIT STATUS]
.TP
.B 0
success.
.TP
.B 1
a failure while running: a point measured wrong, a check of
.B verify
that did not pass, a file that cannot be read or written.
.TP
.B 2
bad usage: an unknown option, or a value out of its range.
.TP
.B 128 + the signal
interrupted: 130 for SIGINT (Ctrl+C), 143 for SIGTERM. What was measured before is written.
[ENVIRONMENT]
.TP
.B LANGUAGE, LC_ALL, LANG
the language of
.B explain
(English or Chinese).
.TP
.B OPENBLAS_CORETYPE
the OpenBLAS kernel the CPU's blas variants run with; unset, SpeedupLab chooses it from the
CPU's features.
.TP
.B SPEEDUPLAB_OPENBLAS
the OpenBLAS library to open instead of the one found at build time.
.TP
.B OMP_WAIT_POLICY
how idle OpenMP threads wait; recorded with the results.
.TP
.B HWLOC_XMLFILE, HWLOC_FORCE_XMLFILE
a topology for hwloc to read instead of the machine's; checked before hwloc reads it.
.TP
.B OCL_ICD_VENDORS, OCL_ICD_FILENAMES
where the OpenCL loader finds its drivers.
.TP
.B SPEEDUPLAB_NVML_LIBRARY
the NVML library that reads the GPU's clocks and energy.
.TP
.B SPEEDUPLAB_POWERCAP_ROOT
where the CPU's energy counters are read (default /sys/class/powercap).
.TP
.B SLURM_ARRAY_JOB_ID, SLURM_ARRAY_TASK_ID, SLURM_JOB_ID, SPEEDUPLAB_JOB
the batch job a run records with its machine (Slurm's, else SPEEDUPLAB_JOB); a run with a job
is named by its host and job.
[SEE ALSO]
.BR speeduplab (1).
The user guide (docs/user-guide.md) and the result files' format (docs/results-format.md)
are in the project's source.
SECTIONS
} > "$out"
