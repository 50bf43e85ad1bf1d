//! The search-parameter table (docs/style.md point 3): every number that shapes the 1967 search,
//! in one place, with the paper's value or ours where the paper is silent.
//!
//! The 1967 profiles of docs/design.md §1 are values of this table: `1967` (normal settings) and
//! `1967-tournament` (the widths 15, 15, 9, 9, 7 of the paper's tournament play); they are
//! listed with every other profile in `search::PROFILES`.

use crate::repetition::DrawRule;

/// The search parameters. A profile is one value of this table; the command line and the
/// protocols override single fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    /// Depth of the basic search in plies (docs/design.md §1: 4 at normal settings, 5 at tournament
    /// settings).
    pub depth: u32,
    /// Basic width at each level, level 1 (the top) first; the last entry holds for every
    /// deeper level (paper: 6 at every level normally; 15, 15, 9, 9, 7 in tournaments).
    pub widths: Vec<u32>,
    /// Whether the width rule also searches every move the plausible move generator flags
    /// INVESTIGATE (the 1980 program's "always investigate" bit: all checks, promotions,
    /// forks). Off in the 1967 profiles, whose width rule is the paper's four heuristics.
    pub investigate: bool,
    /// At most this many feedovers along one line (paper: "up to certain limits";
    /// docs/design.md §6.2: 2).
    pub max_feedovers: u32,
    /// Hash table size in entries (paper: 32,000 entries of two machine registers).
    pub hash_entries: usize,
    /// How many low bits of the key an entry must match to be used: 64 (the whole key) in
    /// every profile. Fewer is a torture setting (tests/torture_hash.rs): with 8 bits and a
    /// tiny table most hits are collisions, which must cost strength, never legality.
    pub hash_check_bits: u32,
    /// Whether the hash table is kept from one search to the next. Off in the 1967
    /// profiles, so the same position and settings always give the same node counts.
    pub keep_hash: bool,
    /// How repetitions score in the search (the 1967 program: the first repetition of any
    /// game or line position is a draw, docs/design.md §6.8).
    pub draw_rule: DrawRule,
    /// Draw value for the side that started the search, negated: a positive contempt makes
    /// the program avoid draws (pawn = 128; the 1967 program scored draws as 0).
    pub contempt: i32,
    /// How many top-level moves get an exact value and variation (`MultiPV`; the paper
    /// needs only the best: 1). Each more lowers the top level's alpha to the value of
    /// the last of the best so far, so moves that would have been cut get searched.
    pub multipv: u32,
    /// Depth of the secondary search in plies below the end of a new best top-level move's
    /// principal variation (paper: "usually limited to two plies"); 0 turns it off.
    pub secondary_depth: u32,
    /// The plausible-capture search takes captures whose static exchange value for the
    /// mover is at least this (0: even trades and recaptures, which appear to regain the
    /// material the stand-pat value does not see); queen promotions are always taken.
    pub capture_min_gain: i32,
    /// Value modification: points subtracted from a move the plausible move generator
    /// flagged developmentally poor (paper: "a few points"; docs/design.md §6.5: 3).
    pub poor_move: i32,
    /// Value modification: the same piece moves again two plies later within the first
    /// `opening_moves` moves of the game (docs/design.md §6.5: 1).
    pub early_second_move: i32,
    /// How many moves of the game count as "the first moves" for `early_second_move`
    /// (paper: eight).
    pub opening_moves: u32,
    /// Value modification: the piece moved two plies later returns to the square it came
    /// from (docs/design.md §6.5: 4).
    pub returns_to_square: i32,
    /// Value modification: the piece took two moves for a translation one legal move could
    /// have made (docs/design.md §6.5: 2).
    pub two_step_translation: i32,
}

impl Params {
    /// The `1967` profile: the paper's normal settings.
    pub fn mac_hack_1967() -> Params {
        Params {
            depth: 4,
            widths: vec![6],
            investigate: false,
            max_feedovers: 2,
            hash_entries: 32_000,
            hash_check_bits: 64,
            keep_hash: false,
            draw_rule: DrawRule::Mac1967,
            contempt: 0,
            multipv: 1,
            secondary_depth: 2,
            capture_min_gain: 0,
            poor_move: 3,
            early_second_move: 1,
            opening_moves: 8,
            returns_to_square: 4,
            two_step_translation: 2,
        }
    }

    /// The `1967-tournament` profile: the paper's tournament settings.
    pub fn mac_hack_1967_tournament() -> Params {
        Params {
            depth: 5,
            widths: vec![15, 15, 9, 9, 7],
            ..Params::mac_hack_1967()
        }
    }

    /// The basic width at `level` (1 = the top level).
    pub fn width(&self, level: u32) -> u32 {
        let i = (level.max(1) - 1) as usize;
        self.widths
            .get(i)
            .or(self.widths.last())
            .copied()
            .unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_repeat_their_last_entry() {
        let p = Params::mac_hack_1967_tournament();
        let got: Vec<u32> = (1..=8).map(|l| p.width(l)).collect();
        assert_eq!(got, vec![15, 15, 9, 9, 7, 7, 7, 7]);
        assert_eq!(Params::mac_hack_1967().width(5), 6);
        assert_eq!(p.depth, 5);
        assert_eq!(Params::mac_hack_1967().hash_entries, 32_000);
    }
}
