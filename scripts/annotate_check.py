#!/usr/bin/env python3
"""Reads `machack annotate` output with python-chess and checks it: no parse errors, every
move of every variation legal, a comment on every main-line move, and the same main line as
the games annotated. Exits non-zero on any failure.

    target/release/machack annotate GAMES.pgn > out.pgn
    python3 scripts/annotate_check.py GAMES.pgn out.pgn
"""

import argparse
import sys

import chess.pgn


def games(path):
    with open(path, encoding="utf-8") as f:
        while (g := chess.pgn.read_game(f)) is not None:
            yield g


def walk(node):
    """Every node below `node`, variations included."""
    for child in node.variations:
        yield child
        yield from walk(child)


def main(original, annotated):
    failures = 0
    pairs = list(zip(games(original), games(annotated), strict=True))
    for n, (orig, ann) in enumerate(pairs, 1):
        problems = [str(e) for e in ann.errors]
        if [m.uci() for m in orig.mainline_moves()] != [m.uci() for m in ann.mainline_moves()]:
            problems.append("main line differs")
        nodes = list(walk(ann))
        problems += [f"no comment after {node.san()}" for node in ann.mainline() if not node.comment]
        for node in nodes:
            if node.move not in node.parent.board().legal_moves:
                problems.append(f"illegal {node.move} in a variation")
        side = sum(len(node.parent.variations) - 1 for node in ann.mainline())
        print(f"game {n}: {len(list(ann.mainline_moves()))} moves, {side} variations, "
              f"{len(nodes)} nodes: {'ok' if not problems else '; '.join(problems)}")
        failures += bool(problems)
    return 1 if failures else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("original", help="the PGN file given to `machack annotate`")
    ap.add_argument("annotated", help="what `machack annotate` wrote for it")
    args = ap.parse_args()
    sys.exit(main(args.original, args.annotated))
