//! What a search reports: progress while it runs ([`Info`]) and its outcome
//! ([`SearchResult`], with the record of every top-level move, the paper's debugging aid 5,
//! the statistics, aid 6, and the evaluator that explains its values). Every search fills
//! these the same way; a field a search has no use for keeps its empty value. The aids
//! themselves are made from them after the search, by `crate::aids`.

use std::time::Duration;

use shakmaty::Move;
use thiserror::Error;

use super::stats::Statistics;
use crate::plausible::Flags;
use crate::score::{Bound, Score};

/// Progress reported while searching: one principal variation (line `multipv` of the
/// ones asked for), or, when `currmove` is set, only the root move now being searched.
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
    /// Which of the best lines this is, from 1 (the best; `MultiPV`).
    pub multipv: u32,
    /// Tablebase probes that gave a result.
    pub tbhits: u64,
    /// Not a line: the root move being searched now (`score` and `pv` mean nothing).
    pub currmove: Option<CurrMove>,
}

impl Default for Info {
    /// An empty report of line 1.
    fn default() -> Self {
        Info {
            depth: 0,
            seldepth: 0,
            score: Score::Value(0),
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
            hashfull: 0,
            multipv: 1,
            tbhits: 0,
            currmove: None,
        }
    }
}

/// The root move a search is busy with, and its number in the search order (from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurrMove {
    pub mv: Move,
    pub number: u32,
}

/// A search waits this long before it reports the root move it is searching (UCI's
/// `currmove`): short searches would only flood the GUI with them.
pub const CURRMOVE_AFTER: Duration = Duration::from_secs(1);

/// One of the best lines of a search (`MultiPV`): its value and variation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PvLine {
    pub score: Score,
    /// The variation, its first move the root move it is the line of.
    pub pv: Vec<Move>,
}

/// What the search found for one top-level move (debugging aid 5). Each search fills in
/// what it knows of its moves; what it does not keep stays empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Its plausibility score and flags, from a search that ranks its moves by
    /// plausibility.
    pub plausibility: Option<i32>,
    pub flags: Flags,
    /// Whether it was searched (the width rule may leave it out).
    pub searched: bool,
    /// Its value for the side to move (after the value modifications), when searched.
    pub score: Option<Score>,
    /// `Exact` for a value, or a bound: `Upper` when the move was only shown to be no
    /// better than the best so far (alpha-beta does not compute more), `Lower` when it
    /// beat the top of the window.
    pub bound: Option<Bound>,
    /// The main variation found under it, the move first.
    pub pv: Vec<Move>,
    /// The secondary search's value, when one ran for this move.
    pub secondary: Option<Score>,
    /// Its place in the move ordering of the first iteration (from 1), from a search that
    /// orders its moves itself.
    pub order: Option<u32>,
    /// The depth of the iteration that valued it, and the nodes spent under it there.
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl RootMove {
    /// `mv`, of which nothing is known yet.
    pub fn unsearched(mv: Move) -> RootMove {
        RootMove {
            mv,
            plausibility: None,
            flags: Flags::default(),
            searched: false,
            score: None,
            bound: None,
            pv: Vec::new(),
            secondary: None,
            order: None,
            depth: None,
            nodes: None,
        }
    }
}

/// The evaluator whose values a search backs up: the debugging aids explain its values
/// (the terms at the end of a line, the value after each move of the tree) with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evaluator {
    /// The 1967 static board evaluator, `crate::eval`.
    StaticBoard,
    /// The modern search's own, with its weight table and network.
    Modern,
}

/// The outcome of a search. `best` is always a legal move of the root position.
#[derive(Debug, Clone)]
pub struct SearchResult {
    pub best: Move,
    pub ponder: Option<Move>,
    pub score: Score,
    pub pv: Vec<Move>,
    /// The best lines, best first (`MultiPV`; the first is `score` and `pv`).
    pub lines: Vec<PvLine>,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    /// Every top-level move, searched or not (debugging aid 5), in the search's own order:
    /// plausibility order, or best first as the last completed iteration left them, the
    /// first being the answer's move with its value and line, from an iteration cut short
    /// if that one had them (none when the search stopped during its first).
    pub root_moves: Vec<RootMove>,
    /// The search's statistics (debugging aid 6).
    pub stats: Statistics,
    /// The evaluator whose values it backed up.
    pub evaluator: Evaluator,
    /// Whether a limit or the stop flag ended the search before it was complete.
    pub stopped: bool,
}

/// A search was asked for a move in a position without one (the game is over).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the position has no legal move: the game is over")]
pub struct NoLegalMove;
