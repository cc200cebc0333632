#!/usr/bin/env python3
"""Uses `almanac serve` in headless Chromium as a person would: real mouse clicks on the page, each
checked against the database through the CLI afterwards.

  - the advent calendar: open door 1, then door 2, then try door 5 (refused with the CLI's words,
    status 409, nothing opened);
  - the flag quiz: the player's name asked first, then five rounds, each answer said right or wrong
    with the running score (+1/-1) and the right flag shown as a picture (round 2 answered wrong on
    purpose; no emoji font, so only a picture can show it), the language switched mid-game keeping
    the game, the last page's form shown once and no command line hint, the score equal to the
    answers recorded;
  - the snowman: a click pauses it (its animations stop where they are), a second click resumes it;
  - the loans: "Return" on a loan marks it returned, and the listing says so.

Every page loads with no console error, no exception and no request outside the server. The same
walk runs in English and in Russian, each on a fresh database; screenshots of each step go to
--screenshots (serve-*.png).

Usage: check_serve.py --almanac PATH --samples DIR [--screenshots DIR]
Exit status 0 when every check holds, 1 with each failure on its own line otherwise."""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, BrowserError, Page, find_browser  # noqa: E402

TODAY = "2025-12-22"


class Server:
    """`almanac serve --port 0` on a database of the sample data, until stopped."""

    def __init__(self, almanac, samples, work):
        self.almanac = almanac
        self.work = work
        self.env = dict(os.environ, ALMANAC_DB=os.path.join(work, "almanac.db"), TZ="UTC", NO_COLOR="1",
                        LANG="C.UTF-8")
        self.env.pop("LC_ALL", None)
        self.run(["init"])
        self.run(["import", samples])
        self.process = subprocess.Popen([almanac, "--today", TODAY, "serve", "--port", "0"], env=self.env,
                                        cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.process.stdout.readline().decode()
        found = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        if not found:
            self.process.kill()
            raise AssertionError("serve did not print its address: %r %r" % (line, self.process.stderr.read()))
        self.url = found.group(1)

    def run(self, words):
        result = subprocess.run([self.almanac, "--today", TODAY] + words, env=self.env, cwd=self.work,
                                capture_output=True, timeout=60)
        if result.returncode != 0:
            raise AssertionError("%s exited %d: %s" % (" ".join(words), result.returncode,
                                                      result.stderr.decode(errors="replace").strip()))
        return result.stdout.decode()

    def json(self, words):
        return json.loads(self.run(words + ["--format", "json"]) or "[]")

    def stop(self):
        self.process.terminate()
        try:
            status = self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("serve did not stop within 15 s of SIGTERM")
        if status != 0:
            raise AssertionError("serve exited %d after SIGTERM: %s" % (status, self.process.stderr.read()))


class Walk:
    """One person's walk through the five worlds, in one language."""

    def __init__(self, page, server, locale, screenshots, fail):
        self.page = page
        self.server = server
        self.locale = locale
        self.screenshots = screenshots
        self.fail = fail
        self.step = 0

    def label(self, what):
        return "serve %s (%s)" % (what, self.locale)

    def url(self, path):
        joiner = "&" if "?" in path else "?"
        return self.server.url + path + joiner + "lang=" + self.locale

    def clean(self, what):
        """Console errors, exceptions and requests outside the server since the last look."""
        for event in self.page.browser.take_events(self.page.session):
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                self.fail(self.label(what), "console %s" % [a.get("value") for a in params.get("args", [])])
            elif method == "Runtime.exceptionThrown":
                self.fail(self.label(what), "exception: %s" % params["exceptionDetails"].get("text"))
            elif method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                # A flag is a picture inside the page (data:), not a request anywhere.
                if not url.startswith(self.server.url + "/") and not url.startswith("data:image/svg+xml,"):
                    self.fail(self.label(what), "request outside the server: %s" % url)

    def status(self):
        """The HTTP status of the page now shown (the Performance API's navigation entry)."""
        return self.page.evaluate("performance.getEntriesByType('navigation')[0].responseStatus")

    def text(self, selector):
        return self.page.evaluate("[...document.querySelectorAll(%s)].map(e => e.innerText).join('\\n')"
                                  % json.dumps(selector))

    def shot(self, what):
        self.step += 1
        self.page.screenshot(os.path.join(self.screenshots, "serve-%s-%02d-%s.png" % (self.locale, self.step, what)))

    def open(self, path, what):
        self.page.open(self.url(path))
        self.clean(what)

    def click(self, selector, what, navigates=True):
        """A person's click: the mouse moved to the middle of the element, pressed and released."""
        box = self.page.evaluate("""(() => {
            const e = document.querySelector(%s);
            if (!e) return null;
            e.scrollIntoView({block: 'center'});
            const r = e.getBoundingClientRect();
            return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height};
        })()""" % json.dumps(selector))
        if not box or box["w"] == 0 or box["h"] == 0:
            raise AssertionError("%s: nothing visible to click at %s" % (self.label(what), selector))
        hit = self.page.evaluate("(() => { const e = document.elementFromPoint(%f, %f); const t = document.querySelector(%s);"
                                 " return !!e && (e === t || t.contains(e) || (t.labels && [...t.labels].some(l => l.contains(e)))); })()"
                                 % (box["x"], box["y"], json.dumps(selector)))
        if not hit:
            raise AssertionError("%s: %s is covered by another element where a person would click" % (self.label(what), selector))
        self.page.browser.take_events(self.page.session)
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.page.call("Input.dispatchMouseEvent", {"type": kind, "x": box["x"], "y": box["y"], "button": "left",
                                                        "clickCount": 1 if kind != "mouseMoved" else 0})
        if navigates:
            self.page.browser.wait_for("Page.loadEventFired", self.page.session)
        self.clean(what)

    def doors(self):
        """Door number -> open, from `calendar show christmas --format json`."""
        return {row["door"]: row["status"] != "closed" and row["status"] != "next"
                for row in self.server.json(["calendar", "show", "christmas"])}

    def calendar(self):
        self.open("/calendar/christmas", "calendar")
        self.shot("calendar")
        for door in (1, 2):
            self.click('button[name="door"][value="%d"]' % door, "door %d" % door)
            if self.status() != 200:
                self.fail(self.label("door %d" % door), "status %s after the redirect" % self.status())
            notice = self.text('[role="status"]')
            if str(door) not in notice:
                self.fail(self.label("door %d" % door), "no notice naming the door: %r" % notice)
            self.shot("door-%d" % door)
        self.click('button[name="door"][value="5"]', "door 5")
        if self.status() != 409:
            self.fail(self.label("door 5"), "status %s, not 409" % self.status())
        alert = self.text('[role="alert"]')
        if "5" not in alert or "3" not in alert:
            self.fail(self.label("door 5"), "the refusal does not name door 5 and door 3: %r" % alert)
        self.shot("door-5-refused")
        opened = sorted(door for door, is_open in self.doors().items() if is_open)
        if opened != [1, 2]:
            self.fail(self.label("calendar"), "open doors in the database: %s, not [1, 2]" % opened)

    def flags_shown(self, selector, what):
        """Every flag picture under `selector` is drawn (loaded, with a size): no emoji font here."""
        shown = self.page.evaluate("""[...document.querySelectorAll(%s)].map(i =>
            i.tagName === 'IMG' && i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width > 20)"""
                                   % json.dumps(selector))
        if not shown or not all(shown):
            self.fail(self.label(what), "flags not drawn as pictures at %s: %s" % (selector, shown))

    def question(self):
        """The question now shown, as its JSON record says it (the country and the right option)."""
        request = urllib.request.Request(self.page.evaluate("location.href"), headers={"Accept": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())[0]

    def quiz(self):
        player = "Зоя" if self.locale == "ru" else "Browser"
        other = "en" if self.locale == "ru" else "ru"
        self.open("/quiz?seed=7", "quiz")
        # A pupil is asked a name first, and plays under it.
        self.click('form.quiz-start input[name="player"]', "quiz name", navigates=False)
        self.page.call("Input.insertText", {"text": player})
        self.shot("quiz-name")
        self.click('form.quiz-start button[type="submit"]', "quiz start")
        self.flags_shown("button.flag img.flag", "quiz question")
        if player not in self.text(".quiz-player"):
            self.fail(self.label("quiz"), "the player %r is not named on the question" % player)
        self.shot("quiz")
        score = 0
        for round in range(1, 6):
            record = self.question()
            # Round 2 is answered wrong on purpose; the others as a pupil might.
            choice = record["answer"] % 4 + 1 if round == 2 else 1 + (round % 4)
            self.click('button.flag[name="choice"][value="%d"]' % choice, "quiz round %d" % round)
            said = self.text('[role="status"], [role="alert"]')
            right = self.page.evaluate("!document.querySelector('.serve-error')")
            score += 1 if right else -1
            if str(score) not in said:
                self.fail(self.label("quiz round %d" % round), "the running score %d is not said: %r" % (score, said))
            # The right flag and its country, after a right or a wrong answer.
            self.flags_shown(".quiz-right img.flag, ol.quiz-judged img.flag", "quiz round %d" % round)
            alt = self.page.evaluate("document.querySelector('.quiz-right img.flag').alt")
            flag = "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in record["country"])
            if alt != flag or not self.text("ol.quiz-judged li.right"):
                self.fail(self.label("quiz round %d" % round), "the right flag %s is not shown (%r)" % (flag, alt))
            if round == 2 and right:
                self.fail(self.label("quiz round 2"), "the wrong choice %d was judged right" % choice)
            if round in (1, 2, 5):
                self.shot("quiz-round-%d" % round)
            if round == 3:
                # The language link keeps the game: the same player, session and score.
                before = self.page.evaluate("location.search")
                self.click('nav a[hreflang="%s"]' % other, "quiz language")
                after = self.page.evaluate("location.search")
                session = re.search(r"session=[^&]*", before).group(0)
                if session not in after or player not in self.text(".quiz-player") or str(score) not in self.text(
                        '[role="status"], [role="alert"]'):
                    self.fail(self.label("quiz language"), "the game is not kept: %s then %s" % (before, after))
                self.shot("quiz-%s" % other)
                self.click('nav a[hreflang="%s"]' % self.locale, "quiz language back")
            if round < 5:
                self.click('a[href*="next=1"]', "quiz next %d" % round)
        over = self.page.evaluate("document.body.innerText")
        if self.page.evaluate("document.querySelectorAll('form[action=\"/quiz\"]').length") != 1:
            self.fail(self.label("quiz over"), "the new game form is shown more than once")
        if "almanac quiz" in over:
            self.fail(self.label("quiz over"), "a command line hint is shown to pupils")
        players = {row["player"]: row for row in self.server.json(["quiz", "scores"])}
        recorded = players.get(player)
        if not recorded:
            self.fail(self.label("quiz"), "no answers recorded for the player: %s" % list(players))
        elif recorded["right_answers"] + recorded["wrong_answers"] != 5 or recorded["points"] != score:
            self.fail(self.label("quiz"), "recorded %s, the page said %d after 5 answers" % (recorded, score))

    def animation(self):
        self.open("/animation/Wobble", "snowman")
        state = "[...document.getAnimations()].map(a => a.playState)"
        clock = "document.getAnimations().map(a => a.currentTime)"
        if not self.page.evaluate(state):
            self.fail(self.label("snowman"), "no animation runs on the page")
            return
        self.click('label[for="snowman-pause"]', "snowman pause", navigates=False)
        time.sleep(0.3)
        paused = self.page.evaluate(state)
        before = self.page.evaluate(clock)
        time.sleep(0.5)
        after = self.page.evaluate(clock)
        if set(paused) != {"paused"} or before != after:
            self.fail(self.label("snowman"), "after a click: %s, clock %s then %s" % (paused, before, after))
        self.shot("snowman-paused")
        self.click('label[for="snowman-pause"]', "snowman resume", navigates=False)
        time.sleep(0.3)
        running = self.page.evaluate(state)
        if set(running) != {"running"}:
            self.fail(self.label("snowman"), "after a second click: %s" % running)

    def books(self):
        loans = [row for row in self.server.json(["books", "list"]) if not row.get("returned_on")]
        if not loans:
            self.fail(self.label("books"), "no open loan to return")
            return
        loan = loans[0]["id"]
        self.open("/books", "books")
        self.shot("books")
        self.click('form[action^="/books/%d/return"] button' % loan, "return %d" % loan)
        if self.status() != 200:
            self.fail(self.label("return"), "status %s after the redirect" % self.status())
        notice = self.text('[role="status"]')
        if not notice:
            self.fail(self.label("return"), "the listing does not say what was done")
        self.shot("returned")
        row = [row for row in self.server.json(["books", "list"]) if row["id"] == loan]
        if not row or not row[0].get("returned_on"):
            self.fail(self.label("return"), "loan %d is not returned in the database: %s" % (loan, row))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--almanac", required=True)
    parser.add_argument("--samples", required=True)
    parser.add_argument("--screenshots", default=".build/screenshots")
    arguments = parser.parse_args()
    executable = find_browser()
    if not executable:
        print("check_serve: no headless Chromium (install chromium-headless-shell)", file=sys.stderr)
        return 1
    os.makedirs(arguments.screenshots, exist_ok=True)
    failures = []
    for locale in ("en", "ru"):
        work = tempfile.mkdtemp(prefix="almanac-serve-")
        server = Server(os.path.abspath(arguments.almanac), os.path.abspath(arguments.samples), work)
        browser = Browser(executable)
        try:
            page = Page(browser)
            walk = Walk(page, server, locale, os.path.abspath(arguments.screenshots),
                        lambda where, what: failures.append("%s: %s" % (where, what)))
            for part in (walk.calendar, walk.quiz, walk.animation, walk.books):
                try:
                    part()
                except (AssertionError, BrowserError) as error:
                    failures.append("%s: %s" % (part.__name__, error))
        finally:
            browser.close()
            server.stop()
            shutil.rmtree(work, ignore_errors=True)
    for failure in failures:
        print(failure)
    print("check_serve: %d failure(s); screenshots in %s" % (len(failures), arguments.screenshots))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
