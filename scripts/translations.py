#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""SpeedupLab's translations (Qt Linguist): keeps the .ts files in step with the sources.

The .ts files in resources/translations/ are where translations live and are edited, with Qt's
tools (Qt Linguist: `/usr/lib/qt6/bin/linguist resources/translations/speeduplab_zh_CN.ts`, or
any .ts editor). The rules a translation follows are in docs/translating.md.

    python3 scripts/translations.py            # the same as: scripts/translations.py update

  1. This runs lupdate over ui/ and words/ into each .ts: new tr() strings come in as unfinished,
     strings gone from the code are dropped, translations already made are kept, and no line
     numbers are stored (so that edits elsewhere do not touch the file). It prints the messages
     still unfinished, with their context, and exits 1 while there are any.
  2. Translate them in Linguist (or the .ts), mark them finished, and run step 1 again.
  3. Build (CMake's lrelease turns each .ts into a .qm embedded as :/i18n/speeduplab_<lang>.qm)
     and run `ctest -R test_translations`: it fails on a missing, unfinished or malformed
     translation, and on a user-visible literal in ui/ that is not wrapped in tr().

Counts are plurals: tr("%n point(s)", nullptr, n), never a number and a noun chosen in code. Each
such message has one translation per plural form of the language (Chinese: one; English: two).
speeduplab_en.ts holds only those (lupdate -pluralonly): the English forms ("%n point",
"%n points") that every program installs from its start (words/translations.cpp).

    scripts/translations.py check     # only report what step 1 would find; writes nothing

lupdate is Qt 6's (/usr/lib/qt6/bin/lupdate, package qt6-l10n-tools, from scripts/setup.sh); set
LUPDATE to use another.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["ui", "words"]  # folders lupdate reads, relative to ROOT
# language -> whether its .ts holds only the plural forms (English, the sources' language).
LANGUAGES = {"zh_CN": False, "en": True}


def ts_path(language):
    return ROOT / "resources" / "translations" / f"speeduplab_{language}.ts"


def find_lupdate(explicit=None):
    """The lupdate of Qt 6, or None. explicit: a path given by the caller (CMake's Qt6::lupdate)."""
    for candidate in (explicit, os.environ.get("LUPDATE"), "/usr/lib/qt6/bin/lupdate",
                      shutil.which("lupdate6"), shutil.which("lupdate-qt6")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def run_lupdate(lupdate, ts_file, language, root=ROOT):
    """Runs lupdate over SOURCES into ts_file (created or updated): the one invocation that the
    update and tests/scripts/test_translations.py share, so that they see the same messages.
    -I root: the sources include "ui/x.h"; without the headers lupdate cannot see that the
    classes live in namespace speeduplab and files the strings under the wrong context."""
    cmd = [lupdate, "-silent", "-no-obsolete", "-locations", "none", "-extensions", "cpp,h",
           "-target-language", language, "-I", str(root)]
    if LANGUAGES.get(language):
        cmd.append("-pluralonly")
    cmd += [str(root / s) for s in SOURCES]
    cmd += ["-ts", str(ts_file)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"lupdate failed ({r.returncode}): {r.stdout}{r.stderr}")
    return r.stdout + r.stderr


def messages(ts_file):
    """[(context, source, comment, message element)] of a .ts file."""
    out = []
    for ctx in ET.parse(ts_file).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            out.append((name, m.findtext("source") or "", m.findtext("comment") or "", m))
    return out


def translation_texts(m):
    """The translated texts of a message: one, or one per numerus form."""
    t = m.find("translation")
    if t is None:
        return []
    if m.get("numerus") == "yes":
        return [f.text or "" for f in t.iter("numerusform")]
    return [t.text or ""]


def is_finished(m):
    t = m.find("translation")
    if t is None or t.get("type") in ("unfinished", "vanished", "obsolete"):
        return False
    texts = translation_texts(m)
    return bool(texts) and all(texts)


def unfinished(ts_file):
    """The (context, source) of the messages of ts_file without a finished translation."""
    return [(c, src) for c, src, _, m in messages(ts_file) if not is_finished(m)]


def update(language, lupdate, write=True):
    target = ts_path(language)
    if write:
        target.parent.mkdir(parents=True, exist_ok=True)
        run_lupdate(lupdate, target, language)
        return unfinished(target)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / target.name
        if target.exists():
            shutil.copy(target, copy)
        run_lupdate(lupdate, copy, language)
        return unfinished(copy)


def main(argv):
    mode = argv[1] if len(argv) > 1 else "update"
    if mode not in ("update", "check"):
        print(__doc__)
        return 2
    lupdate = find_lupdate()
    if not lupdate:
        print("translations: Qt 6's lupdate was not found: install qt6-l10n-tools (scripts/setup.sh) "
              "or set LUPDATE", file=sys.stderr)
        return 2
    status = 0
    for language in LANGUAGES:
        missing = update(language, lupdate, write=(mode == "update"))
        n = len(messages(ts_path(language))) if ts_path(language).exists() else 0
        if missing:
            status = 1
            print(f"{ts_path(language).relative_to(ROOT)}: {len(missing)} of {n} messages have no "
                  f"finished translation; translate them in Qt Linguist (docs/translating.md):")
            for context, source in missing:
                print(f"  [{context}] {source!r}")
        else:
            print(f"{ts_path(language).relative_to(ROOT)}: all {n} messages translated")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
