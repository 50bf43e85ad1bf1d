//! The search (SPEC §6).
//!
//! PLACEHOLDER INTERFACE: `Searcher`, `Limits`, `Info`, `Score` and `SearchResult` are the
//! contract the engine and protocols build on. This first cut is a plain fixed-depth
//! alpha-beta over the plausible order, to be replaced by the 1967 search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use shakmaty::{Chess, Move, Position};

use crate::attack::Analysis;
use crate::eval::{Root, static_board_evaluator};
use crate::plausible::{self, Context, PlausibleList};
use crate::rules::Game;

/// A search value: centipawn-like units of the 1967 program (pawn = 128), or a mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Value for the side to move, pawn = 128.
    Value(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

/// When to stop. Every field is optional; the search stops at the first limit reached or
/// when the stop flag is raised.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Maximum depth in plies (the profile's depth when absent).
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Hard deadline: stop searching at this instant.
    pub deadline: Option<Instant>,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
}

/// Progress reported while searching.
#[derive(Debug, Clone)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    /// Hash table fill, per mille.
    pub hashfull: u32,
}

/// The outcome of a search. `best` is always a legal move of the root position (the root
/// must have one).
#[derive(Debug, Clone)]
pub struct SearchResult {
    pub best: Move,
    pub ponder: Option<Move>,
    pub score: Score,
    pub pv: Vec<Move>,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
}

/// The search and its state kept between searches (the hash table).
#[derive(Debug, Default)]
pub struct Searcher {
    nodes: u64,
}

impl Searcher {
    /// Searches the current position of `game`. Calls `info` with progress.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        self.nodes = 0;
        let pos = game.position();
        let root = Root::new(pos);
        let depth = limits.depth.unwrap_or(4).max(1);
        let mut list = PlausibleList::new();
        plausible::generate(pos, &Analysis::new(pos), &Context::default(), &mut list);
        let mut best = list
            .first()
            .map(|pm| pm.mv)
            .expect("the root has a legal move");
        let mut best_value = -i32::MAX;
        for pm in &list {
            if !limits.searchmoves.is_empty() && !limits.searchmoves.contains(&pm.mv) {
                continue;
            }
            let mut after = pos.clone();
            after.play_unchecked(pm.mv);
            let v = -self.alpha_beta(&after, &root, depth - 1, -i32::MAX, -best_value, stop);
            if stop.load(Ordering::Relaxed) || limits.deadline.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
            if v > best_value {
                best_value = v;
                best = pm.mv;
            }
        }
        let result = SearchResult {
            best,
            ponder: None,
            score: Score::Value(best_value),
            pv: vec![best],
            depth,
            nodes: self.nodes,
            time: start.elapsed(),
        };
        info(&Info {
            depth,
            seldepth: depth,
            score: result.score,
            nodes: self.nodes,
            time: result.time,
            pv: result.pv.clone(),
            hashfull: 0,
        });
        result
    }

    fn alpha_beta(
        &mut self,
        pos: &Chess,
        root: &Root,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> i32 {
        self.nodes += 1;
        if depth == 0 || stop.load(Ordering::Relaxed) {
            let s = static_board_evaluator(pos, root).s();
            return if pos.turn().is_white() { s } else { -s };
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() { -100_000 } else { 0 };
        }
        for &m in &moves {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let v = -self.alpha_beta(&after, root, depth - 1, -beta, -alpha, stop);
            if v >= beta {
                return v;
            }
            alpha = alpha.max(v);
        }
        alpha
    }
}
