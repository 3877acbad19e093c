#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The window as a screen reader finds it, through AT-SPI (issue 62, item 5).

    tests/ui/test_atspi.py CHECK [FILE]

Run by tests/ui/test_atspi.sh, which starts Xvfb, a D-Bus session and the app (with FILE open,
or none) before this. It finds the app on the accessibility bus, then:
- CHECK "named": every control shown (buttons, boxes, lists, tables, tabs, sliders, text views,
  charts ...) has a name, and so has the window. Scroll bars are left out: they belong to the
  view they scroll, and screen readers announce that view. So is a combo box's own list, which
  only shows its items, named by the combo box.
- CHECK "charts": the same for every chart tab in turn (each tab shows other controls), and each
  chart shown is named by its title, exposes its texts and a table of its data that has rows,
  named columns and filled cells. The time chart of FILE (a recording with a GPU) exposes its
  crossover sentences as text ("GPU ... faster above n ≈ ..."), through the Text interface.
Needs Debian's python3-pyatspi (scripts/setup.sh --tests).
"""
import re
import sys
import time

try:
    import pyatspi
except ImportError:
    print("FAIL: the Python module pyatspi is missing for %s: run scripts/setup.sh --tests "
          "(Debian package python3-pyatspi)" % sys.executable)
    sys.exit(1)

CONTROLS = {
    "push button", "toggle button", "check box", "radio button", "combo box", "spin button",
    "slider", "text", "entry", "password text", "list", "list item", "table", "tree",
    "tree table", "page tab", "page tab list", "menu item", "check menu item",
    "radio menu item", "progress bar", "chart", "link", "table column header",
}
failures = []


def fail(what):
    failures.append(what)
    print("FAIL " + what)


def showing(o):
    st = o.getState()
    return st.contains(pyatspi.STATE_SHOWING) and st.contains(pyatspi.STATE_VISIBLE)


def path_of(o):
    parts = []
    while o is not None and len(parts) < 12:
        try:
            parts.append("%s %r" % (o.getRoleName(), o.name))
            o = o.parent
        except Exception:
            break
    return " < ".join(parts)


def find_app(timeout=30):
    desktop = pyatspi.Registry.getDesktop(0)
    end = time.time() + timeout
    while time.time() < end:
        for app in desktop:
            if app is not None and app.name == "speeduplab":
                frames = [app.getChildAtIndex(i) for i in range(app.childCount)]
                frames = [f for f in frames if f is not None and f.getRoleName() == "frame"]
                if frames:
                    return app, frames[0]
        time.sleep(0.2)
    print("FAIL: the app did not show up on the accessibility bus within %d s" % timeout)
    sys.exit(1)


def walk(o, seen, depth=0):
    """Every object shown under o; a table's cells are not walked (they are read through its
    Table interface), nor is anything hidden."""
    if depth > 60:
        return
    seen.append(o)
    role = o.getRoleName()
    if role in ("table", "tree table", "tree"):
        return
    for i in range(o.childCount):
        c = o.getChildAtIndex(i)
        if c is not None and showing(c):
            walk(c, seen, depth + 1)


def unnamed(frame):
    """The controls shown without a name, as 'role < parent < ...' paths."""
    seen = []
    walk(frame, seen)
    out = []
    for o in seen:
        role = o.getRoleName()
        if role not in CONTROLS or (o.name or "").strip():
            continue
        parent = o.parent
        if role == "list" and parent is not None and parent.getRoleName() == "combo box":
            continue  # the combo box's own list: its items are named, the combo box says what it is
        out.append(path_of(o))
    return out, seen


def check_named(frame, where):
    if not (frame.name or "").strip():
        fail("%s: the window has no name" % where)
    missing, seen = unnamed(frame)
    for p in missing:
        fail("%s: a control without a name: %s" % (where, p))
    print("ok   %s: %d objects shown, %d without a name" % (where, len(seen), len(missing)))
    return seen


def text_of(o):
    try:
        t = o.queryText()
    except NotImplementedError:
        return None
    return t.getText(0, -1)


def check_chart(chart, tab):
    name = (chart.name or "").strip()
    if not name:
        fail("chart of tab %r: no name" % tab)
    texts, tables = [], []
    for i in range(chart.childCount):
        c = chart.getChildAtIndex(i)
        if c is None:
            continue
        if c.getRoleName() == "label":
            t = text_of(c)
            if t is None:
                fail("chart %r: a text (%r) without the Text interface" % (name, c.name))
            elif t != c.name:
                fail("chart %r: a text reads %r as text and %r as its name" % (name, t, c.name))
            texts.append(c.name)
        elif c.getRoleName() == "table":
            tables.append(c)
    if len(tables) != 1:
        fail("chart %r: %d data tables, not 1" % (name, len(tables)))
        return texts, 0
    t = tables[0].queryTable()
    columns = [t.getColumnDescription(j) for j in range(t.nColumns)]
    if t.nColumns != 3 or not all(columns):
        fail("chart %r: the data table's columns are %r" % (name, columns))
    if t.nRows > 0:
        for r in sorted({0, t.nRows // 2, t.nRows - 1}):
            cells = [t.getAccessibleAt(r, j) for j in range(t.nColumns)]
            values = [c.name if c is not None else None for c in cells]
            if not all(values):
                fail("chart %r: row %d of its data reads %r" % (name, r, values))
            elif not re.match(r"^-?[0-9.,]+(e[-+]?[0-9]+)?", values[1]) or \
                    not re.match(r"^-?[0-9.,]+(e[-+]?[0-9]+)?", values[2]):
                fail("chart %r: row %d of its data has no numbers: %r" % (name, r, values))
        header = tables[0].getChildAtIndex(0)
        if header is None or header.getRoleName() != "table column header" or header.name != columns[0]:
            fail("chart %r: the table's first child is not its first column's header" % name)
    print("ok   chart %r (tab %r): %d texts, %d rows of data in columns %s"
          % (name, tab, len(texts), t.nRows, " | ".join(columns)))
    return texts, t.nRows


def press(o):
    """Does o's first action (a tab's "Press", which shows its page), as a screen reader would."""
    action = o.queryAction()
    if action.nActions < 1:
        fail("%s has no action" % path_of(o))
        return
    action.doAction(0)


def shown_charts(frame):
    seen = []
    walk(frame, seen)
    return [o for o in seen if o.getRoleName() == "chart"]


def chart_tabs(frame):
    seen = []
    walk(frame, seen)
    for o in seen:
        if o.getRoleName() == "page tab list":
            names = [o.getChildAtIndex(i).name for i in range(o.childCount)]
            if any("Time" in (n or "") for n in names):
                return o
    return None


def main():
    check = sys.argv[1] if len(sys.argv) > 1 else "named"
    app, frame = find_app()
    time.sleep(1.0)  # the window's first layout and the file's charts
    check_named(frame, "the window")
    if check == "charts":
        tabs = chart_tabs(frame)
        if tabs is None:
            fail("no chart tab list (a page tab list with 'Time vs n')")
        else:
            crossovers = 0
            with_rows = 0
            names = []
            for i in range(tabs.childCount):
                tab = tabs.getChildAtIndex(i)
                if tab is None or tab.getRoleName() != "page tab":
                    continue
                names.append(tab.name)
                press(tab)
                charts = []
                end = time.time() + 3
                while time.time() < end:  # a chart shown rebuilds within 100 ms (a tab may have none)
                    charts = [c for c in shown_charts(frame) if (c.name or "").strip()]
                    if charts:
                        break
                    time.sleep(0.2)
                check_named(frame, "tab %r" % tab.name)
                for c in charts:
                    texts, rows = check_chart(c, tab.name)
                    with_rows += rows > 0
                    if i == 0:
                        said = [t for t in texts if re.search(r"faster above n ≈ [0-9]", t)]
                        crossovers += len(said)
                        for t in said:
                            print("     crossover read as text: %s" % t)
            if with_rows == 0:
                fail("no chart of %r exposed a row of data" % names)
            if crossovers == 0:
                fail("the time chart of a recording with a GPU exposed no crossover sentence as text")
    if failures:
        print("%d failures" % len(failures))
        sys.exit(1)
    print("PASS")


main()
