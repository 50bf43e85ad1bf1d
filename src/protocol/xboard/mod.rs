//! The xboard/WinBoard protocol (CECP version 2): parse xboard commands, call the `Engine`,
//! print xboard replies.
//!
//! Commands: `xboard`, `protover`, `accepted`, `rejected`, `new`, `variant normal` and
//! `variant fischerandom` (Chess960: castling read and sent as `O-O`/`O-O-O`), `force`,
//! `go`, `playother`, `usermove` (and bare moves), `setboard`, `undo`, `remove`, `level`,
//! `st`, `sd`, `time`, `otim`, `post`, `nopost`, `hard`, `easy`, `analyze`, `exit`, `.`,
//! `?`, `draw`, `result`, `ping`, `memory`, `option`, `quit`; `random`, `computer`, `name`,
//! `rating`, `ics`, `hint`, `bk`, `cores`, `white`, `black` are accepted and ignored.
//! Thinking output is `ply score time nodes pv` (score in centipawns, mates as ±100000+N,
//! time in centiseconds, the PV in SAN).
//!
//! Tournament conduct (docs/design.md §9) is decided by the engine (`engine::conduct`) and printed
//! here: `offer draw` before the move when a pending offer is accepted, `1/2-1/2 {...}`
//! for a claim, `resign` (only with the `Resign` option on), and a result line when the
//! game is over by rule after either side's move. With `hard`, the engine ponders on the
//! move it expects: it plays that move into its game and searches; the real reply either
//! matches (`ponderhit`) or the ponder search is thrown away. Malformed lines are answered
//! with `Error (reason): command` and otherwise ignored.

use std::sync::mpsc::Sender;
use std::time::Duration;

use shakmaty::{CastlingSide, Chess, Color, Move, Position};

mod commands;

use super::{Event, Input, Out};
use crate::engine::{BestMove, Clocks, DrawClaim, Engine, Go, short};
use crate::fide::{Outcome, Reason};
use crate::notation::{self, Notation, uci};
use crate::rules::{self, Game};
use crate::search::{Info, Score};

/// Speaks xboard until `quit` or the end of input. `first` is a line already read.
pub fn run(engine: Engine, input: Input, out: Out, first: Option<String>) {
    let mut x = Xboard::new(engine, out, input.sender());
    let mut pending = first;
    loop {
        match input.next_after(&mut pending) {
            Event::Line(line) => {
                if !x.command(&line) {
                    break;
                }
            }
            Event::TooLong(n) => x.error("line too long", &format!("{n} bytes")),
            Event::Eof => break,
            Event::Done(id, best) => x.done(id, best),
        }
    }
    x.stop_thinking();
}

/// An xboard session driven one line at a time, without the input thread (fuzzing, tests).
/// Finished searches are taken up before each line and by `settle`.
pub struct Session {
    x: Xboard,
    events: std::sync::mpsc::Receiver<Event>,
}

impl Session {
    /// A session printing on `out`.
    pub fn new(engine: Engine, out: Out) -> Session {
        let (tx, events) = std::sync::mpsc::channel();
        Session {
            x: Xboard::new(engine, out, tx),
            events,
        }
    }

    /// Handles one line; false on `quit`.
    pub fn line(&mut self, line: &str) -> bool {
        self.settle();
        self.x.command(line)
    }

    /// Takes up the searches that have finished.
    pub fn settle(&mut self) {
        while let Ok(event) = self.events.try_recv() {
            if let Event::Done(id, best) = event {
                self.x.done(id, best);
            }
        }
    }

    /// Ends any search, as at the end of input, and gives the engine back.
    pub fn close(mut self) -> Engine {
        self.settle();
        self.x.stop_thinking();
        self.x.engine
    }
}

/// The time control set by `level`.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// Moves per session (0: the whole game).
    moves: u32,
    base: Duration,
    increment: Duration,
}

/// What the engine is doing with its search thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Thinking {
    Idle,
    /// Searching for our move; the search id.
    Move(u64),
    /// Pondering: the expected reply is played into the engine's game.
    Ponder(u64, Move),
    Analyze(u64),
}

struct Xboard {
    engine: Engine,
    out: Out,
    events: Sender<Event>,
    /// `force` mode: play moves for both sides, think about none.
    force: bool,
    /// The side the engine plays.
    side: Color,
    post: bool,
    hard: bool,
    analyze: bool,
    level: Option<Level>,
    move_time: Option<Duration>,
    depth: Option<u32>,
    our_time: Option<Duration>,
    their_time: Option<Duration>,
    /// The opponent offered a draw that we have not answered yet.
    draw_offered: bool,
    /// The game ended (by rule, by `result`, by our claim or resignation).
    over: bool,
    thinking: Thinking,
    next_id: u64,
    /// The reply our last search expected, to ponder on.
    expected: Option<Move>,
    /// Our last search's value, for a draw offer that comes between searches.
    last_score: Option<Score>,
}

impl Xboard {
    fn new(engine: Engine, out: Out, events: Sender<Event>) -> Xboard {
        Xboard {
            engine,
            out,
            events,
            force: false,
            side: Color::Black,
            post: false,
            hard: false,
            analyze: false,
            level: None,
            move_time: None,
            depth: None,
            our_time: None,
            their_time: None,
            draw_offered: false,
            over: false,
            thinking: Thinking::Idle,
            next_id: 0,
            expected: None,
            last_score: None,
        }
    }

    fn error(&self, kind: &str, command: &str) {
        self.out
            .line(&format!("Error ({kind}): {}", short(command.trim())));
    }

    /// Our move as xboard reads it: coordinates, castling in Chess960 as `O-O`/`O-O-O`
    /// (in normal chess the king's two-square move).
    fn move_text(&self, m: Move) -> String {
        match m.castling_side() {
            Some(side) if self.engine.options().chess960 => match side {
                CastlingSide::KingSide => "O-O".into(),
                CastlingSide::QueenSide => "O-O-O".into(),
            },
            _ => uci(m),
        }
    }

    fn set_board(&mut self, fen: &str) {
        self.stop_thinking();
        match rules::parse_fen_in(fen, self.engine.options().castling_mode()) {
            Ok((pos, _)) => {
                self.engine.set_game(Game::new(pos));
                self.over = false;
                self.expected = None;
                self.restart_analysis();
            }
            Err(e) => {
                self.out.line("tellusererror Illegal position");
                self.error("illegal position", &format!("setboard: {e}"));
            }
        }
    }

    fn take_back(&mut self, plies: usize) {
        self.stop_thinking();
        for _ in 0..plies {
            if self.engine.undo().is_none() {
                self.error(
                    "no move to take back",
                    if plies == 1 { "undo" } else { "remove" },
                );
                break;
            }
        }
        self.over = false;
        self.expected = None;
        self.restart_analysis();
    }

    fn user_move(&mut self, text: &str) {
        let text = text.trim();
        // While pondering, the engine's game holds the expected move: compare against the
        // position before it.
        if let Thinking::Ponder(id, guess) = self.thinking {
            let before = self
                .engine
                .game()
                .position_at(self.engine.game().moves().len() - 1)
                .cloned();
            let read = before.map(|p| notation::read_move(&p, text));
            if let Some(Ok(m)) = read
                && m == guess
            {
                self.thinking = Thinking::Move(id);
                let clocks = self.clocks();
                self.engine.ponderhit(clocks);
                return;
            }
            self.stop_thinking();
        } else if !matches!(self.thinking, Thinking::Idle) {
            self.stop_thinking();
        }
        let m = match notation::read_move(self.engine.position(), text) {
            Ok(m) => m,
            Err(_) => return self.out.line(&format!("Illegal move: {}", short(text))),
        };
        if self.engine.play(m).is_err() {
            return self.out.line(&format!("Illegal move: {}", short(text)));
        }
        if self.announce_end() {
            return;
        }
        if self.analyze {
            self.restart_analysis();
        } else {
            self.think();
        }
    }

    fn draw_offer(&mut self) {
        if self.over {
            return;
        }
        if crate::engine::conduct::is_dead_draw(self.engine.position()) {
            self.out.line("offer draw");
            return;
        }
        match self.thinking {
            // Our search will answer it.
            Thinking::Move(_) => self.draw_offered = true,
            _ if self.engine.position().turn() == self.side && !self.force => {
                self.draw_offered = true
            }
            // Offered on the opponent's turn: judge on our last search now, and keep it
            // for our next search too.
            _ => {
                if self.engine.accepts_draw(self.last_score) {
                    self.out.line("offer draw");
                } else {
                    self.draw_offered = true;
                }
            }
        }
    }

    /// Prints the result if the game is over by rule; true if it is.
    fn announce_end(&mut self) -> bool {
        let Some(end) = self.engine.game_end() else {
            return false;
        };
        let why = match end.reason {
            Reason::Checkmate if end.outcome == Outcome::WhiteWins => "White mates",
            Reason::Checkmate => "Black mates",
            Reason::Stalemate => "Stalemate",
            Reason::InsufficientMaterial => "Insufficient material",
            Reason::SeventyfiveMoves => "75-move rule",
            Reason::FivefoldRepetition => "Fivefold repetition",
        };
        self.out.line(&format!("{} {{{why}}}", end.result()));
        self.over = true;
        true
    }

    /// The clocks for a search, from `level`, `time` and `otim`.
    fn clocks(&self) -> Option<Clocks> {
        let level = self.level?;
        let ours = self.our_time.unwrap_or(level.base);
        let theirs = self.their_time.unwrap_or(level.base);
        let moves_to_go = (level.moves > 0).then(|| {
            let done = (self.engine.game().moves().len() / 2) as u32;
            level.moves - done % level.moves
        });
        let (white, black) = match self.engine.position().turn() {
            Color::White => (ours, theirs),
            Color::Black => (theirs, ours),
        };
        Some(Clocks {
            white,
            black,
            white_increment: level.increment,
            black_increment: level.increment,
            moves_to_go,
        })
    }

    fn request(&self) -> Go {
        Go {
            clocks: if self.move_time.is_some() {
                None
            } else {
                self.clocks()
            },
            movetime: self.move_time,
            depth: self.depth,
            ..Go::default()
        }
    }

    /// Starts a search with the thinking output wired up; returns its id.
    fn start(&mut self, request: Go, post: bool) -> Option<u64> {
        self.next_id += 1;
        let id = self.next_id;
        let out = self.out.clone();
        let root = self.engine.position().clone();
        let events = self.events.clone();
        let started = self.engine.go(
            request,
            move |info| {
                if post && info.currmove.is_none() {
                    out.line(&thinking_line(&root, info));
                }
            },
            move |best| {
                let _ = events.send(Event::Done(id, best));
            },
        );
        match started {
            Ok(()) => Some(id),
            Err(e) => {
                self.error(&e.to_string(), "go");
                None
            }
        }
    }

    /// Thinks about our move if it is our turn and we are playing.
    fn think(&mut self) {
        if self.force || self.analyze || self.over || self.engine.position().turn() != self.side {
            return;
        }
        if self.announce_end() {
            return;
        }
        let request = self.request();
        if let Some(id) = self.start(request, self.post) {
            self.thinking = Thinking::Move(id);
        }
    }

    /// Ponders on the expected reply, if `hard` and there is one.
    fn ponder(&mut self) {
        if !self.hard || self.force || self.analyze || self.over {
            return;
        }
        if self.engine.position().turn() == self.side {
            return;
        }
        let Some(guess) = self.expected.take() else {
            return;
        };
        if self.engine.play(guess).is_err() {
            return;
        }
        if self.engine.game_end().is_some() {
            self.engine.undo();
            return;
        }
        let request = Go {
            ponder: true,
            ..self.request()
        };
        match self.start(request, self.post) {
            Some(id) => self.thinking = Thinking::Ponder(id, guess),
            None => {
                self.engine.undo();
            }
        }
    }

    /// (Re)starts the analysis of the current position in analyze mode.
    fn restart_analysis(&mut self) {
        if !self.analyze {
            return;
        }
        self.stop_thinking();
        if self.engine.game_end().is_some() {
            return;
        }
        let request = Go {
            infinite: true,
            ..Go::default()
        };
        if let Some(id) = self.start(request, true) {
            self.thinking = Thinking::Analyze(id);
        }
    }

    /// Ends any search, throwing its answer away; takes back a pondered move.
    fn stop_thinking(&mut self) {
        match self.thinking {
            Thinking::Idle => {}
            Thinking::Move(_) | Thinking::Analyze(_) => self.engine.abort(),
            Thinking::Ponder(..) => {
                self.engine.abort();
                self.engine.undo();
            }
        }
        self.thinking = Thinking::Idle;
    }

    /// A search finished: play its move with the conduct the engine decides.
    fn done(&mut self, id: u64, best: BestMove) {
        if self.thinking != Thinking::Move(id) {
            return; // Stale: aborted, or an analysis.
        }
        self.thinking = Thinking::Idle;
        self.engine.wait();
        self.last_score = best.score.or(self.last_score);
        let decision = self.engine.decide(&best, self.draw_offered);
        self.draw_offered = false;
        if decision.accept_draw {
            self.out.line("offer draw");
        }
        if let Some(claim) = decision.claim_now {
            self.out.line(&format!("1/2-1/2 {{{}}}", claim_text(claim)));
            self.over = true;
            return;
        }
        if decision.resign {
            self.out.line("resign");
            self.over = true;
            return;
        }
        let Some(m) = decision.play else {
            // No legal move: the game is over by rule.
            self.announce_end();
            return;
        };
        let pos = self.engine.position().clone();
        if self.engine.play(m).is_err() {
            self.error("internal", "the search returned an illegal move");
            return;
        }
        self.out.line(&format!("move {}", self.move_text(m)));
        if let Some(claim) = decision.claim_with_move {
            self.out.line(&format!("1/2-1/2 {{{}}}", claim_text(claim)));
            self.over = true;
            return;
        }
        if self.announce_end() {
            return;
        }
        let mut after = pos;
        after.play_unchecked(m);
        self.expected = best.ponder.filter(|&p| after.is_legal(p));
        self.ponder();
    }
}

fn claim_text(claim: DrawClaim) -> &'static str {
    match claim {
        DrawClaim::ThreefoldRepetition => "Draw by repetition",
        DrawClaim::FiftyMoves => "Draw by fifty-move rule",
    }
}

/// `ply score time nodes pv`: centipawns, mates as ±(100000 + moves), centiseconds, SAN.
fn thinking_line(root: &Chess, info: &Info) -> String {
    let score = match info.score {
        Score::Value(v) => v * 100 / 128,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    let mut pos = root.clone();
    let mut pv = Vec::with_capacity(info.pv.len());
    for &m in &info.pv {
        if !pos.is_legal(m) {
            break;
        }
        pv.push(notation::write_move(&pos, m, Notation::San));
        pos.play_unchecked(m);
    }
    format!(
        "{} {score} {} {} {}",
        info.depth,
        info.time.as_millis() / 10,
        info.nodes,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junk_never_panics_and_the_engine_still_answers() {
        let (tx, rx) = std::sync::mpsc::channel();
        let mut x = Xboard::new(Engine::new(), Out::new(Box::new(std::io::sink())), tx);
        x.engine.set_option("Depth", Some("1")).unwrap();
        let mut words = super::super::uci::tests::junk_lines(600, 0x2545_f491_4f6c_dd1d);
        // Mix in xboard's own commands.
        for (i, w) in [
            "new",
            "force",
            "go",
            "playother",
            "usermove e2e4",
            "undo",
            "remove",
            "level 40 5 0",
            "st 1",
            "sd 2",
            "time 100",
            "otim -3",
            "post",
            "hard",
            "easy",
            "analyze",
            "exit",
            "?",
            "draw",
            "result 1-0",
            "setboard 8/8/8/8/8/8/8/8 w - - 0 1",
            "ping 3",
        ]
        .iter()
        .enumerate()
        {
            words.insert(i * 25, w.to_string());
        }
        for line in words {
            if line.trim() == "quit" {
                continue;
            }
            assert!(x.command(&line));
            while let Ok(Event::Done(id, best)) = rx.try_recv() {
                x.done(id, best);
            }
            if x.thinking != Thinking::Idle {
                x.engine.stop();
            }
        }
        x.stop_thinking();
        assert!(!x.engine.is_searching());
    }

    #[test]
    fn thinking_lines_are_in_xboard_units() {
        let info = Info {
            depth: 4,
            seldepth: 6,
            score: Score::Value(-128),
            nodes: 1234,
            time: Duration::from_millis(1530),
            pv: vec![],
            ..Info::default()
        };
        assert_eq!(thinking_line(&Chess::default(), &info), "4 -100 153 1234 ");
        let mate = Info {
            score: Score::Mate(-3),
            ..info
        };
        assert!(thinking_line(&Chess::default(), &mate).starts_with("4 -100003 "));
    }
}
