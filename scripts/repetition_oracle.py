"""Optional oracle: `machack status --json` against python-chess on random shuffle-biased games.

Not part of the test suite (which must not need Python). Needs `pip install chess` and a
release build. Usage: python3 scripts/repetition_oracle.py [GAMES] (binary: $MACHACK or
target/release/machack). Prints "N checks, M mismatches" last.
"""
import chess, json, random, subprocess, sys
import os
B = os.environ.get("MACHACK", "target/release/machack")
rng = random.Random(7)
FENS = [chess.STARTING_FEN, "r3k2r/ppp2ppp/2nqbn2/3pp3/3PP3/2NQBN2/PPP2PPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/1p4p1/8/P1P2P1P/R3K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/R3K2R w - - 90 1",
        "5k2/8/8/8/5p2/8/6P1/5R1K w - - 140 1"]
mismatch = 0; n = 0
for g in range(int(sys.argv[1]) if len(sys.argv) > 1 else 300):
    fen = FENS[g % len(FENS)]
    b = chess.Board(fen)
    plies = rng.randint(5, 60)
    for _ in range(plies):
        if b.is_game_over(claim_draw=False): break
        legal = list(b.legal_moves)
        back = None
        if len(b.move_stack) >= 2:
            p = b.move_stack[-2]
            back = chess.Move(p.to_square, p.from_square)
        if back in legal and rng.random() < 0.5: m = back
        else:
            rev = [m for m in legal if not b.is_zeroing(m)]
            m = rng.choice(rev if rev and rng.random() < 0.9 else legal)
        b.push(m)
    ucis = [m.uci() for m in b.move_stack]
    out = subprocess.run([B, "status", "--json", "--fen", fen] + (["--moves"] + ucis if ucis else []), capture_output=True, text=True)
    got = json.loads(out.stdout)
    o = b.outcome(claim_draw=False)
    reason = None
    if o:
        reason = {chess.Termination.CHECKMATE: "checkmate", chess.Termination.STALEMATE: "stalemate",
                  chess.Termination.INSUFFICIENT_MATERIAL: "insufficient_material",
                  chess.Termination.SEVENTYFIVE_MOVES: "seventyfive_moves",
                  chess.Termination.FIVEFOLD_REPETITION: "fivefold_repetition"}[o.termination]
    claims = []
    if not o:
        if b.is_repetition(3): claims.append("threefold_repetition")
        if b.halfmove_clock >= 100: claims.append("fifty_moves")
    exp = {"outcome": o.result() if o else None, "reason": reason, "claims": claims, "halfmove_clock": b.halfmove_clock}
    got_cmp = {k: got[k] for k in exp}
    n += 1
    if got_cmp != exp:
        mismatch += 1; print("MISMATCH", fen, ucis, got_cmp, exp)
    # about to appear: python-chess can_claim_threefold includes any legal move
    if not o and b.can_claim_threefold_repetition() and not b.is_repetition(3):
        for m in b.legal_moves:
            b.push(m); rep = b.is_repetition(3); b.pop()
            out = subprocess.run([B, "status", "--json", "--fen", fen, "--intend", m.uci()] + (["--moves"] + ucis if ucis else []), capture_output=True, text=True)
            cw = json.loads(out.stdout)["claims_with_move"]
            n += 1
            if ("threefold_repetition" in cw) != rep:
                mismatch += 1; print("INTEND MISMATCH", fen, ucis, m.uci(), cw, rep)
print(f"{n} checks, {mismatch} mismatches")
