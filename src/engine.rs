//! The engine façade (STYLE point 1): the one API the protocols (`protocol::uci`,
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
//! progress (a search that keeps its own time, like `modern`, gets it in its limits and
//! decides itself, except after `ponderhit`), the hard one by the search's own deadline and
//! by a watchdog thread (which also starts the clock at `ponderhit`).
//!
//! Tournament conduct (SPEC §9: draw offers, claims, resignation) is `conduct`. Left out:
//! more than one search thread (the 1967 search is single-threaded; `Threads` is 1).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use shakmaty::{Chess, Color, Move, Position};
use thiserror::Error;

use crate::book::{Book, Choice};
use crate::rules::Game;
use crate::search::{
    self, DEFAULT_PROFILE, Info, Limits, PROFILES, Profile, Score, Search, SearchResult, Settings,
};
use crate::timeman::{self, Budget, Clock, TimeControl};

pub mod conduct;

pub use conduct::{Decision, DrawClaim, GameEnd};

/// Why the engine refused a request.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// A search is running and was not stopped.
    #[error("a search is running; stop it first")]
    Busy,
    /// No option has this name.
    #[error("no option named '{0}'")]
    UnknownOption(String),
    /// The value does not fit the option.
    #[error("option '{name}': {reason}")]
    BadValue { name: String, reason: String },
    /// A move that is not legal in the current position.
    #[error("illegal move {0}")]
    IllegalMove(String),
}

/// The kind and range of an option, for the protocols to announce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Combo {
        default: String,
        choices: Vec<String>,
    },
    Button,
    /// Free text; an empty default means "none".
    Text {
        default: String,
    },
}

/// One option the engine offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    /// Whether UCI announces it (a UCI GUI cannot act on a resignation, so `Resign` is
    /// xboard and console only).
    pub uci: bool,
}

/// The current option values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Hash table size in MiB (0: the profile's own table, 32,000 entries in 1967).
    pub hash_mb: u32,
    pub threads: u32,
    /// Whether the GUI may ask us to ponder (UCI `Ponder`, xboard `hard`).
    pub ponder: bool,
    /// Kept back from every clock for communication.
    pub move_overhead: Duration,
    /// One of `PROFILES`.
    pub profile: String,
    /// Search depth in plies overriding the profile's (None: the profile's).
    pub depth: Option<u32>,
    /// The width schedule overriding the profile's (None: the profile's).
    pub widths: Option<Vec<u32>>,
    /// How much worse than 0 a draw is for us, in 1967 units (pawn = 128).
    pub contempt: i32,
    pub own_book: bool,
    /// A Polyglot book to use instead of the built-in one.
    pub book_file: Option<String>,
    /// Resign when hopelessly lost (SPEC §9). Off by default: GUIs adjudicate.
    pub resign: bool,
    /// Resign below minus this value (1967 units)...
    pub resign_value: i32,
    /// ...held for this many of our searches in a row.
    pub resign_moves: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: 0,
            threads: 1,
            ponder: false,
            move_overhead: timeman::knobs::MOVE_OVERHEAD,
            profile: DEFAULT_PROFILE.to_string(),
            depth: None,
            widths: None,
            contempt: 0,
            own_book: true,
            book_file: None,
            resign: false,
            resign_value: conduct::knobs::RESIGN_VALUE,
            resign_moves: conduct::knobs::RESIGN_MOVES,
        }
    }
}

/// Every option, with its kind and range.
pub fn option_specs() -> Vec<OptionSpec> {
    let d = Options::default();
    let spin = |default: i64, min: i64, max: i64| OptionKind::Spin { default, min, max };
    vec![
        OptionSpec {
            name: "Hash",
            kind: spin(d.hash_mb.into(), 0, 4096),
            uci: true,
        },
        OptionSpec {
            name: "Clear Hash",
            kind: OptionKind::Button,
            uci: true,
        },
        OptionSpec {
            name: "Threads",
            kind: spin(1, 1, 1),
            uci: true,
        },
        OptionSpec {
            name: "Ponder",
            kind: OptionKind::Check { default: d.ponder },
            uci: true,
        },
        OptionSpec {
            name: "Move Overhead",
            kind: spin(d.move_overhead.as_millis() as i64, 0, 5000),
            uci: true,
        },
        OptionSpec {
            name: "Profile",
            kind: OptionKind::Combo {
                default: d.profile.clone(),
                choices: PROFILES.iter().map(|p| p.name.to_string()).collect(),
            },
            uci: true,
        },
        OptionSpec {
            name: "Depth",
            kind: spin(0, 0, 64),
            uci: true,
        },
        OptionSpec {
            name: "Widths",
            kind: OptionKind::Text {
                default: String::new(),
            },
            uci: true,
        },
        OptionSpec {
            name: "Contempt",
            kind: spin(d.contempt.into(), -1280, 1280),
            uci: true,
        },
        OptionSpec {
            name: "OwnBook",
            kind: OptionKind::Check {
                default: d.own_book,
            },
            uci: true,
        },
        OptionSpec {
            name: "BookFile",
            kind: OptionKind::Text {
                default: String::new(),
            },
            uci: true,
        },
        OptionSpec {
            name: "Resign",
            kind: OptionKind::Check { default: d.resign },
            uci: false,
        },
        OptionSpec {
            name: "Resign Value",
            kind: spin(d.resign_value.into(), 128, 100_000),
            uci: false,
        },
        OptionSpec {
            name: "Resign Moves",
            kind: spin(d.resign_moves.into(), 1, 100),
            uci: false,
        },
    ]
}

/// Both clocks as the GUI reports them; the engine uses the side to move's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clocks {
    pub white: Duration,
    pub black: Duration,
    pub white_increment: Duration,
    pub black_increment: Duration,
    pub moves_to_go: Option<u32>,
}

/// What a `go` asks for. Every limit is optional; with none the search runs to the
/// profile's depth.
#[derive(Debug, Clone, Default)]
pub struct Go {
    pub clocks: Option<Clocks>,
    /// Exactly this long.
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Look for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search until `stop`; the result is held until then.
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Only these root moves (empty: all). Must be legal in the current position.
    pub searchmoves: Vec<Move>,
}

/// Where a best move came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Search,
    Book,
    /// The position has no legal move.
    NoMove,
    /// The search failed (a bug); the move is the first legal one.
    Fallback,
}

/// The answer to one `go`.
#[derive(Debug, Clone)]
pub struct BestMove {
    /// None only when the root has no legal move.
    pub best: Option<Move>,
    /// The expected reply, legal after `best`.
    pub ponder: Option<Move>,
    /// The search value for the side to move (None for book moves).
    pub score: Option<Score>,
    pub pv: Vec<Move>,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub source: Source,
}

type InfoFn = Box<dyn FnMut(&Info) + Send>;
type DoneFn = Box<dyn FnOnce(BestMove) + Send>;

/// The engine: game, options, searcher and the search thread.
pub struct Engine {
    game: Game,
    options: Options,
    searcher: Arc<Mutex<Box<dyn Search>>>,
    /// The profile `searcher` was made for.
    searcher_profile: &'static Profile,
    /// The full result of the last completed search (the console's debugging aids).
    last_search: Arc<Mutex<Option<SearchResult>>>,
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
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

/// A search in progress (or finished and not yet reaped).
struct Running {
    shared: Arc<Shared>,
    thread: JoinHandle<()>,
    watchdog: JoinHandle<()>,
}

/// What the search thread, the watchdog and the protocol thread share about one search.
struct Shared {
    stop: AtomicBool,
    state: Mutex<RunState>,
    wake: Condvar,
}

struct RunState {
    /// `go infinite`: hold the result until stop.
    infinite: bool,
    /// `go ponder` before ponderhit: hold the result, no clock.
    pondering: bool,
    /// When our clock started: `go`, or `ponderhit`.
    clock_from: Instant,
    budget: Option<Budget>,
    /// The search stops itself near the soft limit (it had it from the start: not a
    /// ponder search, whose clock starts later).
    search_keeps_time: bool,
    /// Stop once a mate this short (in moves) is found.
    mate: Option<u32>,
    /// The search has returned.
    finished: bool,
    result: Option<BestMove>,
    on_done: Option<DoneFn>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    /// Hands the result to the callback if it is there and may be given now. Called by
    /// whichever thread makes that true; the callback runs without the lock held.
    fn deliver(&self) {
        let call = {
            let mut st = lock(&self.state);
            if st.result.is_some() && !st.infinite && !st.pondering {
                st.on_done.take().zip(st.result.take())
            } else {
                None
            }
        };
        if let Some((done, result)) = call {
            done(result);
        }
    }

    /// The instant the hard limit falls, if the clock is running.
    fn hard_deadline(st: &RunState) -> Option<Instant> {
        if st.infinite || st.pondering {
            return None;
        }
        st.budget.map(|b| st.clock_from + b.hard)
    }

    /// The watchdog: raises the stop flag when the hard limit falls.
    fn watch(&self) {
        let mut st = lock(&self.state);
        loop {
            if st.finished {
                return;
            }
            match Shared::hard_deadline(&st) {
                None => st = self.wake.wait(st).unwrap_or_else(|e| e.into_inner()),
                Some(at) => {
                    let now = Instant::now();
                    if now >= at {
                        self.stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    st = self
                        .wake
                        .wait_timeout(st, at - now)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
            }
        }
    }

    /// Called with each progress report: stops at the soft limit (unless the search keeps
    /// its own time) or when the mate asked for is found.
    fn on_progress(&self, info: &Info) {
        let st = lock(&self.state);
        if st.infinite || st.pondering {
            return;
        }
        let soft_passed =
            !st.search_keeps_time && st.budget.is_some_and(|b| st.clock_from.elapsed() >= b.soft);
        let mate_found =
            matches!((st.mate, info.score), (Some(m), Score::Mate(n)) if n > 0 && n as u32 <= m);
        if soft_passed || mate_found {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Engine {
    /// An engine with default options at the start position.
    pub fn new() -> Engine {
        Engine {
            game: Game::default(),
            options: Options::default(),
            searcher: Arc::new(Mutex::new((default_profile().make)())),
            searcher_profile: default_profile(),
            last_search: Arc::new(Mutex::new(None)),
            running: None,
            searcher_stale: true,
            clear_hash: false,
            losing_streak: 0,
            book: Arc::new(Book::builtin()),
            book_seed: fresh_seed(),
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

    /// Sets an option by its protocol name (case-insensitive). Buttons take no value.
    /// Takes effect at the next search.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), EngineError> {
        // xboard GUIs and python-chess cannot carry spaces in option names: `Move_Overhead`.
        let wanted = name.trim().replace('_', " ");
        let spec = option_specs()
            .into_iter()
            .find(|s| s.name.eq_ignore_ascii_case(&wanted))
            .ok_or_else(|| EngineError::UnknownOption(name.trim().to_string()))?;
        let bad = |reason: String| EngineError::BadValue {
            name: spec.name.to_string(),
            reason,
        };
        let text = value.map(str::trim).unwrap_or("");
        let o = &mut self.options;
        match &spec.kind {
            OptionKind::Button => {
                if spec.name == "Clear Hash" {
                    self.clear_hash = true;
                }
                return Ok(());
            }
            OptionKind::Spin { min, max, .. } => {
                let v: i64 = text
                    .parse()
                    .map_err(|_| bad(format!("'{}' is not a whole number", short(text))))?;
                if v < *min || v > *max {
                    return Err(bad(format!("{v} is outside {min}..={max}")));
                }
                match spec.name {
                    "Hash" => o.hash_mb = v as u32,
                    "Threads" => o.threads = v as u32,
                    "Move Overhead" => o.move_overhead = Duration::from_millis(v as u64),
                    "Depth" => o.depth = (v > 0).then_some(v as u32),
                    "Contempt" => o.contempt = v as i32,
                    "Resign Value" => o.resign_value = v as i32,
                    "Resign Moves" => o.resign_moves = v as u32,
                    _ => {}
                }
            }
            OptionKind::Check { .. } => {
                let v = match text.to_ascii_lowercase().as_str() {
                    "true" | "1" | "on" => true,
                    "false" | "0" | "off" => false,
                    _ => return Err(bad(format!("'{}' is not true or false", short(text)))),
                };
                match spec.name {
                    "Ponder" => o.ponder = v,
                    "OwnBook" => o.own_book = v,
                    "Resign" => o.resign = v,
                    _ => {}
                }
            }
            OptionKind::Combo { choices, .. } => {
                let choice = choices
                    .iter()
                    .find(|c| c.eq_ignore_ascii_case(text))
                    .ok_or_else(|| {
                        bad(format!(
                            "'{}' is not one of {}",
                            short(text),
                            choices.join(", ")
                        ))
                    })?;
                o.profile = choice.clone();
            }
            OptionKind::Text { .. } => match spec.name {
                "Widths" => o.widths = parse_widths(text).map_err(bad)?,
                "BookFile" => {
                    if text.is_empty() || text == "<empty>" {
                        self.book = Arc::new(Book::builtin());
                        self.options.book_file = None;
                    } else {
                        // A book that cannot be read is refused; the old one stays.
                        let book = Book::open(std::path::Path::new(text))
                            .map_err(|e| bad(e.to_string()))?;
                        self.book = Arc::new(book);
                        self.options.book_file = Some(text.to_string());
                    }
                }
                _ => {}
            },
        }
        self.searcher_stale = true;
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
            Err(EngineError::IllegalMove(
                m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
            ))
        }
    }

    /// Takes back the last move of the game.
    pub fn undo(&mut self) -> Option<Move> {
        self.game.undo()
    }

    /// Whether a search is running (its result not yet delivered).
    pub fn is_searching(&self) -> bool {
        self.running.as_ref().is_some_and(|r| {
            let st = lock(&r.shared.state);
            !st.finished || st.on_done.is_some()
        })
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
        let game = self.game.clone();
        let pos = game.position();
        let control = self.time_control(&request);
        let budget = timeman::allot(&control, self.options.move_overhead);
        let hold = request.infinite || request.ponder;
        let now = Instant::now();
        let depth = request
            .depth
            .or(request.mate.map(|m| (2 * m).saturating_sub(1).max(1)));
        let limits = Limits {
            depth,
            nodes: request.nodes,
            deadline: if hold {
                None
            } else {
                budget.map(|b| now + b.hard)
            },
            soft: if hold {
                None
            } else {
                budget.map(|b| now + b.soft)
            },
            searchmoves: request
                .searchmoves
                .iter()
                .copied()
                .filter(|&m| pos.is_legal(m))
                .collect(),
        };
        let shared = Arc::new(Shared {
            stop: AtomicBool::new(false),
            state: Mutex::new(RunState {
                infinite: request.infinite,
                pondering: request.ponder,
                clock_from: now,
                budget,
                search_keeps_time: keeps_time && !hold,
                mate: request.mate,
                finished: false,
                result: None,
                on_done: Some(Box::new(on_done)),
            }),
            wake: Condvar::new(),
        });
        let book = (self.options.own_book && !hold && limits.searchmoves.is_empty())
            .then(|| (Arc::clone(&self.book), self.book_seed));
        let job = Job {
            game,
            limits,
            book,
            profile: self.searcher_profile,
            settings: self.settings(),
        };
        let searcher = Arc::clone(&self.searcher);

        let last = Arc::clone(&self.last_search);
        let on_info: InfoFn = Box::new(on_info);
        let thread = {
            let shared = Arc::clone(&shared);
            thread::Builder::new()
                .name("machack-search".into())
                .spawn(move || search_thread(&shared, &searcher, &job, on_info, &last))
        };
        let watchdog = {
            let shared = Arc::clone(&shared);
            thread::Builder::new()
                .name("machack-watchdog".into())
                .spawn(move || shared.watch())
        };
        match (thread, watchdog) {
            (Ok(thread), Ok(watchdog)) => {
                self.running = Some(Running {
                    shared,
                    thread,
                    watchdog,
                });
                Ok(())
            }
            _ => {
                // No thread could be made: answer at once rather than never.
                shared.stop.store(true, Ordering::Relaxed);
                let mut st = lock(&shared.state);
                st.finished = true;
                st.infinite = false;
                st.pondering = false;
                st.result = Some(fallback(self.game.position(), Duration::ZERO));
                drop(st);
                shared.deliver();
                Ok(())
            }
        }
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
        Ok(rx.recv().unwrap_or_else(|_| fallback(pos, Duration::ZERO)))
    }

    /// Stops the search; its answer is delivered (at once if it had finished).
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.shared.stop.store(true, Ordering::Relaxed);
            {
                let mut st = lock(&r.shared.state);
                st.infinite = false;
                st.pondering = false;
            }
            r.shared.wake.notify_all();
            r.shared.deliver();
        }
    }

    /// The opponent played the move we pondered on: our clock starts now and the search
    /// continues as a normal timed one. `clocks` replaces the clocks given at `go`, if the
    /// protocol knows newer ones (xboard sends `time` before the move).
    pub fn ponderhit(&mut self, clocks: Option<Clocks>) {
        let budget = clocks.map(|c| {
            let control = self.clock_control(c);
            timeman::allot(&control, self.options.move_overhead)
        });
        if let Some(r) = &self.running {
            {
                let mut st = lock(&r.shared.state);
                if st.pondering {
                    st.pondering = false;
                    st.clock_from = Instant::now();
                    if let Some(b) = budget {
                        st.budget = b;
                    }
                }
            }
            r.shared.wake.notify_all();
            r.shared.deliver();
        }
    }

    /// Stops the search and throws its answer away (xboard `force`, `new`, a ponder miss):
    /// the done callback is not called. Returns when the search thread has ended.
    pub fn abort(&mut self) {
        if let Some(r) = &self.running {
            lock(&r.shared.state).on_done = None;
            r.shared.stop.store(true, Ordering::Relaxed);
            r.shared.wake.notify_all();
        }
        self.wait();
    }

    /// Lets a timed search finish and answer; stops an infinite or ponder search first (end
    /// of input, or the console waiting for its reply).
    pub fn finish(&mut self) {
        let held = self.running.as_ref().is_some_and(|r| {
            let st = lock(&r.shared.state);
            st.infinite || st.pondering
        });
        if held {
            self.stop();
        }
        self.wait();
    }

    /// Waits for the search thread to end (an infinite or ponder search must have been
    /// stopped first, or this waits for `stop` from another thread, which cannot come:
    /// so those are stopped here).
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = r.thread.join();
            r.shared.wake.notify_all();
            let _ = r.watchdog.join();
            // A held result (infinite search finished, never stopped) is delivered now so
            // that every go has its answer.
            {
                let mut st = lock(&r.shared.state);
                st.infinite = false;
                st.pondering = false;
            }
            r.shared.deliver();
        }
    }

    /// The full result of the last search that completed (book moves do not replace it),
    /// for the console's debugging aids: root moves, statistics, terms at the PV's end.
    pub fn last_search(&self) -> Option<SearchResult> {
        lock(&self.last_search).clone()
    }

    /// The value we judge a draw at (side to move's view, 1967 units).
    pub fn draw_score(&self) -> i32 {
        -self.options.contempt
    }

    /// Makes sure no unstopped search is running and reaps a finished one.
    fn reap(&mut self) -> Result<(), EngineError> {
        if let Some(r) = &self.running {
            let st = lock(&r.shared.state);
            let stopped = r.shared.stop.load(Ordering::Relaxed);
            let delivered = st.on_done.is_none();
            let held = st.infinite || st.pondering;
            drop(st);
            if !stopped && !delivered && held {
                return Err(EngineError::Busy);
            }
            if !stopped && !delivered {
                // A timed search still thinking: the caller must stop it first.
                return Err(EngineError::Busy);
            }
        }
        self.wait();
        Ok(())
    }

    /// The profile the options name.
    fn profile(&self) -> &'static Profile {
        search::profile(&self.options.profile).unwrap_or_else(default_profile)
    }

    /// Brings the searcher up to date with the options before a search: a new search when
    /// the profile changed, the settings when an option changed.
    fn prepare_searcher(&mut self) {
        let profile = self.profile();
        let mut searcher = lock(&self.searcher);
        if !std::ptr::eq(profile, self.searcher_profile) {
            *searcher = (profile.make)();
            self.searcher_profile = profile;
            self.searcher_stale = true;
        }
        if self.searcher_stale {
            searcher.configure(&self.settings());
            self.searcher_stale = false;
        }
        if self.clear_hash {
            searcher.clear_hash();
            self.clear_hash = false;
        }
    }

    /// The settings the options give a search.
    pub fn settings(&self) -> Settings {
        let o = &self.options;
        Settings {
            depth: o.depth,
            widths: o.widths.clone(),
            hash_mib: if o.hash_mb > 0 {
                o.hash_mb
            } else {
                search::DEFAULT_HASH_MIB
            },
            contempt: o.contempt,
            threads: o.threads,
            ..Settings::default()
        }
    }

    fn time_control(&self, request: &Go) -> TimeControl {
        if request.infinite {
            return TimeControl::Unlimited;
        }
        if let Some(t) = request.movetime {
            return TimeControl::MoveTime(t);
        }
        match request.clocks {
            Some(c) => self.clock_control(c),
            None => TimeControl::Unlimited,
        }
    }

    fn clock_control(&self, c: Clocks) -> TimeControl {
        let (remaining, increment) = match self.game.position().turn() {
            Color::White => (c.white, c.white_increment),
            Color::Black => (c.black, c.black_increment),
        };
        TimeControl::Clock(Clock {
            remaining,
            increment,
            moves_to_go: c.moves_to_go,
        })
    }
}

/// The profile played unless the `Profile` option says otherwise.
fn default_profile() -> &'static Profile {
    search::profile(DEFAULT_PROFILE).unwrap_or(&PROFILES[0])
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.abort();
    }
}

/// What the search thread is to do.
struct Job {
    game: Game,
    limits: Limits,
    /// The book to try first and its seed (None: search at once).
    book: Option<(Arc<Book>, u64)>,
    /// The profile and settings of the searcher, to make it afresh after a panic.
    profile: &'static Profile,
    settings: Settings,
}

/// The body of the search thread: book or search, then hand the answer over.
fn search_thread(
    shared: &Shared,
    searcher: &Mutex<Box<dyn Search>>,
    job: &Job,
    mut on_info: InfoFn,
    last: &Mutex<Option<SearchResult>>,
) {
    let start = Instant::now();
    let (game, limits) = (&job.game, &job.limits);
    let pos = game.position();
    let answer = if pos.legal_moves().is_empty() {
        BestMove {
            best: None,
            ponder: None,
            score: None,
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            source: Source::NoMove,
        }
    } else if let Some(m) = job
        .book
        .as_ref()
        .and_then(|(b, seed)| b.pick(pos, Choice::Random { seed: *seed }))
    {
        BestMove {
            best: Some(m),
            ponder: None,
            score: None,
            pv: vec![m],
            depth: 0,
            nodes: 0,
            time: start.elapsed(),
            source: Source::Book,
        }
    } else {
        let mut guard = lock(searcher);
        let mut report = |info: &Info| {
            let mut info = info.clone();
            info.pv = legal_prefix(pos, &info.pv);
            on_info(&info);
            shared.on_progress(&info);
        };
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            guard.search(game, limits, &shared.stop, &mut report)
        }));
        match outcome {
            Ok(Ok(result)) => {
                *lock(last) = Some(result.clone());
                from_search(pos, result)
            }
            Ok(Err(_)) => fallback(pos, start.elapsed()),
            Err(_) => {
                // The searcher may be half-updated: start it afresh.
                *guard = (job.profile.make)();
                guard.configure(&job.settings);
                fallback(pos, start.elapsed())
            }
        }
    };
    {
        let mut st = lock(&shared.state);
        st.finished = true;
        st.result = Some(answer);
    }
    shared.wake.notify_all();
    shared.deliver();
}

/// A seed for the book's random choice, different from one game to the next.
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Checks a search result before it leaves the engine (STYLE point 6).
fn from_search(pos: &Chess, r: SearchResult) -> BestMove {
    if !pos.is_legal(r.best) {
        return fallback(pos, r.time);
    }
    let mut pv = legal_prefix(pos, &r.pv);
    if pv.first() != Some(&r.best) {
        pv = vec![r.best];
    }
    let mut after = pos.clone();
    after.play_unchecked(r.best);
    let ponder = r
        .ponder
        .or_else(|| pv.get(1).copied())
        .filter(|&m| after.is_legal(m));
    BestMove {
        best: Some(r.best),
        ponder,
        score: Some(r.score),
        pv,
        depth: r.depth,
        nodes: r.nodes,
        time: r.time,
        source: Source::Search,
    }
}

/// The first legal move: only when the search failed.
fn fallback(pos: &Chess, time: Duration) -> BestMove {
    let best = pos.legal_moves().first().copied();
    BestMove {
        best,
        ponder: None,
        score: None,
        pv: best.into_iter().collect(),
        depth: 0,
        nodes: 0,
        time,
        source: if best.is_some() {
            Source::Fallback
        } else {
            Source::NoMove
        },
    }
}

/// The longest prefix of `line` that is a legal sequence from `pos`.
pub fn legal_prefix(pos: &Chess, line: &[Move]) -> Vec<Move> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !p.is_legal(m) {
            break;
        }
        p.play_unchecked(m);
        out.push(m);
    }
    out
}

/// Reads a width schedule: numbers separated by commas or spaces; empty means none.
fn parse_widths(text: &str) -> Result<Option<Vec<u32>>, String> {
    if text.is_empty() || text == "<empty>" {
        return Ok(None);
    }
    let widths = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| match s.parse::<u32>() {
            Ok(w) if (1..=256).contains(&w) => Ok(w),
            _ => Err(format!("'{}' is not a width from 1 to 256", short(s))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(widths))
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
mod tests {
    use super::*;
    use std::sync::mpsc;

    fn answer(engine: &mut Engine, go: Go) -> mpsc::Receiver<BestMove> {
        let (tx, rx) = mpsc::channel();
        engine.go(go, |_| {}, move |b| tx.send(b).unwrap()).unwrap();
        rx
    }

    #[test]
    fn a_fixed_depth_search_answers_once_with_a_legal_move() {
        let mut e = Engine::new();
        e.set_option("OwnBook", Some("false")).unwrap();
        let rx = answer(
            &mut e,
            Go {
                depth: Some(2),
                ..Go::default()
            },
        );
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
                depth: Some(1),
                infinite: true,
                ..Go::default()
            })
            .unwrap();
        assert!(e.position().is_legal(b.best.unwrap()));
        assert!(!e.is_searching());
    }

    #[test]
    fn infinite_holds_its_answer_until_stop() {
        let mut e = Engine::new();
        let rx = answer(
            &mut e,
            Go {
                depth: Some(1),
                infinite: true,
                ..Go::default()
            },
        );
        assert!(rx.recv_timeout(Duration::from_millis(300)).is_err());
        assert_eq!(
            e.go(Go::default(), |_| {}, |_| {}).unwrap_err(),
            EngineError::Busy
        );
        e.stop();
        assert!(rx.recv_timeout(Duration::from_secs(10)).is_ok());
    }

    #[test]
    fn ponder_holds_until_ponderhit() {
        let mut e = Engine::new();
        let rx = answer(
            &mut e,
            Go {
                depth: Some(1),
                ponder: true,
                ..Go::default()
            },
        );
        assert!(rx.recv_timeout(Duration::from_millis(300)).is_err());
        e.ponderhit(None);
        assert!(rx.recv_timeout(Duration::from_secs(10)).is_ok());
    }

    #[test]
    fn abort_throws_the_answer_away() {
        let mut e = Engine::new();
        let rx = answer(
            &mut e,
            Go {
                infinite: true,
                ..Go::default()
            },
        );
        e.abort();
        assert!(rx.recv_timeout(Duration::from_millis(100)).is_err());
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
                depth: Some(1),
                ..Go::default()
            },
            Go {
                ponder: true,
                depth: Some(1),
                ..Go::default()
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
        let b = answer(
            &mut e,
            Go {
                depth: Some(1),
                ..Go::default()
            },
        )
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
            Err(EngineError::BadValue { .. })
        ));
        assert!(matches!(
            e.set_option("Hash", Some("5000")),
            Err(EngineError::BadValue { .. })
        ));
        assert!(matches!(
            e.set_option("Nonsense", Some("1")),
            Err(EngineError::UnknownOption(_))
        ));
        e.set_option("hash", Some("64")).unwrap();
        e.set_option("Move Overhead", Some("100")).unwrap();
        e.set_option("Widths", Some("15, 15 9")).unwrap();
        e.set_option("Profile", Some("1967")).unwrap();
        e.set_option("Clear Hash", None).unwrap();
        let o = e.options();
        assert_eq!(o.hash_mb, 64);
        assert_eq!(o.move_overhead, Duration::from_millis(100));
        assert_eq!(o.widths, Some(vec![15, 15, 9]));
        assert_eq!(o.profile, "1967");
    }

    #[test]
    fn a_timed_search_answers_in_time() {
        let mut e = Engine::new();
        e.set_option("OwnBook", Some("false")).unwrap();
        let t = Instant::now();
        let rx = answer(
            &mut e,
            Go {
                movetime: Some(Duration::from_millis(100)),
                depth: Some(64),
                ..Go::default()
            },
        );
        rx.recv_timeout(Duration::from_secs(5)).unwrap();
        assert!(
            t.elapsed() < Duration::from_millis(600),
            "{:?}",
            t.elapsed()
        );
    }
}
