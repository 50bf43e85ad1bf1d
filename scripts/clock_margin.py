#!/usr/bin/env python3
"""Replays the clocks of a scripts/match.py PGN for one engine, with no grace: how close did it
come to the flag? Prints, per PGN, the games, the moves timed, the smallest time left on
its clock just after a move (before the increment), and in how many games its clock would
have fallen without match.py's grace (match.py allows 50 ms + 10% per move and never lets
a clock go below zero, so a drained clock can run on there).

Usage: scripts/clock_margin.py GAMES.pgn [...] [--engine machack]
"""

import argparse
import re

import chess.pgn

TIME = re.compile(r"(\d+\.\d+)s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--engine", default="machack")
    args = ap.parse_args()
    for path in args.pgn:
        games = timed = flags = 0
        least = None
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                h = game.headers
                tc = h.get("TimeControl", "")
                if "+" not in tc:
                    continue
                base, inc = (float(x) for x in tc.split("/")[-1].split("+"))
                ours = [c for c in (chess.WHITE, chess.BLACK)
                        if args.engine in h.get("White" if c else "Black", "")]
                if not ours:
                    continue
                games += 1
                clock = base
                flagged = False
                for node in game.mainline():
                    mover = not node.board().turn
                    if mover != ours[0]:
                        continue
                    m = TIME.search(node.comment or "")
                    if not m:
                        continue
                    timed += 1
                    clock -= float(m.group(1))
                    least = clock if least is None else min(least, clock)
                    flagged |= clock < 0
                    clock += inc
                flags += flagged
        print(f"{path}: {games} games, {timed} timed moves, least left after a move "
              f"{least * 1000:.0f} ms, games flagged without grace {flags}")


if __name__ == "__main__":
    main()
