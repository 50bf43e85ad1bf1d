//! The search thread of one `go`, its watchdog, and the state they share with the
//! protocol's thread: the stop flag, whether the answer is held (`go infinite`, `go
//! ponder`), the clock and the answer itself, handed to the done callback exactly once.
//!
//! The search thread plays from the book or searches, then leaves its answer; whichever
//! thread makes the answer deliverable (the search finishing, `stop`, `ponderhit`) hands
//! it over. The watchdog raises the stop flag when the hard time limit falls, counting from
//! `go`, or from `ponderhit` for a ponder search; the soft limit is checked at each
//! progress report.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use shakmaty::{Move, Position};

use super::go::{BestMove, Source, legal_prefix};
use crate::book::{Book, Choice};
use crate::rules::Game;
use crate::search::{Info, Limits, Profile, Score, Search, SearchResult, Settings};
use crate::tablebase::{RootProbe, Tablebases};
use crate::timeman::Budget;

pub type InfoFn = Box<dyn FnMut(&Info) + Send>;
pub type DoneFn = Box<dyn FnOnce(BestMove) + Send>;

/// The search and the last full result, as the engine keeps them between searches.
pub type Searcher = Arc<Mutex<Box<dyn Search>>>;
pub type LastSearch = Arc<Mutex<Option<SearchResult>>>;

/// What the search thread is to do.
pub struct Job {
    pub game: Game,
    /// The tables to answer from when they cover the position (None: search).
    pub tablebases: Option<Arc<Tablebases>>,
    pub limits: Limits,
    /// The book to try first and its seed (None: search at once).
    pub book: Option<(Arc<Book>, u64)>,
    /// The profile and settings of the searcher, to make it afresh after a panic.
    pub profile: &'static Profile,
    pub settings: Settings,
}

/// How the answer of one `go` is held and timed.
pub struct Timing {
    /// `go infinite`: hold the result until stop.
    pub infinite: bool,
    /// `go ponder` before ponderhit: hold the result, no clock.
    pub pondering: bool,
    /// When our clock started: `go`, or `ponderhit`.
    pub clock_from: Instant,
    pub budget: Option<Budget>,
    /// The search stops itself near the soft limit: it had it from the start (not a ponder
    /// search, whose clock starts later).
    pub search_keeps_time: bool,
    /// Stop once a mate this short (in moves) is found.
    pub mate: Option<u32>,
}

/// A search in progress (or finished and not yet reaped).
pub struct Running {
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
    timing: Timing,
    /// The search has returned.
    finished: bool,
    result: Option<BestMove>,
    on_done: Option<DoneFn>,
}

pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Running {
    /// Starts the search thread and its watchdog. If no thread can be made, the first
    /// legal move is answered at once (rather than never) and there is nothing running.
    pub fn start(
        job: Job,
        timing: Timing,
        searcher: Searcher,
        last: LastSearch,
        on_info: InfoFn,
        on_done: DoneFn,
    ) -> Option<Running> {
        let fallback = BestMove::fallback(job.game.position(), Duration::ZERO);
        let shared = Arc::new(Shared {
            stop: AtomicBool::new(false),
            state: Mutex::new(RunState {
                timing,
                finished: false,
                result: None,
                on_done: Some(on_done),
            }),
            wake: Condvar::new(),
        });
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
        if let (Ok(thread), Ok(watchdog)) = (thread, watchdog) {
            return Some(Running {
                shared,
                thread,
                watchdog,
            });
        }
        shared.stop.store(true, Ordering::Relaxed);
        shared.finish(fallback);
        shared.release();
        None
    }

    /// Whether the answer has not been handed over yet.
    pub fn is_searching(&self) -> bool {
        let st = lock(&self.shared.state);
        !st.finished || st.on_done.is_some()
    }

    /// Whether the answer is held until `stop` or `ponderhit`.
    pub fn is_held(&self) -> bool {
        let st = lock(&self.shared.state);
        st.timing.infinite || st.timing.pondering
    }

    /// Whether the search still thinks and was not told to stop (a new `go` must wait).
    pub fn is_busy(&self) -> bool {
        let delivered = lock(&self.shared.state).on_done.is_none();
        !self.shared.stop.load(Ordering::Relaxed) && !delivered
    }

    /// Stops the search; its answer is delivered (at once if it had finished).
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.shared.release();
    }

    /// Our clock starts now (with a new budget, if the protocol knows newer clocks) and
    /// the search goes on as a normal timed one.
    pub fn ponderhit(&self, budget: Option<Option<Budget>>) {
        {
            let mut st = lock(&self.shared.state);
            if st.timing.pondering {
                st.timing.pondering = false;
                st.timing.clock_from = Instant::now();
                if let Some(b) = budget {
                    st.timing.budget = b;
                }
            }
        }
        self.shared.wake.notify_all();
        self.shared.deliver();
    }

    /// Stops the search and throws its answer away: the done callback is not called.
    pub fn abort(&self) {
        lock(&self.shared.state).on_done = None;
        self.shared.stop.store(true, Ordering::Relaxed);
        self.shared.wake.notify_all();
    }

    /// Waits for both threads to end, then delivers a held answer (an infinite search
    /// that finished and was never stopped), so that every `go` has its answer.
    pub fn join(self) {
        let _ = self.thread.join();
        self.shared.wake.notify_all();
        let _ = self.watchdog.join();
        self.shared.release();
    }
}

impl Shared {
    /// Holds the answer no longer and delivers it if it is there.
    fn release(&self) {
        {
            let mut st = lock(&self.state);
            st.timing.infinite = false;
            st.timing.pondering = false;
        }
        self.wake.notify_all();
        self.deliver();
    }

    /// Leaves the search thread's answer.
    fn finish(&self, answer: BestMove) {
        let mut st = lock(&self.state);
        st.finished = true;
        st.result = Some(answer);
    }

    /// Hands the result to the callback if it is there and may be given now. Called by
    /// whichever thread makes that true; the callback runs without the lock held.
    fn deliver(&self) {
        let call = {
            let mut st = lock(&self.state);
            if st.result.is_some() && !st.timing.infinite && !st.timing.pondering {
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
    fn hard_deadline(t: &Timing) -> Option<Instant> {
        if t.infinite || t.pondering {
            return None;
        }
        t.budget.map(|b| t.clock_from + b.hard)
    }

    /// The watchdog: raises the stop flag when the hard limit falls.
    fn watch(&self) {
        let mut st = lock(&self.state);
        loop {
            if st.finished {
                return;
            }
            match Shared::hard_deadline(&st.timing) {
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
        let t = &st.timing;
        if t.infinite || t.pondering {
            return;
        }
        let soft_passed =
            !t.search_keeps_time && t.budget.is_some_and(|b| t.clock_from.elapsed() >= b.soft);
        let mate_found =
            matches!((t.mate, info.score), (Some(m), Score::Mate(n)) if n > 0 && n as u32 <= m);
        if soft_passed || mate_found {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
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
    let pos = job.game.position();
    let answer = if pos.legal_moves().is_empty() {
        BestMove::no_move()
    } else if let Some(probe) = job
        .tablebases
        .as_ref()
        .and_then(|t| t.root(pos, job.settings.syzygy_50_move_rule))
    {
        tablebase_answer(probe, start, &mut on_info)
    } else if let Some(m) = job
        .book
        .as_ref()
        .and_then(|(b, seed)| b.pick(pos, Choice::Random { seed: *seed }))
    {
        book_answer(m, shared, searcher, job, start, &mut on_info)
    } else {
        let mut report = |info: &Info| {
            let mut info = info.clone();
            info.pv = legal_prefix(pos, &info.pv);
            on_info(&info);
            if info.currmove.is_none() {
                shared.on_progress(&info);
            }
        };
        match guarded_search(searcher, job, &job.limits, &shared.stop, &mut report) {
            Some(result) => {
                *lock(last) = Some(result.clone());
                BestMove::from_search(pos, result)
            }
            None => BestMove::fallback(pos, start.elapsed()),
        }
    };
    shared.finish(answer);
    shared.wake.notify_all();
    shared.deliver();
}

/// Runs one search of the job's position; None when it fails or panics, in which case the
/// searcher, which may be half-updated, is made afresh.
fn guarded_search(
    searcher: &Mutex<Box<dyn Search>>,
    job: &Job,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<SearchResult> {
    let mut guard = lock(searcher);
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        guard.search(&job.game, limits, stop, report)
    }));
    match outcome {
        Ok(result) => result.ok(),
        Err(_) => {
            *guard = (job.profile.make)();
            guard.configure(&job.settings);
            None
        }
    }
}

/// The node budget of the short search that values a book move.
const BOOK_VALUE_NODES: u64 = 10_000;

/// A book move, valued by a short search of that move alone ([`BOOK_VALUE_NODES`] nodes,
/// a few milliseconds) and reported as a search would report it, so that GUIs show a value
/// and match runners write one into their PGNs.
fn book_answer(
    m: Move,
    shared: &Shared,
    searcher: &Mutex<Box<dyn Search>>,
    job: &Job,
    start: Instant,
    on_info: &mut InfoFn,
) -> BestMove {
    let limits = Limits {
        nodes: Some(BOOK_VALUE_NODES),
        searchmoves: vec![m],
        ..Limits::default()
    };
    let valued =
        guarded_search(searcher, job, &limits, &shared.stop, &mut |_| {}).filter(|r| r.best == m);
    let time = start.elapsed();
    let Some(r) = valued else {
        return BestMove::book(m, time);
    };
    on_info(&Info {
        depth: r.depth,
        seldepth: r.depth,
        score: r.score,
        nodes: r.nodes,
        time,
        pv: vec![m],
        ..Info::default()
    });
    BestMove {
        score: Some(r.score),
        depth: r.depth,
        nodes: r.nodes,
        ..BestMove::book(m, time)
    }
}

/// The answer the tables give at the root, reported as a search would report it.
fn tablebase_answer(probe: RootProbe, start: Instant, on_info: &mut InfoFn) -> BestMove {
    let time = start.elapsed();
    on_info(&Info {
        depth: 1,
        seldepth: probe.pv.len() as u32,
        score: probe.score,
        nodes: probe.probes,
        time,
        pv: probe.pv.clone(),
        tbhits: probe.probes,
        ..Info::default()
    });
    BestMove {
        best: Some(probe.best),
        ponder: probe.pv.get(1).copied(),
        score: Some(probe.score),
        depth: 1,
        nodes: probe.probes,
        pv: probe.pv,
        time,
        source: Source::Tablebase {
            probes: probe.probes,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tests::{answer, to_depth};
    use crate::engine::{Engine, EngineError, Go};
    use std::sync::mpsc;

    /// Starts a depth-1 search that `hold` makes wait (infinite or ponder), checks that
    /// it gives no answer in 300 ms, and returns where the answer will arrive.
    fn held(e: &mut Engine, hold: fn(&mut Go)) -> mpsc::Receiver<BestMove> {
        let mut go = to_depth(1);
        hold(&mut go);
        let rx = answer(e, go);
        assert!(rx.recv_timeout(Duration::from_millis(300)).is_err());
        rx
    }

    #[test]
    fn infinite_holds_its_answer_until_stop() {
        let mut e = Engine::new();
        let rx = held(&mut e, |go| go.infinite = true);
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
        let rx = held(&mut e, |go| go.ponder = true);
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
