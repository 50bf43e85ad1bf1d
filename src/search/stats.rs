//! Statistics of one search: the paper's debugging aid 6 (time, nodes, plausible move
//! generations, feedovers, static evaluations, capture-search nodes, hash probes and hits,
//! secondary searches), plus how often the secondary search changed a value or the move;
//! the modern search's own statistics ([`ModernStats`]: what each step of it did); and
//! [`Statistics`], the one a search reports, whichever it is.

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

/// The modern search's statistics (its debugging aid 6): what each numbered step of the
/// search did, counted per thread with plain increments and added up at the end. A
/// single-threaded search counts the same every run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ModernStats {
    /// Every position visited, main search and quiescence search.
    pub nodes: u64,
    /// Of those, the quiescence search's.
    pub quiescence_nodes: u64,
    /// Calls of the modern evaluator (the table's stored evaluation saves many).
    pub evaluations: u64,
    /// Transposition-table look-ups, those that found the position, and those whose
    /// stored value ended the node.
    pub tt_probes: u64,
    pub tt_hits: u64,
    pub tt_cutoffs: u64,
    /// Null moves searched, and those that cut the node.
    pub null_move_tries: u64,
    pub null_move_cutoffs: u64,
    /// Moves searched reduced by late-move reduction, and those searched again at full
    /// depth because the reduced search beat alpha.
    pub lmr_reductions: u64,
    pub lmr_re_searches: u64,
    /// Nodes cut by reverse futility and by razoring; moves skipped by futility, by
    /// late-move pruning and by static exchange.
    pub reverse_futility_prunes: u64,
    pub razor_prunes: u64,
    pub futility_prunes: u64,
    pub late_move_prunes: u64,
    pub see_prunes: u64,
    /// Nodes of the main search whose move loop reached beta, and those where the first
    /// move searched did (how good the move ordering is).
    pub beta_cutoffs: u64,
    pub first_move_cutoffs: u64,
    /// Root searches whose value fell outside the aspiration window, above and below.
    pub aspiration_fails_high: u64,
    pub aspiration_fails_low: u64,
    /// Moves searched a ply deeper because they give check (without losing material).
    pub check_extensions: u64,
    /// Tablebase probes that gave a result.
    pub tbhits: u64,
    /// The deepest ply reached (the selective depth).
    pub seldepth: u32,
    /// How full the transposition table was at the end, per mille.
    pub hashfull: u32,
}

impl ModernStats {
    /// Adds another thread's counters to these (the deepest ply is the deeper one's; the
    /// table's fill is read once, at the end).
    pub fn add(&mut self, other: &ModernStats) {
        self.nodes += other.nodes;
        self.quiescence_nodes += other.quiescence_nodes;
        self.evaluations += other.evaluations;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.null_move_tries += other.null_move_tries;
        self.null_move_cutoffs += other.null_move_cutoffs;
        self.lmr_reductions += other.lmr_reductions;
        self.lmr_re_searches += other.lmr_re_searches;
        self.reverse_futility_prunes += other.reverse_futility_prunes;
        self.razor_prunes += other.razor_prunes;
        self.futility_prunes += other.futility_prunes;
        self.late_move_prunes += other.late_move_prunes;
        self.see_prunes += other.see_prunes;
        self.beta_cutoffs += other.beta_cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.aspiration_fails_high += other.aspiration_fails_high;
        self.aspiration_fails_low += other.aspiration_fails_low;
        self.check_extensions += other.check_extensions;
        self.tbhits += other.tbhits;
        self.seldepth = self.seldepth.max(other.seldepth);
    }
}

/// The statistics a search reports: the counters its kind of search keeps, written as one
/// flat object of counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Statistics {
    /// The 1967 search's: the paper's counters.
    MacHack(Stats),
    /// The modern search's: what each of its steps did.
    Modern(ModernStats),
}

impl Statistics {
    /// The deepest ply reached.
    pub fn seldepth(&self) -> u32 {
        match self {
            Statistics::MacHack(s) => s.seldepth,
            Statistics::Modern(s) => s.seldepth,
        }
    }

    /// The 1967 search's counters, when these are its.
    pub fn mac_hack(&self) -> Option<&Stats> {
        match self {
            Statistics::MacHack(s) => Some(s),
            Statistics::Modern(_) => None,
        }
    }

    /// The modern search's counters, when these are its.
    pub fn modern(&self) -> Option<&ModernStats> {
        match self {
            Statistics::Modern(s) => Some(s),
            Statistics::MacHack(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_add_up_and_the_deepest_ply_wins() {
        let a = ModernStats {
            nodes: 10,
            tt_hits: 3,
            null_move_cutoffs: 1,
            seldepth: 7,
            hashfull: 5,
            ..ModernStats::default()
        };
        let b = ModernStats {
            nodes: 5,
            tt_hits: 2,
            aspiration_fails_low: 1,
            seldepth: 9,
            ..ModernStats::default()
        };
        let mut sum = a;
        sum.add(&b);
        assert_eq!((sum.nodes, sum.tt_hits, sum.seldepth), (15, 5, 9));
        assert_eq!((sum.null_move_cutoffs, sum.aspiration_fails_low), (1, 1));
        assert_eq!(sum.hashfull, 5, "the fill is the table's, not a sum");
    }
}
