//! What a search reports: progress while it runs ([`Info`]) and its outcome
//! ([`SearchResult`], with the record of every top-level move, the paper's debugging aid 5,
//! and the statistics, aid 6). Every search fills these; a field a search has no use for
//! keeps its empty value.

use std::time::Duration;

use shakmaty::Move;
use thiserror::Error;

use super::hash::Bound;
use super::modern::EndTerms;
use super::score::Score;
use super::stats::{ModernStats, Stats};
use crate::eval::Terms;
use crate::plausible::Flags;

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

/// What the search found for one top-level move (debugging aid 5).
#[derive(Debug, Clone)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Its plausibility score and flags.
    pub plausibility: i32,
    pub flags: Flags,
    /// Whether the width rule selected it and it was searched to the end.
    pub searched: bool,
    /// Its value (after the value modifications), when searched.
    pub score: Option<Score>,
    /// `Exact` for a value, `Upper` when the move was only shown to be no better than the
    /// best so far (alpha-beta does not compute more).
    pub bound: Option<Bound>,
    /// The main variation found under it, the move first.
    pub pv: Vec<Move>,
    /// The secondary search's value, when one ran for this move.
    pub secondary: Option<Score>,
    /// The evaluation terms at the end of `pv` (White's point of view).
    pub end_terms: Option<Terms>,
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
    /// The 1967 search's statistics (debugging aid 6); the modern search leaves them
    /// empty and reports its own in `modern`.
    pub stats: Stats,
    /// Every top-level move of the 1967 search in plausibility order, searched or not
    /// (debugging aid 5).
    pub root_moves: Vec<RootMove>,
    /// The 1967 evaluation terms of the position at the end of the principal variation
    /// (debugging aid 3; White's point of view); the modern search leaves them empty and
    /// reports its own evaluator's in `modern`.
    pub pv_end_terms: Terms,
    /// The modern search's own debugging aids; `None` from the 1967 search.
    pub modern: Option<ModernAids>,
    /// Whether a limit or the stop flag ended the search before it was complete.
    pub stopped: bool,
}

/// What only the modern search reports.
#[derive(Debug, Clone)]
pub struct ModernAids {
    /// Its statistics (its debugging aid 6).
    pub stats: ModernStats,
    /// Every root move as the last completed iteration left it, best first (its debugging
    /// aid 5); empty when the search stopped during the first.
    pub root_moves: Vec<ModernRootMove>,
    /// The modern evaluator's terms at the end of the principal variation (its debugging
    /// aid 3). A root move's are [`end_terms`](super::modern::end_terms) of its line,
    /// computed only when shown.
    pub pv_end_terms: EndTerms,
}

/// What the modern search knows of one root move after an iteration (debugging aid 5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModernRootMove {
    pub mv: Move,
    /// Its value for the side to move: `Exact`, or a bound (`Upper`: shown no better
    /// than the best so far; `Lower`: beat the window's top).
    pub score: Score,
    pub bound: Bound,
    /// The depth of the iteration.
    pub depth: u32,
    /// The nodes spent under it in that iteration (every aspiration pass).
    pub nodes: u64,
    /// Its line, the move first (the move alone when the search kept no line under it).
    pub pv: Vec<Move>,
    /// Its place in the modern move ordering of the first iteration (from 1).
    pub order: u32,
}

/// A search was asked for a move in a position without one (the game is over).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the position has no legal move: the game is over")]
pub struct NoLegalMove;
