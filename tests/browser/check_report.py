#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Opens one SpeedupLab HTML report in headless Chromium and checks it.

    tests/browser/check_report.py REPORT.html [--expect-json RESULTS.json]
                                  [--legend NAME ...] [--out DIR]

The report is one self-contained file: inline SVG charts, text, tables, the results as JSON in
<script type="application/json" id="speeduplab-results">, and a Content-Security-Policy meta
tag that forbids every outside load. Chromium is driven through the DevTools protocol over a
pipe (--remote-debugging-pipe: it reads commands on fd 3 and writes replies on fd 4, each a
JSON message ended by a NUL byte). Each check prints "ok: ..." or "FAIL: ...":
- the report loads (Page.loadEventFired within 20 s);
- its CSP meta tag is there and has default-src 'none' and no outside source;
- every --legend NAME is in the document's text (SVG text too; not counting the text of
  <script> and <style>, so a name that is only in the JSON does not count);
- the JSON in #speeduplab-results (one <script type="application/json">) parses, and with
  --expect-json it equals the file (true is not 1; the first difference is shown);
- no hostile payload ran (window.__pwned is undefined), no <iframe>/<frame>/<object>/<embed>,
  no <img> or SVG <image> with a source other than data:, no on* attribute, no javascript: link;
- a screenshot (DIR/screenshot.png) is 1280 pixels wide and not of one colour;
- the PDFs for A4 (DIR/report.pdf) and Letter (DIR/report-letter.pdf) turn, through
  pdftoppm -r 30, into pages of the paper's size, none of them blank;
- no console error, exception or error log entry (CSP violations are logged there) and no
  request other than the report's own file:// load, none blocked, from the load to the last
  PDF (inline data: URLs are counted and listed but are not outside loads).
Exit status: 0 when every check passes, 1 when one fails, 2 on bad usage, 77 when chromium or
pdftoppm is missing ("SKIP: ..."; ctest's SKIP_RETURN_CODE). Without --out the files go to a
temporary directory, removed when every check passed and kept (its path printed) otherwise.
The browser is $SPEEDUPLAB_CHROMIUM when set, else Debian's /usr/lib/chromium/chromium (not the
/usr/bin/chromium wrapper, which adds flags from /etc/chromium.d), else chromium,
chromium-browser, google-chrome or google-chrome-stable on PATH. Everything has a time limit:
a hung browser fails the run (within about 60 s) and is killed, it never hangs ctest.
Standard library only. scripts/setup.sh --tests installs chromium and poppler-utils.
"""
import argparse
import base64
import fcntl
import json
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse
import zlib

TOTAL_LIMIT_S = 45.0  # the whole run, browser start to the last PDF
LOAD_LIMIT_S = 20.0
COMMAND_LIMIT_S = 15.0
VIEWPORT = (1280, 900)
PAPERS = (("A4", 8.27, 11.69, "report.pdf", "page"),
          ("Letter", 8.5, 11.0, "report-letter.pdf", "page-letter"))
PDF_DPI = 30
RESULTS_ID = "speeduplab-results"
# How Chromium logs a load that the CSP refused: "Loading the image 'URL' violates ...".
CSP_REFUSED = re.compile(r"'([A-Za-z][A-Za-z0-9+.-]*:[^']*)' violates the following "
                         r"Content Security Policy")

failures = 0


def ok(text):
    print("ok: " + text, flush=True)


def fail(text):
    global failures
    failures += 1
    print("FAIL: " + text, flush=True)


def note(text):
    print("  " + text, flush=True)


def short(text, limit=300):
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "..."


class BrowserError(Exception):
    """The browser died, did not answer in time or answered a command with an error."""


class Deadline:
    def __init__(self, seconds):
        self.end = time.monotonic() + seconds

    def left(self, cap=None):
        left = self.end - time.monotonic()
        return left if cap is None else min(left, cap)


def find_program(env_name, names, preferred=()):
    path = os.environ.get(env_name)
    if path:
        return path if os.access(path, os.X_OK) else None
    for candidate in preferred:
        if os.access(candidate, os.X_OK):
            return candidate
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


def spawn_with_fds_3_and_4(argv, child_reads, child_writes, **popen_args):
    """Starts argv with child_reads as its fd 3 and child_writes as its fd 4.

    subprocess keeps a passed fd under its own number, so the two ends are put on 3 and 4 here
    for the moment of the fork, and whatever this process had there is put back afterwards.
    """
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (child_reads, child_writes)]
    saved = {}
    for fd in (3, 4):
        try:
            saved[fd] = (fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10), os.get_inheritable(fd))
        except OSError:
            pass
    try:
        os.dup2(high[0], 3, inheritable=False)
        os.dup2(high[1], 4, inheritable=False)
        return subprocess.Popen(argv, pass_fds=(3, 4), **popen_args)
    finally:
        for fd in (3, 4):
            if fd in saved:
                os.dup2(saved[fd][0], fd, inheritable=saved[fd][1])
                os.close(saved[fd][0])
            else:
                os.close(fd)
        for fd in high:
            os.close(fd)


class Browser:
    """Headless Chromium and its DevTools pipe; every wait is bounded by the deadline."""

    def __init__(self, binary, deadline, workdir):
        self.deadline = deadline
        self.profile = os.path.join(workdir, "profile")
        self.log_path = os.path.join(workdir, "chromium.log")
        os.mkdir(self.profile)
        args = [binary, "--headless=new", "--remote-debugging-pipe", "--no-sandbox",
                "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                "--user-data-dir=" + self.profile, "--disable-extensions",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--metrics-recording-only", "--disable-default-apps",
                "--mute-audio", "--disable-dev-shm-usage", "--disable-breakpad",
                "--noerrdialogs", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--window-size=%d,%d" % VIEWPORT, "about:blank"]
        to_child = os.pipe()
        from_child = os.pipe()
        self.log = open(self.log_path, "wb")
        # Its own home too: nothing (crash report settings, dconf) lands in the user's.
        home = os.path.join(workdir, "home")
        os.mkdir(home)
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   XDG_CACHE_HOME=os.path.join(home, ".cache"))
        try:
            # Its own process group, so that the renderers and the GPU process go with it.
            self.proc = spawn_with_fds_3_and_4(
                args, to_child[0], from_child[1], stdin=subprocess.DEVNULL, stdout=self.log,
                stderr=subprocess.STDOUT, env=env, start_new_session=True)
        finally:
            os.close(to_child[0])
            os.close(from_child[1])
            self.log.close()
        self.wfd = to_child[1]
        self.rfd = from_child[0]
        os.set_blocking(self.wfd, False)
        os.set_blocking(self.rfd, False)
        self.buffer = bytearray()
        self.next_id = 0
        self.events = []  # every event, in order: (method, params, sessionId)
        self.pending = []  # events not yet taken by wait_event
        self.replies = {}
        self.dead = False

    def log_tail(self, lines=15):
        try:
            with open(self.log_path, "rb") as f:
                text = f.read().decode("utf-8", "replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def _write(self, data, deadline):
        while data:
            left = deadline.left()
            if left <= 0:
                raise BrowserError("timed out writing to the DevTools pipe")
            _, writable, _ = select.select([], [self.wfd], [], left)
            if not writable:
                continue
            try:
                data = data[os.write(self.wfd, data):]
            except BlockingIOError:
                continue
            except OSError as e:
                self.dead = True
                raise BrowserError("the browser closed its DevTools pipe (%s)" % e)

    def _pump(self, timeout):
        """Reads what arrives within timeout seconds (at least one message if any comes)."""
        readable, _, _ = select.select([self.rfd], [], [], max(0.0, timeout))
        if not readable:
            return
        messages = []
        while True:
            try:
                chunk = os.read(self.rfd, 1 << 20)
            except BlockingIOError:
                break
            if not chunk:
                self.dead = True
                raise BrowserError("the browser closed its DevTools pipe (exit status %s)"
                                   % self.proc.poll())
            # A screenshot or PDF is one message of megabytes: only the new bytes are searched.
            start = 0
            end = chunk.find(b"\0")
            while end >= 0:
                self.buffer.extend(chunk[start:end])
                messages.append(bytes(self.buffer))
                self.buffer.clear()
                start = end + 1
                end = chunk.find(b"\0", start)
            self.buffer.extend(chunk[start:])
        for raw in messages:
            try:
                message = json.loads(raw.decode("utf-8"))
            except ValueError:
                raise BrowserError("not JSON on the DevTools pipe: %r" % short(raw, 200))
            if "id" in message:
                self.replies[message["id"]] = message
            elif "method" in message:
                event = (message["method"], message.get("params", {}),
                         message.get("sessionId"))
                self.events.append(event)
                self.pending.append(event)

    def send(self, method, params=None, session=None, limit=COMMAND_LIMIT_S):
        self.next_id += 1
        mid = self.next_id
        message = {"id": mid, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        deadline = Deadline(self.deadline.left(limit))
        self._write(json.dumps(message).encode("utf-8") + b"\0", deadline)
        while mid not in self.replies:
            left = deadline.left()
            if left <= 0:
                raise BrowserError("%s: no answer within %.0f s" % (method, limit))
            self._pump(left)
        reply = self.replies.pop(mid)
        if "error" in reply:
            raise BrowserError("%s: %s" % (method, reply["error"].get("message", reply)))
        return reply.get("result", {})

    def wait_event(self, method, session, limit):
        deadline = Deadline(self.deadline.left(limit))
        while True:
            for i, (name, params, sid) in enumerate(self.pending):
                if name == method and sid == session:
                    del self.pending[i]
                    return params
            left = deadline.left()
            if left <= 0:
                return None
            self._pump(left)

    def settle(self, quiet=0.3, limit=2.0):
        """Takes events until none came for quiet seconds (at most limit seconds)."""
        deadline = Deadline(self.deadline.left(limit))
        while deadline.left() > 0:
            before = len(self.events)
            self._pump(deadline.left(quiet))
            if len(self.events) == before:
                return

    def close(self):
        """Browser.close, then waits a little; kills the process group if it stays."""
        if not self.dead and self.proc.poll() is None:
            try:
                self.deadline = Deadline(2.0)  # past the run's deadline too
                self.send("Browser.close", limit=2.0)
            except BrowserError:
                pass
        try:
            self.proc.wait(timeout=3.0)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # renderers left behind, if any
        except OSError:
            pass
        if self.proc.poll() is None:
            self.proc.kill()
        try:
            self.proc.wait(timeout=5.0)
        except subprocess.TimeoutExpired:
            pass
        for fd in (self.wfd, self.rfd):
            try:
                os.close(fd)
            except OSError:
                pass


class Tab:
    """The report's page: its session and an isolated JavaScript world to look at it from.

    The checks read the DOM from the isolated world, where the page's scripts (or a payload)
    cannot have changed a prototype or a global; window.__pwned is read from the page's own.
    """

    def __init__(self, browser, session):
        self.browser = browser
        self.session = session
        self.world = None

    def send(self, method, params=None, limit=COMMAND_LIMIT_S):
        return self.browser.send(method, params, self.session, limit)

    def isolate(self):
        frame = self.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
        self.world = self.send("Page.createIsolatedWorld", {
            "frameId": frame, "worldName": "check_report"})["executionContextId"]

    def evaluate(self, expression, main_world=False, await_promise=False):
        """The value of a JavaScript expression (JSON-able); BrowserError if it throws."""
        params = {"expression": expression, "returnByValue": True,
                  "awaitPromise": await_promise, "userGesture": False}
        if self.world is not None and not main_world:
            params["contextId"] = self.world
        result = self.send("Runtime.evaluate", params)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise BrowserError("evaluating %s: %s" % (short(expression, 80), text))
        return result.get("result", {}).get("value")


# --- PNG, decoded with zlib only ------------------------------------------------------------
def read_png(data):
    """(width, height, channels, rows), rows the unfiltered bytes of each (8-bit PNGs)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, ihdr, idat = 8, None, []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc = data[pos + 8 + length:pos + 12 + length]
        if len(body) != length or len(crc) != 4:
            raise ValueError("truncated %r chunk" % kind)
        if zlib.crc32(kind + body) != struct.unpack(">I", crc)[0]:
            raise ValueError("bad CRC in the %r chunk" % kind)
        pos += 12 + length
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if ihdr is None or not idat:
        raise ValueError("no IHDR or no IDAT chunk")
    width, height, depth, colour, _, _, interlace = ihdr
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError("unsupported PNG (depth %d, colour type %d, interlace %d)"
                         % (depth, colour, interlace))
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    if len(raw) != height * (stride + 1):
        raise ValueError("%d bytes of pixels, %d expected" % (len(raw), height * (stride + 1)))
    rows, prev = [], bytes(stride)
    mask = (255).__and__
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        if kind == 0:
            row = line
        elif kind == 2:  # Up, the common case: C-speed
            row = bytes(map(mask, map(int.__add__, line, prev)))
        elif kind in (1, 3, 4):
            row = bytearray(line)
            bpp = channels
            for x in range(stride):
                a = row[x - bpp] if x >= bpp else 0
                b = prev[x]
                if kind == 1:
                    row[x] = (row[x] + a) & 255
                elif kind == 3:
                    row[x] = (row[x] + ((a + b) >> 1)) & 255
                else:
                    c = prev[x - bpp] if x >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    row[x] = (row[x] + pred) & 255
            row = bytes(row)
        else:
            raise ValueError("unknown filter type %d in row %d" % (kind, y))
        rows.append(row)
        prev = row
    return width, height, channels, rows


def colour_count(channels, rows, cap=64):
    """How many colours the image has, counted up to cap (1: blank)."""
    first = rows[0][:channels]
    plain = first * (len(rows[0]) // channels)
    colours = {first}
    for row in rows:
        if row == plain:
            continue
        for x in range(0, len(row), channels):
            colours.add(row[x:x + channels])
            if len(colours) >= cap:
                return cap
    return len(colours)


# --- checks --------------------------------------------------------------------------------
def first_difference(got, want, path="$"):
    """None when equal as JSON values (true is not 1; 1 and 1.0 are the same number)."""
    def kind(v):
        if v is None or isinstance(v, bool):
            return repr(v)
        if isinstance(v, (int, float)):
            return "number"
        return type(v).__name__
    if kind(got) != kind(want):
        return "%s: the report has %s, the file %s" % (path, short(json.dumps(got), 120),
                                                       short(json.dumps(want), 120))
    if isinstance(want, dict):
        for key in want:
            if key not in got:
                return "%s: the report lacks the key %s" % (path, json.dumps(key))
        for key in got:
            if key not in want:
                return "%s: the report has the key %s, the file does not" % (
                    path, json.dumps(key))
        for key in want:
            found = first_difference(got[key], want[key], "%s[%s]" % (path, json.dumps(key)))
            if found:
                return found
        return None
    if isinstance(want, list):
        for i, (g, w) in enumerate(zip(got, want)):
            found = first_difference(g, w, "%s[%d]" % (path, i))
            if found:
                return found
        if len(got) != len(want):
            return "%s: the report has %d items, the file %d" % (path, len(got), len(want))
        return None
    if got != want:
        return "%s: the report has %s, the file %s" % (path, short(json.dumps(got), 120),
                                                       short(json.dumps(want), 120))
    return None


def strict_json(text):
    def no_constant(name):
        raise ValueError("%s is not JSON" % name)
    return json.loads(text, parse_constant=no_constant)


# Which of NAMES (a JSON array) the document's text holds, and which its SVG text: the text of
# a copy of the document without <script>, <style>, <template> and <noscript> (so that a name
# that is only in the results' JSON does not count), as textContent joins it.
LEGENDS_JS = r"""((names) => {
  const copy = document.documentElement.cloneNode(true);
  copy.querySelectorAll('script, style, template, noscript').forEach(e => e.remove());
  const all = copy.textContent;
  const svg = [...copy.querySelectorAll('svg')].map(e => e.textContent).join('\u0001');
  return names.map(n => [all.includes(n), svg.includes(n)]);
})(%s)"""

SAFETY_JS = r"""(() => {
  const count = s => document.querySelectorAll(s).length;
  const outside = [];
  for (const e of document.querySelectorAll('img')) {
    const src = e.getAttribute('src') || '';
    if (!/^data:/i.test(src.trim()) || e.hasAttribute('srcset'))
      outside.push('<img src=' + JSON.stringify(src.slice(0, 80)) + '>');
  }
  for (const e of document.querySelectorAll('image, source, video, audio, track, input')) {
    const src = e.getAttribute('href') || e.getAttribute('xlink:href')
      || e.getAttribute('src') || e.getAttribute('srcset') || '';
    if (src && !/^data:/i.test(src.trim()))
      outside.push('<' + e.tagName + ' ' + JSON.stringify(src.slice(0, 80)) + '>');
  }
  const handlers = [], jsLinks = [];
  for (const e of document.querySelectorAll('*')) {
    for (const a of e.attributes) {
      if (/^on/i.test(a.name)) handlers.push('<' + e.tagName + ' ' + a.name + '>');
      if (/^\s*javascript:/i.test(a.value)) jsLinks.push('<' + e.tagName + ' ' + a.name + '>');
    }
  }
  return {img: count('img'), iframe: count('iframe'), frame: count('frame'),
          object: count('object'), embed: count('embed'), outside: outside,
          handlers: handlers, jsLinks: jsLinks,
          scripts: count('script:not([type="application/json"])')};
})()"""

# In the page's own world: what a payload would have set.
PWNED_JS = r"""(() => {
  try {
    return typeof window.__pwned === 'undefined' ? null : String(window.__pwned);
  } catch (e) {
    return 'set (' + e + ')';
  }
})()"""

CSP_JS = r"""(() => {
  const metas = [...document.querySelectorAll('meta')].filter(
    m => (m.getAttribute('http-equiv') || '').toLowerCase() === 'content-security-policy');
  return metas.map(m => ({content: m.getAttribute('content') || '',
                          inHead: m.parentElement === document.head}));
})()"""

RESULTS_JS = r"""(() => {
  const all = document.querySelectorAll('[id="%s"]');
  const e = document.getElementById('%s');
  return e ? {count: all.length, tag: e.tagName, type: e.getAttribute('type'),
              text: e.textContent} : null;
})()""" % (RESULTS_ID, RESULTS_ID)


def check_csp(tab):
    metas = tab.evaluate(CSP_JS)
    if not metas:
        fail("csp: the report has no Content-Security-Policy meta tag")
        return
    for meta in metas:
        policy = meta["content"]
        directives = {}
        for part in policy.split(";"):
            words = part.split()
            if words:
                directives.setdefault(words[0].lower(), [w.lower() for w in words[1:]])
        outside = []
        for name, sources in directives.items():
            for source in sources:
                # 'self' of a file:// page is every local file; a host or scheme is outside.
                keyword = source.startswith("'") and source.endswith("'")
                if source == "'self'" or not keyword and source not in ("data:", "blob:"):
                    outside.append("%s %s" % (name, source))
        problems = []
        if not meta["inHead"]:
            problems.append("it is not in <head>")
        if directives.get("default-src") != ["'none'"]:
            problems.append("default-src is %r, not 'none'"
                            % " ".join(directives.get("default-src", ["(missing)"])))
        if outside:
            problems.append("it allows outside sources: " + ", ".join(outside))
        if problems:
            fail("csp: %s: %s" % (short(policy, 200), "; ".join(problems)))
        else:
            ok("csp: " + short(policy, 200))
            if "'unsafe-inline'" in directives.get("script-src", []):
                note("script-src has 'unsafe-inline': injected inline scripts would run "
                     "(hashes pin the report's own)")


def check_legends(tab, legends):
    if not legends:
        return
    # json.dumps makes the names one JavaScript literal, whatever they hold.
    found = tab.evaluate(LEGENDS_JS % json.dumps(legends))
    for name, (in_text, in_svg) in zip(legends, found):
        shown = json.dumps(name, ensure_ascii=False)
        if in_svg:
            ok("legend %s is in the SVG text" % shown)
        elif in_text:
            ok("legend %s is in the text (not in an SVG)" % shown)
        else:
            fail("legend %s is not in the document's text (outside <script> and <style>)"
                 % shown)


def json_at(value, pointer):
    """value's part at a JSON pointer ("/runs/0/results"), or raises KeyError naming the step."""
    for step in [p for p in pointer.split("/") if p]:
        step = step.replace("~1", "/").replace("~0", "~")
        if isinstance(value, list) and step.isdigit() and int(step) < len(value):
            value = value[int(step)]
        elif isinstance(value, dict) and step in value:
            value = value[step]
        else:
            raise KeyError("no %r in the embedded JSON (at %s)" % (step, pointer))
    return value


def check_results(tab, expect_path, pointer=""):
    """The results' JSON is there and parses; with expect_path, it (its part at the JSON pointer,
    when given) equals that file's."""
    want = None
    if expect_path:
        try:
            with open(expect_path, encoding="utf-8") as f:
                want = strict_json(f.read())
        except (OSError, UnicodeDecodeError, ValueError) as e:
            fail("results: cannot read %s: %s" % (expect_path, e))
            return
    element = tab.evaluate(RESULTS_JS)
    if element is None:
        fail("results: no element with id %s" % RESULTS_ID)
        return
    if element["tag"].upper() != "SCRIPT" or element["type"] != "application/json":
        fail("results: #%s is <%s type=%r>, not <script type=\"application/json\">"
             % (RESULTS_ID, element["tag"].lower(), element["type"]))
    if element["count"] != 1:
        fail("results: %d elements have the id %s" % (element["count"], RESULTS_ID))
    try:
        got = strict_json(element["text"])
    except ValueError as e:
        fail("results: the JSON in #%s does not parse: %s (it starts %r)"
             % (RESULTS_ID, e, short(element["text"], 80)))
        return
    if not expect_path:
        ok("results: the JSON in #%s parses (%d characters; no --expect-json to compare)"
           % (RESULTS_ID, len(element["text"])))
        return
    if pointer:
        try:
            got = json_at(got, pointer)
        except KeyError as e:
            fail("results: %s" % e.args[0])
            return
    difference = first_difference(got, want)
    if difference:
        fail("results: the JSON differs from %s: %s" % (expect_path, difference))
    else:
        ok("results: the JSON in #%s equals %s (%d characters)"
           % (RESULTS_ID, expect_path, len(element["text"])))


def check_safety(tab):
    pwned = tab.evaluate(PWNED_JS, main_world=True)
    if pwned is not None:
        fail("hostile payload ran: window.__pwned is %s" % short(pwned, 80))
    else:
        ok("no hostile payload ran (window.__pwned is undefined)")
    s = tab.evaluate(SAFETY_JS)
    counts = "%d <img>, %d <iframe>, %d <frame>, %d <object>, %d <embed>, %d script(s)" % (
        s["img"], s["iframe"], s["frame"], s["object"], s["embed"], s["scripts"])
    problems = []
    for tag in ("iframe", "frame", "object", "embed"):
        if s[tag]:
            problems.append("%d <%s>" % (s[tag], tag))
    if s["outside"]:
        problems.append("sources other than data: " + ", ".join(s["outside"][:5]))
    if s["handlers"]:
        problems.append("event handler attributes " + ", ".join(s["handlers"][:5]))
    if s["jsLinks"]:
        problems.append("javascript: URLs " + ", ".join(s["jsLinks"][:5]))
    if problems:
        fail("elements: %s: %s" % (counts, "; ".join(problems)))
    else:
        ok("elements: " + counts + "; no outside source, no on* attribute")


def check_screenshot(tab, out):
    data = base64.b64decode(tab.send("Page.captureScreenshot", {"format": "png"})["data"])
    path = os.path.join(out, "screenshot.png")
    with open(path, "wb") as f:
        f.write(data)
    try:
        width, height, channels, rows = read_png(data)
    except (ValueError, zlib.error) as e:
        fail("screenshot %s: %s" % (path, e))
        return
    colours = colour_count(channels, rows)
    problems = []
    if width != VIEWPORT[0]:
        problems.append("%d pixels wide, not %d" % (width, VIEWPORT[0]))
    if height <= 0:
        problems.append("no height")
    if colours < 2:
        problems.append("blank (one colour)")
    text = "screenshot %s: %dx%d, %s colours" % (path, width, height,
                                                "%d+" % colours if colours >= 64 else colours)
    if problems:
        fail(text + ": " + "; ".join(problems))
    else:
        ok(text)


def check_pdfs(tab, out, pdftoppm, deadline):
    for paper, width_in, height_in, name, prefix in PAPERS:
        path = os.path.join(out, name)
        result = tab.send("Page.printToPDF", {
            "paperWidth": width_in, "paperHeight": height_in, "printBackground": True,
            "preferCSSPageSize": False}, limit=20.0)
        data = base64.b64decode(result["data"])
        with open(path, "wb") as f:
            f.write(data)
        if not data.startswith(b"%PDF-"):
            fail("pdf %s (%s): not a PDF (%d bytes)" % (path, paper, len(data)))
            continue
        for old in os.listdir(out):
            if re.fullmatch(re.escape(prefix) + r"-\d+\.png", old):
                os.remove(os.path.join(out, old))
        try:
            run = subprocess.run([pdftoppm, "-r", str(PDF_DPI), "-png", path,
                                  os.path.join(out, prefix)], stdin=subprocess.DEVNULL,
                                 capture_output=True, timeout=max(1.0, deadline.left(30.0)))
        except subprocess.TimeoutExpired:
            fail("pdf %s (%s): pdftoppm took too long" % (path, paper))
            continue
        if run.returncode != 0:
            fail("pdf %s (%s): pdftoppm exited with %d: %s" % (
                path, paper, run.returncode, short(run.stderr.decode("utf-8", "replace"))))
            continue
        pages = sorted((f for f in os.listdir(out)
                        if re.fullmatch(re.escape(prefix) + r"-\d+\.png", f)),
                       key=lambda f: int(f.rsplit("-", 1)[1][:-4]))
        want = (round(width_in * PDF_DPI), round(height_in * PDF_DPI))
        problems = []
        for page in pages:
            page_path = os.path.join(out, page)
            with open(page_path, "rb") as f:
                png = f.read()
            try:
                width, height, channels, rows = read_png(png)
            except (ValueError, zlib.error) as e:
                problems.append("%s: %s" % (page, e))
                continue
            if abs(width - want[0]) > 1 or abs(height - want[1]) > 1:
                problems.append("%s is %dx%d, not %dx%d" % (page, width, height, *want))
            if colour_count(channels, rows) < 2:
                problems.append("%s is blank" % page)
        if not pages:
            problems.append("pdftoppm made no page image")
        text = "pdf %s (%s, %d bytes): %d page(s) at %d dpi" % (path, paper, len(data),
                                                                len(pages), PDF_DPI)
        if problems:
            fail(text + ": " + "; ".join(problems))
        else:
            ok(text)


def check_console(events, session):
    found = []
    for method, params, sid in events:
        if sid != session:
            continue
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            words = []
            for arg in params.get("args", []):
                words.append(str(arg.get("value", arg.get("description", arg.get("type")))))
            found.append("console.%s: %s" % (params["type"], " ".join(words)))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description")
            if not text:  # the stack, when there is one, says where
                text = "%s at %s:%d" % (details.get("text"), details.get("url", "?"),
                                        details.get("lineNumber", -1) + 1)
            found.append("exception: " + text)
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            found.append("log (%s): %s" % (entry.get("source"), entry.get("text")))
    if found:
        fail("console: %d error(s)" % len(found))
        for text in found:
            note(short(text, 500))
    else:
        ok("console: no error, exception or error log entry")


def check_network(events, session, report_path):
    own_paths = {os.path.abspath(report_path), os.path.realpath(report_path)}
    outside, inline, blocked, refused, own = [], [], [], [], 0
    urls = {}
    for method, params, sid in events:
        if sid != session:
            continue
        if method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            urls[params.get("requestId")] = url
            parts = urllib.parse.urlsplit(url)
            scheme = parts.scheme.lower()
            if scheme == "about":
                continue
            if scheme == "data":
                inline.append(url)
            elif (own == 0 and scheme == "file" and parts.netloc in ("", "localhost")
                  and urllib.parse.unquote(parts.path) in own_paths):
                own += 1
            else:
                outside.append(url)
        elif method == "Network.loadingFailed" and params.get("blockedReason"):
            blocked.append("%s (%s)" % (urls.get(params.get("requestId"), "?"),
                                        params["blockedReason"]))
        elif method == "Log.entryAdded":
            # A load that the CSP refused before it became a request (fetch(), for one).
            found = CSP_REFUSED.search(params.get("entry", {}).get("text", ""))
            if found:
                refused.append(found.group(1))
    refused = [url for url in refused if url not in urls.values()]
    if own != 1:
        fail("network: the report's own file:// load was not seen")
    if outside or blocked or refused:
        fail("network: %d request(s) other than the report's own file, %d blocked, %d more "
             "refused by the CSP" % (len(outside), len(blocked), len(refused)))
        for url in outside:
            note("request: " + short(url, 200))
        for text in blocked:
            note("blocked: " + short(text, 200))
        for url in refused:
            note("refused by the CSP (no request made): " + short(url, 200))
    else:
        ok("network: only the report's own file:// load%s" % (
            ", and %d inline data: URL(s)" % len(inline) if inline else ""))
    for url in inline:
        note("inline: " + short(url, 80))


def load(tab, report):
    """Navigates to the report and waits for its load event and two drawn frames."""
    for domain in ("Network", "Runtime", "Log", "Page"):
        tab.send(domain + ".enable")
    # The window's metrics, so that the screenshot is 1280 CSS pixels = 1280 pixels wide.
    tab.send("Emulation.setDeviceMetricsOverride", {
        "width": VIEWPORT[0], "height": VIEWPORT[1], "deviceScaleFactor": 1, "mobile": False})
    url = "file://" + urllib.parse.quote(report)
    navigation = tab.send("Page.navigate", {"url": url})
    if navigation.get("errorText"):
        fail("load %s: %s" % (url, navigation["errorText"]))
        return False
    if tab.browser.wait_event("Page.loadEventFired", tab.session, LOAD_LIMIT_S) is None:
        fail("load %s: no load event within %.0f s" % (url, LOAD_LIMIT_S))
        return False
    tab.isolate()
    tab.evaluate("document.fonts.ready.then(() => new Promise(r => "
                 "requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))",
                 await_promise=True)
    tab.browser.settle()
    ok("load %s" % url)
    return True


def main():
    parser = argparse.ArgumentParser(
        description="Opens a SpeedupLab HTML report in headless Chromium and checks it.")
    parser.add_argument("report", metavar="REPORT.html")
    parser.add_argument("--expect-json", metavar="RESULTS.json",
                        help="the results the report must embed (deep equality)")
    parser.add_argument("--json-at", metavar="POINTER", default="",
                        help="compare only this part of the embedded JSON (a JSON pointer, "
                             "e.g. /runs/0/results)")
    parser.add_argument("--legend", metavar="NAME", action="append", default=[],
                        help="a text the document must hold (SVG text counts); repeatable")
    parser.add_argument("--out", metavar="DIR",
                        help="where screenshot.png, report.pdf, report-letter.pdf and the "
                             "page images go (default: a temporary directory)")
    args = parser.parse_args()

    chromium = find_program("SPEEDUPLAB_CHROMIUM",
                            ("chromium", "chromium-browser", "google-chrome",
                             "google-chrome-stable"), ("/usr/lib/chromium/chromium",))
    if not chromium:
        print("SKIP: chromium not found (scripts/setup.sh --tests installs it)")
        return 77
    pdftoppm = find_program("SPEEDUPLAB_PDFTOPPM", ("pdftoppm",))
    if not pdftoppm:
        print("SKIP: pdftoppm not found (scripts/setup.sh --tests installs poppler-utils)")
        return 77
    report = os.path.abspath(args.report)
    if not os.path.isfile(report):
        fail("no such file: " + report)
        return 1

    # SIGTERM (ctest's timeout) and SIGHUP end the run through the finally below.
    def stop(signum, _frame):
        fail("stopped by signal %d" % signum)
        raise SystemExit(128 + signum)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)

    deadline = Deadline(TOTAL_LIMIT_S)
    if args.out:
        try:
            os.makedirs(args.out, exist_ok=True)
        except OSError as e:
            fail("--out %s: %s" % (args.out, e))
            return 1
    workdir = tempfile.mkdtemp(prefix="speeduplab-browser.")
    out = args.out or os.path.join(workdir, "out")
    os.makedirs(out, exist_ok=True)
    browser = tab = None
    try:
        browser = Browser(chromium, deadline, workdir)
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        tab = Tab(browser, browser.send("Target.attachToTarget",
                                        {"targetId": target, "flatten": True})["sessionId"])
        if load(tab, report):
            check_csp(tab)
            check_legends(tab, args.legend)
            check_results(tab, args.expect_json, args.json_at)
            check_safety(tab)
            check_screenshot(tab, out)
            check_pdfs(tab, out, pdftoppm, deadline)
            browser.settle()
    except OSError as e:  # the browser would not start, or DIR is not writable
        fail("%s: %s" % ("browser" if browser is None else "files", e))
    except BrowserError as e:
        fail("browser: %s" % e)
        tail = browser.log_tail() if browser else ""
        if tail:
            note("chromium's output ends:\n" + tail)
    finally:
        if tab:
            # What the browser reported up to here, however far the checks got.
            check_console(browser.events, tab.session)
            check_network(browser.events, tab.session, report)
            if any(method in ("Inspector.targetCrashed", "Target.targetCrashed")
                   for method, _, _ in browser.events):
                fail("the page crashed")
        if browser:
            browser.close()
        for name in ("profile", "home"):
            shutil.rmtree(os.path.join(workdir, name), ignore_errors=True)
        if failures and not args.out:
            print("%d check(s) failed; the files are in %s" % (failures, workdir))
        else:
            if failures:
                print("%d check(s) failed; the files are in %s" % (failures, out))
            shutil.rmtree(workdir, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
