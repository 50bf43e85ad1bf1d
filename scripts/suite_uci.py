#!/usr/bin/env python3
"""Run a bm/am test suite through UCI, for machack and any other engine in the same run.

Each position is searched for a fixed time with `go movetime`; a position counts as solved
when the move played is one of its `bm` moves (or none of its `am` moves). Engines take
turns position by position, so machine load falls on all of them alike. Prints one line per
engine, `NAME solved K of N`, and the positions only some engines solved. On a scored suite
(STS: `c8` points for the moves of `c9`) it also prints the average points of the moves
played, 0 to 100, over all positions and over the even and odd ones (1st, 3rd, ... are odd).

    cargo build --release
    python3 scripts/suite_uci.py tests/data/wac.epd --movetime 200 \\
        'target/release/machack uci' /usr/games/stockfish

An engine is a command line (split like a shell would). Options go after a colon,
comma-separated: '/usr/games/stockfish:Threads=1,Hash=16'; `@name=LABEL` names the engine
in the report (two runs of one program need it). Needs `pip install chess`.
"""

import argparse
import shlex
import sys

import chess
import chess.engine


def parse_engine(spec):
    command, _, options = spec.partition(":")
    opts = {}
    for kv in filter(None, options.split(",")):
        name, _, value = kv.partition("=")
        opts[name] = value
    return shlex.split(command), opts


def read_suite(path):
    suite = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            try:
                board, ops = chess.Board.from_epd(line)
            except ValueError as e:
                sys.exit(f"{path}:{n}: {e}")
            if "bm" in ops or "am" in ops:
                suite.append((ops.get("id", f"line {n}"), board, ops))
    return suite


def solved(ops, move):
    if "bm" in ops:
        return move in ops["bm"]
    return move not in ops["am"]


def points(ops, move):
    """The STS points of `move`, or None when the position is not scored."""
    if "c8" not in ops or "c9" not in ops:
        return None
    scores = dict(zip(ops["c9"].split(), ops["c8"].split()))
    return int(scores.get(move.uci(), 0))


def show_points(name, got):
    halves = [got[1::2], got[0::2]]  # even positions, odd positions
    avg = [sum(h) / len(h) if h else 0.0 for h in [got, *halves]]
    print(f"{name} points {avg[0]:.1f} (even {avg[1]:.1f}, odd {avg[2]:.1f}) over {len(got)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("suite")
    ap.add_argument("engines", nargs="+")
    ap.add_argument("--movetime", type=int, default=200, help="milliseconds a position")
    args = ap.parse_args()
    suite = read_suite(args.suite)
    engines = []
    for spec in args.engines:
        command, opts = parse_engine(spec)
        engine = chess.engine.SimpleEngine.popen_uci(command)
        if "OwnBook" in engine.options:
            opts.setdefault("OwnBook", False)
        label = opts.pop("@name", None) or engine.id.get("name", command[0])
        engine.configure(opts)
        if any(label == name for name, _ in engines):
            sys.exit(f"two engines are called {label}: give one a @name=LABEL")
        engines.append((label, engine))
    hits = {name: set() for name, _ in engines}
    scored = {name: [] for name, _ in engines}
    limit = chess.engine.Limit(time=args.movetime / 1000)
    for pid, board, ops in suite:
        for name, engine in engines:
            move = engine.play(board, limit, game=object()).move
            if solved(ops, move):
                hits[name].add(pid)
            p = points(ops, move)
            if p is not None:
                scored[name].append(p)
    for _, engine in engines:
        engine.quit()
    for name, _ in engines:
        print(f"{name} solved {len(hits[name])} of {len(suite)}")
        if scored[name]:
            show_points(name, scored[name])
    everyone = set.intersection(*hits.values())
    for name, _ in engines:
        only = sorted(hits[name] - everyone)
        if only:
            print(f"  {name} alone or with some: {' '.join(only)}")


if __name__ == "__main__":
    main()
