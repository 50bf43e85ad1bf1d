"""Build a suite of "only moves": positions from match games where Stockfish sees one move
clearly best (Greenblatt's claim for the plausible move generator, measured in games
rather than on WAC's combinations).

usage: python3 scripts/only_moves.py OUT.epd LIMIT GAMES.pgn... \
           [--seed N] [--sample P] [--prefix ID] [--exclude EPD ...]

Every position from ply 12 to 120 is a candidate with probability P (default 0.12, seed
default 7; duplicates, positions with 5 or fewer legal moves and positions of the
--exclude files dropped). A depth-7 MultiPV-2 screen keeps those whose best move leads the
second by 80 cp; depth 12 then keeps a gap of 150 cp or more, with the second move's score
inside ±1500 (not already lost or won). Ids are PREFIX.NNNN (default G). Needs python-chess
and a UCI engine to judge, --stockfish (default /usr/games/stockfish; 15.1 was used).

tests/data/game_only_moves.epd (897 positions, from 17 PGN files of machack's match games)
was made with the defaults in two runs: its first 131 positions without the depth-7
screen; every position meets the same depth-12 test. tests/data/only_moves_check.epd, the
held-out tactical suite of scripts/fit_factors.py, was made from the PGN files of the
project's matches against gnuchess, Phalanx, Toga and Fairy-Max (211 games, in $GAMES) by

    nice -n 10 python3 scripts/only_moves.py tests/data/only_moves_check.epd 300 \
        $GAMES/{gnu10,phalanx10,toga10,fmax10,ladder-gnu,ladder-phalanx,ladder-fairymax}.pgn \
        --seed 24 --sample 0.3 --prefix M --exclude tests/data/game_only_moves.epd \
        tests/data/wac.epd tests/data/sts-train.epd
"""
import argparse
import random
import shlex

import chess
import chess.engine
import chess.pgn


def score(info, turn):
    return info["score"].pov(turn).score(mate_score=10000)


def epd_key(board):
    """Placement, side, castling and en passant: the EPD's four fields."""
    return " ".join(board.epd().split()[:4])


def excluded(paths):
    keys = set()
    for path in paths:
        with open(path) as f:
            keys.update(" ".join(line.split()[:4]) for line in f if line.strip())
    return keys


def candidates(paths, sample, seen):
    out = []
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    if 12 <= ply <= 120 and random.random() < sample:
                        key = epd_key(board)
                        if key not in seen and board.legal_moves.count() > 5:
                            seen.add(key)
                            out.append(board.copy(stack=False))
                    board.push(move)
    random.shuffle(out)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("limit", type=int)
    ap.add_argument("games", nargs="+")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sample", type=float, default=0.12)
    ap.add_argument("--prefix", default="G")
    ap.add_argument("--exclude", nargs="*", default=[])
    ap.add_argument("--stockfish", default="/usr/games/stockfish",
                    help="the judging UCI engine's command line (/usr/games/stockfish)")
    args = ap.parse_args()
    random.seed(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.stockfish))
    engine.configure({"Threads": 1, "Hash": 64})
    kept = 0
    with open(args.out, "w") as out:
        for board in candidates(args.games, args.sample, excluded(args.exclude)):
            if kept >= args.limit:
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
                out.write(f'{board.epd()} bm {board.san(move)}; id "{args.prefix}.{kept:04d}"; '
                          f'c0 "gap {best - second}";\n')
                out.flush()
                kept += 1
    engine.quit()


if __name__ == "__main__":
    main()
