//! The console: play machack at a terminal as people played Mac Hack VI at the teletype in
//! 1967, and look inside its thinking with the paper's debugging aids (docs/design.md §8).
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
//! static value after each move. Tournament conduct (docs/design.md §9) is the engine's: machack
//! never offers a draw, answers `draw?` with accept or decline, claims and resigns when it
//! judges so; the person is told when the rules let them claim a draw.
//!
//! If the first thing typed is `uci` or `xboard`, the console hands over to that protocol.
//!
//! The parts: `commands` (the table of commands and `help`), `playing` (moves, take-back,
//! draws, clocks), `reply` (machack thinks and answers), `settings`, `files` (FEN and PGN),
//! `aids` (the debugging aids), `show` (what is drawn) and `clock`.

use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use shakmaty::{Color, Position};

use super::{Event, Input, Out, split_word};
use crate::engine::Engine;
use crate::notation::Notation;
use crate::rules::Game;
use crate::search::{Score, SearchResult};

mod aids;
mod clock;
mod commands;
mod files;
mod interrupt;
mod mistakes;
mod playing;
mod reply;
mod settings;
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

/// The last completed search and the game it searched.
struct LastSearch {
    game: Game,
    result: SearchResult,
}

/// The profile the console plays until `profile` says otherwise.
pub const CONSOLE_PROFILE: &str = "1967-tournament";

/// The console's state; everything about the game itself is in the engine.
struct Console {
    engine: Engine,
    out: Out,
    notation: Notation,
    /// The sides the person plays: White, Black.
    person: [bool; 2],
    unicode: bool,
    /// The board is drawn from the other side than the person's (`flip`).
    flipped: bool,
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
    last_value: Option<Score>,
    last: Option<LastSearch>,
    /// The input has ended.
    eof: bool,
    /// The person said `quit`.
    quit: bool,
    /// The person cut the last search short (a line typed while machack thought).
    cut_short: bool,
    /// The person asked for a `hint`: machack thinks on their move before the next prompt.
    hint_wanted: bool,
    /// Plies of the game when it was last saved.
    saved_plies: Option<usize>,
    /// The person was asked whether to save on leaving (asked once only).
    asked_to_save: bool,
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
    let mut console = Console {
        engine,
        out,
        notation: Notation::Descriptive,
        person: [true, false],
        unicode: unicode_ok(),
        flipped: false,
        tty: std::io::stdout().is_terminal(),
        keyboard: std::io::stdin().is_terminal(),
        clock: None,
        turn_started: Instant::now(),
        comments: Vec::new(),
        result: None,
        last_value: None,
        last: None,
        offer_pending: false,
        eof: false,
        quit: false,
        cut_short: false,
        saved_plies: None,
        hint_wanted: false,
        asked_to_save: false,
        queue: first.into_iter().collect(),
    };
    // The console is the 1967 teletype: it plays the paper's tournament profile, and as no
    // GUI adjudicates there, machack resigns a hopeless game itself (docs/design.md §9).
    let _ = console.engine.set_option("Profile", Some(CONSOLE_PROFILE));
    let _ = console.engine.set_option("Resign", Some("true"));
    console.say(&format!(
        "machack {}: Mac Hack VI (Greenblatt, MIT 1967). You play White; type a move, or 'help'.",
        env!("CARGO_PKG_VERSION")
    ));
    console.draw();
    if console.keyboard {
        interrupt::install(&input);
    }
    let mut first_word = true;
    loop {
        console.autoplay(&input);
        if console.quit {
            console.offer_to_save(&input);
            return;
        }
        console.prompt();
        let Some(line) = console.next_line(&input) else {
            console.offer_to_save(&input);
            return;
        };
        let word = line.trim();
        // A GUI that starts us bare and speaks first gets its protocol.
        if first_word
            && console.engine.game().moves().is_empty()
            && matches!(word, "uci" | "xboard")
        {
            // A GUI gets the engine as the protocols start it (default profile, no resigning).
            let Console { out, .. } = console;
            let engine = Engine::new();
            match word {
                "uci" => super::uci::run(engine, input, out, Some(line)),
                _ => super::xboard::run(engine, input, out, Some(line)),
            }
            return;
        }
        if !word.is_empty() {
            first_word = false;
        }
        console.command(&line);
        if console.quit {
            console.offer_to_save(&input);
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
        let person = if !self.person[0] && self.person[1] {
            Color::Black
        } else {
            Color::White
        };
        let bottom = if self.flipped { !person } else { person };
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
        if let Some(clocks) = self.clock_status() {
            status.push_str("   ");
            status.push_str(&clocks);
        }
        self.say(&status);
    }

    /// Both clocks and the moves to the control, when there are clocks.
    fn clock_status(&self) -> Option<String> {
        let c = self.clock.as_ref()?;
        let mut text = format!(
            "clock: White {}  Black {}",
            show::clock(c.left(Color::White)),
            show::clock(c.left(Color::Black))
        );
        if let Some(n) = c.moves_to_go(self.engine.position().turn()) {
            text.push_str(&format!("  ({n} moves to the control)"));
        }
        Some(text)
    }

    /// On leaving at a terminal with moves not yet saved: asks once for a file to save
    /// the game to (Enter leaves without saving). Never on a pipe: a script said what it
    /// meant.
    fn offer_to_save(&mut self, input: &Input) {
        let plies = self.engine.game().moves().len();
        if !self.tty || !self.keyboard || self.asked_to_save || plies == 0 {
            return;
        }
        if self.saved_plies == Some(plies) {
            return;
        }
        self.asked_to_save = true;
        let mut stdout = std::io::stdout().lock();
        let _ = write!(
            stdout,
            "\nThe game is not saved. File to save it to (Enter: leave without saving): "
        );
        let _ = stdout.flush();
        drop(stdout);
        // After Ctrl-D the reader thread has ended; a terminal can still be read directly.
        let answer = if self.eof {
            let mut line = String::new();
            std::io::stdin()
                .read_line(&mut line)
                .map(|_| line)
                .unwrap_or_default()
        } else {
            match input.next() {
                Event::Line(line) => line,
                _ => String::new(),
            }
        };
        let name = answer.trim();
        if name.is_empty() {
            self.say("Not saved.");
        } else {
            self.save(name);
        }
    }

    /// The next line to do: one queued while machack thought, or one read now. None when
    /// the input has ended; an empty line when a line was too long to read.
    fn next_line(&mut self, input: &Input) -> Option<String> {
        if let Some(line) = self.queue.pop_front() {
            return Some(line);
        }
        if self.eof {
            return None;
        }
        match input.next() {
            Event::Line(line) => Some(line),
            Event::TooLong(n) => {
                self.say(&format!(
                    "That line of {n} bytes is too long; type 'help' for the commands."
                ));
                Some(String::new())
            }
            Event::Eof => {
                self.eof = true;
                None
            }
            Event::Done(..) => Some(String::new()),
        }
    }
}
