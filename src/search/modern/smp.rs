//! Lazy SMP: `Threads` threads search the same root at once, sharing nothing but the
//! transposition table and the helpers' stop flag. The main thread searches as a
//! single-threaded search would, reports, keeps the clock and answers; the helpers fill
//! the table with results the main thread then finds, odd-numbered helpers one ply ahead
//! of it (they skip every other depth). When the main thread is done it stops the helpers
//! and waits for them, and their nodes are added to its own.
//!
//! A node budget counts one thread's nodes, so a node-limited search (`go nodes`, a
//! strength level) runs on the main thread alone and stays deterministic; so does every
//! search with `Threads` 1.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::correction::Correction;
use super::movepick::Heuristics;
use super::network::Network;
use super::params::Params;
use super::reductions::Reductions;
use super::tt::Tt;
use super::value::{MAX_DEPTH, MAX_PLY};
use super::worker::{Frame, Worker};
use crate::repetition::History;
use crate::rules::Game;
use crate::search::limits::{Budget, Limits};
use crate::search::result::CURRMOVE_AFTER;
use crate::search::stats::ModernStats;

/// One thread's own state: the ordering heuristics and the per-ply scratch space,
/// allocated when the number of threads changes, never during a search.
#[derive(Debug)]
pub struct Scratch {
    pub heuristics: Heuristics,
    pub correction: Correction,
    pub frames: Vec<Frame>,
}

impl Scratch {
    pub fn new(params: &Params) -> Scratch {
        Scratch {
            heuristics: Heuristics::new(params.history_max),
            correction: Correction::new(),
            frames: (0..=MAX_PLY + 1).map(|_| Frame::new()).collect(),
        }
    }
}

/// What every thread of one search reads: the tables, the position and the settings.
#[derive(Clone, Copy)]
pub struct Shared<'a> {
    pub params: &'a Params,
    pub tt: &'a Tt,
    pub reductions: &'a Reductions,
    pub game: &'a Game,
    pub limits: &'a Limits,
    /// The value of a draw for the side to move at the root (centipawns).
    pub draw: i32,
    pub start: Instant,
    /// A strength level's evaluation blur (0 at full strength).
    pub blur: i32,
    /// The evaluation network, when it judges beside the hand-written evaluation.
    pub network: Option<&'a Network>,
    pub tb_depth: i32,
    pub tb_fifty_move_rule: bool,
    /// The helpers' nodes so far, for the main thread's reports.
    pub helper_nodes: &'a AtomicU64,
}

impl<'a> Shared<'a> {
    /// The worker of thread `thread` (0: the main thread) on `scratch`, stopping when
    /// `stop` is raised.
    pub fn worker(
        self,
        scratch: &'a mut Scratch,
        stop: &'a AtomicBool,
        thread: usize,
    ) -> Worker<'a> {
        let limits = self.limits;
        Worker {
            params: self.params,
            tt: self.tt,
            heuristics: &mut scratch.heuristics,
            correction: &mut scratch.correction,
            frames: &mut scratch.frames,
            reductions: self.reductions,
            history: History::new(self.game),
            draw: self.draw,
            counts: ModernStats::default(),
            budget: Budget::new(limits, stop),
            blur: self.blur,
            network: self.network,
            stopped: false,
            start: self.start,
            currmove_at: (thread == 0 && limits.currmove).then(|| self.start + CURRMOVE_AFTER),
            tablebases: limits.tablebases.as_deref(),
            tb_depth: self.tb_depth,
            tb_fifty_move_rule: self.tb_fifty_move_rule,
            thread,
            helper_nodes: self.helper_nodes,
        }
    }
}

/// Runs `main` on this thread while the `helpers` search the same root on threads of
/// their own; when `main` returns, stops the helpers and waits for them. Returns what
/// `main` returned and the helpers' counters added up. A helper whose thread cannot be
/// made is left out.
pub fn with_helpers<R>(
    shared: Shared<'_>,
    helpers: &mut [Scratch],
    main: impl FnOnce() -> R,
) -> (R, ModernStats) {
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        let handles: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .filter_map(|(i, scratch)| {
                let done = &done;
                std::thread::Builder::new()
                    .name(format!("machack-helper-{}", i + 1))
                    .spawn_scoped(s, move || helper(shared, scratch, done, i + 1))
                    .ok()
            })
            .collect();
        let answer = main();
        done.store(true, Ordering::Relaxed);
        let mut counts = ModernStats::default();
        for h in handles {
            if let Ok(c) = h.join() {
                counts.add(&c);
            }
        }
        (answer, counts)
    })
}

/// The search of helper `thread`: iterative deepening on the root until `done` is raised,
/// the deadline passes or the depth limit is reached, reporting nothing.
fn helper(
    shared: Shared<'_>,
    scratch: &mut Scratch,
    done: &AtomicBool,
    thread: usize,
) -> ModernStats {
    let mut w = shared.worker(scratch, done, thread);
    let pos = shared.game.position();
    let moves = w.root_moves(pos, &shared.limits.searchmoves);
    if !moves.is_empty() {
        let max_depth = shared.limits.depth.unwrap_or(MAX_DEPTH);
        w.deepen(pos, moves, max_depth, None, 1, &mut |_| {});
    }
    shared
        .helper_nodes
        .fetch_add(w.counts.nodes % 1024, Ordering::Relaxed);
    w.counts
}

/// Whether thread `thread` leaves out the iteration to `depth`: odd-numbered helpers
/// search every other depth, so they run ahead of the main thread.
pub fn skips(thread: usize, depth: u32) -> bool {
    thread % 2 == 1 && depth.is_multiple_of(2)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    use shakmaty::Position;

    use super::super::Searcher;
    use super::with_helpers;
    use crate::rules::Game;
    use crate::rules::testing::{pos, stopped_after};
    use crate::score::Score;
    use crate::search::interface::{Search, Settings};
    use crate::search::limits::Limits;
    use crate::search::result::SearchResult;

    fn threads(n: u32) -> Searcher {
        let mut s = Searcher::new(4);
        s.configure(&Settings {
            threads: n,
            ..Settings::default()
        });
        s
    }

    fn run(s: &mut Searcher, g: &Game, limits: &Limits) -> SearchResult {
        let stop = AtomicBool::new(false);
        s.run(g, limits, 0, &stop, &mut |_| {}).unwrap()
    }

    #[test]
    fn two_threads_find_the_same_mate_as_one() {
        // Two rooks from further away: mate in three.
        let g = Game::new(pos("k7/8/8/8/8/8/8/2R1R1K1 w - - 0 1"));
        let one = run(&mut threads(1), &g, &Limits::to_depth(8));
        let two = run(&mut threads(2), &g, &Limits::to_depth(8));
        assert_eq!(one.score, Score::Mate(3));
        assert_eq!(two.score, one.score);
        assert!(g.position().is_legal(two.best));
    }

    #[test]
    fn the_helpers_nodes_are_counted() {
        let mut s = threads(2);
        let g = Game::default();
        let limits = Limits::default();
        let nodes = AtomicU64::new(0);
        let (shared, _, helpers) = s.split(&g, &limits, 0, Instant::now(), &nodes);
        assert_eq!(helpers.len(), 1);
        // The main thread waits until the helper has searched, then stops it.
        let t = Instant::now();
        let ((), counts) = with_helpers(shared, helpers, || {
            while nodes.load(Ordering::Relaxed) < 4096 && t.elapsed() < Duration::from_secs(20) {
                std::thread::yield_now();
            }
        });
        assert!(counts.nodes >= 4096, "{counts:?}");
        assert_eq!(nodes.load(Ordering::Relaxed), counts.nodes);
    }

    #[test]
    fn stop_ends_every_thread_promptly() {
        let g = Game::default();
        let mut s = threads(2);
        let t = Instant::now();
        let r = stopped_after(Duration::from_millis(200), |stop| {
            s.run(&g, &Limits::default(), 0, stop, &mut |_| {})
        })
        .unwrap();
        // `run` returns only once its helpers have ended.
        assert!(r.stopped && g.position().is_legal(r.best));
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    }

    #[test]
    fn the_number_of_threads_can_change_between_searches() {
        let g = Game::new(pos(
            "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
        ));
        let mut s = threads(1);
        for n in [3, 1, 2, 2, 64, 1] {
            s.configure(&Settings {
                threads: n,
                ..Settings::default()
            });
            assert_eq!(s.helpers.len(), n as usize - 1);
            let r = run(&mut s, &g, &Limits::to_depth(6));
            assert!(r.depth == 6 && g.position().is_legal(r.best));
        }
    }

    #[test]
    fn a_node_budget_searches_on_one_thread_deterministically() {
        let g = Game::default();
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let one = run(&mut threads(1), &g, &limits);
        let two = run(&mut threads(2), &g, &limits);
        assert_eq!((one.nodes, one.best), (two.nodes, two.best));
    }
}
