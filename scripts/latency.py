#!/usr/bin/env python3
"""Measures machack's protocol latencies over pipes (not part of cargo test).

  isready -> readyok while a long search runs (UCI), ping -> pong while analysing
  (xboard), and stop -> bestmove while a deep search runs (UCI), each N times; prints the
  median, 90th percentile and worst, in milliseconds.

Usage: scripts/latency.py [--engine target/release/machack] [--n 50]
"""

import argparse
import math
import os
import select
import statistics
import subprocess
import time


class Pipe:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  bufsize=0)
        self.buf = b""

    def send(self, line):
        t = time.perf_counter()
        self.p.stdin.write((line + "\n").encode())
        return t

    def wait_for(self, pred, timeout=60.0):
        end = time.perf_counter() + timeout
        while True:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                line = line.decode(errors="replace").strip()
                if pred(line):
                    return self.got, line
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no answer")
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                self.got = time.perf_counter()
                if not chunk:
                    raise EOFError("engine exited")
                self.buf += chunk

    def close(self):
        self.p.kill()
        self.p.wait()


def summary(name, xs):
    xs = sorted(x * 1000 for x in xs)
    p90 = xs[math.ceil(0.9 * len(xs)) - 1]  # nearest rank: never below the median
    print(f"{name}: n={len(xs)} median {statistics.median(xs):.3f} ms, "
          f"p90 {p90:.3f} ms, worst {xs[-1]:.3f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/machack")
    ap.add_argument("--n", type=int, default=50)
    args = ap.parse_args()

    e = Pipe([args.engine, "uci"])
    e.send("uci")
    e.wait_for(lambda l: l == "uciok")
    # A deep search that runs for minutes: the stop flag, not the search's end, answers.
    e.send("setoption name Depth value 12")
    e.send("setoption name OwnBook value false")
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6")
    ready, stops = [], []
    for _ in range(args.n):
        e.send("go infinite")
        time.sleep(0.05)
        t = e.send("isready")
        at, _ = e.wait_for(lambda l: l == "readyok")
        ready.append(at - t)
        time.sleep(0.05)
        t = e.send("stop")
        at, _ = e.wait_for(lambda l: l.startswith("bestmove"))
        stops.append(at - t)
    e.close()
    summary("UCI isready -> readyok mid-search", ready)
    summary("UCI stop -> bestmove (depth-12 search running)", stops)

    x = Pipe([args.engine, "xboard"])
    x.send("xboard")
    x.send("protover 2")
    x.wait_for(lambda l: l == "feature done=1")
    x.send("option Depth=12")
    x.send("force")
    x.send("usermove e2e4")
    x.send("analyze")
    pongs = []
    for i in range(args.n):
        time.sleep(0.05)
        t = x.send(f"ping {i}")
        at, _ = x.wait_for(lambda l, i=i: l == f"pong {i}")
        pongs.append(at - t)
    x.close()
    summary("xboard ping -> pong mid-analysis", pongs)


if __name__ == "__main__":
    main()
