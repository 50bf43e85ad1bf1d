"""Find the moves the plausible move generator undervalues (issue 64): positions from match
games where a deep search's clearly best move is a sacrifice (a static exchange on its
square calls it a loss) or a quiet move that wins material two moves on.

usage: python3 scripts/sacrifices.py OUT_PREFIX GAMES.pgn... [--depth 16] [--screen 9]
           [--gap 100] [--parity 0|1] [--exclude EPD ...] [--stockfish CMD]

Every position from ply 8 on (duplicates, positions of the --exclude files and positions
with 5 or fewer legal moves dropped) is screened at depth --screen with two lines; one
whose best move qualifies and leads the second line by --gap centipawns is searched again
at --depth, and kept if it still qualifies there. A move qualifies as
  sacrifice  its static exchange (1-ply, on its destination, x-rays included, pins not)
             loses material: a capture of less than it risks, or a piece put en prise;
  quiet      neither a capture nor a promotion, and the material balance after the first
             four plies of the principal line is at least 150 (a pawn = 100) better for
             the mover than before it.
Games are numbered from 0 in each file; even-numbered games go to OUT_PREFIX_train.epd,
odd ones to OUT_PREFIX_check.epd (appended to), so that no game feeds both; `--parity`
keeps one of the two, so that two processes share the work. Each record:
`bm` (SAN), id `FILE.GAME.PLY` (FILE: the PGN's name without .pgn), c0 with the kind, the gap and the exchange. Needs
python-chess and a UCI engine to judge (--stockfish, default /usr/games/stockfish).

tests/data/sacrifices_train.epd (106 positions) and sacrifices_check.epd (129) come from
414 games of machack (build 9887cac, no book) at 2+0.02, played by fastchess
(../shared/tools/build-fastchess.sh) from tests/data/openings.epd with both colours:
`modern` against Toga II (120 games, -srand 641) and GNU Chess (54: GNU Chess then
stopped answering, -srand 643), `1967-tournament` against GNU Chess (120, -srand 642),
`1967` against Toga II (120, -srand 644); for each NAME, SEED and engine pair:

    fastchess -engine cmd=machack name=machack option.OwnBook=false \
        option.Profile=PROFILE -engine cmd=/usr/games/toga2 name=toga option.OwnBook=false \
        -each tc=2+0.02 -openings file=tests/data/openings.epd format=epd order=random \
        -repeat -rounds 60 -games 2 -concurrency 2 -srand SEED -pgnout file=NAME.pgn

(GNU Chess: `cmd=/usr/games/gnuchess args=--uci`). Then, with Stockfish 15.1 judging, two
processes for each pair of files (--parity 0 and 1):

    python3 scripts/sacrifices.py sac modern-toga.pgn 1967t-gnu.pgn --parity P \
        --exclude tests/data/*.epd
    python3 scripts/sacrifices.py sac modern-gnu.pgn 1967-toga.pgn --parity P \
        --exclude tests/data/*.epd

and duplicates dropped (a position in both halves stays in the checking one). Timed games
do not replay exactly, so a new run gives a set like this one, not this one.
"""
import argparse
import os
import shlex
import sys

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from only_moves import epd_key, excluded, score  # noqa: E402  (beside this script)

VALUE = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500,
         chess.QUEEN: 900, chess.KING: 20000}


def material(board, color):
    """Material of `color` minus the other side's (kings left out)."""
    total = 0
    for kind, value in VALUE.items():
        if kind != chess.KING:
            total += value * (len(board.pieces(kind, color)) - len(board.pieces(kind, not color)))
    return total


def exchange(board, move):
    """What `move` gains when both sides then capture on its square with their least
    valuable piece for as long as it pays: the 1-ply static exchange (below 0: a loss)."""
    b = board.copy(stack=False)
    sq = move.to_square
    mover = b.piece_at(move.from_square)
    if b.is_en_passant(move):
        victim = VALUE[chess.PAWN]
        b.remove_piece_at(sq + (-8 if mover.color == chess.WHITE else 8))
    else:
        victim = VALUE[b.piece_type_at(sq)] if b.piece_at(sq) else 0
    kind = move.promotion or mover.piece_type
    if move.promotion:
        victim += VALUE[move.promotion] - VALUE[chess.PAWN]
    b.remove_piece_at(move.from_square)
    b.set_piece_at(sq, chess.Piece(kind, mover.color))
    gains = [victim]
    on_square = VALUE[kind]
    side = not mover.color
    while True:
        attackers = sorted(b.attackers(side, sq), key=lambda s: VALUE[b.piece_type_at(s)])
        if not attackers:
            break
        frm = attackers[0]
        if b.piece_type_at(frm) == chess.KING and b.attackers(not side, sq):
            break
        gains.append(on_square - gains[-1])
        on_square = VALUE[b.piece_type_at(frm)]
        piece = b.remove_piece_at(frm)
        b.set_piece_at(sq, piece)
        side = not side
    for d in range(len(gains) - 1, 0, -1):
        gains[d - 1] = -max(-gains[d - 1], gains[d])
    return gains[0]


def kind_of(board, info):
    """'sacrifice', 'quiet' or None for the line's first move."""
    pv = info.get("pv", [])
    if not pv:
        return None
    move = pv[0]
    if exchange(board, move) < 0:
        return "sacrifice"
    if board.is_capture(move) or move.promotion or len(pv) < 4:
        return None
    after = board.copy(stack=False)
    for m in pv[:4]:
        after.push(m)
    if material(after, board.turn) - material(board, board.turn) >= 150:
        return "quiet"
    return None


def judged(engine, board, depth, gap):
    """(kind, gap, move) when the best line at `depth` qualifies and leads the second by `gap`."""
    info = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=2)
    if len(info) < 2:
        return None
    lead = score(info[0], board.turn) - score(info[1], board.turn)
    kind = kind_of(board, info[0])
    if kind and lead >= gap and score(info[0], board.turn) > -300:
        return kind, lead, info[0]["pv"][0]
    return None


def games(paths):
    """(id prefix, game): games numbered from 0 in each file, the file named by its stem."""
    for path in paths:
        stem = path.rsplit("/", 1)[-1].removesuffix(".pgn")
        with open(path) as f:
            number = 0
            while (game := chess.pgn.read_game(f)) is not None:
                yield f"{stem}.{number}", number, game
                number += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("games", nargs="+")
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--screen", type=int, default=9)
    ap.add_argument("--gap", type=int, default=100)
    ap.add_argument("--parity", type=int, choices=[0, 1],
                    help="only the even (0) or odd (1) games: two processes share the work")
    ap.add_argument("--exclude", nargs="*", default=[])
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.stockfish))
    engine.configure({"Threads": 1, "Hash": 64})
    seen = excluded(args.exclude)
    outs = {p: open(f"{args.out}_{'check' if p else 'train'}.epd", "a")
            for p in ([args.parity] if args.parity is not None else [0, 1])}
    for name, number, game in games(args.games):
        if number % 2 not in outs:
            continue
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            key = epd_key(board)
            if ply >= 8 and key not in seen and board.legal_moves.count() > 5:
                seen.add(key)
                if judged(engine, board, args.screen, args.gap):
                    found = judged(engine, board, args.depth, args.gap)
                    if found:
                        kind, lead, best = found
                        out = outs[number % 2]
                        out.write(f'{board.epd()} bm {board.san(best)}; id "{name}.{ply}"; '
                                  f'c0 "{kind}; gap {lead}; exchange {exchange(board, best)}";\n')
                        out.flush()
            board.push(move)
    engine.quit()


if __name__ == "__main__":
    main()
