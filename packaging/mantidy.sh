#!/bin/sh
# SPDX-License-Identifier: MIT
# Tidies a man page that help2man wrote, in place, so that `mandoc -T lint` finds nothing:
# - the date of .TH as mandoc reads it (YYYY-MM-DD; help2man writes "December 2026"), from
#   SOURCE_DATE_EPOCH when set (a reproducible build), else today;
# - filled text lines broken at spaces to at most 80 bytes. Filled text is joined again when the
#   page is shown, so nothing changes on screen; lines in .nf blocks are left as they are, and a
#   piece that would start with "." or "'" (a request) starts with "\&".
#   packaging/mantidy.sh PAGE
set -eu
page=$1
date=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%Y-%m-%d)
awk -v date="$date" '
  function put(line,   cut, piece) {
    while (length(line) > 80) {
      cut = 0
      for (i = 80; i > 1; --i) if (substr(line, i, 1) == " ") { cut = i; break }
      if (cut == 0) break
      piece = substr(line, 1, cut - 1)
      print piece
      line = substr(line, cut + 1)
      if (line ~ /^[.\047]/) line = "\\&" line
    }
    print line
  }
  /^\.TH / { n = split($0, f, "\""); if (n >= 5) { f[4] = date; $0 = f[1]; for (k = 2; k <= n; ++k) $0 = $0 "\"" f[k] } print; next }
  /^\.nf/ { fill = 1 } /^\.fi/ { fill = 0 }
  /^[.\047]/ || fill { print; next }
  { put($0) }
' "$page" > "$page.tidy"
mv "$page.tidy" "$page"
