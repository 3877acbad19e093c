#!/bin/sh
# SPDX-License-Identifier: MIT
# CTest test_man_pages: the man pages as `mandoc -T lint` reads them, every message a failure
# (style ones included). Without mandoc (scripts/setup.sh --tests installs it) it exits with 77:
# the test is skipped, it does not pass.
#   packaging/manlint.sh MANDOC PAGE...
mandoc=$1
shift
if [ -z "$mandoc" ] || [ ! -x "$mandoc" ]; then
  echo "mandoc not found: apt-get install mandoc (scripts/setup.sh --tests)"
  exit 77
fi
out=$("$mandoc" -T lint -W style "$@" 2>&1)
if [ -n "$out" ]; then
  echo "$out"
  exit 1
fi
echo "ok: mandoc -T lint finds nothing in $*"
