#!/usr/bin/env python3
"""Screenshots of the scope page for docs/scope.md, taken in headless Chromium.

Starts `machack scope` on a free port and chromedriver, then drives the page through the
WebDriver protocol (plain HTTP, no package beyond Python's own) as a person would: a game
played on the 1967 profile, an analysis with the tree open, a reviewed game, and the page
at a phone's width. Writes scope-play.png, scope-analysis.png, scope-review.png and
scope-phone.png into the output folder.

    cargo build --release
    python3 scripts/scope_screenshots.py --out docs

Needs chromium and chromedriver (Debian: apt-get install chromium chromium-driver).
"""

import argparse
import base64
import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

# A short game for the play and review shots, and a middlegame to analyse.
GAME = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3"
REVIEWED = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1"
ANALYSED = "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/3PP3/1BP2N1P/PP3PP1/RNBQR1K1 b - - 0 10"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    """A WebDriver session: each method is one command of the W3C protocol."""

    def __init__(self, chromedriver, chromium):
        self.port = free_port()
        self.process = subprocess.Popen(
            [chromedriver, f"--port={self.port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        options = {"binary": chromium,
                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                            "--disable-dev-shm-usage", "--hide-scrollbars",
                            "--force-device-scale-factor=1"]}
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}}
        started = time.monotonic()
        while True:
            try:
                self.session = self.call("POST", "/session", caps)["sessionId"]
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() - started > 15:
                    raise SystemExit("chromedriver did not start")
                time.sleep(0.1)

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
            headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as reply:
                return json.load(reply)["value"]
        except urllib.error.HTTPError as e:
            raise SystemExit(f"WebDriver {method} {path}: {e.read().decode()[:500]}")

    def command(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def window(self, width, height):
        """Sets the size of the page's viewport (the window's outer size is larger)."""
        self.command("POST", "/window/rect", {"width": width, "height": height})
        inner = self.js("return [innerWidth, innerHeight]")
        self.command("POST", "/window/rect",
                     {"width": 2 * width - inner[0], "height": 2 * height - inner[1]})

    def goto(self, url):
        self.command("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.command("POST", "/execute/sync", {"script": script, "args": list(args)})

    def until(self, what, script, timeout=60):
        started = time.monotonic()
        while not self.js(script):
            if time.monotonic() - started > timeout:
                raise SystemExit(f"waited {timeout} s for {what}")
            time.sleep(0.05)

    def click(self, css):
        element = self.command("POST", "/element", {"using": "css selector", "value": css})
        key = next(iter(element))
        self.command("POST", f"/element/{element[key]}/click", {})

    def screenshot(self, path):
        png = base64.b64decode(self.command("GET", "/screenshot"))
        Path(path).write_bytes(png)
        print(f"{path}: {len(png) // 1024} KB")

    def quit(self):
        try:
            self.command("DELETE", "")
        finally:
            self.process.terminate()
            self.process.wait()


def start_scope(machack):
    process = subprocess.Popen([machack, "scope", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    url = line.removeprefix("machack scope: ")
    if not url.startswith("http://"):
        process.terminate()
        raise SystemExit(f"machack scope did not print its URL: {line!r}")
    return process, url


def select(d, select_id, value):
    d.click(f"#{select_id} option[value='{value}']")


def settle(d):
    """Waits for the search to end and the page to draw it."""
    d.until("the search's end", "return !document.body.classList.contains('thinking') "
            "&& !!document.querySelector('#thinking .answer')")
    time.sleep(0.3)


def opened(d, url, query=""):
    """The page at `url` on the 1967 profile without its book, so machack searches."""
    d.goto(url + query)
    d.js("localStorage.clear()")
    d.goto(url + query)
    d.until("the connection", "return document.getElementById('profile').options.length >= 2")
    select(d, "profile", "1967")
    if d.js("return document.getElementById('book').checked"):
        d.click("#book")
    d.until("the settings", "return !document.getElementById('book').checked "
            "&& document.getElementById('profile').value === '1967'")


def load(d, pgn):
    d.js("document.getElementById('pgn').value = arguments[0]", pgn)
    d.click("#pgn-load")
    d.until("the game", "return document.querySelectorAll('#moves button.move').length > 0")
    d.js("document.getElementById('pgn').value = ''")


def machack_plays(d, moves):
    """machack plays `moves` moves of the game, each side in turn (Go); then you play White
    again, the board turned to White's side. An odd number from Black's move leaves White
    to move."""
    for _ in range(moves):
        plies = d.js("return document.querySelectorAll('#moves button.move').length")
        d.click("#go")
        d.until("machack's move", "return document.querySelectorAll('#moves button.move').length "
                f"=== {plies + 1} && !document.body.classList.contains('thinking')")
    settle(d)
    select(d, "human", "white")
    d.until("White's side of the board", "return document.querySelector(\"rect[data-square='e2']\")"
            ".getAttribute('y') === '6'")
    d.js("document.activeElement.blur()")


def panel_shot(d, panel_id, path):
    """Scrolls the element `panel_id` into view and takes the screenshot `path`."""
    d.js("document.getElementById(arguments[0]).scrollIntoView()", panel_id)
    time.sleep(0.3)
    d.screenshot(path)


def shoot(d, url, out, width, height):
    # Play: a game on the board, machack's last move with its line as arrows, the graph
    # of the values its searches found.
    d.window(width, height)
    opened(d, url)
    load(d, GAME + " *")
    machack_plays(d, 5)
    d.js("window.scrollTo(0, 0)")
    d.screenshot(out / "scope-play.png")

    # Analysis: a position searched, the tree open at the best move and a node of its line
    # (its position on the board, its evaluation and plausibility beside).
    d.js("const f = document.getElementById('fen'); f.value = arguments[0];"
         "f.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}))", ANALYSED)
    d.until("the position", "return document.getElementById('status').textContent"
            ".startsWith('Black to move')")
    d.click("#analyse")
    settle(d)
    d.click("#tree li.the-best-move > button.toggle")
    d.until("the node's children", "return !!document.querySelector('#tree li.the-best-move li')")
    d.click("#tree li.the-best-move li.variation > button.label")
    d.until("its evaluation", "return document.getElementById('eval').textContent.includes('S = B')")
    panel_shot(d, "inside", out / "scope-analysis.png")

    # Review, in the plain look: a short game reviewed, one of its moves picked and its
    # position on the board.
    select(d, "theme", "plain")
    load(d, REVIEWED)
    d.click("#review-start")
    d.until("the review", "return document.getElementById('review-notes').dataset.done === 'true'")
    d.click("#review-notes tr[data-ply='7']")
    d.until("the reviewed position", "return !document.getElementById('review').hidden")
    panel_shot(d, "review-panel", out / "scope-review.png")
    select(d, "theme", "scope")

    # A phone: the board the width of the screen, the panels below it.
    d.window(390, 844)
    opened(d, url)
    load(d, GAME + " *")
    machack_plays(d, 1)
    d.js("window.scrollTo(0, 0)")
    d.screenshot(out / "scope-phone.png")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--machack", default="target/release/machack", help="the machack to serve the page")
    parser.add_argument("--out", default=".", help="folder for the PNGs (default: here)")
    parser.add_argument("--width", type=int, default=1280, help="the desktop shots' width (default 1280)")
    parser.add_argument("--height", type=int, default=800, help="their height (default 800)")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("google-chrome"),
                        help="the browser (default: chromium on the PATH)")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver"),
                        help="its WebDriver (default: chromedriver on the PATH)")
    args = parser.parse_args()
    if not args.chromium or not args.chromedriver:
        sys.exit("chromium and chromedriver are needed (apt-get install chromium chromium-driver)")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    scope, url = start_scope(args.machack)
    try:
        d = Driver(args.chromedriver, args.chromium)
        try:
            shoot(d, url, out, args.width, args.height)
        finally:
            d.quit()
    finally:
        scope.terminate()
        scope.wait()


if __name__ == "__main__":
    main()
