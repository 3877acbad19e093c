#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The external validators, so that CI runs them (issue 62):
# - the Nu HTML checker (vnu.jar, with Java) on the HTML report of every example the app ships
#   (resources/speeduplab.qrc), and of the seed example in Chinese: no error and no warning, the
#   inline SVG figures included (it validates them as SVG);
# - tidy on the same reports: no warning and no error;
# - ajv, JSON Schema draft 2020-12 in strict mode with ajv-formats: docs/results.schema.json and
#   docs/runs.schema.json (its $ref to results.schema.json resolved) compile, and validate what the
#   CLI writes (a tiny CPU sweep's JSON, the runs file of merge), the app's JSON of an example and
#   the runs file embedded in each report.
# Needs java (default-jre-headless), tidy, node (nodejs), and vnu-jar, ajv-cli and ajv-formats
# installed by scripts/setup.sh --tests into $SPEEDUPLAB_NPM_DIR (default /var/cache/speeduplab/npm).
# Without them the test fails with what to run; it does not skip (setup.sh --tests installs them).
# Without the app (a build with SPEEDUPLAB_GUI=OFF, which writes no report) only ajv runs.
#   tests/scripts/test_validators.sh PATH/TO/speeduplab-cli [PATH/TO/speeduplab]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${1:?usage: test_validators.sh PATH/TO/speeduplab-cli [PATH/TO/speeduplab]}
app=${2:-}
npm_dir=${SPEEDUPLAB_NPM_DIR:-/var/cache/speeduplab/npm}
vnu_jar=$npm_dir/node_modules/vnu-jar/build/dist/vnu.jar
ajv=$npm_dir/node_modules/.bin/ajv

missing=()
command -v java >/dev/null 2>&1 || missing+=("java (default-jre-headless)")
command -v tidy >/dev/null 2>&1 || missing+=("tidy")
command -v node >/dev/null 2>&1 || missing+=("node (nodejs)")
[ -f "$vnu_jar" ] || missing+=("$vnu_jar (npm vnu-jar)")
[ -x "$ajv" ] || missing+=("$ajv (npm ajv-cli)")
[ -d "$npm_dir/node_modules/ajv-formats" ] || missing+=("$npm_dir/node_modules/ajv-formats (npm ajv-formats)")
if [ ${#missing[@]} -gt 0 ]; then
  printf 'FAIL: missing: %s\n' "${missing[@]}"
  echo "FAIL: run scripts/setup.sh --tests (SPEEDUPLAB_NPM_DIR: where it put the npm tools)"
  exit 1
fi
[ -x "$cli" ] || { echo "FAIL: no CLI at $cli"; exit 1; }
[ -z "$app" ] || [ -x "$app" ] || { echo "FAIL: no app at $app"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/speeduplab validators.XXXXXX") # a space in every path
trap 'rm -rf -- "$tmp"' EXIT

failures=0
pass() { echo "ok   $1"; }
bad() { echo "FAIL $1"; failures=$((failures + 1)); }
# Each tool's output, indented, when it failed.
show() { echo "     ${1//$'\n'/$'\n'     }"; }

# --- The HTML reports of the shipped examples -----------------------------------------------------
reports=()
if [ -z "$app" ]; then
  echo "note: no app given (a build without the GUI): no HTML report to check"
else
  export QT_QPA_PLATFORM=offscreen
  # Every example CSV the program carries (the .qrc), by its --example name: a file's name without
  # .csv, the original answer's table by its folder's.
  names=()
  while IFS= read -r path; do
    case $path in
      examples/original-answer/*) names+=(original-answer) ;;
      *) names+=("$(basename "$path" .csv)") ;;
    esac
  done < <(grep -oE 'examples/[^<>]*\.csv<' "$root/resources/speeduplab.qrc" | sed 's/<$//')
  [ ${#names[@]} -gt 0 ] || bad "no example CSV in resources/speeduplab.qrc"
  for name in "${names[@]}"; do
    out=$tmp/$name.html
    extra=()
    [ "$name" != seed-preset ] || extra=(--json "$tmp/app-seed-preset.json")
    if o=$("$app" --headless --example "$name" --report "$out" "${extra[@]}" 2>&1) && [ -s "$out" ]; then
      reports+=("$out")
    else
      bad "speeduplab --headless --example $name --report wrote no report:"; show "$o"
    fi
  done
  # The seed example in Chinese too: another lang, and the translations' text in every element.
  out=$tmp/seed-preset.zh_CN.html
  if o=$(LANGUAGE=zh_CN LANG=zh_CN.UTF-8 "$app" --headless --example seed-preset --report "$out" 2>&1) &&
     grep -q '<html lang="zh-CN">' "$out"; then
    reports+=("$out")
  else
    bad "speeduplab --headless --example seed-preset --report in Chinese:"; show "$o"
  fi
  for r in "${reports[@]}"; do
    # A report without an inline figure would pass the SVG checks below unseen.
    grep -q '<svg ' "$r" || bad "$(basename "$r"): no inline <svg> figure"
  done
fi

if [ ${#reports[@]} -gt 0 ]; then
  # vnu once over all of them: one JVM start, its schemas loaded once. --Werror: a warning fails as
  # an error does. The one message filtered out: "Inline script violates Content Security
  # Policy", which vnu gives for the runs file embedded as <script type="application/json">. That
  # is a data block, never run, and CSP's script-src applies to scripts run only (HTML's "prepare
  # the script element" stops at a data block before CSP is asked); the report's CSP allows no
  # script on purpose. The filter holds only while every <script> of the reports is that data block.
  filter=()
  scripts=$(grep -h -o '<script[^>]*>' "${reports[@]}" | sort -u || true)
  if [ "$scripts" = '<script type="application/json" id="speeduplab-results">' ]; then
    filter=(--filterpattern '.*Inline script violates Content Security Policy.*')
  fi
  vnu_version=$(java -jar "$vnu_jar" --version 2>&1 || true)
  if o=$(java -jar "$vnu_jar" --Werror "${filter[@]}" "${reports[@]}" 2>&1); then
    pass "vnu $vnu_version: no error or warning in ${#reports[@]} reports"
  else
    bad "vnu $vnu_version on the reports:"; show "$o"
  fi

  # tidy: exit 1 for warnings, 2 for errors. Its HTML5 knows every element the report uses
  # (section, figure, details, bdi, inline svg): no option adds any.
  for r in "${reports[@]}"; do
    rc=0
    o=$(tidy -q -e "$r" 2>&1) || rc=$?
    if [ "$rc" = 0 ] && [ -z "$o" ]; then
      pass "tidy: no warning in $(basename "$r")"
    else
      bad "tidy (exit $rc) on $(basename "$r"):"; show "$o"
    fi
  done
fi

# --- JSON Schemas and the files written against them ----------------------------------------------
results_schema=$root/docs/results.schema.json
runs_schema=$root/docs/runs.schema.json
ajv_opts=(--spec=draft2020 --strict=true -c ajv-formats)
if o=$("$ajv" compile "${ajv_opts[@]}" -s "$results_schema" 2>&1); then
  pass "ajv (strict) compiles docs/results.schema.json"
else
  bad "ajv compile docs/results.schema.json:"; show "$o"
fi
if o=$("$ajv" compile "${ajv_opts[@]}" -s "$runs_schema" -r "$results_schema" 2>&1); then
  pass "ajv (strict) compiles docs/runs.schema.json, its \$ref to results.schema.json resolved"
else
  bad "ajv compile docs/runs.schema.json:"; show "$o"
fi

results=()
runs=()
if o=$("$cli" run -w add --sizes 4,16 --threads 1 --cpu-only --min-time 0.001 --max-reps 3 \
         --json "$tmp/sweep.json" --csv "$tmp/sweep.csv" 2>&1); then
  results+=("$tmp/sweep.json")
  if o=$("$cli" merge -o "$tmp/merged.json" "$tmp/sweep.json" "$tmp/sweep.csv" 2>&1); then
    runs+=("$tmp/merged.json")
  else
    bad "speeduplab-cli merge:"; show "$o"
  fi
else
  bad "speeduplab-cli run:"; show "$o"
fi
[ ! -s "$tmp/app-seed-preset.json" ] || results+=("$tmp/app-seed-preset.json")
# The runs file each report carries (what --open reads back), as it stands in the page.
for r in "${reports[@]}"; do
  json=${r%.html}.runs.json
  if o=$(node -e '
      const fs = require("fs");
      const html = fs.readFileSync(process.argv[1], "utf8");
      const open = "<script type=\"application/json\" id=\"speeduplab-results\">";
      const at = html.indexOf(open);
      if (at < 0) throw new Error("no embedded runs file");
      const end = html.indexOf("</script>", at);
      fs.writeFileSync(process.argv[2], JSON.stringify(JSON.parse(html.slice(at + open.length, end))));
    ' "$r" "$json" 2>&1); then
    runs+=("$json")
  else
    bad "$(basename "$r"): its embedded runs file:"; show "$o"
  fi
done
validate() { # SCHEMA WHAT FILE... [-r REF]: one ajv call for all the files
  local schema=$1 what=$2; shift 2
  local args=() refs=()
  while [ $# -gt 0 ]; do
    if [ "$1" = -r ]; then refs+=(-r "$2"); shift 2; else args+=(-d "$1"); shift; fi
  done
  if o=$("$ajv" validate "${ajv_opts[@]}" --all-errors --errors=text -s "$schema" "${refs[@]}" "${args[@]}" 2>&1); then
    pass "ajv: $what valid ($((${#args[@]} / 2)) files)"
  else
    bad "ajv validate $what:"; show "$o"
  fi
}
[ ${#results[@]} -eq 0 ] || validate "$results_schema" "results files (CLI run, app --json)" "${results[@]}"
[ ${#runs[@]} -eq 0 ] || validate "$runs_schema" "runs files (CLI merge, each report's)" "${runs[@]}" -r "$results_schema"

echo "tools: $(cat "$npm_dir/VERSIONS" 2>/dev/null || echo "$npm_dir"), $(tidy -v), $(java -version 2>&1 | head -n 1)"
if ((failures == 0)); then echo "all passed"; else echo "$failures failed"; fi
((failures == 0))
