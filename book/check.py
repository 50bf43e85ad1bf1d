#!/usr/bin/env python3
"""Check the built-in book's lines with Stockfish (a maintenance aid, not a test).

Plays every line of book/*.txt and flags each move after which the side that played it
stands at least THRESHOLD centipawns worse than before and not clearly better (+0.6)
afterwards, at NODES nodes a position. Fix a flagged line by cutting it before that move,
or give the move weight 0 if the book should know it but never play it.

    apt-get install -y stockfish && pip install chess==1.11.2
    python3 book/check.py [NODES=20000] [THRESHOLD=150]

About 20 minutes for the whole book on one loaded core.
"""
import glob
import os
import sys

import chess
import chess.engine

NODES = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
THRESHOLD = int(sys.argv[2]) if len(sys.argv) > 2 else 150
HERE = os.path.dirname(os.path.abspath(__file__))


def lines():
    for path in sorted(glob.glob(os.path.join(HERE, "*.txt"))):
        for number, text in enumerate(open(path, encoding="utf-8"), 1):
            text = text.strip()
            if not text or text.startswith("#") or "|" not in text:
                continue
            name, moves = text.split("|", 1)
            tokens = [t.split("/")[0].lstrip("0123456789.") for t in moves.split()]
            yield os.path.basename(path), number, name.strip(), [t for t in tokens if t]


def main():
    engine = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
    engine.configure({"Threads": 1, "Hash": 64})
    cache = {}

    def score(board):
        """The score for the side to move, in centipawns."""
        key = board.fen()
        if key not in cache:
            info = engine.analyse(board, chess.engine.Limit(nodes=NODES))
            cache[key] = info["score"].pov(board.turn).score(mate_score=10000)
        return cache[key]

    flagged = 0
    for file, number, name, tokens in lines():
        board = chess.Board()
        for ply, token in enumerate(tokens, 1):
            before = score(board)
            board.push_san(token)
            after = -score(board)
            if before - after >= THRESHOLD and after < 60:
                flagged += 1
                print(f"book/{file}:{number}: {name}: ply {ply} {token} "
                      f"({before:+d} -> {after:+d})")
    engine.quit()
    print(f"{flagged} moves flagged in {len(cache)} positions")


if __name__ == "__main__":
    main()
