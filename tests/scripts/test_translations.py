#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fails when the window's text is not fully translated:

  1. lupdate over ui/ (the same invocation as scripts/translations.py) finds a tr() string that the
     committed resources/translations/speeduplab_<lang>.ts lacks, or has unfinished or empty;
  2. a context lupdate files strings under is not the one tr() looks them up in at run time (a
     class in namespace speeduplab is "speeduplab::X"; a bare "X" must be an explicit
     QCoreApplication::translate / QT_TRANSLATE_NOOP / Q_DECLARE_TR_FUNCTIONS context);
  3. a translation drops or adds a placeholder (%1, %n), a line break, an HTML tag, the source's
     accelerator letter, or a file-dialog pattern;
  4. a string literal with words in it is handed straight to a user-visible text (setText,
     setToolTip, QMessageBox::warning, new QLabel(...), addAction, ...) in ui/ without tr().
     A legitimate case (a technical token shown as is) carries a `// notr` comment on the call's
     lines;
  5. a count whose noun is picked in code (n == 1 ? tr("1 x") : tr("%1 xs")), not said with %n;
  6. a plural message with another number of forms than its language has (Chinese 1, English 2).

To fix 1 and 3: python3 scripts/translations.py (see its header). lupdate comes from
qt6-l10n-tools (scripts/setup.sh installs it); without it the test fails, it does not skip.
    test_translations.py [LUPDATE]
"""

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import translations as tx  # noqa: E402  (scripts/translations.py)

errors = []


def error(text):
    errors.append(text)


# --- 1, 2, 3: the .ts against lupdate's view of the sources --------------------------------------

def explicit_contexts():
    found = set()
    pattern = re.compile(r'(?:\btranslate|QT_TRANSLATE_NOOP3?|QT_TRANSLATE_N_NOOP3?)\s*\(\s*"([^"]+)"'
                         r'|Q_DECLARE_TR_FUNCTIONS\s*\(\s*([\w:]+)\s*\)')
    for folder in tx.SOURCES:
        for f in sorted((ROOT / folder).rglob("*")):
            if f.suffix in (".cpp", ".h"):
                for m in pattern.finditer(f.read_text(encoding="utf-8")):
                    found.add(m.group(1) or m.group(2))
    return found


PLACEHOLDER = re.compile(r"%(\d+|n)")
TAG = re.compile(r"</?[A-Za-z][^<>]*>")
FILTER = re.compile(r"\([^()]*\*[^()]*\)")


def accelerator(text):
    m = re.search(r"(?<!&)&([A-Za-z0-9])", text.replace("&&", ""))
    return m.group(1) if m else None


def check_form(where, source, text):
    if sorted(set(PLACEHOLDER.findall(source))) != sorted(set(PLACEHOLDER.findall(text))):
        error(f"{where}: the placeholders differ: {source!r} -> {text!r}")
    if source.count("\n") != text.count("\n"):
        error(f"{where}: the line breaks differ: {source!r} -> {text!r}")
    if sorted(TAG.findall(source)) != sorted(TAG.findall(text)):
        error(f"{where}: the HTML tags differ: {source!r} -> {text!r}")
    if sorted(FILTER.findall(source)) != sorted(FILTER.findall(text)):
        error(f"{where}: the file patterns differ (keep ASCII parentheses): {source!r} -> {text!r}")
    key = accelerator(source)
    if key:
        cjk = re.search(r"[\u3000-\u9fff\uff00-\uffef]", text)
        wanted = f"(&{key.upper()})"
        if cjk and wanted not in text:
            error(f"{where}: the accelerator should read {wanted} after the text: {source!r} -> {text!r}")
        elif not cjk and accelerator(text) is None:
            error(f"{where}: the accelerator &{key} is missing: {source!r} -> {text!r}")
    elif accelerator(text):
        error(f"{where}: an accelerator the source does not have: {source!r} -> {text!r}")


# How many plural forms each language's numerus messages have (Qt's rules for the language).
PLURAL_FORMS = {"zh_CN": 1, "en": 2}

# A count's noun picked in code ("n == 1 ? tr(...) : tr(...)"), which only fits English: a count
# is one message, tr("%n point(s)", nullptr, n).
HAND_PLURAL = re.compile(r"(?:==|!=)\s*1\s*\?\s*(?:\w+::)*tr\(\s*\"(?:1 |%1 )|"
                         r"tr\(\s*\"[^\"]*(?<![%\w])1 \w+\b[^\"]*\"\s*\)\s*:\s*(?:\w+::)*tr\(\s*\"[^\"]*%1 \w+s\b")


def check_hand_plurals():
    found = 0
    for folder in tx.SOURCES:
        for path in sorted((ROOT / folder).rglob("*.cpp")):
            code = path.read_text(encoding="utf-8")
            for m in HAND_PLURAL.finditer(code):
                line = code.count("\n", 0, m.start()) + 1
                found += 1
                error(f"{path.relative_to(ROOT)}:{line}: a count's noun picked in code; write it as "
                      f"tr(\"%n thing(s)\", nullptr, n) (docs/translating.md)")
    print(f"counts picked in code instead of %n in {', '.join(tx.SOURCES)}/: {found}")


def check_translations(lupdate):
    explicit = explicit_contexts()
    for language in tx.LANGUAGES:
        committed = tx.ts_path(language)
        rel = committed.relative_to(ROOT)
        if not committed.exists():
            error(f"{rel} does not exist: run python3 scripts/translations.py")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            fresh = Path(tmp) / committed.name
            tx.run_lupdate(lupdate, fresh, language)
            wanted = tx.messages(fresh)
        have = {(c, s, cm): m for c, s, cm, m in tx.messages(committed)}
        missing, unfinished = [], []
        for context, source, comment, _ in wanted:
            m = have.get((context, source, comment))
            if m is None:
                missing.append((context, source))
            elif not tx.is_finished(m):
                unfinished.append((context, source))
        for what, items in (("lacks", missing), ("has unfinished or empty", unfinished)):
            if items:
                error(f"{rel} {what} {len(items)} tr() string(s) of the sources; run "
                      f"python3 scripts/translations.py and translate them in Qt Linguist (docs/translating.md):\n"
                      + "\n".join(f"    [{c}] {s!r}" for c, s in items))
        for context in sorted({c for c, _, _, _ in wanted}):
            if not context.startswith("speeduplab::") and context not in explicit:
                error(f"lupdate files strings under the context {context!r}, which no tr() looks in at "
                      f"run time (a class of namespace speeduplab is 'speeduplab::{context}'): qualify the "
                      f"call (speeduplab::{context}::tr) or name the context explicitly")
        stale = len(have) - len({(c, s, cm) for c, s, cm, _ in wanted} & set(have))
        forms = PLURAL_FORMS.get(language)
        for context, source, _, m in tx.messages(committed):
            if m.get("numerus") == "yes" and tx.is_finished(m) and forms is not None and \
                    len(tx.translation_texts(m)) != forms:
                error(f"{rel} [{context}] {source!r}: {len(tx.translation_texts(m))} plural forms, "
                      f"not the language's {forms}")
            if m.get("numerus") != "yes" and "%n" in source:
                error(f"{rel} [{context}] {source!r}: %n without a count (tr(text, nullptr, n))")
            if tx.is_finished(m):
                for text in tx.translation_texts(m):
                    check_form(f"{rel} [{context}]", source, text)
        print(f"{rel}: {len(wanted)} tr() strings in the sources, {len(missing)} missing, "
              f"{len(unfinished)} unfinished, {stale} no longer in the sources")


# --- 4: literals handed to user-visible texts without tr() ----------------------------------------

# Calls whose text arguments the user reads: name -> the indexes of those arguments ("icon": the
# first argument, or the second when the first is an icon).
TEXT_ARGS = {name: (0,) for name in (
    "setText", "setToolTip", "setStatusTip", "setWhatsThis", "setWindowTitle", "setWindowIconText",
    "setPlaceholderText", "setTitle", "setTitleText", "setLabelText", "setSuffix", "setPrefix",
    "setSpecialValueText", "showMessage", "setIconText", "setCaption", "addToolBar", "addRow",
    "setAccessibleName", "setAccessibleDescription")}
TEXT_ARGS.update({name: (1,) for name in ("setTabText", "setTabToolTip", "setTabWhatsThis", "setItemText",
                                          "insertRow")})
TEXT_ARGS.update({name: "icon" for name in ("addAction", "addMenu", "addItem", "insertItem")})
TEXT_ARGS["addTab"] = (1, 2)
TEXT_ARGS["insertTab"] = (2, 3)
WIDGETS = ("QLabel", "QCheckBox", "QRadioButton", "QPushButton", "QGroupBox", "QDockWidget", "QAction",
           "QMenu", "QCommandLinkButton")
STATIC = {r"QMessageBox::(?:warning|information|critical|question|about)": (1, 2),
          r"QFileDialog::get\w+": (1, 3),
          r"QInputDialog::get\w+": (1, 2)}

WRAPPER = re.compile(r"^(?:QStringLiteral|QLatin1String|QLatin1StringView|QStringView|QString::fromUtf8|"
                     r"QString::fromLatin1|QString::fromStdString|QString)\s*\(\s*")
LITERAL = re.compile(r'^(?:u8|u|U|L)?"((?:[^"\\]|\\.)*)"')


def mask(text):
    """(code, no_strings): comments blanked in both; string and char contents also blanked in the
    second, so that parentheses and commas inside them do not count. Offsets and lines are kept."""
    code, bare = list(text), list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                code[k] = bare[k] = " "
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if text[k] != "\n":
                    code[k] = bare[k] = " "
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and (text[i - 1].isalnum()):  # digit separator 1'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                bare[k] = "x"
            i = j + 1
        else:
            i += 1
    return "".join(code), "".join(bare)


def split_args(code, bare, open_paren):
    """The top-level arguments of the call whose '(' is at open_paren, and the ')' offset."""
    depth, start, args = 0, open_paren + 1, []
    for i in range(open_paren, len(bare)):
        c = bare[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                if code[start:i].strip():
                    args.append((code[start:i], bare[start:i]))
                return args, i
        elif c == "," and depth == 1:
            args.append((code[start:i], bare[start:i]))
            start = i + 1
    return args, len(bare)


def pieces(code, bare):
    """The parts of an argument that can each be the text: the branches of a ternary and the
    operands of +, split at depth 0."""
    cuts, depth, i = [], 0, 0
    while i < len(bare):
        c = bare[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0:
            if bare.startswith("::", i):
                i += 2
                continue
            if c in "?:+":
                cuts.append(i)
        i += 1
    out, start = [], 0
    for cut in cuts + [len(code)]:
        out.append(code[start:cut].strip())
        start = cut + 1
    return out


def literal_text(piece):
    """The text of a piece that is a bare string literal (maybe wrapped, maybe followed by .arg())."""
    piece = WRAPPER.sub("", piece, count=1)
    m = LITERAL.match(piece)
    if not m:
        return None
    text, rest = m.group(1), piece[m.end():]
    while True:  # adjacent literals: "abc " "def"
        rest = rest.lstrip()
        m = LITERAL.match(rest)
        if not m:
            return text
        text, rest = text + m.group(1), rest[m.end():]


def wordy(text):
    t = re.sub(r"\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]+|.)", " ", text)
    t = PLACEHOLDER.sub(" ", TAG.sub(" ", t))
    if t.startswith((":/", "qrc:")) or re.fullmatch(r"[\w./-]+\.(svg|png|ico|json|csv|qm)", t.strip()):
        return False
    return re.search(r"[A-Za-z]{2,}", t) is not None


def call_sites(code, bare):
    """(offset of the name, offset of '(', text argument indexes) of every checked call."""
    names = "|".join(sorted(TEXT_ARGS))
    for m in re.finditer(r"(?:\.|->)\s*(" + names + r")\s*\(", bare):
        yield m.start(1), m.end() - 1, TEXT_ARGS[m.group(1)]
    widgets = "|".join(WIDGETS)
    for m in re.finditer(r"\bnew\s+(?:" + widgets + r")\s*\(|\b(?:" + widgets + r")\s+\w+\s*\(", bare):
        yield m.start(), m.end() - 1, "icon"
    for pattern, idx in STATIC.items():
        for m in re.finditer(r"\b" + pattern + r"\s*\(", bare):
            yield m.start(), m.end() - 1, idx
    for m in re.finditer(r"\bnew\s+QMessageBox\s*\(|\bQMessageBox\s+\w+\s*\(", bare):
        yield m.start(), m.end() - 1, (1, 2)


def unmarked(text):
    """[(line, literal)] of the literals with words handed to a user-visible text without tr()."""
    found = []
    lines = text.split("\n")
    code, bare = mask(text)
    for name_at, paren, idx in call_sites(code, bare):
        args, close = split_args(code, bare, paren)
        first = text.count("\n", 0, name_at)
        last = text.count("\n", 0, close)
        if any(re.search(r"//.*\bnotr\b", lines[k]) for k in range(first, min(last, len(lines) - 1) + 1)):
            continue
        if idx == "icon":
            idx = (1,) if args and re.search(r"QIcon|\bicon\b|Icon\b", args[0][0]) else (0,)
        for i in idx:
            if i < len(args):
                for piece in pieces(*args[i]):
                    lit = literal_text(piece)
                    if lit is not None and wordy(lit):
                        found.append((first + 1, lit))
    return sorted(found)


# The heuristic on known cases, so that a regular expression broken later cannot pass everything.
SELF_TEST = r"""
    label->setText(QStringLiteral("Hello world"));                   // 1 flagged
    label->setText(tr("Hello world"));
    a->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key));          // format only
    box->setObjectName(QStringLiteral("runButton"));                  // not a text
    auto *c = new QCheckBox(QLatin1String(m));                        // a variable
    QMessageBox::warning(this, tr("Title"), QStringLiteral("Bad thing happened"));  // 6 flagged
    m_combo->addItem(tr("Custom"), QStringLiteral("custom data"));   // data, not text
    m_combo->addItem(QStringLiteral("Visible choice"), 3);            // 8 flagged
    menu->addAction(QIcon(QStringLiteral(":/icons/run.svg")), "Run it", this, f);  // 9 flagged
    emit x(Format::sentence(QStringLiteral("Could not start: ") + e));
    status->showMessage(done ? tr("Done") : QStringLiteral("Not done yet"));  // 11 flagged
    status->showMessage(QStringLiteral("Kept as is"));  // notr
    auto *l = new QLabel(QStringLiteral("A label,\n with (parens)"), this);  // 13 flagged
    w->setWindowTitle(QStringLiteral("\u00d7"));
    m_device->addItem(QStringLiteral("%1: %2 (compute %3)")
                          .arg(g.index), g.index);                   // 15 flagged
    setStyleSheet(QStringLiteral("color: red; font-weight: bold"));
    // label->setText(QStringLiteral("in a comment"));
    label->setText(QStringLiteral("GPU")); // notr: a device name
"""
SELF_TEST_EXPECTED = [1, 6, 8, 9, 11, 13, 15]


def check_literals():
    got = [line for line, _ in unmarked(SELF_TEST.split("\n", 1)[1])]
    if got != SELF_TEST_EXPECTED:
        error(f"the unmarked-literal heuristic is broken: it flags lines {got} of its self-test, "
              f"expected {SELF_TEST_EXPECTED}")
    count = 0
    for folder in tx.SOURCES:
        for f in sorted((ROOT / folder).rglob("*")):
            if f.suffix in (".cpp", ".h"):
                for line, lit in unmarked(f.read_text(encoding="utf-8")):
                    count += 1
                    error(f"{f.relative_to(ROOT)}:{line}: the text {lit!r} is shown without tr(); wrap "
                          f"it in tr() (or mark the call // notr when it must stay as it is)")
    print(f"user-visible literals without tr() in {', '.join(tx.SOURCES)}/: {count}")


def main(argv):
    lupdate = tx.find_lupdate(argv[1] if len(argv) > 1 and argv[1] else None)
    if not lupdate:
        print("FAIL: Qt 6's lupdate was not found, so the translations cannot be checked: install "
              "qt6-l10n-tools (scripts/setup.sh does) and configure again", file=sys.stderr)
        return 1
    check_translations(lupdate)
    check_literals()
    check_hand_plurals()
    for e in errors:
        print("FAIL: " + e, file=sys.stderr)
    if not errors:
        print("translations: OK")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
