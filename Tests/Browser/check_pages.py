#!/usr/bin/env python3
"""Opens every page Almanac writes in headless Chromium and checks it as a reader would.

For each page, in English and Russian:
  - it loads with no console error, no exception and no request for anything but the file itself;
  - each table has the rows of the same command's --format json, cell for cell (each cell's
    data-value against the JSON value of its column);
  - each chart's bars are as long as their numbers say (read back from the DOM), and carry the
    numbers of the JSON rows;
  - the snowman, paused at 0, 1/4, 1/2 and 3/4 of its duration through the Web Animations API, has the
    transform and opacity `animation timeline --format json` gives for those moments, within 1 %;
  - hostile values (markup, quotes, an RTL override, a 10,000-character title) are text, no script
    runs, and nothing spills out of the page;
  - every flag is a picture inside the page (a data: image) that the browser draws, with no emoji
    font installed (cdp.py's font configuration), its emoji the picture's alternative text;
and a screenshot of it, light and dark, is saved under --screenshots.

Usage: check_pages.py --almanac PATH --samples DIR [--screenshots DIR]
Exit status 0 when every check holds, 1 with each failure on its own line otherwise."""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, BrowserError, Page, find_browser  # noqa: E402

from page_list import HOSTILE, LONG, PAGES, READ_BARS, READ_TABLES, SAMPLE_SNOWMAN  # noqa: E402


class Checker:
    def __init__(self, almanac, samples, screenshots):
        self.almanac = os.path.abspath(almanac)
        self.samples = os.path.abspath(samples)
        self.screenshots = os.path.abspath(screenshots)
        self.work = tempfile.mkdtemp(prefix="almanac-pages-")
        self.env = dict(os.environ, ALMANAC_DB=os.path.join(self.work, "almanac.db"), ALMANAC_TODAY="2025-12-22", TZ="UTC",
                        NO_COLOR="1", LANG="C.UTF-8")
        self.env.pop("LC_ALL", None)
        self.failures = []
        self.checked = 0

    def run(self, words, status=0, locale="en"):
        result = subprocess.run([self.almanac, "--locale", locale] + words, env=self.env, cwd=self.work,
                                capture_output=True, timeout=60)
        if result.returncode != status:
            raise AssertionError("%s exited %d, not %d: %s" % (" ".join(words), result.returncode, status,
                                                             result.stderr.decode(errors="replace").strip()))
        return result.stdout.decode()

    def fail(self, page, message):
        self.failures.append("%s: %s" % (page, message))

    def set_up(self):
        self.run(["init"])
        self.run(["import", self.samples])
        self.run(["calendar", "test-mode", "on"])
        for door in ("1", "2", "3", "24"):
            self.run(["calendar", "open", "christmas", door])
        self.run(["books", "add", HOSTILE, "--due", "today+3", "--borrower", "<b>x</b> & \u202Eevil"])
        self.run(["books", "add", LONG, "--due", "today+5"])
        # Past midnight and without an image: a page shows where it ends, and no empty image box.
        self.run(["events", "add", "--title", "Late party", "--at", "2025-12-23T22:00", "--ends", "2025-12-24T01:30"])

    def check_all(self, executable):
        self.set_up()
        os.makedirs(self.screenshots, exist_ok=True)
        browser = Browser(executable)
        try:
            page = Page(browser)
            for name, words, status, shows in PAGES:
                for locale in ("en", "ru"):
                    self.check_page(page, name, words, status, shows, locale)
            self.check_site(page)
        finally:
            browser.close()

    def check_site(self, page):
        """`almanac site`: the index links every page it wrote, and each loads cleanly."""
        folder = os.path.join(self.work, "site")
        self.run(["site", folder])
        url = "file://" + os.path.join(folder, "index.html")
        page.color_scheme("light")
        page.open(url)
        for problem in page.problems(url):
            self.fail("site index", problem)
        page.screenshot(os.path.join(self.screenshots, "site-index.en.light.png"))
        links = page.evaluate("[...document.querySelectorAll('a')].map(a => a.getAttribute('href'))")
        written = sorted(name for name in os.listdir(folder) if name != "index.html")
        if sorted(links) != written:
            self.fail("site index", "links %s, files %s" % (sorted(links), written))
        self.check_dated(page, "site index", "en")
        for link in links:
            target = "file://" + os.path.join(folder, link)
            page.open(target)
            for problem in page.problems(target):
                self.fail("site " + link, problem)
            self.check_dated(page, "site " + link, "en")
        self.checked += 1

    def check_page(self, page, name, words, status, shows, locale):
        label = "%s (%s)" % (name, locale)
        path = os.path.join(self.work, "%s.%s.html" % (name, locale))
        self.run(words + ["--format", "html", "--out", path], status, locale)
        rows = json.loads(self.run(words + ["--format", "json"], status, locale) or "[]")
        url = "file://" + path
        for scheme in ("light", "dark"):
            page.color_scheme(scheme)
            page.open(url)
            for problem in page.problems(url):
                self.fail(label, problem)
            page.screenshot(os.path.join(self.screenshots, "%s.%s.%s.png" % (name, locale, scheme)))
        self.check_document(page, label)
        self.check_dated(page, label, locale)
        self.check_tables(page, label, rows, shows.get("skip", set()))
        if "chart" in shows:
            self.check_chart(page, label, rows, shows["chart"])
        if "snowman" in shows:
            timeline = json.loads(self.run(["animation", "timeline", shows["snowman"], "--fps", "16", "--format", "json"]))
            self.check_snowman(page, label, timeline)
            # The snowman halfway, where the setting's values are, for a person to look at.
            page.evaluate("(() => { const a = document.getAnimations()[0]; a.pause(); "
                          "a.currentTime = a.effect.getComputedTiming().duration / 2; })()")
            page.screenshot(os.path.join(self.screenshots, "%s.%s.dark.halfway.png" % (name, locale)))
        if "calendar" in shows:
            doors = page.evaluate("[...document.querySelectorAll('g.door')].map(g => [g.dataset.door, g.dataset.status])")
            expected = [[str(row["door"]), row["status"]] for row in rows]
            if doors != expected:
                self.fail(label, "doors %s, expected %s" % (doors, expected))
        self.checked += 1

    def check_document(self, page, label):
        facts = page.evaluate("""({lang: document.documentElement.lang, scripts: document.scripts.length,
            external: [...document.querySelectorAll('[src],[href],link')].filter(e => !(e.getAttribute('src') || '').startsWith('data:'))
                      .map(e => e.outerHTML.slice(0, 80)),
            flags: [...document.querySelectorAll('img.flag')].map(i => i.complete && i.naturalWidth > 0 && !!i.alt),
            emojiFlags: document.querySelectorAll('span.flag').length,
            overflow: document.documentElement.scrollWidth - window.innerWidth,
            hostile: [...document.querySelectorAll('td')].filter(td => td.dataset.value && td.dataset.value.includes('<script>'))
                      .map(td => td.textContent),
            long: Math.max(0, ...[...document.querySelectorAll('td')].filter(td => (td.dataset.value || '').length >= 10000)
                      .map(td => td.getBoundingClientRect().width))})""")
        if facts["lang"] != label[-3:-1]:
            self.fail(label, "lang is %r" % facts["lang"])
        if facts["scripts"]:
            self.fail(label, "%d script elements" % facts["scripts"])
        if facts["external"]:
            self.fail(label, "refers to other files: %s" % facts["external"])
        # Flags are pictures inside the page (no emoji font here), each drawn, its emoji the alt text.
        if not all(facts["flags"]) or facts["emojiFlags"]:
            self.fail(label, "flags not drawn: %d of %d pictures, %d emoji" % (
                facts["flags"].count(True), len(facts["flags"]), facts["emojiFlags"]))
        if facts["overflow"] > 0:
            self.fail(label, "the page is %dpx wider than the window" % facts["overflow"])
        for text in facts["hostile"]:
            if "</td><script>alert(1)</script>" not in text or "\\u202E" not in text or "\u202E" in text:
                self.fail(label, "hostile title not shown as text: %r" % text[:120])
        if facts["long"] > 700:
            self.fail(label, "a 10,000-character title makes its cell %dpx wide" % facts["long"])

    def check_dated(self, page, label, locale):
        """The page says the day (or range) it describes and when it was made, in its language; no
        terminal placeholder shows; an image box is never empty; text hyphenates in the page's lang."""
        facts = page.evaluate("""({about: (document.querySelector('p.dated .about, p.lead.about') || {}).textContent || '',
            made: (document.querySelector('p.dated time.made') || {dateTime: ''}).dateTime,
            madeText: (document.querySelector('p.dated .made') || {}).textContent || '',
            placeholder: document.body.innerText.includes('..:..'),
            emptyImages: [...document.querySelectorAll('.card .image')].filter(e => !e.textContent.trim()).length,
            hyphens: getComputedStyle(document.querySelector('main')).hyphens})""")
        if not facts["about"]:
            self.fail(label, "says no day or range it describes")
        if not facts["made"].startswith("2025-12-22T"):
            self.fail(label, "says not when it was made: %r" % facts["made"])
        expected = {"en": ("Made ", "As of "), "ru": ("Создана ", "По состоянию на ")}[locale]
        if not facts["madeText"].startswith(expected[0]):
            self.fail(label, "the made line is not in %s: %r" % (locale, facts["madeText"]))
        if facts["placeholder"]:
            self.fail(label, "shows the terminal placeholder ..:..")
        if facts["emptyImages"]:
            self.fail(label, "%d empty image boxes" % facts["emptyImages"])
        if facts["hyphens"] != "auto":
            self.fail(label, "hyphens is %r, not auto" % facts["hyphens"])

    @staticmethod
    def same(html, value):
        if value is None:
            return html is None
        if html is None:
            return False
        if isinstance(value, bool):
            return html == ("true" if value else "false")
        if isinstance(value, (int, float)):
            try:
                return math.isclose(float(html), float(value), rel_tol=1e-9, abs_tol=1e-12)
            except ValueError:
                return False
        return html == value

    def check_tables(self, page, label, rows, skip):
        tables = page.evaluate(READ_TABLES)
        if not tables:
            self.fail(label, "no table")
            return
        table = tables[-1]
        if len(table["rows"]) != len(rows):
            self.fail(label, "%d rows, JSON has %d" % (len(table["rows"]), len(rows)))
            return
        if rows and not set(table["keys"]) & set(rows[0]):
            self.fail(label, "no column in common with JSON: %s / %s" % (table["keys"], list(rows[0])))
        for number, (cells, row) in enumerate(zip(table["rows"], rows)):
            for key, cell in zip(table["keys"], cells):
                if key in row and key not in skip and not self.same(cell["value"], row[key]):
                    self.fail(label, "row %d, %s: page %r, JSON %r" % (number + 1, key, cell["value"], row[key]))

    def check_chart(self, page, label, rows, chart):
        charts = page.evaluate(READ_BARS)
        if len(charts) != 1:
            self.fail(label, "%d charts, expected 1" % len(charts))
            return
        bars = charts[0]["bars"]
        length = "height" if charts[0]["kind"] == "columns" else "width"
        ratios = [bar[length] / bar["value"] for bar in bars if bar["value"] > 0]
        if ratios and (max(ratios) - min(ratios)) > 0.01 * max(ratios):
            self.fail(label, "bar lengths are not proportional to their values: %s" % bars)
        for bar in bars:
            if bar["value"] == 0 and bar[length] > 0.01:
                self.fail(label, "a bar of 0 is %.2f long" % bar[length])
        if chart == "lateness":
            late = [row for row in rows if (row.get("days_overdue") or 0) > 0]
            if sum(bar["value"] for bar in bars) != len(late):
                self.fail(label, "the histogram counts %s loans, JSON has %d late" % (sum(b["value"] for b in bars), len(late)))
            expected = sorted(set(row["days_overdue"] for row in late))
            if len(bars) != len(expected):
                self.fail(label, "%d columns for %d distinct numbers of days late" % (len(bars), len(expected)))
        else:
            _, key = chart
            values = [bar["value"] for bar in bars]
            expected = [row[key] for row in rows]
            if len(values) != len(expected) or any(abs(a - b) > 0.0005 * max(1, abs(b)) for a, b in zip(values, expected)):
                self.fail(label, "bars %s, JSON %s" % (values, expected))

    def check_snowman(self, page, label, timeline):
        samples = page.evaluate(SAMPLE_SNOWMAN)
        if not samples:
            self.fail(label, "no animation")
            return
        duration = timeline[-1]["time"]
        if abs(samples[0]["duration"] - duration * 1000) > 0.5:
            self.fail(label, "the animation lasts %s ms, the timeline %s s" % (samples[0]["duration"], duration))
        frames = len(timeline) - 1  # 16 a second: a quarter of the duration is a whole frame
        for sample in samples:
            frame = timeline[round(sample["fraction"] * frames)]
            expected = self.matrix(frame)
            actual = self.parse_matrix(sample["transform"])
            for index, (a, e) in enumerate(zip(actual, expected)):
                tolerance = 0.01 * max(abs(e), 1.0)
                if abs(a - e) > tolerance:
                    self.fail(label, "at %s of the duration, transform %s, expected matrix%s" %
                              (sample["fraction"], sample["transform"], tuple(round(v, 4) for v in expected)))
                    break
            if abs(sample["opacity"] - frame["opacity"]) > 0.01 * max(frame["opacity"], 0.01) + 0.0005:
                self.fail(label, "at %s of the duration, opacity %s, expected %s" % (sample["fraction"], sample["opacity"], frame["opacity"]))

    @staticmethod
    def matrix(frame):
        """translate(x, y) rotate(z) scale(w, h·cos(rotation about X)) as CSS's matrix(a, b, c, d, e, f)."""
        x = frame["horizontal_position"] / 100 * (240 - 75)
        y = frame["vertical_position"] / 100 * (180 - 100)
        turn = math.radians(frame["rotation_z"])
        sx = frame["width_multiplier"]
        sy = frame["height_multiplier"] * math.cos(math.radians(frame["rotation_x"]))
        return (sx * math.cos(turn), sx * math.sin(turn), -sy * math.sin(turn), sy * math.cos(turn), x, y)

    @staticmethod
    def parse_matrix(text):
        if text == "none":
            return (1, 0, 0, 1, 0, 0)
        inside = text[text.index("(") + 1:text.rindex(")")]
        return tuple(float(part) for part in inside.split(","))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--almanac", required=True)
    parser.add_argument("--samples", required=True)
    parser.add_argument("--screenshots", default=".build/screenshots")
    arguments = parser.parse_args()
    executable = find_browser()
    if not executable:
        print("check_pages: no headless Chromium (install chromium-headless-shell: make test-browser does)", file=sys.stderr)
        return 1
    started = time.monotonic()
    checker = Checker(arguments.almanac, arguments.samples, arguments.screenshots)
    try:
        checker.check_all(executable)
    except (AssertionError, BrowserError, subprocess.TimeoutExpired) as error:
        checker.failures.append("stopped: %s" % error)
    for failure in checker.failures:
        print("FAIL " + failure)
    print("check_pages: %d pages checked in %.1f s, screenshots in %s" % (checker.checked, time.monotonic() - started, checker.screenshots))
    print("%d passed, %d failed" % (checker.checked - len({f.split(":")[0] for f in checker.failures}), len(checker.failures)))
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
