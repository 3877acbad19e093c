#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fails when an #include breaks the layers that docs/architecture.md draws:

  1. a folder includes one it may not: backend/ nothing of ours; cuda/, opencl/ and vulkan/ only
     backend/;
     core/ no front end; words/ no widgets and no command line; cli/ no Qt (of words/ only the
     plain C++ interface explainreport.h);
  2. a wing of core/ includes a wing listed after it in WINGS (core/'s own files, the pipeline,
     stand above every wing);
  3. a folder of core/ is in no wing (a new wing goes into WINGS, where it stands).

With 1 and 2 kept, no circle can run between folders or between core's wings.

    test_layers.py [ROOT]
"""

import re
import sys
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2])

# core's wings from the ground up: a wing includes only itself and the wings before it.
WINGS = ["io", "kernels", "machine", "model", "plan", "devices", "measure", "analysis", "results"]

# What each top folder may include, beside itself.
MAY = {
    "backend": set(),
    "cuda": {"backend"},
    "opencl": {"backend"},
    "vulkan": {"backend"},
    "core": {"backend", "cuda", "opencl", "vulkan"},
    "words": {"core", "backend"},
    "ui": {"core", "backend", "words"},
    "cli": {"core", "backend"},
}
CLI_MAY_FROM_WORDS = {"words/explainreport.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = (".h", ".cpp", ".cuh", ".cu", ".in")


def units():
    """Each source file of the layered folders, with the project paths it includes."""
    for top in MAY:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in SOURCES and path.is_file():
                text = path.read_text(encoding="utf-8", errors="replace")
                yield path.relative_to(ROOT).as_posix(), [
                    inc for inc in INCLUDE.findall(text) if inc.split("/")[0] in MAY]


def wing(path):
    parts = path.split("/")
    return parts[1] if parts[0] == "core" and len(parts) > 2 else None


def main():
    faults = []
    read = 0
    for path, includes in units():
        read += 1
        top = path.split("/")[0]
        w = wing(path)
        if w is not None and w not in WINGS:
            faults.append(f"{path}: core/{w}/ is in no wing of WINGS (tests/scripts/test_layers.py)")
        for inc in includes:
            to = inc.split("/")[0]
            if to != top and to not in MAY[top] and not (top == "cli" and inc in CLI_MAY_FROM_WORDS):
                faults.append(f"{path} includes {inc}: {top}/ may not include {to}/")
            tw = wing(inc)
            if top == "core" and w is not None and tw is not None and tw in WINGS and w in WINGS:
                if WINGS.index(tw) > WINGS.index(w):
                    faults.append(f"{path} includes {inc}: core/{w}/ stands below core/{tw}/")
            if top == "core" and w is not None and tw is None and inc.startswith("core/") \
                    and not inc.startswith("core/version"):
                faults.append(f"{path} includes {inc}: a wing includes nothing of core/'s top")

    for f in faults:
        print(f)
    print(f"{read} files read, {len(faults)} fault(s)")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
