#!/usr/bin/env python3
"""Response time of machack at tiny clocks (docs/reliability.md): `go wtime T btime T winc 10
binc 10` for T = 20, 50, 100 and 200 ms, in 40 positions each (the openings of
tests/data/openings.epd played on 0-19 random plies), own book off. Prints, per clock, the
median, 90th percentile and worst time from `go` to `bestmove`: what the engine spends
against what the clock had.

Usage: python3 scripts/overshoot.py [MACHACK] [--positions 40] [--clocks 20,50,100,200]
(default target/release/machack; needs `pip install chess`)
"""
import argparse
import os
import random
import subprocess
import time

import chess

OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data",
                        "openings.epd")


class Engine:
    def __init__(self, command):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line
        raise EOFError(f"the engine closed its output before {prefix!r}")


def positions(rng, count):
    with open(OPENINGS, encoding="utf-8") as fh:
        starts = [chess.Board.from_epd(line)[0] for line in fh if line.strip()]
    for i in range(count):
        board = starts[i % len(starts)].copy()
        for _ in range(rng.randrange(0, 20)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            yield board


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("machack", nargs="?", default="target/release/machack", help="the binary")
    ap.add_argument("--positions", type=int, default=40, help="positions per clock (40)")
    ap.add_argument("--clocks", default="20,50,100,200", help="the clocks T in ms (20,50,100,200)")
    args = ap.parse_args()
    engine = Engine([args.machack, "uci"])
    engine.send("uci")
    engine.wait("uciok")
    engine.send("setoption name OwnBook value false")
    rng = random.Random(1)
    for clock in [int(c) for c in args.clocks.split(",")]:
        times = []
        for board in positions(rng, args.positions):
            engine.send("position fen " + board.fen())
            engine.send("isready")
            engine.wait("readyok")
            started = time.perf_counter()
            engine.send(f"go wtime {clock} btime {clock} winc 10 binc 10")
            engine.wait("bestmove")
            times.append((time.perf_counter() - started) * 1000)
        times.sort()
        print(f"clock {clock} ms: median {times[len(times) // 2]:.1f} ms, "
              f"90th {times[len(times) * 9 // 10]:.1f} ms, worst {times[-1]:.1f} ms "
              f"({len(times)} moves)")
    engine.send("quit")


if __name__ == "__main__":
    main()
