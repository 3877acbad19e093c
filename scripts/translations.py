#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""SpeedupLab's translations (Qt Linguist): update the .ts files from the sources and fill them in.

How to translate new strings (after tr() calls were added or changed in ui/):

    python3 scripts/translations.py            # the same as: scripts/translations.py update

  1. This runs lupdate over ui/ into resources/translations/speeduplab_zh_CN.ts (new strings come in
     as unfinished, strings gone from the code are dropped, no line numbers are stored so that edits
     elsewhere do not touch the file), then writes the translation of every message from the table
     in scripts/translations_zh_CN.py and marks it finished. It prints the sources the table lacks
     (with their context) and exits 1 while there are any.
  2. Add each missing source to ZH in scripts/translations_zh_CN.py (the rules are at its top: keep
     %1 %2 ... and \\n, accelerators as "文件(&F)", technical terms as they are), run step 1 again.
  3. Build (CMake's lrelease turns the .ts into the .qm embedded as :/i18n/speeduplab_zh_CN.qm) and
     run `ctest -R test_translations`; it fails on a missing, unfinished or malformed translation,
     and on a user-visible literal in ui/ that is not wrapped in tr().

The table, not the .ts, is where translations are edited: an update rewrites every message it
holds. A translation made in Linguist and not in the table is kept, but the table wins over it.

    scripts/translations.py check     # only report what step 1 would find missing; writes nothing

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
LANGUAGES = {"zh_CN": "translations_zh_CN"}  # language -> module of scripts/ holding its table


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


def load_table(language):
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    module = __import__(LANGUAGES[language])
    return module.ZH, getattr(module, "BY_CONTEXT", {})


def fill(ts_file, language):
    """Writes the table's translations into ts_file. Returns the (context, source) still missing."""
    zh, by_context = load_table(language)
    tree = ET.parse(ts_file)
    missing = []
    for ctx in tree.getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            source = m.findtext("source") or ""
            text = by_context.get((name, source), zh.get(source))
            t = m.find("translation")
            if t is None:
                t = ET.SubElement(m, "translation")
            if text is None:
                if not is_finished(m):
                    missing.append((name, source))
                continue
            t.attrib.pop("type", None)
            if m.get("numerus") == "yes":
                # Chinese has one form; a list in the table gives the forms in the language's order.
                forms = text if isinstance(text, (list, tuple)) else [text]
                for f in list(t):
                    t.remove(f)
                t.text = None
                for form in forms:
                    ET.SubElement(t, "numerusform").text = form
            else:
                t.text = text
    # Linguist's layout: its header, 4-space indents; lupdate rewrites it the same way later.
    ET.indent(tree, space="    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    Path(ts_file).write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n",
                             encoding="utf-8")
    return missing


def update(language, lupdate, write=True):
    target = ts_path(language)
    if write:
        target.parent.mkdir(parents=True, exist_ok=True)
        run_lupdate(lupdate, target, language)
        missing = fill(target, language)
        # Once more through lupdate: it writes the file in its own canonical form.
        run_lupdate(lupdate, target, language)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / target.name
            if target.exists():
                shutil.copy(target, copy)
            run_lupdate(lupdate, copy, language)
            missing = fill(copy, language)
    return missing


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
                  f"translation; add them to scripts/{LANGUAGES[language]}.py:")
            for context, source in missing:
                print(f"  [{context}] {source!r}")
        else:
            print(f"{ts_path(language).relative_to(ROOT)}: all {n} messages translated")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
