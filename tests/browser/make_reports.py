#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Makes the reports tests/browser opens in Chromium: each shipped example's, through
# `speeduplab --headless --example NAME --report`, with the run's own JSON beside it, and the
# report of a hostile file: the seed example with a script, an <img>, a javascript: link, a bidi
# override and a 100,000-character name in the fields a report shows.
#   make_reports.py SPEEDUPLAB SOURCE_DIR OUT_DIR
import csv
import json
import os
import subprocess
import sys

EXAMPLES = ["seed-preset", "add-range", "add-calibrated", "reduce", "transfer"]
SCRIPT = "</script><script>window.__pwned=1</script>"
IMG = "<img src=/etc/passwd onerror=\"window.__pwned=2\">"
LINK = "javascript:window.__pwned=3"
BIDI = "evil\u202egnp.exe"


def hostile(seed_csv, out_csv):
    """The seed example with hostile names in its machine (its metadata file, NAME.csv.meta.json)
    and in a row's reason."""
    with open(seed_csv + ".meta.json", encoding="utf-8") as f:
        side = json.load(f)
    meta = side["machine"]
    meta["cpu_model"] = SCRIPT
    meta["gpus"][0]["name"] = IMG + " " + LINK
    meta["os"] = "x" * 100000 + " <!-- " + BIDI
    side["csv"] = os.path.basename(out_csv)
    with open(seed_csv, encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    reason = header.index("reason")
    body[0][reason] = BIDI + " " + SCRIPT + " " + IMG
    with open(out_csv, "w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows([header] + body)
    with open(out_csv + ".meta.json", "w", encoding="utf-8") as f:
        json.dump(side, f, ensure_ascii=False)


def run(app, args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LANGUAGE="en")
    done = subprocess.run([app, "--headless"] + args, env=env, capture_output=True, text=True,
                          timeout=300)
    if done.returncode != 0:
        sys.exit("speeduplab %s failed (%d): %s" % (" ".join(args), done.returncode, done.stderr))


def main():
    app, source, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    settings = os.path.join(out, "settings.ini")  # never the user's
    for name in EXAMPLES:
        run(app, ["--settings", settings, "--force", "--example", name,
                  "--report", os.path.join(out, name + ".html"),
                  "--json", os.path.join(out, name + ".json")])
    seed = os.path.join(source, "resources", "examples", "h200-2026-11-30", "seed-preset.csv")
    bad = os.path.join(out, "hostile.csv")
    hostile(seed, bad)
    run(app, ["--settings", settings, "--force", "--open", bad,
              "--report", os.path.join(out, "hostile.html"),
              "--json", os.path.join(out, "hostile.json")])
    print("made the reports of %s and a hostile file in %s" % (", ".join(EXAMPLES), out))


if __name__ == "__main__":
    main()
