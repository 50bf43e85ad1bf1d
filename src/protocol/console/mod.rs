//! The console: play machack at a terminal as people played Mac Hack VI at the teletype in
//! 1967, and look inside its thinking with the paper's debugging aids (SPEC §8).
//!
//! It parses and prints only; the game, the search and the rules are the `Engine`'s and
//! the library's. The person plays White unless they say otherwise (`play`). The board is
//! drawn in Unicode, or in ASCII with `--ascii`, when `TERM` is `dumb` or when the locale
//! is not UTF-8; the history stands beside it in descriptive notation (or SAN, `notation`).
//! Moves are read in any notation (`notation::read_move`). While machack thinks, a terminal
//! shows one updating progress line, and any line typed (Enter is enough) stops the
//! thought and makes it move: reading single keys would need raw terminal mode, which the
//! standard library cannot set without `unsafe`.
//!
//! The six debugging aids: `board` (1), moves in standard notation (2), `eval [MOVE]` (3),
//! `trace MOVE` (4), `record` (5), `stats` (6); and `tree`, the principal variation with the
//! static value after each move. Tournament conduct (SPEC §9) is the engine's: machack
//! never offers a draw, answers `draw?` with accept or decline, claims and resigns when it
//! judges so; the person is told when the rules let them claim a draw.
//!
//! If the first thing typed is `uci` or `xboard`, the console hands over to that protocol.

use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use shakmaty::{Color, Move, Position};

use super::{Event, Input, Out, split_word};
use crate::attack::Analysis;
use crate::engine::{BestMove, Engine, Go, Source, short};
use crate::eval::{Root, static_board_evaluator};
use crate::fide::{self, Claim, Outcome, State};
use crate::notation::{self, Notation, NotationError};
use crate::pgn;
use crate::plausible::{self, Context, PlausibleList};
use crate::rules::{self, Game};
use crate::search::SearchResult;

mod clock;
mod show;

pub use clock::GameClock;

/// Set by `machack --ascii`: draw the board in ASCII whatever the terminal.
static FORCE_ASCII: AtomicBool = AtomicBool::new(false);

/// Makes the console draw in ASCII (the `--ascii` flag).
pub fn set_ascii(on: bool) {
    FORCE_ASCII.store(on, Ordering::Relaxed);
}

/// Whether the terminal can show Unicode chess pieces: not when `--ascii` was given, not on
/// a `dumb` terminal, and only when the locale (LC_ALL, LC_CTYPE, LANG; the first set) is
/// UTF-8.
pub fn unicode_ok() -> bool {
    if FORCE_ASCII.load(Ordering::Relaxed) {
        return false;
    }
    if std::env::var("TERM").is_ok_and(|t| t == "dumb") {
        return false;
    }
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .unwrap_or_default()
        .to_ascii_lowercase();
    locale.contains("utf-8") || locale.contains("utf8")
}

/// The commands, as `help` prints them.
const HELP: &[&str] = &[
    "Type a move in any notation: P-K4, N-KB3, PxP, O-O (descriptive), e4, Nf3 (SAN), e2e4.",
    "  new                 a new game (you keep your colour)",
    "  play white|black|both|none   the side(s) you play; machack plays the others",
    "  go                  machack plays the side to move, now",
    "  undo                take back your last move (and machack's reply)",
    "  fen [FEN]           show the position's FEN, or set up a position",
    "  moves               the legal moves",
    "  notation descriptive|san|uci   how moves are written",
    "  profile NAME        1967 or 1967-tournament",
    "  depth N | widths LIST        override the search depth / widths (e.g. 6,6,4)",
    "  level MOVES MINUTES INC      clocks, e.g. level 50 120 0 (1967); level off",
    "  book on|off         the opening book",
    "  book file PATH      a Polyglot .bin book instead of the built-in one",
    "  draw? [MOVE]        offer a draw, or claim one (with the move you declare)",
    "  resign              resign the game",
    "  save FILE.pgn | load FILE.pgn [GAME]",
    "  board               the board and the game (debugging aid 1)",
    "  eval [MOVE]         evaluation term by term: here, or at the end of MOVE's variation",
    "  trace MOVE          the plausibility of MOVE, factor by factor, with comments",
    "  record              every top-level move of the last search: plausibility, value, line",
    "  stats               the last search's statistics",
    "  tree                the last search's principal variation with values",
    "  quit",
    "While machack thinks, press Enter to make it move at once.",
];

/// The last completed search and the game it searched.
struct LastSearch {
    game: Game,
    result: SearchResult,
}

/// Whether the loop goes on.
#[derive(PartialEq, Eq)]
enum Flow {
    Go,
    Quit,
}

/// The console's state; everything about the game itself is in the engine.
struct Console {
    engine: Engine,
    out: Out,
    notation: Notation,
    /// The sides the person plays: White, Black.
    person: [bool; 2],
    unicode: bool,
    /// stdout is a terminal: prompts and the progress line.
    tty: bool,
    /// stdin is a terminal: a line typed while machack thinks stops the thought.
    keyboard: bool,
    clock: Option<GameClock>,
    /// When the side to move began to think.
    turn_started: Instant,
    /// A PGN comment for each move of the game (`book`, or the value of a searched move).
    comments: Vec<Option<String>>,
    /// How the game ended, if it has: the PGN result and the reason in words.
    result: Option<(String, String)>,
    /// machack's value of the position after its last searched move (its own view).
    last_value: Option<crate::search::Score>,
    last: Option<LastSearch>,
    /// The input has ended.
    eof: bool,
    /// The person offered a draw with their move; machack answers with its reply.
    offer_pending: bool,
    queue: VecDeque<String>,
}

fn side_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `machack` with no subcommand: at a terminal, the console at once (a person is there to
/// read its greeting); otherwise `protocol::dispatch`, which lets a GUI's first line choose
/// UCI or xboard and gives anything else to the console.
pub fn start(engine: Engine) {
    if std::io::stdin().is_terminal() {
        run(engine, Input::stdin(), Out::stdout(), None);
    } else {
        super::dispatch(engine);
    }
}

/// Runs the console until `quit` or the end of input. `first` is a line already read.
pub fn run(engine: Engine, input: Input, out: Out, first: Option<String>) {
    let tty = std::io::stdout().is_terminal();
    let mut console = Console {
        engine,
        out,
        notation: Notation::Descriptive,
        person: [true, false],
        unicode: unicode_ok(),
        tty,
        keyboard: std::io::stdin().is_terminal(),
        clock: None,
        turn_started: Instant::now(),
        comments: Vec::new(),
        result: None,
        last_value: None,
        last: None,
        offer_pending: false,
        eof: false,
        queue: first.into_iter().collect(),
    };
    // At the console no GUI adjudicates: machack resigns a hopeless game itself (SPEC §9).
    let _ = console.engine.set_option("Resign", Some("true"));
    console.say(&format!(
        "machack {}: Mac Hack VI (Greenblatt, MIT 1967). You play White; type a move, or 'help'.",
        env!("CARGO_PKG_VERSION")
    ));
    console.draw();
    let mut first_word = true;
    loop {
        if console.autoplay(&input) == Flow::Quit {
            return;
        }
        console.prompt();
        let line = match console.queue.pop_front() {
            Some(line) => line,
            None if console.eof => return,
            None => match input.next() {
                Event::Line(line) => line,
                Event::TooLong(n) => {
                    console.say(&format!(
                        "That line of {n} bytes is too long; type 'help' for the commands."
                    ));
                    continue;
                }
                Event::Eof => return,
                Event::Done(..) => continue,
            },
        };
        let word = line.trim();
        // A GUI that starts us bare and speaks first gets its protocol.
        if first_word
            && console.engine.game().moves().is_empty()
            && matches!(word, "uci" | "xboard")
        {
            let Console { engine, out, .. } = console;
            match word {
                "uci" => super::uci::run(engine, input, out, Some(line)),
                _ => super::xboard::run(engine, input, out, Some(line)),
            }
            return;
        }
        if !word.is_empty() {
            first_word = false;
        }
        if console.command(&line) == Flow::Quit {
            return;
        }
    }
}

impl Console {
    /// Prints one line.
    fn say(&self, text: &str) {
        self.out.line(text);
    }

    /// The prompt, on a terminal only.
    fn prompt(&self) {
        if !self.tty || !self.queue.is_empty() {
            return;
        }
        let pos = self.engine.position();
        let text = if self.result.is_some() {
            "machack> ".to_string()
        } else {
            let dots = if pos.turn() == Color::White {
                ""
            } else {
                " ..."
            };
            format!("{}.{dots} {}> ", pos.fullmoves(), side_name(pos.turn()))
        };
        let mut stdout = std::io::stdout().lock();
        let _ = write!(stdout, "{text}");
        let _ = stdout.flush();
    }

    /// The board (from the person's side), the history beside it, the side to move and
    /// the clocks.
    fn draw(&self) {
        let bottom = if !self.person[0] && self.person[1] {
            Color::Black
        } else {
            Color::White
        };
        for l in show::board(self.engine.game(), self.notation, self.unicode, bottom) {
            self.say(&l);
        }
        let pos = self.engine.position();
        let mut status = match &self.result {
            Some((result, why)) => format!("Game over: {result} ({why})"),
            None => {
                let who = if self.person[side_index(pos.turn())] {
                    "you"
                } else {
                    "machack"
                };
                let check = if pos.is_check() { ", in check" } else { "" };
                format!("{} to move ({who}){check}", side_name(pos.turn()))
            }
        };
        if let Some(c) = &self.clock {
            status.push_str(&format!(
                "   clock: White {}  Black {}",
                show::clock(c.left(Color::White)),
                show::clock(c.left(Color::Black))
            ));
            if let Some(n) = c.moves_to_go(pos.turn()) {
                status.push_str(&format!("  ({n} moves to the control)"));
            }
        }
        self.say(&status);
    }

    /// Lets machack move while it is its turn and the game goes on.
    fn autoplay(&mut self, input: &Input) -> Flow {
        while self.result.is_none() && !self.person[side_index(self.engine.position().turn())] {
            let offered = std::mem::take(&mut self.offer_pending);
            if self.think(input, offered) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Go
    }

    /// One command or move.
    fn command(&mut self, line: &str) -> Flow {
        let (word, rest) = split_word(line);
        let rest = rest.trim();
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "exit" | "bye" => return Flow::Quit,
            "help" | "?" => HELP.iter().for_each(|l| self.say(l)),
            "new" => {
                self.engine.new_game();
                self.reset_game();
                self.say("New game.");
                self.draw();
            }
            "play" => self.play_sides(rest),
            "go" => {
                let turn = self.engine.position().turn();
                self.person[side_index(turn)] = false;
                self.person[side_index(!turn)] = true;
                if self.result.is_some() {
                    self.say("The game is over; 'new', 'undo', 'load' or 'fen' to go on.");
                }
            }
            "undo" | "takeback" => self.undo(),
            "fen" => self.fen(rest),
            "moves" => self.list_moves(),
            "notation" => match rest.to_ascii_lowercase().as_str() {
                "descriptive" | "d" => self.notation = Notation::Descriptive,
                "san" | "algebraic" | "s" => self.notation = Notation::San,
                "uci" | "coordinate" | "u" => self.notation = Notation::Uci,
                _ => self.say("notation takes descriptive, san or uci."),
            },
            "profile" => self.option(
                "Profile",
                rest,
                "profile takes a NAME: 1967 or 1967-tournament",
            ),
            "depth" => self.option("Depth", rest, "depth takes a number of plies, e.g. depth 4"),
            "widths" => self.option("Widths", rest, "widths takes a LIST, e.g. widths 6,6,4"),
            "book" => {
                let (what, path) = rest.split_once(' ').unwrap_or((rest, ""));
                match what.to_ascii_lowercase().as_str() {
                    "on" | "off" => self.option("OwnBook", what, ""),
                    "file" => self.option("BookFile", path.trim(), "book file takes a PATH"),
                    _ => self.say("book takes on, off or file PATH."),
                }
            }
            "level" => self.level(rest),
            "draw?" | "draw" => return self.draw_offer(rest),
            "resign" => self.resign(),
            "save" => self.save(rest),
            "load" => self.load(rest),
            "board" | "b" => self.draw(),
            "eval" => self.eval(rest),
            "trace" => self.trace(rest),
            "record" => self.record(),
            "stats" => self.stats(),
            "tree" => self.tree(),
            _ => self.person_move(line.trim()),
        }
        Flow::Go
    }

    /// Forgets everything about the game that the engine does not hold.
    fn reset_game(&mut self) {
        self.comments = vec![None; self.engine.game().moves().len()];
        self.result = None;
        self.last = None;
        self.last_value = None;
        if let Some(c) = &mut self.clock {
            let fresh = GameClock {
                left: [c.base, c.base],
                made: [0, 0],
                fallen: None,
                ..c.clone()
            };
            *c = fresh;
        }
        self.turn_started = Instant::now();
    }

    /// After the position is replaced: the person plays the side to move.
    fn person_to_move(&mut self) {
        if self.person[0] != self.person[1] {
            let turn = self.engine.position().turn();
            self.person = [false, false];
            self.person[side_index(turn)] = true;
        }
    }

    fn play_sides(&mut self, rest: &str) {
        self.person = match rest.to_ascii_lowercase().as_str() {
            "white" | "w" => [true, false],
            "black" | "b" => [false, true],
            "both" => [true, true],
            "none" => [false, false],
            _ => {
                self.say("play takes white, black, both or none: the side(s) you play.");
                return;
            }
        };
        let mine: Vec<&str> = [Color::White, Color::Black]
            .into_iter()
            .filter(|&c| self.person[side_index(c)])
            .map(side_name)
            .collect();
        self.say(&match mine.as_slice() {
            [] => "machack plays both sides.".to_string(),
            [one] => format!("You play {one}."),
            _ => "You play both sides; 'go' makes machack move.".to_string(),
        });
    }

    fn option(&mut self, name: &str, value: &str, usage: &str) {
        if value.is_empty() {
            self.say(usage);
            return;
        }
        match self.engine.set_option(name, Some(value)) {
            Ok(()) => self.say(&format!("{name} set to {}.", short(value))),
            Err(e) => self.say(&format!("{e}.")),
        }
    }

    fn level(&mut self, rest: &str) {
        if rest.eq_ignore_ascii_case("off") {
            self.clock = None;
            self.say("No clocks.");
            return;
        }
        match GameClock::parse(rest) {
            Ok(c) => {
                let moves = if c.moves > 0 {
                    format!("{} moves", c.moves)
                } else {
                    "the game".to_string()
                };
                self.say(&format!(
                    "Clocks: {moves} in {}, {}s added per move.",
                    show::clock(c.base),
                    c.increment.as_secs_f64()
                ));
                self.clock = Some(c);
                self.turn_started = Instant::now();
            }
            Err(e) => self.say(&e),
        }
    }

    /// Charges the side that just moved and ends the game if its flag fell.
    fn charge_clock(&mut self, side: Color) {
        let used = self.turn_started.elapsed();
        self.turn_started = Instant::now();
        if let Some(c) = &mut self.clock
            && c.charge(side, used)
            && self.result.is_none()
        {
            let winner = Outcome::win(!side);
            self.result = Some((
                winner.as_str().into(),
                format!("{}'s flag fell", side_name(side)),
            ));
        }
    }

    fn undo(&mut self) {
        if self.engine.game().moves().is_empty() {
            self.say("There is no move to take back.");
            return;
        }
        // Back to the person's last turn; one move when they play neither side.
        let watching = !self.person[0] && !self.person[1];
        loop {
            if self.engine.undo().is_none() {
                break;
            }
            self.comments.truncate(self.engine.game().moves().len());
            let turn = self.engine.position().turn();
            if watching || self.person[side_index(turn)] || self.engine.game().moves().is_empty() {
                break;
            }
        }
        if !self.person[side_index(self.engine.position().turn())] {
            // Nothing of the person's to take back: they play this side now.
            self.person_to_move();
        }
        self.result = None;
        self.turn_started = Instant::now();
        self.say("Taken back.");
        self.draw();
    }

    fn fen(&mut self, rest: &str) {
        if rest.is_empty() {
            self.say(&notation::fen_of(self.engine.position()));
            return;
        }
        match rules::parse_fen(rest) {
            Ok((pos, warnings)) => {
                for w in warnings {
                    self.say(&format!("note: {w}"));
                }
                self.engine.set_game(Game::new(pos));
                self.reset_game();
                self.after_move();
                self.person_to_move();
                self.draw();
            }
            Err(e) => self.say(&format!("Bad FEN: {e}.")),
        }
    }

    fn list_moves(&self) {
        let pos = self.engine.position();
        let mut moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| notation::write_move(pos, m, self.notation))
            .collect();
        moves.sort();
        if moves.is_empty() {
            self.say("No legal moves.");
        } else {
            self.say(&format!("{} legal moves: {}", moves.len(), moves.join(" ")));
        }
    }

    /// Reads a move in the current position, printing a one-line hint if it is not one.
    fn read_move(&self, text: &str) -> Option<Move> {
        match notation::read_move(self.engine.position(), text) {
            Ok(m) => Some(m),
            Err(NotationError::Unreadable { .. }) => {
                self.say(&format!(
                    "'{}' is neither a move nor a command; type 'help' for the commands.",
                    short(text)
                ));
                None
            }
            Err(NotationError::Illegal { .. }) => {
                self.say(&format!(
                    "'{}' is not a legal move here; type 'moves' for the legal moves.",
                    short(text)
                ));
                None
            }
            Err(e) => {
                self.say(&format!("{e}."));
                None
            }
        }
    }

    fn person_move(&mut self, text: &str) {
        if let Some((result, _)) = &self.result {
            let is_move = notation::read_move(self.engine.position(), text).is_ok();
            if is_move {
                self.say(&format!(
                    "The game is over ({result}); 'new', 'undo', 'load' or 'fen' to go on."
                ));
            } else {
                self.read_move(text);
            }
            return;
        }
        let Some(m) = self.read_move(text) else {
            return;
        };
        let side = self.engine.position().turn();
        if !self.person[side_index(side)] {
            self.say("It is machack's move; 'play both' to move for both sides.");
            return;
        }
        self.play(m, None);
        self.charge_clock(side);
        self.after_move();
        if self.person[side_index(self.engine.position().turn())] {
            self.draw();
        }
    }

    /// Plays a move in the game with its PGN comment.
    fn play(&mut self, m: Move, comment: Option<String>) {
        if self.engine.play(m).is_ok() {
            self.comments.truncate(self.engine.game().moves().len() - 1);
            self.comments.push(comment);
        }
    }

    /// Checks for the end of the game by rule, and tells the person to move about the
    /// draws they may claim.
    fn after_move(&mut self) {
        if self.result.is_some() {
            return;
        }
        if let Some(end) = self.engine.game_end() {
            let why = end.reason.as_str().replace('_', " ");
            self.result = Some((end.result().to_string(), why));
            return;
        }
        let pos = self.engine.position();
        if self.person[side_index(pos.turn())] {
            let state = State::of(self.engine.game());
            if let Some(c) = state.claims.first() {
                self.say(&format!(
                    "You may claim a draw ({}): type 'draw?'.",
                    claim_words(*c)
                ));
            }
        }
    }

    /// machack thinks and plays the side to move. `offered`: the person has offered a
    /// draw with their last move.
    fn think(&mut self, input: &Input, offered: bool) -> Flow {
        let searched = self.engine.game().clone();
        let pos = searched.position().clone();
        let side = pos.turn();
        let go = Go {
            clocks: self.clock.as_ref().map(|c| c.clocks(side)),
            ..Go::default()
        };
        let events = input.sender();
        let tty = self.tty;
        let notation_used = self.notation;
        let progress_pos = pos.clone();
        if tty {
            progress("machack is thinking (press Enter to make it move)…");
        }
        let started = self.engine.go(
            go,
            move |info| {
                if tty {
                    let best = info
                        .pv
                        .first()
                        .map(|&m| notation::write_move(&progress_pos, m, notation_used))
                        .unwrap_or_default();
                    progress(&format!(
                        "depth {}  best {best}  value {}  nodes {}  {:.1}s",
                        info.depth,
                        info.score,
                        info.nodes,
                        info.time.as_secs_f64()
                    ));
                }
            },
            move |best| {
                let _ = events.send(Event::Done(0, best));
            },
        );
        if let Err(e) = started {
            self.say(&format!("machack cannot think: {e}."));
            self.person[side_index(side)] = true;
            return Flow::Go;
        }
        let mut quit = false;
        let best: BestMove = loop {
            match input.next() {
                Event::Done(_, best) => break best,
                // A person at a terminal stops the thought with a line (its text is dropped,
                // bar `quit`); a script's lines wait their turn.
                Event::Line(l) if !self.keyboard => self.queue.push_back(l),
                Event::Line(l) => {
                    if matches!(l.trim(), "quit" | "exit") {
                        quit = true;
                    }
                    self.engine.stop();
                }
                Event::TooLong(_) => self.engine.stop(),
                // The input has ended: this move is still made and shown, and the lines
                // read before the end are still done.
                Event::Eof => {
                    self.eof = true;
                    if self.keyboard {
                        self.engine.stop();
                    }
                }
            }
        };
        self.engine.wait();
        if tty {
            progress("");
        }
        if quit {
            return Flow::Quit;
        }
        if best.source == Source::Search
            && let Some(result) = self.engine.last_search()
            && Some(result.best) == best.best
        {
            self.last = Some(LastSearch {
                game: searched.clone(),
                result,
            });
        }
        self.last_value = best.score.or(self.last_value);
        let decision = self.engine.decide(&best, offered);
        if decision.resign {
            self.result = Some((
                Outcome::win(!side).as_str().into(),
                format!("machack resigns as {}", side_name(side)),
            ));
            self.say(&format!("machack resigns. {}", Outcome::win(!side)));
            self.draw();
            return Flow::Go;
        }
        if let Some(c) = decision.claim_now {
            self.result = Some((
                Outcome::Draw.as_str().into(),
                format!("machack claims a draw by {}", claim_words(c)),
            ));
            self.say(&format!("machack claims a draw ({}).", claim_words(c)));
            self.draw();
            return Flow::Go;
        }
        let Some(m) = decision.play else {
            self.after_move();
            self.draw();
            return Flow::Go;
        };
        let comment = match (best.source, best.score) {
            (Source::Book, _) => Some("book".to_string()),
            (_, Some(score)) => Some(format!("{score}/{}", best.depth)),
            _ => None,
        };
        let text = show::numbered(&pos, m, self.notation);
        self.play(m, comment);
        self.charge_clock(side);
        let how = match (best.source, best.score) {
            (Source::Book, _) => " (book)".to_string(),
            (_, Some(s)) => format!(
                "  (value {}, depth {}, {} nodes, {:.1}s)",
                show::score(s),
                best.depth,
                best.nodes,
                best.time.as_secs_f64()
            ),
            _ => String::new(),
        };
        self.say(&format!("machack plays {text}{how}"));
        if offered {
            if decision.accept_draw {
                self.say("machack: accept.");
                self.result = Some(("1/2-1/2".into(), "draw agreed".into()));
            } else {
                self.say("machack: decline.");
            }
        }
        if let Some(c) = decision.claim_with_move
            && self.result.is_none()
        {
            self.result = Some((
                "1/2-1/2".into(),
                format!("machack claims a draw by {}", claim_words(c)),
            ));
            self.say(&format!(
                "machack claims a draw ({}) with its move.",
                claim_words(c)
            ));
        }
        self.after_move();
        self.draw();
        Flow::Go
    }

    /// `draw? [MOVE]`: a claim if the rules allow one (now, or with the declared move);
    /// otherwise an offer, which machack answers.
    fn draw_offer(&mut self, rest: &str) -> Flow {
        if let Some((result, _)) = &self.result {
            self.say(&format!("The game is over ({result})."));
            return Flow::Go;
        }
        let game = self.engine.game().clone();
        if rest.is_empty() {
            if let Some(c) = State::of(&game).claims.first() {
                self.say(&format!("Draw claimed ({}): 1/2-1/2.", claim_words(*c)));
                self.result = Some((
                    "1/2-1/2".into(),
                    format!("draw claimed by {}", claim_words(*c)),
                ));
                self.draw();
                return Flow::Go;
            }
            let accept = self.engine.accepts_draw(self.last_value);
            if accept {
                self.say("machack: accept.");
                self.result = Some(("1/2-1/2".into(), "draw agreed".into()));
                self.draw();
            } else {
                self.say("machack: decline.");
            }
            return Flow::Go;
        }
        let Some(m) = self.read_move(rest) else {
            return Flow::Go;
        };
        let side = game.position().turn();
        if !self.person[side_index(side)] {
            self.say("It is machack's move.");
            return Flow::Go;
        }
        let claims = fide::claims_with_move(&game, m).unwrap_or_default();
        self.play(m, None);
        self.charge_clock(side);
        if let Some(c) = claims.first() {
            self.say(&format!("Draw claimed ({}): 1/2-1/2.", claim_words(*c)));
            self.result = Some((
                "1/2-1/2".into(),
                format!("draw claimed by {}", claim_words(*c)),
            ));
            self.draw();
            return Flow::Go;
        }
        self.after_move();
        if self.result.is_some() || self.person[side_index(!side)] {
            self.draw();
            return Flow::Go;
        }
        // The offer stands with the move; machack answers it with its reply.
        self.offer_pending = true;
        Flow::Go
    }

    fn resign(&mut self) {
        if self.result.is_some() {
            self.say("The game is over.");
            return;
        }
        let turn = self.engine.position().turn();
        let loser = if self.person[side_index(turn)] {
            turn
        } else {
            !turn
        };
        let result = Outcome::win(!loser);
        self.result = Some((
            result.as_str().into(),
            format!("{} resigns", side_name(loser)),
        ));
        self.say(&format!("{} resigns: {result}.", side_name(loser)));
    }

    fn save(&self, rest: &str) {
        if rest.is_empty() {
            self.say("save takes a FILE name, e.g. save game.pgn");
            return;
        }
        let name = |c: Color| {
            if self.person[side_index(c)] {
                "Person".to_string()
            } else {
                format!("machack ({})", self.engine.options().profile)
            }
        };
        let tags: Vec<(String, String)> = vec![
            ("Event".into(), "machack console game".into()),
            ("Site".into(), "machack console".into()),
            ("Date".into(), today()),
            ("Round".into(), "-".into()),
            ("White".into(), name(Color::White)),
            ("Black".into(), name(Color::Black)),
        ];
        let mut tags = tags;
        if let Some((_, why)) = &self.result {
            tags.push(("Termination".into(), why.clone()));
        }
        let result = self.result.as_ref().map_or("*", |(r, _)| r.as_str());
        let text = pgn::write_game(self.engine.game(), &tags, &self.comments, result);
        match std::fs::write(Path::new(rest), text) {
            Ok(()) => self.say(&format!(
                "Saved {} moves to {rest} ({result}).",
                self.engine.game().moves().len()
            )),
            Err(e) => self.say(&format!("Cannot write {}: {e}.", short(rest))),
        }
    }

    fn load(&mut self, rest: &str) {
        let (file, number) = match rest.rsplit_once(char::is_whitespace) {
            Some((f, n)) if n.parse::<usize>().is_ok() => (f.trim(), n.parse().unwrap_or(1)),
            _ => (rest, 1),
        };
        if file.is_empty() {
            self.say("load takes a FILE name and a game number, e.g. load games.pgn 2");
            return;
        }
        match pgn::read_file_game(Path::new(file), number) {
            Ok(g) => {
                self.engine.set_game(g.game.clone());
                self.reset_game();
                // A game the rules have ended stays ended; otherwise play goes on from its
                // last position whatever result was recorded (resignation, time, agreement).
                self.after_move();
                self.person_to_move();
                self.say(&format!(
                    "Loaded game {number} of {} ({} - {}, {} moves, recorded {}).",
                    file,
                    g.tag("White").unwrap_or("?"),
                    g.tag("Black").unwrap_or("?"),
                    self.engine.game().moves().len(),
                    g.result
                ));
                self.draw();
            }
            Err(e) => self.say(&format!("Cannot load: {e}.")),
        }
    }

    /// Debugging aid 3: the evaluation of the current position, or at the end of a
    /// top-level move's variation in the last search, term by term.
    fn eval(&self, rest: &str) {
        if rest.is_empty() {
            let pos = self.engine.position();
            let terms = static_board_evaluator(pos, &Root::new(pos));
            self.say(
                "Static board evaluation of this position (White's point of view, pawn = 128):",
            );
            for l in show::terms(&terms) {
                self.say(&l);
            }
            if let Some(last) = &self.last
                && last.game.key() == self.engine.game().key()
                && last.game.moves() == self.engine.game().moves()
            {
                self.say(&format!(
                    "Search value here: {} (side to move)",
                    show::score(last.result.score)
                ));
            }
            return;
        }
        let Some(last) = &self.last else {
            self.say("No search yet: 'eval MOVE' looks at the last search's variations.");
            return;
        };
        let root = last.game.position();
        let m = match notation::read_move(root, rest) {
            Ok(m) => m,
            Err(_) => {
                self.say(&format!(
                    "'{}' is not a top-level move of the last search (from {}).",
                    short(rest),
                    notation::fen_of(root)
                ));
                return;
            }
        };
        let Some(rm) = last.result.root_moves.iter().find(|r| r.mv == m) else {
            self.say("That move was not among the last search's top-level moves.");
            return;
        };
        let text = notation::write_move(root, m, self.notation);
        match (&rm.end_terms, rm.searched) {
            (Some(terms), _) => {
                self.say(&format!(
                    "At the end of {text}'s variation: {}",
                    show::line(root, &rm.pv, self.notation)
                ));
                for l in show::terms(terms) {
                    self.say(&l);
                }
                if let Some(s) = rm.score {
                    self.say(&format!(
                        "Backed-up value of {text}: {} (mover's view)",
                        show::score(s)
                    ));
                }
            }
            (None, false) => self.say(&format!(
                "{text} was not searched (outside the width); its plausibility was {}.",
                rm.plausibility
            )),
            (None, true) => self.say(&format!("{text} was searched but left no variation.")),
        }
    }

    /// Debugging aid 4: the plausibility trace of one move in the current position.
    fn trace(&self, rest: &str) {
        if rest.is_empty() {
            self.say("trace takes a MOVE, e.g. trace N-KB3");
            return;
        }
        let Some(m) = self.read_move(rest) else {
            return;
        };
        let game = self.engine.game();
        let pos = game.position();
        let analysis = Analysis::new(pos);
        let ply = game.moves().len() as u32;
        let ctx = Context {
            level: 1,
            game_ply: ply,
            root_game_ply: ply,
            weights: None,
        };
        let mut list = PlausibleList::new();
        plausible::generate(pos, &analysis, &ctx, &mut list);
        let rank = list.iter().position(|pm| pm.mv == m).map_or(0, |i| i + 1);
        let (score, flags) = plausible::score(pos, &analysis, &ctx, m);
        let flags: Vec<&str> = flags.names().collect();
        self.say(&format!(
            "{} ({}): plausibility {score}, rank {rank} of {}{}",
            notation::write_move(pos, m, Notation::Descriptive),
            notation::write_move(pos, m, Notation::San),
            list.len(),
            if flags.is_empty() {
                String::new()
            } else {
                format!(" [{}]", flags.join(", "))
            }
        ));
        let factors = plausible::trace(pos, &analysis, &ctx, m);
        if factors.is_empty() {
            self.say("  (no factor applies)");
        }
        for f in factors {
            self.say(&format!("  {:<28} {}", f.name, f.comment));
        }
    }

    /// Debugging aid 5: every top-level move of the last search.
    fn record(&self) {
        let Some(last) = &self.last else {
            self.say("No search yet.");
            return;
        };
        let root = last.game.position();
        self.say(&format!(
            "Last search from {} ({} top-level moves, best {}):",
            notation::fen_of(root),
            last.result.root_moves.len(),
            notation::write_move(root, last.result.best, self.notation)
        ));
        self.say("  rank move        plaus  value                  main variation");
        for (i, rm) in last.result.root_moves.iter().enumerate() {
            let value = match (rm.score, rm.searched) {
                (Some(s), _) => {
                    let bound = match rm.bound {
                        Some(crate::search::Bound::Upper) => "<=",
                        Some(crate::search::Bound::Lower) => ">=",
                        _ => "",
                    };
                    format!("{bound}{}", show::score(s))
                }
                (None, true) => "searched".into(),
                (None, false) => "not searched".into(),
            };
            self.say(&format!(
                "  {:>3}. {:<10} {:>6}  {:<22} {}",
                i + 1,
                notation::write_move(root, rm.mv, self.notation),
                rm.plausibility,
                value,
                show::line(root, &rm.pv, self.notation)
            ));
        }
    }

    /// Debugging aid 6: the statistics of the last search.
    fn stats(&self) {
        let Some(last) = &self.last else {
            self.say("No search yet.");
            return;
        };
        let r = &last.result;
        let s = &r.stats;
        let secs = r.time.as_secs_f64();
        let rows = [
            ("time", format!("{secs:.3} s")),
            ("depth", format!("{} (selective {})", r.depth, s.seldepth)),
            ("nodes", format!("{}", s.nodes)),
            (
                "nodes per second",
                format!("{:.0}", s.nodes as f64 / secs.max(1e-6)),
            ),
            (
                "plausible move generations",
                s.plausible_generations.to_string(),
            ),
            (
                "feedovers",
                format!(
                    "{} (en prise and constrained {}, two en prise {}, opponent cannot escape {})",
                    s.feedovers(),
                    s.feedovers_en_prise_constrained,
                    s.feedovers_two_en_prise,
                    s.feedovers_opponent_cannot_escape
                ),
            ),
            ("static evaluations", s.static_evaluations.to_string()),
            ("capture-search nodes", s.capture_nodes.to_string()),
            ("hash probes", s.hash_probes.to_string()),
            ("hash hits", s.hash_hits.to_string()),
            (
                "secondary searches",
                format!(
                    "{} (changed the value {}, the move {})",
                    s.secondary_searches, s.secondary_changed_value, s.secondary_changed_move
                ),
            ),
            ("stopped early", if r.stopped { "yes" } else { "no" }.into()),
        ];
        self.say("Statistics of the last search:");
        for (name, v) in rows {
            self.say(&format!("  {name:<27} {v}"));
        }
    }

    /// The principal variation of the last search with values: the backed-up value at
    /// the root, the static value after each move, the terms at the end.
    fn tree(&self) {
        let Some(last) = &self.last else {
            self.say("No search yet.");
            return;
        };
        let r = &last.result;
        let root = last.game.position();
        let eval_root = Root::new(root);
        self.say(&format!(
            "Principal variation, value {} for {} (depth {}):",
            show::score(r.score),
            side_name(root.turn()),
            r.depth
        ));
        let mut pos = root.clone();
        for &m in &r.pv {
            if !pos.is_legal(m) {
                break;
            }
            let text = show::numbered(&pos, m, self.notation);
            pos.play_unchecked(m);
            let s = static_board_evaluator(&pos, &eval_root).s();
            self.say(&format!("  {text:<22} static {}", show::value(s)));
        }
        self.say("Terms at the end of the variation (White's point of view):");
        for l in show::terms(&r.pv_end_terms) {
            self.say(&l);
        }
    }
}

fn claim_words(c: Claim) -> &'static str {
    match c {
        Claim::ThreefoldRepetition => "threefold repetition",
        Claim::FiftyMoves => "fifty-move rule",
    }
}

/// Rewrites the progress line on a terminal (empty text clears it).
fn progress(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = write!(stdout, "\r\x1b[K{text}");
    let _ = stdout.flush();
}

/// Today's date as PGN writes it, `YYYY.MM.DD` (UTC).
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count from 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(today().len(), 10);
    }
}
