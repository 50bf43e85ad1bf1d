//! Statistics of one search: the paper's debugging aid 6 (time, nodes, plausible move
//! generations, feedovers, static evaluations, capture-search nodes, hash probes and hits,
//! secondary searches), plus how often the secondary search changed a value or the move.

use serde::Serialize;

use crate::feedover::Feedover;

/// Counters kept while searching; all are deterministic for a given position and settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Every position visited: basic search, feedover and capture-search nodes.
    pub nodes: u64,
    /// Calls of the plausible move generator.
    pub plausible_generations: u64,
    /// Feedovers of case 1: a piece en prise while in check, or trapped or pinned.
    pub feedovers_en_prise_constrained: u64,
    /// Feedovers of case 2: two or more pieces en prise.
    pub feedovers_two_en_prise: u64,
    /// Feedovers of case 3: one en prise each, the opponent's cannot escape.
    pub feedovers_opponent_cannot_escape: u64,
    /// Calls of the static board evaluator.
    pub static_evaluations: u64,
    /// Positions reached by a move of the plausible-capture search.
    pub capture_nodes: u64,
    /// Hash-table look-ups.
    pub hash_probes: u64,
    /// Look-ups whose stored result was used (deep enough, and inside the bounds).
    pub hash_hits: u64,
    /// Secondary searches started.
    pub secondary_searches: u64,
    /// Secondary searches whose value was worse and replaced the first value.
    pub secondary_changed_value: u64,
    /// Secondary searches that cost a top-level move its place as the best move.
    pub secondary_changed_move: u64,
    /// The deepest ply reached (the selective depth).
    pub seldepth: u32,
}

impl Stats {
    /// Counts one feedover of `case`.
    pub fn count_feedover(&mut self, case: Feedover) {
        match case {
            Feedover::EnPriseAndConstrained => self.feedovers_en_prise_constrained += 1,
            Feedover::TwoEnPrise => self.feedovers_two_en_prise += 1,
            Feedover::OpponentsPieceCannotEscape => self.feedovers_opponent_cannot_escape += 1,
        }
    }

    /// All feedovers, every case.
    pub fn feedovers(&self) -> u64 {
        self.feedovers_en_prise_constrained
            + self.feedovers_two_en_prise
            + self.feedovers_opponent_cannot_escape
    }
}
