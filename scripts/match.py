#!/usr/bin/env python3
"""Plays a match between two chess engines, UCI or xboard, and reports the result.

Usage:
  python3 scripts/match.py ENGINE1 ENGINE2 [--games N] [--tc BASE+INC] [--concurrency N]
                           [--openings FILE.epd] [--seed N] [--pgn FILE.pgn]

An engine is `PROTOCOL:COMMAND[:NAME=VALUE,...]`:
  PROTOCOL  `uci` or `xboard`;
  COMMAND   the program and its arguments, split as a shell would (quote the whole spec);
  NAME=VALUE  engine options (UCI `setoption`, xboard `option`); `@name=LABEL` names the
            engine in the report and the PGN instead of the name it gives itself.
Examples: `uci:target/release/machack`, `xboard:target/release/machack xboard`,
          `xboard:/usr/games/fairymax`,
          `uci:/usr/games/stockfish:UCI_LimitStrength=true,UCI_Elo=1350,@name=sf1350`.

Games come in pairs: each opening is played twice with the colours swapped, engine 1
taking White first. Openings are read from an EPD file (default tests/data/openings.epd);
a line with a `moves "e2e4 e7e5 ..."` field is replayed from the start position, so engines
without `setboard` (Fairy-Max) can play it, and any other line is set up from its FEN.
Every game starts fresh engine processes. Nothing is adjudicated: a game ends by the rules
(checkmate, stalemate, insufficient material, a position standing for the third time,
fifty moves of each side without a capture or pawn move; no draw is claimed for an
engine that could claim it with its next move), by
resignation, or by a forfeit: a move outside the rules, an engine that dies or speaks
nonsense, or a clock that runs out (each side's clock runs from `go` to its move; a move
arriving within --grace-ms plus --grace-pct of the clock after the flag still counts, and
leaves the clock at zero).

The report gives one line per game, then, from engine 1's point of view: wins, draws and
losses, the score, the Elo difference with its 95% error bar and the likelihood of
superiority, the forfeits of each engine by kind, and how the games ended. The last line
is the same summary as one JSON object. Exit status: 0 when the match was played (whatever
its result), 2 for bad arguments.

The pure functions below carry doctests: `python3 -m doctest scripts/match.py`.
"""

import argparse
import asyncio
import datetime
import json
import logging
import math
import os
import random
import shlex
import sys
import time
from dataclasses import dataclass, field

import chess
import chess.engine
import chess.pgn

DEFAULT_OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data",
                                "openings.epd")

# python-chess warns about every engine line it does not understand; those are not errors.
logging.getLogger("chess.engine").setLevel(logging.CRITICAL)


class UsageError(Exception):
    """A bad argument: reported on stderr with exit status 2."""


# ---------------------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------------------

@dataclass
class EngineSpec:
    protocol: str
    command: list
    options: dict
    label: str = ""


def parse_engine(text):
    """Reads `PROTOCOL:COMMAND[:NAME=VALUE,...]`.

    >>> s = parse_engine("uci:/usr/games/stockfish:UCI_Elo=1350,@name=sf")
    >>> (s.protocol, s.command, s.options, s.label)
    ('uci', ['/usr/games/stockfish'], {'UCI_Elo': '1350'}, 'sf')
    >>> parse_engine("xboard:target/release/machack xboard").command
    ['target/release/machack', 'xboard']
    >>> parse_engine("cecp:foo")
    Traceback (most recent call last):
    ...
    match.UsageError: engine 'cecp:foo': the protocol must be uci or xboard
    """
    protocol, sep, rest = text.partition(":")
    if protocol not in ("uci", "xboard") or not sep:
        raise UsageError(f"engine {text!r}: the protocol must be uci or xboard")
    command_text, _, option_text = rest.partition(":")
    command = shlex.split(command_text)
    if not command:
        raise UsageError(f"engine {text!r}: no command")
    options, label = {}, ""
    for item in filter(None, (p.strip() for p in option_text.split(","))):
        name, eq, value = item.partition("=")
        if not eq or not name:
            raise UsageError(f"engine {text!r}: option {item!r} is not NAME=VALUE")
        if name == "@name":
            label = value
        elif name.startswith("@"):
            raise UsageError(f"engine {text!r}: unknown runner setting {name!r}")
        else:
            options[name] = value
    return EngineSpec(protocol, command, options, label)


def parse_tc(text):
    """Reads a time control `BASE+INC` in seconds (`BASE` alone: no increment).

    >>> parse_tc("10+0.1")
    (10.0, 0.1)
    >>> parse_tc("60")
    (60.0, 0.0)
    >>> parse_tc("1+x")
    Traceback (most recent call last):
    ...
    match.UsageError: time control '1+x' is not BASE+INC in seconds
    """
    base, _, inc = text.partition("+")
    try:
        base, inc = float(base), float(inc or 0)
    except ValueError:
        raise UsageError(f"time control {text!r} is not BASE+INC in seconds") from None
    if base <= 0 or inc < 0:
        raise UsageError(f"time control {text!r}: the base must be positive, the increment not negative")
    return base, inc


@dataclass
class Opening:
    name: str
    board: chess.Board


def parse_opening(line, number):
    """One EPD (or FEN) line as an opening; None for a blank line or a comment.

    >>> o = parse_opening('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - '
    ...                   'id "x1"; moves "e2e4 e7e5";', 1)
    >>> (o.name, len(o.board.move_stack), o.board.root() == chess.Board())
    ('x1', 2, True)
    >>> parse_opening("8/8/8/8/8/8/8/K1k5 w - - 0 1", 7).name
    'line 7'
    >>> parse_opening("# a comment", 3) is None
    True
    """
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    try:
        board, ops = chess.Board.from_epd(line)
    except ValueError:
        board, ops = chess.Board(line), {}  # a FEN with its move counters
    name = str(ops.get("id", f"line {number}"))
    moves = ops.get("moves")
    if isinstance(moves, str):
        start = chess.Board()
        for uci in moves.split():
            start.push_uci(uci)
        if start.board_fen() != board.board_fen() or start.turn != board.turn:
            raise ValueError("its moves do not lead to its position")
        board = start
    return Opening(name, board)


def load_openings(path):
    openings = []
    try:
        with open(path, encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                try:
                    opening = parse_opening(line, number)
                except ValueError as err:
                    raise UsageError(f"{path}:{number}: {err}") from None
                if opening:
                    openings.append(opening)
    except OSError as err:
        raise UsageError(f"openings: {err}") from None
    if not openings:
        raise UsageError(f"{path}: no openings")
    return openings


# ---------------------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------------------

def elo(score):
    """The Elo difference that expects `score` (0 < score < 1).

    >>> round(elo(0.75))
    191
    >>> elo(0.5) == 0
    True
    """
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_interval(wins, draws, losses):
    """Elo difference and the half-width of its 95% interval, from the variance of the
    per-game scores; None where it is undefined (no games, or all won or all lost).

    >>> d, e = elo_interval(30, 40, 30); (round(d), round(e))
    (0, 53)
    >>> elo_interval(3, 0, 0)
    (None, None)
    """
    n = wins + draws + losses
    if n == 0:
        return None, None
    mean = (wins + 0.5 * draws) / n
    if mean in (0.0, 1.0):
        return None, None
    var = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / n
    margin = 1.959964 * math.sqrt(var / n)
    lo, hi = max(mean - margin, 1e-6), min(mean + margin, 1 - 1e-6)
    return elo(mean), (elo(hi) - elo(lo)) / 2


def likelihood_of_superiority(wins, losses):
    """The probability that engine 1 is the stronger, from decisive games only.

    >>> likelihood_of_superiority(10, 10)
    0.5
    >>> round(likelihood_of_superiority(20, 10), 3)
    0.966
    """
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses))))


# ---------------------------------------------------------------------------------------
# Engines
# ---------------------------------------------------------------------------------------

class Stopwatch:
    """Notes when a protocol sends its search command and when the answer arrives, so a
    clock is charged for the engine's thinking and not for the runner's own traffic."""

    def _watch_init(self):
        self.sent_at = None
        self.answered_at = None

    def send_line(self, line):
        if self.is_search_command(line):
            self.sent_at, self.answered_at = time.monotonic(), None
        super().send_line(line)

    def _line_received(self, line):
        if self.sent_at is not None and self.answered_at is None and self.is_answer(line):
            self.answered_at = time.monotonic()
        super()._line_received(line)

    def thinking_time(self):
        if self.sent_at is None or self.answered_at is None:
            return None
        return self.answered_at - self.sent_at


class Uci(Stopwatch, chess.engine.UciProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._watch_init()

    @staticmethod
    def is_search_command(line):
        return line.split(" ", 1)[0] == "go"

    @staticmethod
    def is_answer(line):
        return line.startswith("bestmove")


class XBoard(Stopwatch, chess.engine.XBoardProtocol):
    """python-chess insists on `setboard`; engines that lack it (Fairy-Max) are still
    fine for openings replayed as moves from the start, which never need it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._watch_init()
        self.lacks_setboard = False

    @staticmethod
    def is_search_command(line):
        return line == "go"

    @staticmethod
    def is_answer(line):
        word = line.split(" ", 1)[0]
        return word in ("move", "resign", "1-0", "0-1", "1/2-1/2")

    def _line_received(self, line):
        if line.startswith("feature") and "setboard=0" in line:
            self.lacks_setboard = True
            line = line.replace("setboard=0", "setboard=1")
        super()._line_received(line)

    def send_line(self, line):
        if self.lacks_setboard and line.startswith("setboard "):
            raise chess.engine.EngineError("the engine has no setboard; give openings as moves")
        super().send_line(line)


async def start_engine(spec, timeout):
    protocol = Uci if spec.protocol == "uci" else XBoard
    _, engine = await protocol.popen(spec.command, stderr=asyncio.subprocess.DEVNULL)
    try:
        await asyncio.wait_for(engine.initialize(), timeout)
        if spec.options:
            await asyncio.wait_for(engine.configure(spec.options), timeout)
    except BaseException:
        await stop_engine(engine)
        raise
    return engine


async def check_engines(specs, timeout):
    """Starts each engine once before the match, so a wrong command or option is an
    error at once rather than a match of forfeits."""
    for spec in specs:
        try:
            await stop_engine(await start_engine(spec, timeout))
        except (OSError, asyncio.TimeoutError, chess.engine.EngineError) as err:
            raise UsageError(f"{' '.join(spec.command)}: cannot start it as a {spec.protocol} "
                             f"engine: {str(err) or f'no answer in {timeout:g} s'}") from None


async def stop_engine(engine):
    try:
        await asyncio.wait_for(engine.quit(), 2.0)
    except Exception:
        try:
            engine.transport.kill()
        except Exception:
            pass


# ---------------------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------------------

@dataclass
class Game:
    number: int
    opening: Opening
    white: int  # index of the engine playing White (0 = engine 1)
    names: list = field(default_factory=lambda: ["?", "?"])
    result: str = "*"
    reason: str = ""
    forfeit: str = ""  # time, illegal, crash or protocol when the loser forfeited
    loser: int = -1
    moves: list = field(default_factory=list)  # (move, comment) after the opening

    def points(self, engine):
        """Points of engine `engine` (0 or 1) in this game."""
        if self.result == "1/2-1/2":
            return 0.5
        white_won = self.result == "1-0"
        return 1.0 if white_won == (engine == self.white) else 0.0


def rules_end(board):
    """The result and reason when the rules end the game, else None. A repetition ends it
    when the position stands on the board for the third time, the fifty-move rule when
    fifty moves of each side have passed, as GUIs end games: an engine cannot claim, so
    a draw it could claim with its next move is not claimed for it (it may play on).

    >>> b = chess.Board()
    >>> for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]:
    ...     _ = b.push_uci(m)
    >>> rules_end(b) is None  # ...Ng8 would repeat a third time; Black may play on
    True
    >>> _ = b.push_uci("f6g8")
    >>> rules_end(b)
    ('1/2-1/2', 'threefold repetition')
    >>> rules_end(chess.Board("4k3/8/8/8/8/8/4R3/4K3 w - - 99 80")) is None
    True
    >>> rules_end(chess.Board("4k3/8/8/8/8/8/4R3/4K3 b - - 100 80"))
    ('1/2-1/2', 'fifty moves')
    >>> rules_end(chess.Board("4k3/4Q3/4K3/8/8/8/8/8 b - - 100 80"))
    ('1-0', 'checkmate')
    """
    outcome = board.outcome(claim_draw=False)
    if outcome is not None:
        return outcome.result(), outcome.termination.name.lower().replace("_", " ")
    if board.is_repetition(3):
        return "1/2-1/2", "threefold repetition"
    if board.halfmove_clock >= 100:
        return "1/2-1/2", "fifty moves"
    return None


def score_comment(info, elapsed):
    score = info.get("score") if info else None
    text = f"{elapsed:.2f}s"
    if score is not None:
        pov = score.white()
        text = (f"#{pov.mate()}" if pov.is_mate() else f"{pov.score() / 100:+.2f}") + "/" + \
            str(info.get("depth", 0)) + " " + text
    return text


async def play_game(game, specs, tc, args):
    """Plays one game to its end and fills in `game`."""
    base, inc = tc
    engines = [None, None]
    board = game.opening.board.copy()
    clocks = {chess.WHITE: base, chess.BLACK: base}
    game.names = [spec.label or os.path.basename(spec.command[0]) for spec in specs]
    try:
        for i in (0, 1):
            try:
                engines[i] = await start_engine(specs[i], args.init_timeout)
            except Exception as err:
                return forfeit(game, i, "crash", f"{specs[i].command[0]} did not start: {err}")
            game.names[i] = specs[i].label or engines[i].id.get("name") or specs[i].command[0]
        while (end := rules_end(board)) is None:
            side = board.turn
            mover = game.white if side == chess.WHITE else 1 - game.white
            engine = engines[mover]
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=inc, black_inc=inc, clock_id=game.number)
            allowed = clocks[side] + args.grace_ms / 1000 + clocks[side] * args.grace_pct / 100
            started = time.monotonic()
            try:
                played = await asyncio.wait_for(
                    engine.play(board, limit, game=game.number, info=chess.engine.INFO_SCORE),
                    allowed + args.slack)
            except asyncio.TimeoutError:
                return forfeit(game, mover, "time", "no move before the flag fell")
            except chess.engine.EngineTerminatedError:
                return forfeit(game, mover, "crash", "the engine died")
            except chess.engine.EngineError as err:
                kind = "illegal" if "illegal" in str(err).lower() else "protocol"
                return forfeit(game, mover, kind, str(err))
            elapsed = engine.thinking_time() or (time.monotonic() - started)
            if played.resigned:
                return finish(game, "0-1" if side == chess.WHITE else "1-0", "resignation", mover)
            if played.move is None or not board.is_legal(played.move):
                return forfeit(game, mover, "illegal", f"no legal move: {played.move}")
            if elapsed > allowed:
                return forfeit(game, mover, "time", f"{elapsed:.3f}s with {clocks[side]:.3f}s left")
            # A move inside the grace leaves an empty clock, not a debt the next move inherits.
            clocks[side] = max(clocks[side] - elapsed, 0.0) + inc
            game.moves.append((played.move, score_comment(played.info, elapsed)))
            board.push(played.move)
        return finish(game, end[0], end[1], -1)
    finally:
        for engine in engines:
            if engine is not None:
                await stop_engine(engine)


def finish(game, result, reason, loser):
    game.result, game.reason, game.loser = result, reason, loser
    return game


def forfeit(game, loser, kind, detail):
    white_lost = loser == game.white
    game.forfeit = kind
    return finish(game, "0-1" if white_lost else "1-0", f"{kind} forfeit: {detail}", loser)


def pgn_of(game, tc_text, event):
    pgn = chess.pgn.Game()
    white, black = (game.names[0], game.names[1]) if game.white == 0 else (game.names[1], game.names[0])
    pgn.headers.update({"Event": event, "Site": "scripts/match.py", "Round": str(game.number),
                        "Date": datetime.date.today().strftime("%Y.%m.%d"), "White": white,
                        "Black": black, "Result": game.result, "TimeControl": tc_text,
                        "Opening": game.opening.name, "Termination": game.reason})
    root = game.opening.board.root()
    if root != chess.Board():
        pgn.setup(root)
    node = pgn
    for move in game.opening.board.move_stack:
        node = node.add_variation(move)
    if game.opening.board.move_stack:
        node.comment = "opening"
    for move, comment in game.moves:
        node = node.add_variation(move, comment=comment)
    return pgn


# ---------------------------------------------------------------------------------------
# The match
# ---------------------------------------------------------------------------------------

async def run_match(specs, tc, openings, args):
    pending = list(range(1, args.games + 1))
    done = []
    pgn_file = open(args.pgn, "a", encoding="utf-8") if args.pgn else None
    tc_text = f"{tc[0]:g}+{tc[1]:g}"

    async def worker():
        while pending:
            number = pending.pop(0)
            pair = (number - 1) // 2
            game = Game(number, openings[pair % len(openings)], white=(number - 1) % 2)
            await play_game(game, specs, tc, args)
            done.append(game)
            if pgn_file:
                print(pgn_of(game, tc_text, args.event), file=pgn_file, end="\n\n", flush=True)
            if not args.quiet:
                white, black = (game.names[game.white], game.names[1 - game.white])
                print(f"game {number}/{args.games} [{game.opening.name}] {white} - {black}: "
                      f"{game.result} ({game.reason})", flush=True)

    try:
        await asyncio.gather(*(worker() for _ in range(args.concurrency)))
    finally:
        if pgn_file:
            pgn_file.close()
    return sorted(done, key=lambda g: g.number)


def summarise(games, names, wall, tc_text, concurrency):
    points = [g.points(0) for g in games]
    wins, draws, losses = points.count(1.0), points.count(0.5), points.count(0.0)
    diff, margin = elo_interval(wins, draws, losses)
    forfeits = [{k: 0 for k in ("time", "illegal", "crash", "protocol")} for _ in (0, 1)]
    endings = {}
    for g in games:
        if g.forfeit:
            forfeits[g.loser][g.forfeit] += 1
        key = g.reason.split(":")[0]
        endings[key] = endings.get(key, 0) + 1
    n = len(games)
    lines = [
        "",
        f"Match: {names[0]} vs {names[1]}, {n} games at {tc_text}, concurrency {concurrency}, "
        f"{wall:.0f} s",
        f"W/D/L for {names[0]}: {wins}/{draws}/{losses}",
    ]
    if n:
        score = (wins + 0.5 * draws) / n
        elo_text = "undefined" if diff is None else f"{diff:+.0f} +/- {margin:.0f}"
        lines.append(f"Score: {100 * score:.1f}%   Elo difference: {elo_text} (95%)   "
                     f"LOS: {100 * likelihood_of_superiority(wins, losses):.1f}%")
    for i in (0, 1):
        f = forfeits[i]
        lines.append(f"Forfeits by {names[i]}: time {f['time']}, illegal {f['illegal']}, "
                     f"crash {f['crash']}, protocol {f['protocol']}")
    lines.append("Endings: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items(), key=lambda kv: -kv[1])))
    summary = {"engine1": names[0], "engine2": names[1], "games": n, "wins": wins, "draws": draws,
               "losses": losses, "elo": None if diff is None else round(diff, 1),
               "elo_95": None if margin is None else round(margin, 1),
               "forfeits": {names[0]: forfeits[0], names[1]: forfeits[1]}, "endings": endings}
    lines.append(json.dumps(summary, separators=(",", ":")))
    return "\n".join(lines)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="Run `pydoc3 scripts/match.py` for the whole description.")
    ap.add_argument("engine1", help="PROTOCOL:COMMAND[:NAME=VALUE,...]; results are its")
    ap.add_argument("engine2", help="PROTOCOL:COMMAND[:NAME=VALUE,...]")
    ap.add_argument("--games", type=int, default=2, help="games to play, in colour-swapped pairs (2)")
    ap.add_argument("--tc", default="10+0.1", help="time control BASE+INC in seconds (10+0.1)")
    ap.add_argument("--openings", default=DEFAULT_OPENINGS, help="EPD file (tests/data/openings.epd)")
    ap.add_argument("--seed", type=int, help="shuffle the openings with this seed (default: file order)")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once (1)")
    ap.add_argument("--pgn", help="append every game to this PGN file")
    ap.add_argument("--event", default="machack match", help="the PGN Event tag")
    ap.add_argument("--grace-ms", type=float, default=50.0, help="a late move still counts within this (50)")
    ap.add_argument("--grace-pct", type=float, default=10.0,
                    help="... plus this percentage of the clock (10)")
    ap.add_argument("--slack", type=float, default=2.0,
                    help="seconds past the grace before a silent engine is given up on (2)")
    ap.add_argument("--init-timeout", type=float, default=20.0, help="seconds an engine may take to start (20)")
    ap.add_argument("--quiet", action="store_true", help="no line per game")
    args = ap.parse_args(argv)
    if args.games < 1 or args.concurrency < 1:
        raise UsageError("--games and --concurrency must be at least 1")
    return args


def main(argv=None):
    try:
        args = parse_args(argv)
        specs = [parse_engine(args.engine1), parse_engine(args.engine2)]
        tc = parse_tc(args.tc)
        openings = load_openings(args.openings)
    except UsageError as err:
        print(f"match.py: {err}", file=sys.stderr)
        return 2
    try:
        asyncio.run(check_engines(specs, args.init_timeout))
    except UsageError as err:
        print(f"match.py: {err}", file=sys.stderr)
        return 2
    if args.seed is not None:
        random.Random(args.seed).shuffle(openings)
    started = time.monotonic()
    games = asyncio.run(run_match(specs, tc, openings, args))
    names = games[0].names if games else [s.label or s.command[0] for s in specs]
    if names[0] == names[1]:
        names = [names[0] + " (1)", names[1] + " (2)"]
    print(summarise(games, names, time.monotonic() - started, args.tc, args.concurrency))
    return 0


if __name__ == "__main__":
    sys.exit(main())
