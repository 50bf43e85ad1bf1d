#!/usr/bin/env python3
"""Optional oracle: `machack status --json` against python-chess on random shuffle-biased games.

Each game starts from one of a few positions and plays 5-60 random plies, half the time
stepping a piece back where it came from so that positions repeat; machack's outcome,
reason, claims and halfmove clock must equal python-chess's, and where a threefold
repetition is one move away, `--intend MOVE` must say which moves claim it. Prints each
mismatch, then "N checks, M mismatches" last; exits 1 on any mismatch.

    cargo build --release
    python3 scripts/repetition_oracle.py 400     # binary: --engine, $MACHACK or target/release/machack
"""
import argparse
import json
import os
import random
import subprocess
import sys

import chess

FENS = [chess.STARTING_FEN, "r3k2r/ppp2ppp/2nqbn2/3pp3/3PP3/2NQBN2/PPP2PPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/1p4p1/8/P1P2P1P/R3K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/R3K2R w - - 90 1",
        "5k2/8/8/8/5p2/8/6P1/5R1K w - - 140 1"]
REASONS = {chess.Termination.CHECKMATE: "checkmate", chess.Termination.STALEMATE: "stalemate",
           chess.Termination.INSUFFICIENT_MATERIAL: "insufficient_material",
           chess.Termination.SEVENTYFIVE_MOVES: "seventyfive_moves",
           chess.Termination.FIVEFOLD_REPETITION: "fivefold_repetition"}


def random_game(rng, fen):
    """A board after 5-60 random plies from `fen`, biased to undo the move before last."""
    b = chess.Board(fen)
    for _ in range(rng.randint(5, 60)):
        if b.is_game_over(claim_draw=False):
            break
        legal = list(b.legal_moves)
        back = None
        if len(b.move_stack) >= 2:
            p = b.move_stack[-2]
            back = chess.Move(p.to_square, p.from_square)
        if back in legal and rng.random() < 0.5:
            m = back
        else:
            rev = [m for m in legal if not b.is_zeroing(m)]
            m = rng.choice(rev if rev and rng.random() < 0.9 else legal)
        b.push(m)
    return b


def status(engine, fen, ucis, intend=None):
    cmd = [engine, "status", "--json", "--fen", fen]
    if intend:
        cmd += ["--intend", intend]
    if ucis:
        cmd += ["--moves"] + ucis
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)


def expected(b):
    """What `status --json` must say about board `b`, by python-chess."""
    o = b.outcome(claim_draw=False)
    claims = []
    if not o:
        if b.is_repetition(3):
            claims.append("threefold_repetition")
        if b.halfmove_clock >= 100:
            claims.append("fifty_moves")
    return {"outcome": o.result() if o else None, "reason": REASONS[o.termination] if o else None,
            "claims": claims, "halfmove_clock": b.halfmove_clock}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=300, help="random games to check (300)")
    ap.add_argument("--engine", default=os.environ.get("MACHACK", "target/release/machack"),
                    help="the binary ($MACHACK or target/release/machack)")
    args = ap.parse_args()
    rng = random.Random(7)
    n = mismatch = 0
    for g in range(args.games):
        fen = FENS[g % len(FENS)]
        b = random_game(rng, fen)
        ucis = [m.uci() for m in b.move_stack]
        exp = expected(b)
        got = status(args.engine, fen, ucis)
        got = {k: got[k] for k in exp}
        n += 1
        if got != exp:
            mismatch += 1
            print("MISMATCH", fen, ucis, got, exp)
        # About to appear: python-chess's can_claim_threefold counts any legal move.
        if not exp["outcome"] and b.can_claim_threefold_repetition() and not b.is_repetition(3):
            for m in b.legal_moves:
                b.push(m)
                rep = b.is_repetition(3)
                b.pop()
                cw = status(args.engine, fen, ucis, intend=m.uci())["claims_with_move"]
                n += 1
                if ("threefold_repetition" in cw) != rep:
                    mismatch += 1
                    print("INTEND MISMATCH", fen, ucis, m.uci(), cw, rep)
    print(f"{n} checks, {mismatch} mismatches")
    sys.exit(1 if mismatch else 0)


if __name__ == "__main__":
    main()
