#!/usr/bin/env python3
"""python-chess as a real client of machack (optional; not run by cargo test).

Over UCI and over xboard, in turn: analyses a position (checks that the analysis reports a
score and a legal principal variation, and that `stop` ends it), then plays one full game
of machack against itself (two processes) to its end by the rules, checking every move is
legal. Exits non-zero on any failure.

Needs `pip install chess==1.11.2` and a release build:
    cargo build --release && python3 scripts/pychess_check.py [--engine target/release/machack]
`--clock` and `--start` make the games shorter (seconds on each clock, a FEN to start from).
"""

import argparse
import asyncio
import sys
import time

import chess
import chess.engine


def open_engine(proto, path):
    if proto == "uci":
        return chess.engine.popen_uci([path, "uci"])
    return chess.engine.popen_xboard([path, "xboard"])


async def analyse(proto, path):
    _, engine = await open_engine(proto, path)
    await engine.configure({"OwnBook": False})  # a timed analysis could answer from book
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    t = time.monotonic()
    info = await engine.analyse(board, chess.engine.Limit(time=1.0))
    took = time.monotonic() - t
    pv = info.get("pv", [])
    assert "score" in info, f"{proto}: no score in {info}"
    assert pv, f"{proto}: no pv in {info}"
    b = board.copy()
    for m in pv:
        assert m in b.legal_moves, f"{proto}: illegal pv move {m} in {b.fen()}"
        b.push(m)
    assert took < 3.0, f"{proto}: a 1 s analysis took {took:.2f} s"
    # An endless analysis stopped by the client.
    with await engine.analysis(board) as analysis:
        await asyncio.sleep(0.5)
        analysis.stop()
        best = await asyncio.wait_for(analysis.wait(), 5.0)
    assert best.move in board.legal_moves, f"{proto}: analysis best move {best.move}"
    await engine.quit()
    print(f"{proto}: analysis ok: score {info['score'].white()}, "
          f"depth {info.get('depth')}, pv {board.variation_san(pv)}")


async def self_play(proto, path, limit, start):
    _, white = await open_engine(proto, path)
    _, black = await open_engine(proto, path)
    board = chess.Board(start)
    while not board.is_game_over(claim_draw=True):
        engine = white if board.turn == chess.WHITE else black
        result = await asyncio.wait_for(engine.play(board, limit), 30.0)
        if result.move is None:
            assert board.can_claim_draw(), f"{proto}: no move in {board.fen()}"
            break
        assert result.move in board.legal_moves, f"{proto}: illegal {result.move} in {board.fen()}"
        board.push(result.move)
        if board.ply() >= 400:
            break
    await white.quit()
    await black.quit()
    outcome = board.outcome(claim_draw=True)
    why = outcome.termination.name if outcome else "400 plies"
    print(f"{proto}: self-play game ok: {board.result(claim_draw=True)} ({why}), {board.ply()} plies")


async def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="target/release/machack", help="the binary")
    ap.add_argument("--clock", type=float, default=20.0,
                    help="seconds on each clock of the self-play game, +0.1 a move (20)")
    ap.add_argument("--start", default=chess.STARTING_FEN,
                    help="the FEN the self-play game starts from (the initial position)")
    args = ap.parse_args()
    limit = chess.engine.Limit(white_clock=args.clock, black_clock=args.clock,
                               white_inc=0.1, black_inc=0.1)
    for proto in ("uci", "xboard"):
        await analyse(proto, args.engine)
        await self_play(proto, args.engine, limit, args.start)
    print("python-chess check passed")


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except AssertionError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
