#!/usr/bin/env python3
"""How often each profile plays Mac Hack's own move in the games the 1967 paper prints
(tests/data/paper_games.pgn), beside Stockfish at a fixed depth on the same positions and
the plausible generator's first choice. Prints the Markdown table of docs/fidelity.md.

Only Mac Hack's moves count (the side whose tag is "Mac Hack VI"); "out of book" leaves
out the first N moves a game's MacHackBook tag says came from its opening book. These
games are a measure: nothing is fitted to them.

    cargo build --release
    python3 scripts/fidelity.py [--stockfish /usr/games/stockfish] [--sf-depth 12]
"""

import argparse
import re
import subprocess

import chess
import chess.engine
import chess.pgn

PGN = "tests/data/paper_games.pgn"
ROW = re.compile(r"^(\d+)(\.{1,3})\s+(\S+)\s+(\d+)/(\d+)\s+(\S+)")
# The depth each profile searches (its bench depth, as the paper's settings for the 1967
# ones); the modern profile at a depth it reaches in about a second.
PROFILES = [("1967", 4), ("1967-tournament", 5), ("modern", 10)]


def mac_hack_moves(path):
    """Per game: Mac Hack's colour, its book length, and (board, move) of each of its moves."""
    out = []
    with open(path, encoding="utf-8") as f:
        while (g := chess.pgn.read_game(f)) is not None:
            colour = chess.WHITE if g.headers["White"] == "Mac Hack VI" else chess.BLACK
            book = int(g.headers.get("MacHackBook", "0"))
            board, moves = g.board(), []
            for m in g.mainline_moves():
                if board.turn == colour:
                    moves.append((board.copy(), m))
                board.push(m)
            out.append((colour, book, moves))
    return out


class Tally:
    def __init__(self):
        self.all = [0, 0]
        self.out = [0, 0]

    def add(self, number, book, same):
        self.all[0] += same
        self.all[1] += 1
        if number > book:
            self.out[0] += same
            self.out[1] += 1

    def cells(self):
        def pct(k, n):
            return f"{k} of {n} ({100 * k / max(n, 1):.0f} %)"
        return [pct(*self.all), pct(*self.out)]


def annotate(engine, profile, depth, games):
    """The profile's match and plausibility-first tallies, from `annotate --format table`."""
    text = subprocess.run(
        [engine, "annotate", PGN, "--profile", profile, "--depth", str(depth), "--format", "table"],
        check=True, capture_output=True, text=True).stdout
    search, first = Tally(), Tally()
    game = -1
    for line in text.splitlines():
        if line.startswith("game "):
            game += 1
            continue
        row = ROW.match(line)
        if not row:
            continue
        number, dots, played, rank, _, machack = row.groups()
        colour, book, _ = games[game]
        if (dots == ".") != (colour == chess.WHITE):
            continue
        search.add(int(number), book, played == machack)
        first.add(int(number), book, rank == "1")
    return search, first


def stockfish(path, depth, games):
    tally = Tally()
    with chess.engine.SimpleEngine.popen_uci(path) as sf:
        sf.configure({"Threads": 1, "Hash": 64})
        for _, book, moves in games:
            for board, m in moves:
                best = sf.play(board, chess.engine.Limit(depth=depth)).move
                tally.add(board.fullmove_number, book, best == m)
    return tally


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/machack")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--sf-depth", type=int, default=12)
    args = ap.parse_args()
    games = mac_hack_moves(PGN)
    rows = []
    first = None
    for profile, depth in PROFILES:
        search, first = annotate(args.engine, profile, depth, games)
        rows.append([f"machack `{profile}`, depth {depth}", *search.cells()])
    rows.append(["plausible generator's first move", *first.cells()])
    rows.append([f"Stockfish, depth {args.sf_depth}", *stockfish(args.stockfish, args.sf_depth, games).cells()])
    print("| who | Mac Hack's moves matched | out of book |")
    print("|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
