#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Validates every file the CLI writes against the documented result format.

    tests/scripts/test_schema.py PATH/TO/speeduplab-cli

Runs a tiny CPU sweep (JSON and CSV) twice and a merge of the two, then checks:
- each JSON result file against docs/results.schema.json, and that it holds every field the
  schema names (a reader may meet files without some of them; the CLI writes them all);
- the runs file of the merge against docs/runs.schema.json (each run's results by reference);
- the CSV: its metadata file ("NAME.csv.meta.json"; an older file's "# metadata: " line) against
  the schema's machine, its header against the column list of docs/results-format.md (the fenced
  block "csv-columns"), each row, typed by the schema's row fields, against the schema, and that
  pandas.read_csv with its defaults reads one row a point with typed columns (issue 62);
- the committed sample speeduplab-output/seed.json (and seed.csv) and every
  tests/fuzz/corpus/valid_*.json seed.
Needs python3 with jsonschema and pandas (scripts/setup.sh --tests installs python3-jsonschema
and python3-pandas): without them the test fails, it does not skip.
"""
import csv
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = os.path.join(ROOT, "docs")

try:
    import jsonschema
except ImportError:
    print("FAIL: the Python module jsonschema is missing for %s: run scripts/setup.sh "
          "(Debian package python3-jsonschema)" % sys.executable)
    sys.exit(1)

try:
    import pandas
except ImportError:
    print("FAIL: the Python module pandas is missing for %s: run scripts/setup.sh --tests "
          "(Debian package python3-pandas)" % sys.executable)
    sys.exit(1)

failures = []


def ok(what):
    print("ok   " + what)


def bad(what, why):
    failures.append(what)
    print("FAIL %s\n  %s" % (what, why.replace("\n", "\n  ")))


def load_json(path):
    with open(path, encoding="utf-8-sig") as f:  # a byte-order mark is allowed
        return json.load(f)


RESULTS = load_json(os.path.join(DOCS, "results.schema.json"))
RUNS = load_json(os.path.join(DOCS, "runs.schema.json"))
Validator = jsonschema.Draft202012Validator
Validator.check_schema(RESULTS)
Validator.check_schema(RUNS)


def runs_validator():
    try:  # jsonschema >= 4.18
        from referencing import Registry, Resource
        registry = Registry().with_resource(RESULTS["$id"], Resource.from_contents(RESULTS))
        return Validator(RUNS, registry=registry)
    except ImportError:  # Debian 12's 4.10
        resolver = jsonschema.RefResolver.from_schema(RUNS, store={RESULTS["$id"]: RESULTS})
        return Validator(RUNS, resolver=resolver)


VALIDATORS = {"speeduplab-results": Validator(RESULTS), "speeduplab-runs": runs_validator()}


def check(what, doc, kind=None):
    """Validates doc against the schema of its "format" (or kind); True when it conforms."""
    kind = kind or (doc.get("format") if isinstance(doc, dict) else None)
    validator = VALIDATORS.get(kind)
    if validator is None:
        bad(what, "unknown format %r" % (kind,))
        return False
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        bad(what, "\n".join("%s: %s" % ("/".join(map(str, e.absolute_path)) or "(top)", e.message)
                            for e in errors[:10]))
        return False
    ok("%s conforms to %s" % (what, "results.schema.json" if kind == "speeduplab-results"
                              else "runs.schema.json"))
    return True


def doc_columns():
    """The CSV columns, in order, as docs/results-format.md lists them."""
    with open(os.path.join(DOCS, "results-format.md"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^```csv-columns\n(.*?)^```", text, re.S | re.M)
    if not m:
        raise SystemExit("FAIL: docs/results-format.md has no ```csv-columns block")
    return [c.strip() for c in m.group(1).split(",") if c.strip()]


ROW = RESULTS["$defs"]["row"]["properties"]
CSV_ONLY = RESULTS["$defs"]["csvRow"]["properties"]
MACHINE = RESULTS["$defs"]["machine"]["properties"]
# The fields a row has only when measured (its energy): absent from JSON, an empty CSV cell.
UNMEASURED = {k for k, v in ROW.items() if v.get("$comment") == "absent when unmeasured"}


def resolve(prop):
    while "$ref" in prop and prop["$ref"].startswith("#/$defs/"):
        merged = dict(RESULTS["$defs"][prop["$ref"][len("#/$defs/"):]])
        merged.update({k: v for k, v in prop.items() if k != "$ref"})
        prop = merged
    return prop


ABSENT = object()  # an empty cell of a column that is not text: no value, as the readers take it


def typed(column, text):
    """A CSV cell as the JSON value of the schema's row field `column`; ABSENT for an empty cell
    that is not text (a point without quartiles): the app's readers take it as absent too."""
    if column in CSV_ONLY:  # the clocks, flattened: empty is unknown
        if text == "":
            return None
        try:
            v = float(text)
        except ValueError:
            return text
        return int(v) if column.startswith("throttle_reasons") and v == int(v) else v
    prop = resolve(ROW[column])
    kind = prop.get("type")
    if kind == "boolean":
        return {"true": True, "1": True, "false": False, "0": False}.get(text, text)
    if kind == "string" or "enum" in prop:
        return text
    if text == "":
        return ABSENT
    if text in ("nan", "inf", "-inf"):
        return text  # a string: the schema says where these are allowed
    try:
        v = float(text)
    except ValueError:
        return text
    if kind == "integer" and math.isfinite(v) and v == int(v):
        return int(v)
    return v


def check_csv(what, path, columns=None):
    with open(path, encoding="utf-8-sig", newline="") as f:
        text = f.read()
    tag = "# metadata: "
    machine = None
    # Lines starting with '#' are comments (docs/results-format.md), but a metadata line, which an
    # older file puts before the header.
    kept = []
    for line in text.split("\n"):
        if line.startswith(tag):
            machine = json.loads(line[len(tag):])
        elif not line.startswith("#"):
            kept.append(line)
    text = "\n".join(kept)
    records = list(csv.reader(io.StringIO(text)))
    # Older writers' metadata: one quoted cell after the rows. The CLI's CSV holds nothing but
    # its header and rows, and its machine in its metadata file.
    if records and len(records[-1]) == 1 and records[-1][0].startswith(tag):
        if columns:
            bad(what, "the CLI's CSV holds its metadata as a row: %r" % (records[-1][0][:60],))
        machine = json.loads(records.pop()[0][len(tag):])
    sidecar = path + ".meta.json"
    if machine is None and os.path.exists(sidecar):
        meta = load_json(sidecar)
        if meta.get("format") != "speeduplab-csv-metadata" or not isinstance(meta.get("machine"), dict):
            bad(what, "%s is not a CSV's metadata file: %r" % (sidecar, list(meta)[:5]))
        else:
            machine = meta["machine"]
    elif columns and machine is None:
        bad(what, "no metadata file %s beside it" % sidecar)
    reader = iter(records)
    header = next(reader)
    if columns is not None:
        if header == columns:
            ok("%s: the header is the documented column list (%d columns)" % (what, len(columns)))
        else:
            bad(what, "header %s\n differs from docs/results-format.md's %s" % (header, columns))
    unknown = [c for c in header if c not in ROW and c not in CSV_ONLY]
    if unknown:
        bad(what, "columns the schema does not name: %s" % unknown)
        return
    rows = [{c: t for c, t in ((c, typed(c, v)) for c, v in zip(header, cells)) if t is not ABSENT}
            for cells in reader if cells]
    csv_only = {"$ref": "#/$defs/csvRow", "$defs": RESULTS["$defs"]}
    for i, row in enumerate(rows):
        errors = list(Validator(csv_only).iter_errors({k: v for k, v in row.items() if k in CSV_ONLY}))
        if errors:
            bad(what, "row %d: %s" % (i + 1, errors[0].message))
    doc = {"format": "speeduplab-results", "version": 1, "rows": rows}
    if machine is not None:
        doc["machine"] = machine
    check("%s (%d rows%s)" % (what, len(rows), ", metadata" if machine is not None else ""), doc)
    if columns:
        check_pandas(what, path, len(rows))


def check_pandas(what, path, count):
    """pandas.read_csv with its defaults: one row a point, counts as integers, times as floats,
    flags as booleans (the metadata's cell after the rows made every column float or text)."""
    frame = pandas.read_csv(path)
    want = {"n": "int64", "reps": "int64", "iterations": "int64", "median_s": "float64",
            "noisy": "bool", "verified": "bool", "workload": "object"}
    got = {c: str(frame[c].dtype) for c in want if c in frame.columns}
    if len(frame) != count:
        bad(what + " in pandas", "%d rows, want one a point: %d" % (len(frame), count))
    elif got != want:
        bad(what + " in pandas", "column types %s, want %s" % (got, want))
    else:
        ok("%s: pandas.read_csv reads %d rows, typed" % (what, count))


def check_complete(what, doc):
    """The CLI writes every field the schema names (samples included)."""
    missing = [k for k in RESULTS["properties"] if k not in doc]
    missing += ["machine." + k for k in MACHINE if k not in doc.get("machine", {})]
    for i, row in enumerate(doc.get("rows", [])):
        missing += ["rows[%d].%s" % (i, k) for k in ROW if k not in row and k not in UNMEASURED]
    if missing:
        bad(what + " writes every documented field", "missing: %s" % missing[:20])
    else:
        ok(what + " writes every documented field")


def run(cli, *args):
    p = subprocess.run([cli, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    if p.returncode != 0:
        raise SystemExit("FAIL: %s %s exited %d:\n%s" % (cli, " ".join(args), p.returncode, p.stdout))
    return p.stdout


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: test_schema.py PATH/TO/speeduplab-cli")
    cli = sys.argv[1]
    columns = doc_columns()
    schema_columns = [k for k in ROW if k not in ("samples", "clocks")] + list(CSV_ONLY)
    if sorted(columns) == sorted(schema_columns):
        ok("the documented CSV columns are the schema's row fields but samples, clocks flattened")
    else:
        bad("documented CSV columns", "doc %s\nschema %s" % (columns, schema_columns))

    with tempfile.TemporaryDirectory(prefix="schema test ") as tmp:  # a space in every path
        files = {}
        for name, threads in (("a", "1"), ("b", "1,2")):
            files[name] = os.path.join(tmp, name + ".json")
            run(cli, "run", "--workload", "add", "--sizes", "4,16", "--threads", threads, "--cpu-only",
                "--iterations", "10", "--min-time", "0", "--max-reps", "5",
                "--json", files[name], "--csv", os.path.join(tmp, name + ".csv"))
            doc = load_json(files[name])
            check("cli run --json (%s)" % name, doc, "speeduplab-results")
            check_complete("cli run --json (%s)" % name, doc)
            if not doc["rows"] or any(len(r["samples"]) != r["reps"] for r in doc["rows"]):
                bad("cli run --json (%s) rows" % name, "no rows, or samples not one per repetition")
            check_csv("cli run --csv (%s)" % name, os.path.join(tmp, name + ".csv"), columns)
        # A point without quartiles writes empty cells, which every reader takes as absent: this
        # check and the program's own reader (report).
        blank = os.path.join(tmp, "blank quartiles.csv")
        with open(os.path.join(tmp, "a.csv"), encoding="utf-8", newline="") as f:
            records = list(csv.reader(f))
        header = records[0]
        for record in records[1:]:
            for column in ("q1_s", "q3_s"):
                record[header.index(column)] = ""
        with open(blank, "w", encoding="utf-8", newline="") as f:
            csv.writer(f, lineterminator="\n").writerows(records)
        shutil.copyfile(os.path.join(tmp, "a.csv.meta.json"), blank + ".meta.json")
        # Empty, not 0, where a value does not apply: one round has no spread of rounds, a CPU
        # point no synced time.
        zeros = [(column, record[header.index(column)]) for record in records[1:]
                 for column in ("round_min_s", "round_max_s", "synced_median_s", "synced_min_s", "synced_max_s")
                 if record[header.index(column)] != ""]
        if zeros:
            bad("cli run --csv: cells that do not apply", "written: %s" % zeros[:5])
        else:
            ok("cli run --csv leaves the cells that do not apply empty")
        check_csv("a CSV with empty quartile cells", blank, columns)
        run(cli, "report", blank)
        ok("speeduplab-cli report reads a CSV with empty quartile cells")
        merged = os.path.join(tmp, "merged.json")
        run(cli, "merge", "-o", merged, files["a"], files["b"], os.path.join(tmp, "a.csv"))
        doc = load_json(merged)
        if check("cli merge -o (3 runs)", doc, "speeduplab-runs") and len(doc["runs"]) != 3:
            bad("cli merge -o", "%d runs, want 3" % len(doc["runs"]))
        run(cli, "merge", "-o", os.path.join(tmp, "again.json"), merged)
        check("cli merge -o of a runs file", load_json(os.path.join(tmp, "again.json")), "speeduplab-runs")

    # The shipped examples and the fuzzer's valid seeds: committed files only. What a user's own
    # run left in the tree (scripts/run.sh writes speeduplab-output/) is theirs, never a test's.
    examples = os.path.join(ROOT, "resources", "examples")
    for folder in sorted(os.listdir(examples)):
        for name in sorted(os.listdir(os.path.join(examples, folder))):
            if name.endswith(".csv"):
                check_csv("resources/examples/%s/%s" % (folder, name), os.path.join(examples, folder, name))
    corpus = os.path.join(ROOT, "tests", "fuzz", "corpus")
    seeds = sorted(f for f in os.listdir(corpus) if f.startswith("valid_") and f.endswith(".json"))
    if len(seeds) < 5:
        bad("fuzz corpus", "only %d valid_*.json seeds in %s" % (len(seeds), corpus))
    for name in seeds:
        check("tests/fuzz/corpus/" + name, load_json(os.path.join(corpus, name)))

    # The schema is not vacuous: it refuses what the loader refuses.
    row = load_json(os.path.join(corpus, "valid_samples.json"))
    for field, value in (("status", "great"), ("backend", "tpu"), ("n", 0), ("median_s", -1),
                         ("threads", 0), ("samples", ["x"]), ("verified", 1)):
        doc = json.loads(json.dumps(row))
        doc["rows"][0][field] = value
        if list(VALIDATORS["speeduplab-results"].iter_errors(doc)):
            ok("the schema refuses %s = %r" % (field, value))
        else:
            bad("the schema refuses %s = %r" % (field, value), "it accepts it")
    for field in ("format", "rows"):
        doc = json.loads(json.dumps(row))
        del doc[field]
        if not list(VALIDATORS["speeduplab-results"].iter_errors(doc)):
            bad("the schema needs %s" % field, "it accepts a file without it")

    if failures:
        print("%d failed: %s" % (len(failures), "; ".join(failures)))
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
