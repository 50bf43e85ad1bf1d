//! The `modern` profile's search (docs/design.md §1, issue 20): Mac Hack's chess knowledge inside
//! the search of an engine of today.
//!
//! - [`root`]: iterative deepening with aspiration windows over the root moves, one
//!   search per `MultiPV` line, each over the moves the lines before it left;
//! - [`search`]: principal variation search with mate-distance pruning, the
//!   transposition table, tablebase probes, reverse futility, null move, internal
//!   iterative reduction, futility, late-move and static-exchange pruning, check
//!   extension and late-move reductions, each a numbered step; [`pruning`]: the steps
//!   that cut a node or a move short or search it shallower, [`reductions`] the table of
//!   the last; [`worker`]: what one thread keeps while it searches;
//! - [`qsearch`]: the quiescence search (captures, evasions in check);
//! - [`movepick`]: move ordering (table move, MVV-LVA and exchange, killers, counter-moves,
//!   history); [`see`]: static exchange evaluation;
//! - [`correction`]: what the search learns of the evaluation's errors, by pawn structure;
//! - [`tt`]: the transposition table in MiB, shared by the threads; [`params`]: every
//!   constant in one table; `time`: when to stop iterating under a clock; `eval`: the
//!   evaluation; [`network`]: the evaluation network added to it;
//! - [`smp`]: Lazy SMP, `Threads` threads searching the same root over the shared table
//!   (a node-limited search, and every search with one thread, stays deterministic);
//! - [`value`]: the scale of the search's values (centipawns, mates, tablebase wins) and
//!   the deepest line;
//! - [`level`]: strength levels (`UCI_Elo`): a node budget and an evaluation blur;
//! - [`end_terms`]: the evaluation's terms at the end of a line (debugging aid 3).
//!
//! Repetitions and the fifty-move rule are scored by docs/design.md §10's search rule with the
//! engine's [`crate::repetition::History`]. Values are centipawns inside; results are
//! reported in the 1967 units of [`Score`] (pawn = 128) so every protocol prints them
//! alike.

mod correction;
mod end_terms;
pub mod eval;
pub mod level;
mod movepick;
pub mod network;
pub mod params;
mod pruning;
mod qsearch;
mod reductions;
mod root;
mod search;
mod see;
mod smp;
mod time;
pub mod tt;
mod value;
mod worker;

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;

use shakmaty::Position;

use crate::rules::Game;
use crate::score::Score;
use crate::search::interface::{DEFAULT_HASH_MIB, MAX_THREADS, Search, Settings};
use crate::search::limits::Limits;
use crate::search::result::{Evaluator, Info, NoLegalMove, PvLine, RootMove, SearchResult};
use crate::search::stats::Statistics;

pub use end_terms::{EndTerms, end_terms};
pub use movepick::is_quiet;
use network::{NETWORK, NetFile};
pub use params::Params;
use reductions::Reductions;
use root::Deepened;
use smp::{Scratch, Shared};
use tt::Tt;
pub use value::to_score;
use value::{INF, MAX_DEPTH};

/// The modern search and what it keeps between searches: the transposition table and
/// each thread's ordering heuristics and preallocated per-ply scratch space.
#[derive(Debug)]
pub struct Searcher {
    params: Params,
    tt: Tt,
    /// The main thread's own state, and the helper threads' (`Threads` - 1 of them).
    main: Scratch,
    helpers: Vec<Scratch>,
    reductions: Reductions,
    /// The settings' choices for searches driven through [`Search`]: the value of a draw
    /// for the side to move at the root (centipawns) and a depth limit.
    draw: i32,
    depth: Option<u32>,
    /// How many best lines to find (`MultiPV`).
    multipv: usize,
    /// The tablebase probes' settings: the least depth to probe at, and whether the
    /// fifty-move rule turns cursed wins and blessed losses into draws.
    tb_depth: i32,
    tb_fifty_move_rule: bool,
    /// The strength level to play at (full strength when absent).
    level: Option<level::Level>,
    /// The network of an `EvalFile` (None: the embedded one).
    network: Option<NetFile>,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mib` MiB and the modern parameters.
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher::with_params(hash_mib, Params::MODERN)
    }

    /// A searcher with these parameters (to measure a step by switching it off).
    pub fn with_params(hash_mib: usize, params: Params) -> Searcher {
        Searcher {
            tt: Tt::new(hash_mib),
            main: Scratch::new(&params),
            helpers: Vec::new(),
            reductions: Reductions::new(&params),
            params,
            draw: 0,
            depth: None,
            multipv: 1,
            tb_depth: 1,
            tb_fifty_move_rule: true,
            level: None,
            network: None,
        }
    }

    /// The `modern` profile, for the profile table: the default table size.
    pub fn profile() -> Box<dyn Search> {
        Box::new(Searcher::new(DEFAULT_HASH_MIB as usize))
    }

    /// The parameters in use.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Searches with `params` from now on: the tables built from them are built again
    /// and the threads' heuristics start afresh.
    pub fn set_params(&mut self, params: Params) {
        self.reductions = Reductions::new(&params);
        self.main = Scratch::new(&params);
        let threads = self.helpers.len() + 1;
        self.helpers.clear();
        self.params = params;
        self.set_threads(threads);
    }

    /// Forgets everything learnt: the table and the ordering heuristics (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        for s in std::iter::once(&mut self.main).chain(&mut self.helpers) {
            s.heuristics.clear();
            s.correction.clear();
        }
    }

    /// Gives the table a new size in MiB (which empties it).
    pub fn resize(&mut self, mib: usize) {
        if mib.clamp(1, tt::MAX_MIB) != self.tt.mib() {
            self.tt = Tt::new(mib);
        }
    }

    /// Searches with `threads` threads from now on (1 to [`MAX_THREADS`]): makes or
    /// drops the helpers' scratch space.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        let params = &self.params;
        self.helpers.truncate(helpers);
        self.helpers.resize_with(helpers, || Scratch::new(params));
    }

    /// What the threads of one search of `game` share, the main thread's scratch space
    /// and the helpers'.
    fn split<'a>(
        &'a mut self,
        game: &'a Game,
        limits: &'a Limits,
        draw: i32,
        start: Instant,
        helper_nodes: &'a AtomicU64,
    ) -> (Shared<'a>, &'a mut Scratch, &'a mut [Scratch]) {
        let shared = Shared {
            params: &self.params,
            tt: &self.tt,
            reductions: &self.reductions,
            game,
            limits,
            draw,
            start,
            blur: self.level.map_or(0, |l| l.blur),
            network: (self.params.network && self.level.is_none_or(|l| l.network))
                .then(|| self.network.as_ref().map_or(&*NETWORK, |n| n.network())),
            tb_depth: self.tb_depth,
            tb_fifty_move_rule: self.tb_fifty_move_rule,
            helper_nodes,
        };
        (shared, &mut self.main, &mut self.helpers)
    }

    /// Searches the current position of `game` within `limits` until a limit is reached
    /// or `stop` is raised; `draw` is the value of a draw in centipawns for the side to
    /// move (the contempt, negated). The helper threads search beside the main thread
    /// unless a node budget is set ([`smp`]). Calls `info` after every iteration. `None`
    /// when the position has no legal move.
    pub fn run(
        &mut self,
        game: &Game,
        limits: &Limits,
        draw: i32,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let start = Instant::now();
        let pos = game.position();
        if pos.legal_moves().is_empty() {
            return None;
        }
        self.tt.new_search();
        let multipv = self.multipv;
        let helper_nodes = AtomicU64::new(0);
        // The nodes of the last line reported: when the last iteration ended the search,
        // its lines already said everything the result says.
        let mut reported_nodes = None;
        let mut report = |i: &Info| {
            if i.currmove.is_none() {
                reported_nodes = Some(i.nodes);
            }
            info(i);
        };
        let (shared, main, helpers) = self.split(game, limits, draw, start, &helper_nodes);
        // A node budget counts one thread's nodes: the main thread searches alone.
        let helpers = if limits.nodes.is_some() {
            &mut [][..]
        } else {
            helpers
        };
        for s in std::iter::once(&mut *main).chain(helpers.iter_mut()) {
            s.heuristics.new_search();
        }
        let ((done, value, mut counts, stopped), helper_counts) =
            smp::with_helpers(shared, helpers, || {
                let mut worker = shared.worker(main, stop, 0);
                let moves = worker.root_moves(pos, &limits.searchmoves);
                let max_depth = limits.depth.unwrap_or(MAX_DEPTH);
                let done = worker.deepen(pos, moves, max_depth, limits.soft, multipv, &mut report);
                // Stopped before the first move had a value: the static evaluation
                // stands in.
                let value = match done.moves[0].score {
                    v if v == -INF => worker.evaluate(pos, 0),
                    v => v,
                };
                (done, value, worker.counts, worker.stopped)
            });
        counts.add(&helper_counts);
        counts.hashfull = self.tt.hashfull();
        let best = &done.moves[0];
        let pv = best.pv.to_vec();
        let lines = lines(&done, multipv, to_score(value));
        let result = SearchResult {
            best: best.mv,
            ponder: pv.get(1).copied(),
            score: to_score(value),
            pv,
            lines,
            depth: done.depth,
            nodes: counts.nodes,
            time: start.elapsed(),
            root_moves: record(&done),
            stats: Statistics::Modern(counts),
            evaluator: Evaluator::Modern,
            stopped,
        };
        if reported_nodes == Some(counts.nodes) {
            return Some(result);
        }
        info(&Info {
            depth: result.depth,
            seldepth: counts.seldepth,
            score: result.score,
            nodes: counts.nodes,
            time: result.time,
            pv: result.pv.clone(),
            hashfull: counts.hashfull,
            tbhits: counts.tbhits,
            ..Info::default()
        });
        Some(result)
    }
}

impl Search for Searcher {
    /// Reads the table size, the contempt (1967 units, against the side to move at the
    /// root), the depth, the strength level and the parameters; the 1967 knobs do not
    /// apply.
    fn configure(&mut self, settings: &Settings) {
        if settings.modern != self.params {
            self.set_params(settings.modern.clone());
        }
        self.resize(settings.hash_mib as usize);
        self.draw = -settings.contempt * 100 / 128;
        self.depth = settings.depth;
        self.multipv = settings.multipv.max(1) as usize;
        self.tb_depth = settings.syzygy_probe_depth as i32;
        self.tb_fifty_move_rule = settings.syzygy_50_move_rule;
        self.level = settings.strength.map(level::level);
        self.network.clone_from(&settings.network);
        self.set_threads(settings.threads as usize);
    }

    /// Empties the table and forgets the ordering heuristics, so a search after it is
    /// the same as a fresh searcher's.
    fn clear_hash(&mut self) {
        self.clear();
    }

    fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, NoLegalMove> {
        // A strength level's node budget holds whatever else limits the search.
        let level_nodes = self.level.map(|l| l.nodes);
        let limits = Limits {
            depth: limits.depth.or(self.depth),
            nodes: limits.nodes.into_iter().chain(level_nodes).min(),
            ..limits.clone()
        };
        self.run(game, &limits, self.draw, stop, info)
            .ok_or(NoLegalMove)
    }

    fn keeps_time(&self) -> bool {
        true
    }
}

/// The best `multipv` lines of a finished search: the best move's, valued `best` (the
/// static evaluation when no move had a value yet), then the other lines of the last
/// complete iteration.
fn lines(done: &Deepened, multipv: usize, best: Score) -> Vec<PvLine> {
    let first = PvLine {
        score: best,
        pv: done.moves[0].pv.to_vec(),
    };
    let rest = done
        .lines
        .iter()
        .filter(|rm| rm.mv != done.moves[0].mv)
        .take(multipv - 1)
        .map(|rm| PvLine {
            score: to_score(rm.score),
            pv: rm.pv.to_vec(),
        });
    std::iter::once(first).chain(rest).collect()
}

/// The root moves as the last completed iteration left them, best first (debugging aid
/// 5): the answer's move, then the others by the value the root search knows (a bound
/// for most), ties in the order they were searched. When an iteration cut short had
/// already valued the answer's move (or found a better one), the search answers with that
/// move, value and line: its row is that iteration's, so that the record, the answer and
/// the last line agree.
fn record(done: &Deepened) -> Vec<RootMove> {
    let Some(best) = done.moves.first().filter(|_| !done.record.is_empty()) else {
        return Vec::new();
    };
    let completed = done.record.iter().find(|rm| rm.mv == best.mv);
    let (first, depth) = match completed {
        Some(rm) if rm.value == best.score && rm.pv == best.pv => (rm, done.depth),
        _ => (best, done.depth + 1),
    };
    let mut rest: Vec<&root::RootMove> =
        (done.record.iter()).filter(|rm| rm.mv != best.mv).collect();
    rest.sort_by_key(|rm| std::cmp::Reverse(rm.value));
    std::iter::once((first, depth))
        .chain(rest.into_iter().map(|rm| (rm, done.depth)))
        .map(|(rm, depth)| RootMove {
            searched: true,
            score: Some(to_score(rm.value)),
            bound: Some(rm.bound),
            depth: Some(depth),
            nodes: Some(rm.nodes),
            pv: if rm.line_known || std::ptr::eq(rm, best) {
                rm.pv.to_vec()
            } else {
                vec![rm.mv]
            },
            order: Some(rm.order),
            ..RootMove::unsearched(rm.mv)
        })
        .collect()
}
