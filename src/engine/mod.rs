//! The engine façade (docs/style.md point 1): the one API the protocols (`protocol::uci`,
//! `protocol::xboard`, `protocol::console`) drive.
//!
//! `Engine` owns the game, the options, the search (and so its hash table) and the
//! search thread. A protocol sets the position, starts a search with `go` and two callbacks
//! (progress, and the best move, called exactly once per `go`), and may `stop`, `ponderhit`
//! or `abort` it while reading its input on another thread. Nothing here knows text.
//!
//! Under `go infinite` and `go ponder` the result is held back until `stop` (or `ponderhit`
//! for a ponder search), even if the search finished on its own (a fixed-depth 1967 search
//! does). Time limits come from `timeman`: the soft one is checked when the search reports
//! progress, the hard one by the search's own deadline and by a watchdog thread (which
//! also starts the clock at `ponderhit`).
//!
//! Beside the façade: `options` (the options table), `go` (the request and its checked
//! answer), `thread` (the search thread, its watchdog and the held answer) and `conduct`
//! (tournament conduct, docs/design.md §9: draw offers, claims, resignation). The engine runs
//! one search thread; the modern search starts its own helpers for `Threads` above 1 (the
//! 1967 search is single-threaded).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shakmaty::{Chess, Move, Position};
use thiserror::Error;

use crate::book::Book;
use crate::rules::Game;
use crate::search::{Info, Profile, SearchResult};
use crate::tablebase::{self, Tablebases};
use crate::timeman;
use thread::{Job, LastSearch, Running, Searcher, Timing, lock};

pub mod conduct;
pub mod go;
pub mod options;
mod thread;

/// The strengths `UCI_Elo` may ask for (the modern profile plays its levels).
pub use crate::search::{MAX_ELO, MIN_ELO};
pub use conduct::{Decision, DrawClaim, GameEnd};
pub use go::{BestMove, Clocks, Go, Source, legal_prefix};
pub use options::{EngineOption, OptionError, OptionKind, Options, describe, find_option};

/// Why the engine refused a request.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// A search is running and was not stopped.
    #[error("a search is running; stop it first")]
    Busy,
    /// An option that does not exist or a value that does not fit it.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A move that is not legal in the current position.
    #[error("illegal move {0}")]
    IllegalMove(String),
}

/// The engine: game, options, searcher and the search thread.
pub struct Engine {
    game: Game,
    options: Options,
    searcher: Searcher,
    /// The profile `searcher` was made for.
    searcher_profile: &'static Profile,
    /// The full result of the last completed search (the console's debugging aids).
    last_search: LastSearch,
    running: Option<Running>,
    /// Options changed since the searcher last saw them.
    searcher_stale: bool,
    clear_hash: bool,
    /// How many of our searches in a row said we are lost (for resignation).
    losing_streak: u32,
    /// The opening book (`OwnBook`, `BookFile`): the built-in one unless a file is set.
    book: Arc<Book>,
    /// Varies the book's choice from one game to the next.
    book_seed: u64,
    /// The Syzygy tables (`SyzygyPath`), if any.
    tablebases: Option<Arc<Tablebases>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with default options at the start position.
    pub fn new() -> Engine {
        Engine {
            game: Game::default(),
            options: Options::default(),
            searcher: Arc::new(Mutex::new((Options::default().profile().make)())),
            searcher_profile: Options::default().profile(),
            last_search: Arc::new(Mutex::new(None)),
            running: None,
            searcher_stale: true,
            clear_hash: false,
            losing_streak: 0,
            book: Arc::new(Book::builtin()),
            book_seed: fresh_seed(),
            tablebases: None,
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        self.game.position()
    }

    /// The option values.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Sets an option by its protocol name (case-insensitive, `_` for a space). Buttons
    /// take no value. Takes effect at the next search.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), EngineError> {
        let before = self.options.clone();
        match self.options.set(name, value)? {
            options::Effect::None => {}
            options::Effect::Search => {
                self.searcher_stale = true;
                // Another profile's searcher is made now when no search runs, so that the
                // old one's tables (the modern hash table: 16 MiB) are not kept till the
                // next search.
                let other = !std::ptr::eq(self.options.profile(), self.searcher_profile);
                if other && !self.is_searching() {
                    self.prepare_searcher();
                }
            }
            options::Effect::ClearHash => self.clear_hash = true,
            options::Effect::Book => {
                if let Err(e) = self.load_book() {
                    // A book that cannot be read is refused; the old one stays.
                    self.options = before;
                    return Err(e);
                }
            }
            options::Effect::Tablebase => {
                if let Err(e) = self.load_tablebases() {
                    self.options = before;
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// Loads the book the options name: the file, or the built-in book.
    fn load_book(&mut self) -> Result<(), EngineError> {
        self.book = Arc::new(match &self.options.book_file {
            None => Book::builtin(),
            Some(path) => {
                Book::open(std::path::Path::new(path)).map_err(|e| OptionError::BadValue {
                    name: "BookFile".into(),
                    reason: e.to_string(),
                })?
            }
        });
        Ok(())
    }

    /// Opens the tables `SyzygyPath` names, probed up to `SyzygyProbeLimit` pieces
    /// (opening reads only the directory: the tables are read when probed).
    fn load_tablebases(&mut self) -> Result<(), EngineError> {
        let path = self.options.syzygy_path.as_deref().unwrap_or("");
        self.tablebases = tablebase::open_option(path, self.options.syzygy_probe_limit)
            .map_err(|e| OptionError::BadValue {
                name: "SyzygyPath".into(),
                reason: e.to_string(),
            })?
            .map(Arc::new);
        Ok(())
    }

    /// A new game: the start position, a cleared hash table, conduct state reset.
    pub fn new_game(&mut self) {
        self.game = Game::default();
        self.clear_hash = true;
        self.losing_streak = 0;
        self.book_seed = fresh_seed();
    }

    /// Replaces the game (a protocol builds it from FEN and moves).
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
    }

    /// Plays a move in the game.
    pub fn play(&mut self, m: Move) -> Result<(), EngineError> {
        if self.game.play(m) {
            Ok(())
        } else {
            Err(EngineError::IllegalMove(crate::notation::uci(m)))
        }
    }

    /// Takes back the last move of the game.
    pub fn undo(&mut self) -> Option<Move> {
        self.game.undo()
    }

    /// Whether a search is running (its result not yet delivered).
    pub fn is_searching(&self) -> bool {
        self.running.as_ref().is_some_and(Running::is_searching)
    }

    /// Starts a search of the current position. `on_info` is called with progress on the
    /// search thread; `on_done` exactly once with the answer (after `stop` or `ponderhit`
    /// for an infinite or ponder search). Fails with `Busy` while another search runs and
    /// was not stopped.
    pub fn go(
        &mut self,
        request: Go,
        on_info: impl FnMut(&Info) + Send + 'static,
        on_done: impl FnOnce(BestMove) + Send + 'static,
    ) -> Result<(), EngineError> {
        self.reap()?;
        self.prepare_searcher();
        let keeps_time = lock(&self.searcher).keeps_time();
        let control = request.control(self.position().turn());
        let budget = timeman::allot(&control, self.options.move_overhead);
        let now = Instant::now();
        let mut limits = request.limits(self.position(), now, budget);
        // A `go` with no limit at all (not infinite) ends at the options' fixed depth.
        if !request.holds() && limits.depth.is_none() && limits.nodes.is_none() && budget.is_none()
        {
            limits.depth = Some(self.options.fixed_depth());
        }
        // Timed play (pondering included) keeps the paper's fixed depth unless `Deepen`.
        limits.deepen |= self.options.deepen && budget.is_some();
        let book = (self.book_in_use()
            && !request.skip_book
            && !request.holds()
            && limits.searchmoves.is_empty())
        .then(|| (Arc::clone(&self.book), self.book_seed));
        limits.tablebases = self.tablebases.clone();
        let tablebases = self
            .tablebases
            .as_ref()
            .filter(|_| limits.searchmoves.is_empty())
            .map(Arc::clone);
        let job = Job {
            game: self.game.clone(),
            tablebases,
            limits,
            book,
            profile: self.searcher_profile,
            settings: self.options.settings(),
        };
        let timing = Timing {
            infinite: request.infinite,
            pondering: request.ponder,
            clock_from: now,
            budget,
            search_keeps_time: keeps_time && !request.holds(),
            mate: request.mate,
        };
        self.running = Running::start(
            job,
            timing,
            Arc::clone(&self.searcher),
            Arc::clone(&self.last_search),
            Box::new(on_info),
            Box::new(on_done),
        );
        Ok(())
    }

    /// Whether a search here would try the book first (`OwnBook`, and the game within
    /// `BookPlies`).
    fn book_in_use(&self) -> bool {
        self.options.own_book
            && (self.options.book_plies())
                .is_none_or(|plies| crate::rules::game_ply(self.position()) < plies)
    }

    /// The move the book would play here (the one a search without limits on its root
    /// moves would answer with), if the book is in use and knows the position.
    pub fn book_move(&self) -> Option<Move> {
        self.book_in_use()
            .then(|| {
                let choice = crate::book::Choice::Random {
                    seed: self.book_seed,
                };
                self.book.pick(self.position(), choice)
            })
            .flatten()
    }

    /// Searches and waits for the answer (the console, tools): `go` without callbacks.
    /// `infinite` and `ponder` are ignored, since nothing could stop the search.
    pub fn think(&mut self, mut request: Go) -> Result<BestMove, EngineError> {
        request.infinite = false;
        request.ponder = false;
        let (tx, rx) = std::sync::mpsc::channel();
        self.go(
            request,
            |_| {},
            move |best| {
                let _ = tx.send(best);
            },
        )?;
        self.wait();
        let pos = self.position();
        Ok(rx
            .recv()
            .unwrap_or_else(|_| BestMove::fallback(pos, Duration::ZERO)))
    }

    /// Stops the search; its answer is delivered (at once if it had finished).
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.stop();
        }
    }

    /// The opponent played the move we pondered on: our clock starts now and the search
    /// continues as a normal timed one. `clocks` replaces the clocks given at `go`, if the
    /// protocol knows newer ones (xboard sends `time` before the move).
    pub fn ponderhit(&mut self, clocks: Option<Clocks>) {
        let turn = self.position().turn();
        let budget = clocks.map(|c| timeman::allot(&c.control(turn), self.options.move_overhead));
        if let Some(r) = &self.running {
            r.ponderhit(budget);
        }
    }

    /// Stops the search and throws its answer away (xboard `force`, `new`, a ponder miss):
    /// the done callback is not called. Returns when the search thread has ended.
    pub fn abort(&mut self) {
        if let Some(r) = &self.running {
            r.abort();
        }
        self.wait();
    }

    /// Lets a timed search finish and answer; stops an infinite or ponder search first (end
    /// of input, or the console waiting for its reply).
    pub fn finish(&mut self) {
        if self.running.as_ref().is_some_and(Running::is_held) {
            self.stop();
        }
        self.wait();
    }

    /// Waits for the search thread to end (an infinite or ponder search must have been
    /// stopped first, or this waits for `stop` from another thread, which cannot come:
    /// so those are stopped here).
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            r.join();
        }
    }

    /// The full result of the last search that completed (book moves do not replace it),
    /// for the console's debugging aids: root moves, statistics, terms at the PV's end.
    pub fn last_search(&self) -> Option<SearchResult> {
        lock(&self.last_search).clone()
    }

    /// Writes the openings `plan` asks for through `each` (OpenBench's `genfens`), judged
    /// by the modern search with this engine's parameters and network.
    pub fn genfens(
        &self,
        plan: &crate::genfens::Plan,
        each: impl FnMut(&str),
    ) -> Result<(), crate::genfens::GenfensError> {
        crate::genfens::generate(plan, &self.options.settings(), each)
    }

    /// The value we judge a draw at (side to move's view, 1967 units).
    pub fn draw_score(&self) -> i32 {
        -self.options.contempt
    }

    /// Makes sure no unstopped search is running and reaps a finished one.
    fn reap(&mut self) -> Result<(), EngineError> {
        if self.running.as_ref().is_some_and(Running::is_busy) {
            return Err(EngineError::Busy);
        }
        self.wait();
        Ok(())
    }

    /// Brings the searcher up to date with the options before a search: a new search when
    /// the profile changed, the settings when an option changed.
    fn prepare_searcher(&mut self) {
        let profile = self.options.profile();
        let mut searcher = lock(&self.searcher);
        if !std::ptr::eq(profile, self.searcher_profile) {
            *searcher = (profile.make)();
            self.searcher_profile = profile;
            self.searcher_stale = true;
        }
        if self.searcher_stale {
            searcher.configure(&self.options.settings());
            self.searcher_stale = false;
        }
        if self.clear_hash {
            searcher.clear_hash();
            self.clear_hash = false;
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.abort();
    }
}

/// A seed for the book's random choice, different from one game to the next.
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// At most 40 characters of `text`, for messages.
pub fn short(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(MAX).collect();
        s.push('…');
        s
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::mpsc;

    /// Starts a search and returns where its answer arrives.
    pub(crate) fn answer(engine: &mut Engine, go: Go) -> mpsc::Receiver<BestMove> {
        let (tx, rx) = mpsc::channel();
        engine.go(go, |_| {}, move |b| tx.send(b).unwrap()).unwrap();
        rx
    }

    /// A `go` to `depth` plies and no other limit.
    pub(crate) fn to_depth(depth: u32) -> Go {
        Go {
            depth: Some(depth),
            ..Go::default()
        }
    }

    #[test]
    fn a_fixed_depth_search_answers_once_with_a_legal_move() {
        let mut e = Engine::new();
        e.set_option("OwnBook", Some("false")).unwrap();
        let rx = answer(&mut e, to_depth(2));
        let b = rx.recv_timeout(Duration::from_secs(30)).unwrap();
        assert!(e.position().is_legal(b.best.unwrap()));
        e.wait();
        assert!(rx.try_recv().is_err(), "exactly one answer");
    }

    #[test]
    fn think_waits_for_the_answer() {
        let mut e = Engine::new();
        let b = e
            .think(Go {
                infinite: true,
                ..to_depth(1)
            })
            .unwrap();
        assert!(e.position().is_legal(b.best.unwrap()));
        assert!(!e.is_searching());
    }

    #[test]
    fn no_legal_move_answers_none() {
        let mut e = Engine::new();
        let (pos, _) = crate::rules::parse_fen("7k/5QQ1/8/8/8/8/8/K7 b - - 0 1").unwrap();
        e.set_game(Game::new(pos));
        let rx = answer(&mut e, Go::default());
        let b = rx.recv_timeout(Duration::from_secs(5)).unwrap();
        assert_eq!((b.best, b.source), (None, Source::NoMove));
    }

    #[test]
    fn a_strength_level_follows_the_book_only_as_far_as_its_rating_knows() {
        let source = |e: &mut Engine| {
            answer(e, Go::default())
                .recv_timeout(Duration::from_secs(30))
                .unwrap()
                .source
        };
        let mut e = Engine::new();
        e.set_option("UCI_LimitStrength", Some("true")).unwrap();
        e.set_option("UCI_Elo", Some("1200")).unwrap();
        assert_eq!(source(&mut e), Source::Book);
        e.wait();
        let mut game = Game::default();
        for san in ["e4", "e5"] {
            let m = crate::notation::read_move(game.position(), san).unwrap();
            game.play(m);
        }
        e.set_game(game.clone());
        e.set_option("Depth", Some("1")).unwrap();
        assert_eq!(
            source(&mut e),
            Source::Search,
            "two plies are all 1200 knows"
        );
        e.wait();
        e.set_option("UCI_Elo", Some("1300")).unwrap();
        assert_eq!(source(&mut e), Source::Book);
        e.wait();
        e.set_option("UCI_LimitStrength", Some("false")).unwrap();
        assert_eq!(source(&mut e), Source::Book);
    }

    #[test]
    fn the_book_answers_timed_searches_but_never_infinite_or_ponder_ones() {
        let mut e = Engine::new();
        let b = answer(&mut e, Go::default())
            .recv_timeout(Duration::from_secs(30))
            .unwrap();
        assert_eq!(b.source, Source::Book);
        assert!(e.position().is_legal(b.best.unwrap()));
        e.wait();
        for go in [
            Go {
                infinite: true,
                ..to_depth(1)
            },
            Go {
                ponder: true,
                ..to_depth(1)
            },
        ] {
            let rx = answer(&mut e, go);
            std::thread::sleep(Duration::from_millis(50));
            e.stop();
            let b = rx.recv_timeout(Duration::from_secs(30)).unwrap();
            assert_eq!(b.source, Source::Search);
            e.wait();
        }
        e.set_option("OwnBook", Some("false")).unwrap();
        let b = answer(&mut e, to_depth(1))
            .recv_timeout(Duration::from_secs(30))
            .unwrap();
        assert_eq!(b.source, Source::Search);
        assert!(e.set_option("BookFile", Some("/no/such/book.bin")).is_err());
    }

    #[test]
    fn options_are_checked() {
        let mut e = Engine::new();
        assert!(matches!(
            e.set_option("Hash", Some("lots")),
            Err(EngineError::Option(OptionError::BadValue { .. }))
        ));
        assert!(matches!(
            e.set_option("Hash", Some("5000")),
            Err(EngineError::Option(OptionError::BadValue { .. }))
        ));
        assert!(matches!(
            e.set_option("Nonsense", Some("1")),
            Err(EngineError::Option(OptionError::Unknown(_)))
        ));
        e.set_option("hash", Some("64")).unwrap();
        e.set_option("Move Overhead", Some("100")).unwrap();
        e.set_option("Widths", Some("15, 15 9")).unwrap();
        e.set_option("Profile", Some("1967")).unwrap();
        e.set_option("Clear Hash", None).unwrap();
        let o = e.options();
        assert_eq!(o.hash_mib, 64);
        assert_eq!(o.move_overhead, Duration::from_millis(100));
        assert_eq!(o.widths, Some(vec![15, 15, 9]));
        assert_eq!(o.profile, "1967");
    }
}
