"""Build tests/data/game_only_moves.epd: positions from machack's match games where
Stockfish sees one move clearly best (Greenblatt's claim for the plausible move generator,
measured in games rather than on WAC's combinations).

usage: python3 scripts/only_moves.py OUT.epd LIMIT GAMES.pgn...

Every position from ply 12 to 120 is a candidate with probability 0.12 (seed 7; duplicates
and positions with 5 or fewer legal moves dropped). A depth-7 MultiPV-2 screen keeps those
whose best move leads the second by 80 cp; depth 12 then keeps a gap of 150 cp or more,
with the second move's score inside ±1500 (not already lost or won). Needs python-chess
and /usr/games/stockfish (15.1 was used). The committed file (897 positions, from 17 PGN
files of machack's match games) was made in two runs: its first 131 positions without the
depth-7 screen; every position meets the same depth-12 test.
"""
import random
import sys

import chess
import chess.engine
import chess.pgn


def score(info, turn):
    return info["score"].pov(turn).score(mate_score=10000)


def candidates(paths):
    seen, out = set(), []
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    if 12 <= ply <= 120 and random.random() < 0.12:
                        key = board.epd()
                        if key not in seen and board.legal_moves.count() > 5:
                            seen.add(key)
                            out.append(board.copy(stack=False))
                    board.push(move)
    random.shuffle(out)
    return out


def main():
    out_path, limit, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    random.seed(7)
    engine = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
    engine.configure({"Threads": 1, "Hash": 64})
    kept = 0
    with open(out_path, "w") as out:
        for board in candidates(paths):
            if kept >= limit:
                break
            quick = engine.analyse(board, chess.engine.Limit(depth=7), multipv=2)
            if len(quick) < 2 or score(quick[0], board.turn) - score(quick[1], board.turn) < 80:
                continue
            info = engine.analyse(board, chess.engine.Limit(depth=12), multipv=2)
            if len(info) < 2:
                continue
            best, second = score(info[0], board.turn), score(info[1], board.turn)
            if best - second >= 150 and abs(second) < 1500:
                move = info[0]["pv"][0]
                out.write(f'{board.epd()} bm {board.san(move)}; id "G.{kept:04d}"; '
                          f'c0 "gap {best - second}";\n')
                kept += 1
    engine.quit()


if __name__ == "__main__":
    main()
