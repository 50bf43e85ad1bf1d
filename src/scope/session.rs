//! One tab's game: a session owns an [`Engine`] on a thread of its own and answers the
//! page's requests in order. The engine searches on its own thread; its progress comes back
//! to the session, which sends it on throttled ([`Thinking`], the search in progress, is
//! started and watched by `thinking`), and its answer comes back here as a command, so a
//! session never blocks on a search. When the tab closes the socket sends
//! [`Command::Close`] and the session aborts its search and ends.

use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use shakmaty::{Chess, Color, Position};

use super::aids;
use super::level::Level;
use super::messages::{Events, Reply, Request};
use super::review::Review;
use super::views::{self, ClockView, GameView, LiveRootMove, StatusView};
use crate::engine::{BestMove, Engine};
use crate::fide::{Outcome, State};
use crate::notation;
use crate::pgn;
use crate::protocol::console::GameClock;
use crate::rules::{self, Game};
use crate::search::{Info, Score};

/// The profile a new tab plays: the 1967 search, whose record and tree the page shows.
pub const SCOPE_PROFILE: &str = "1967-tournament";

/// How often a session looks whether the human's flag fell while nobody sent anything.
const FLAG_CHECK: Duration = Duration::from_millis(250);

/// What reaches a session: the page's requests, the engine's answers, the end.
#[derive(Debug)]
pub enum Command {
    Request(Request),
    /// A progress report of search number `seq`.
    Info {
        seq: u64,
        info: Info,
    },
    /// The answer of search number `seq`.
    Done {
        seq: u64,
        best: BestMove,
    },
    Close,
}

/// A game ended by the players, not by the rules: the result and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    pub result: &'static str,
    pub why: String,
}

/// The shortest time between two `info` replies.
pub const INFO_INTERVAL: Duration = Duration::from_millis(100);

/// A search in progress.
#[derive(Debug, Clone)]
pub struct Thinking {
    /// Whether machack plays the answer (false: an analysis).
    pub play: bool,
    /// The number the answer comes back with.
    pub seq: u64,
    /// The game ply and position searched.
    pub ply: usize,
    pub root: Chess,
    /// The book's move at the root, for an analysis (which searches past the book).
    pub book: Option<shakmaty::Move>,
    /// The top-level moves as the page last saw them.
    pub live: Vec<LiveRootMove>,
    /// The latest report of each line (line i at i − 1; one line unless `MultiPV` asks
    /// for more), whether one came since the last `info` reply, and when that was.
    pub lines: Vec<Info>,
    pub pending: bool,
    pub last_sent: Option<Instant>,
    /// A finished 1967 search being shown at the watch pace, its answer held till the end.
    pub replay: Option<super::replay::Replay>,
    /// The page asked to stop: the answer is wanted now, not shown at the watch pace.
    pub stop_asked: bool,
}

impl Thinking {
    /// When the pending report may go, if there is one.
    pub fn due(&self) -> Option<Instant> {
        if let Some(r) = &self.replay {
            return Some(r.at);
        }
        if !self.pending {
            return None;
        }
        Some(
            self.last_sent
                .map_or_else(Instant::now, |t| t + INFO_INTERVAL),
        )
    }
}

/// One tab's game and engine.
pub struct Session {
    pub(super) engine: Engine,
    pub(super) events: Events,
    pub(super) commands: Sender<Command>,
    /// The colour the human plays.
    pub(super) human: Color,
    pub(super) level: Level,
    pub(super) level_text: String,
    pub(super) clock: Option<GameClock>,
    /// When the side to move started thinking (for the clocks).
    pub(super) turn_started: Instant,
    pub(super) ended: Option<Ending>,
    pub(super) thinking: Option<Thinking>,
    pub(super) seq: u64,
    pub(super) draw_offer: Option<String>,
    pub(super) last_score: Option<Score>,
    /// The game review under way, if any (dropping it stops it).
    pub(super) review: Option<Review>,
    /// The watch pace: a 1967 search is shown one top-level move at a time.
    pub(super) watch: bool,
    /// Counts the games this tab has had: a new game, a FEN, a PGN or an undo starts
    /// another, and the page throws away what it showed of the one before.
    pub(super) game: u64,
}

impl Session {
    /// A session at the start position, the human White, the [`SCOPE_PROFILE`].
    pub fn new(events: Events, commands: Sender<Command>) -> Session {
        let mut engine = Engine::new();
        // The default profile is always in the table; should it ever not be, the engine's
        // own default stands.
        let _ = engine.set_option("Profile", Some(SCOPE_PROFILE));
        Session {
            engine,
            events,
            commands,
            human: Color::White,
            level: Level::Depth,
            level_text: "depth".into(),
            clock: None,
            turn_started: Instant::now(),
            ended: None,
            thinking: None,
            seq: 0,
            draw_offer: None,
            last_score: None,
            review: None,
            watch: false,
            game: 0,
        }
    }

    /// Answers commands until the tab closes.
    pub fn run(mut self, commands: Receiver<Command>) {
        self.send(Reply::Hello {
            version: env!("CARGO_PKG_VERSION"),
            profiles: crate::search::PROFILES
                .iter()
                .map(|p| views::ProfileView {
                    name: p.name,
                    description: p.description,
                })
                .collect(),
        });
        self.send_state();
        loop {
            let wait = self
                .thinking
                .as_ref()
                .and_then(Thinking::due)
                .map_or(FLAG_CHECK, |at| {
                    at.saturating_duration_since(Instant::now())
                });
            match commands.recv_timeout(wait.min(FLAG_CHECK)) {
                Ok(Command::Close) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(Command::Request(r)) => {
                    if let Err(e) = self.handle(r) {
                        self.send(Reply::error(e));
                    }
                }
                Ok(Command::Info { seq, info }) => self.info(seq, info),
                Ok(Command::Done { seq, best }) => self.done(seq, best),
                Err(RecvTimeoutError::Timeout) => {
                    self.send_due_info();
                    self.check_human_flag();
                }
            }
        }
        self.review = None;
        self.engine.abort();
    }

    pub(super) fn send(&self, reply: Reply) {
        // A closed socket means the session is about to be told to close.
        let _ = self.events.send(reply);
    }

    /// Carries out one request of the page.
    fn handle(&mut self, request: Request) -> Result<(), String> {
        match request {
            Request::NewGame { human } => {
                self.stop_thinking();
                self.engine.new_game();
                if let Some(h) = human {
                    self.human = h.into();
                }
                self.restart(None);
                self.maybe_play()
            }
            Request::Move { text } => self.human_move(&text),
            Request::Undo => self.undo(),
            Request::SetFen { fen } => {
                let (pos, _warnings) = rules::parse_fen(&fen).map_err(|e| e.to_string())?;
                self.stop_thinking();
                self.engine.set_game(Game::new(pos));
                self.restart(None);
                Ok(())
            }
            Request::LoadPgn { pgn } => self.load_pgn(&pgn),
            Request::Settings(change) => self.settings(change),
            Request::Go => {
                self.playable()?;
                self.stop_analysis()?;
                self.human = !self.engine.position().turn();
                self.start(true, None)
            }
            Request::Analyse { depth } => {
                if self.thinking.is_some() {
                    return Err("machack is already thinking".into());
                }
                self.start(false, depth)
            }
            Request::Stop => {
                self.engine.stop();
                if let Some(t) = &mut self.thinking {
                    t.stop_asked = true;
                }
                self.end_replay();
                Ok(())
            }
            Request::Inspect { ply, path } => {
                let ply = ply.unwrap_or(self.engine.game().moves().len());
                let view =
                    aids::inspect(self.engine.game(), ply, &path).map_err(|e| e.to_string())?;
                self.send(Reply::Inspect(Box::new(view)));
                Ok(())
            }
            Request::ClaimDraw => self.claim_draw(),
            Request::OfferDraw => self.offer_draw(),
            Request::Review { pgn, depth } => {
                if let Some(text) = pgn {
                    self.load_pgn(&text)?;
                }
                if self.engine.game().moves().is_empty() {
                    return Err("the game has no move to review".into());
                }
                self.review = None;
                let game = self.engine.game().clone();
                let profile = self.engine.options().profile();
                self.review = Some(Review::start(game, profile, depth, self.events.clone()));
                Ok(())
            }
            Request::Resign => {
                self.playable()?;
                self.stop_thinking();
                let side = self.human.fold_wb("White", "Black");
                self.end(Outcome::win(!self.human), format!("{side} resigns"));
                Ok(())
            }
        }
    }

    /// Starts the game afresh from the engine's game: the clocks, the ending, the offer.
    /// `ended` is a result the game already has (a PGN's).
    fn restart(&mut self, ended: Option<Ending>) {
        self.review = None;
        self.game += 1;
        self.ended = ended;
        self.draw_offer = None;
        self.last_score = None;
        self.clock = self.level.clock();
        self.turn_started = Instant::now();
        self.send_state();
    }

    /// An error unless moves may be made: the game is not over.
    pub(super) fn playable(&self) -> Result<(), String> {
        if self.ended.is_some() || State::of(self.engine.game()).is_over() {
            return Err("the game is over: start a new game, undo or set up a position".into());
        }
        Ok(())
    }

    fn human_move(&mut self, text: &str) -> Result<(), String> {
        self.playable()?;
        if matches!(&self.thinking, Some(t) if t.play) {
            return Err("machack is thinking: wait for its move, or stop it".into());
        }
        let pos = self.engine.position();
        if pos.turn() != self.human {
            return Err("it is machack's move: press Go, or play the other colour".into());
        }
        let m = notation::read_move(pos, text).map_err(|e| e.to_string())?;
        self.stop_analysis()?;
        self.draw_offer = None;
        if self.charge(self.human) {
            return Ok(());
        }
        self.engine.play(m).map_err(|e| e.to_string())?;
        self.send_state();
        self.maybe_play()
    }

    /// Takes back the human's last move and machack's reply to it.
    fn undo(&mut self) -> Result<(), String> {
        self.stop_thinking();
        if self.engine.undo().is_none() {
            return Err("there is no move to take back".into());
        }
        if self.engine.position().turn() != self.human && !self.engine.game().moves().is_empty() {
            self.engine.undo();
        }
        self.ended = None;
        self.draw_offer = None;
        self.review = None;
        self.game += 1;
        self.turn_started = Instant::now();
        self.send_state();
        Ok(())
    }

    fn load_pgn(&mut self, text: &str) -> Result<(), String> {
        let game = pgn::read_games(text)
            .into_iter()
            .next()
            .ok_or_else(|| "no game in the PGN text".to_string())?
            .map_err(|e| e.to_string())?;
        self.stop_thinking();
        let ended = match game.result.as_str() {
            "1-0" => Some("1-0"),
            "0-1" => Some("0-1"),
            "1/2-1/2" => Some("1/2-1/2"),
            _ => None,
        }
        .filter(|_| !State::of(&game.game).is_over())
        .map(|result| Ending {
            result,
            why: "as the PGN records it".into(),
        });
        self.engine.set_game(game.game);
        self.restart(ended);
        Ok(())
    }

    fn claim_draw(&mut self) -> Result<(), String> {
        self.playable()?;
        let state = State::of(self.engine.game());
        let Some(claim) = state.claims.first() else {
            return Err(format!(
                "no draw to claim: the position has occurred {} time(s) and {} halfmoves \
                 passed without a capture or pawn move",
                state.occurrences, state.halfmove_clock
            ));
        };
        self.stop_thinking();
        let side = self.engine.position().turn().fold_wb("White", "Black");
        let why = format!(
            "{side} claims a draw by {}",
            claim.as_str().replace('_', " ")
        );
        self.end(Outcome::Draw, why);
        Ok(())
    }

    fn offer_draw(&mut self) -> Result<(), String> {
        self.playable()?;
        if self.engine.accepts_draw(self.last_score) {
            self.stop_thinking();
            self.end(Outcome::Draw, "draw agreed".into());
        } else {
            self.draw_offer = Some("machack declines the draw and plays on".into());
            self.send_state();
        }
        Ok(())
    }

    /// Ends the game by the players' word.
    pub(super) fn end(&mut self, outcome: Outcome, why: String) {
        self.ended = Some(Ending {
            result: outcome.as_str(),
            why,
        });
        self.send_state();
    }

    /// Charges the time since the turn began to `side`; true (and the game over) if its
    /// flag fell.
    pub(super) fn charge(&mut self, side: Color) -> bool {
        let used = self.turn_started.elapsed();
        self.turn_started = Instant::now();
        let Some(clock) = &mut self.clock else {
            return false;
        };
        if clock.charge(side, used) {
            let name = side.fold_wb("White", "Black");
            self.end(Outcome::win(!side), format!("{name}'s flag fell"));
            return true;
        }
        false
    }

    /// The human's flag falls even if they never move.
    fn check_human_flag(&mut self) {
        let waiting = self.ended.is_none()
            && self.thinking.is_none()
            && self.engine.position().turn() == self.human
            && !State::of(self.engine.game()).is_over();
        let fell = self
            .clock
            .as_ref()
            .is_some_and(|c| self.turn_started.elapsed() > c.left(self.human));
        if waiting && fell {
            self.charge(self.human);
        }
    }

    /// Sends the game as it stands.
    pub(super) fn send_state(&self) {
        self.send(Reply::State(Box::new(self.view())));
    }

    fn view(&self) -> GameView {
        let game = self.engine.game();
        let pos = game.position();
        let state = State::of(game);
        let ended = self.ended.as_ref().map(|e| (e.result, e.why.as_str()));
        let status = StatusView::new(pos, &state, ended);
        let over = status.result.is_some();
        let options = self.engine.options();
        let moves = crate::aids::line(game.start(), game.moves());
        let last_move = moves
            .last()
            .map(|m| [m.uci[..2].to_string(), m.uci[2..4].to_string()]);
        let result = status.result.clone().unwrap_or_else(|| "*".into());
        let machack = format!("machack ({})", options.profile);
        let (white, black) = if self.human == Color::White {
            ("You".to_string(), machack)
        } else {
            (machack, "You".to_string())
        };
        let tags = [
            ("Event".to_string(), "machack scope".to_string()),
            ("White".to_string(), white),
            ("Black".to_string(), black),
        ];
        GameView {
            fen: notation::fen_of(pos),
            pieces: views::pieces(pos),
            legal: if over { Vec::new() } else { views::legal(pos) },
            moves,
            last_move,
            human: self.human.into(),
            profile: options.profile.clone(),
            book: options.own_book,
            level: self.level_text.clone(),
            strength: self.strength(),
            multipv: options.multipv,
            clocks: self.clock.as_ref().map(|c| self.clock_view(c, over)),
            thinking: self
                .thinking
                .as_ref()
                .map(|t| if t.play { "play" } else { "analyse" }),
            draw_offer: self.draw_offer.clone(),
            watch: self.watch,
            pgn: pgn::write_game(game, &tags, &[], &result),
            game: self.game,
            status,
        }
    }

    fn clock_view(&self, c: &GameClock, over: bool) -> ClockView {
        let turn = self.engine.position().turn();
        let left = |side: Color| {
            let mut t = c.left(side);
            if side == turn && !over {
                t = t.saturating_sub(self.turn_started.elapsed());
            }
            t.as_millis() as u64
        };
        ClockView {
            white_ms: left(Color::White),
            black_ms: left(Color::Black),
            running: (!over).then_some(turn.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_tab_plays_a_profile_that_exists() {
        assert!(crate::search::profile(SCOPE_PROFILE).is_some());
        let (events, _replies) = tokio::sync::mpsc::unbounded_channel();
        let (commands, _inbox) = std::sync::mpsc::channel();
        let s = Session::new(events, commands);
        assert_eq!(s.engine.options().profile, SCOPE_PROFILE);
    }
}
