#!/usr/bin/env python3
"""How well one engine of a scripts/match.py PGN turns a won position into a win: the games
in which its own score stood at +LEAD or better for RUN of its moves in a row, and how they
ended; and the same for -LEAD or worse. A won position drawn often points at endings the
evaluation overrates or cannot make progress in.

Usage: scripts/conversion.py GAMES.pgn [...] [--engine machack] [--lead 2.0] [--run 8]
"""

import argparse
import re

import chess.pgn

SCORE = re.compile(r"\s*(#-?\d+|[+-]\d+\.\d+)/")


def white_score(comment):
    """The score of a match.py move comment, White's point of view, in pawns; None if none.

    >>> white_score("+0.37/21 0.58s"), white_score("-1.50/9 0.10s")
    (0.37, -1.5)
    >>> white_score("#-3/12 0.05s"), white_score("opening")
    (-100.0, None)
    """
    m = SCORE.match(comment)
    if m is None:
        return None
    text = m.group(1)
    if text.startswith("#"):
        return -100.0 if text.startswith("#-") else 100.0
    return float(text)


def held(scores, lead, run):
    """Whether `scores` (the engine's own, in order) reach `lead` for `run` in a row.

    >>> held([1, 2, 2, 3, 1, 2], 2, 3), held([1, 2, 2, 1, 2, 2], 2, 3)
    (True, False)
    """
    streak = 0
    for s in scores:
        streak = streak + 1 if s >= lead else 0
        if streak >= run:
            return True
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--engine", default="machack")
    ap.add_argument("--lead", type=float, default=2.0)
    ap.add_argument("--run", type=int, default=8)
    args = ap.parse_args()
    ahead = {1.0: 0, 0.5: 0, 0.0: 0}
    behind = {1.0: 0, 0.5: 0, 0.0: 0}
    games = 0
    for path in args.pgn:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                h = game.headers
                white = args.engine in h.get("White", "")
                if not white and args.engine not in h.get("Black", ""):
                    continue
                points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(h.get("Result"))
                if points is None:
                    continue
                games += 1
                own = points if white else 1.0 - points
                board = game.board()
                scores = []
                for node in game.mainline():
                    ours = board.turn == (chess.WHITE if white else chess.BLACK)
                    board.push(node.move)
                    s = white_score(node.comment) if ours else None
                    if s is not None:
                        scores.append(s if white else -s)
                if held(scores, args.lead, args.run):
                    ahead[own] += 1
                if held([-s for s in scores], args.lead, args.run):
                    behind[own] += 1
    print(f"{games} games of {args.engine}")
    for name, tally in ((f"+{args.lead:.2f}", ahead), (f"-{args.lead:.2f}", behind)):
        total = sum(tally.values())
        print(f"at {name} or beyond for {args.run} moves in a row: {total} games, "
              f"won {tally[1.0]}, drawn {tally[0.5]}, lost {tally[0.0]}")


if __name__ == "__main__":
    main()
