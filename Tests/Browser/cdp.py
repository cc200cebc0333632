"""A minimal client of Chromium's DevTools protocol over --remote-debugging-pipe: the browser reads
JSON messages, each ended by a NUL byte, on its descriptor 3 and writes its own on descriptor 4, so
no WebSocket library and no network port are needed. Every wait has a deadline that fails with a
message instead of hanging."""

import json
import os
import shutil
import subprocess
import tempfile
import time


class BrowserError(Exception):
    """The browser did not answer in time, or answered with an error."""


def find_browser():
    """The headless Chromium from Debian's packages, or None."""
    for name in ("chromium-headless-shell", "chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium, driven through its pipe."""

    def __init__(self, executable, timeout=30.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="almanac-browser-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        # The browser finds its ends at descriptors 3 and 4.
        def child_fds():
            # Copies first, so neither end is overwritten when it already sits at 3 or 4.
            read_copy, write_copy = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read_copy, 3)
            os.dup2(write_copy, 4)
        args = [executable, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                "--disable-sync", "--disable-component-update", "--mute-audio", "--hide-scrollbars",
                "--font-render-hinting=none", "--user-data-dir=" + self.profile, "about:blank"]
        # DejaVu alone (Latin and Cyrillic), never an emoji font even where one is installed: the
        # pages must show flags as pictures, as on a machine without a colour emoji font.
        fonts = os.path.join(self.profile, "fonts.conf")
        with open(fonts, "w") as conf:
            conf.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>'
                       '<dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>%s</cachedir></fontconfig>\n'
                       % os.path.join(self.profile, "fontconfig-cache"))
        env = dict(os.environ, FONTCONFIG_FILE=fonts)
        self.process = subprocess.Popen(args, preexec_fn=child_fds, stdin=subprocess.DEVNULL, env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.events = []

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, deadline):
        import select
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("the browser did not answer within %.0f s" % self.timeout)
            ready, _, _ = select.select([self._from_browser], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise BrowserError("the browser closed its pipe (exit status %s)" % self.process.poll())
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None, timeout=None):
        """Sends a command and returns its result; events that arrive meanwhile are kept."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError("%s: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, session, timeout=None):
        """Waits for an event of a session (one kept already counts)."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.events.pop(index)
            self.events.append(self._read_message(deadline))

    def take_events(self, session):
        """The events of a session so far, removed from the queue."""
        mine = [event for event in self.events if event.get("sessionId") == session]
        self.events = [event for event in self.events if event.get("sessionId") != session]
        return mine


class Page:
    """One tab, attached with its own session."""

    def __init__(self, browser, width=1280, height=900):
        self.browser = browser
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.target = target
        self.session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def call(self, method, params=None):
        return self.browser.call(method, params, session=self.session)

    def open(self, url):
        """Navigates and waits for the load event."""
        self.browser.take_events(self.session)
        self.call("Page.navigate", {"url": url})
        self.browser.wait_for("Page.loadEventFired", self.session)

    def evaluate(self, expression):
        """The value of a JavaScript expression (awaited when it is a promise)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError("script failed: %s" % result["exceptionDetails"].get("exception", {}).get("description"))
        return result["result"].get("value")

    def problems(self, allowed_url):
        """Console errors, exceptions and requests for anything but the page itself, so far."""
        found = []
        for event in self.browser.take_events(self.session):
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
                found.append("console %s: %s" % (params["type"], [a.get("value") for a in params.get("args", [])]))
            elif method == "Runtime.exceptionThrown":
                found.append("exception: %s" % params["exceptionDetails"].get("text"))
            elif method == "Log.entryAdded" and params["entry"].get("level") in ("error", "warning"):
                found.append("log %s: %s" % (params["entry"]["level"], params["entry"].get("text")))
            elif method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                if url != allowed_url and not url.startswith("data:image/svg+xml,"):  # a flag inside the page
                    found.append("request outside the file: %s" % url)
        return found

    def color_scheme(self, scheme):
        self.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

    def screenshot(self, path):
        import base64
        metrics = self.call("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        height = min(int(size["height"]) + 1, 6000)
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                    "clip": {"x": 0, "y": 0, "width": 1280, "height": height, "scale": 1}})["data"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(data))

    def close(self):
        self.browser.call("Target.closeTarget", {"targetId": self.target})
