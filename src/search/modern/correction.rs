//! Correction history: how far the static evaluation has been off in positions with the
//! same pawns. The evaluation misjudges some pawn structures the same way over and over;
//! after each node the search learns the gap between its value and the evaluation (a
//! running average per side and pawn structure, weighted by depth) and adds it to the
//! evaluation of later nodes, so pruning decisions rest on a truer estimate. The table
//! entry keeps the raw evaluation; only the search sees the corrected one.

use shakmaty::{Chess, Color, Position};

/// Entries per side (a power of two).
const SIZE: usize = 1 << 14;
/// Corrections are kept in 1/GRAIN centipawns, so small steps accumulate.
const GRAIN: i32 = 256;
/// A node's lesson is weighted by its depth plus one, at most this (out of [`WEIGHTS`]).
const MAX_WEIGHT: i32 = 16;
const WEIGHTS: i32 = 256;
/// No correction exceeds this many centipawns.
const LIMIT: i32 = 100;

/// The learnt corrections, by side to move and pawn structure.
#[derive(Debug)]
pub struct Correction {
    table: Vec<i32>,
}

/// The entry of `pos`: its side to move and a hash of each side's pawns.
fn index(pos: &Chess) -> usize {
    let board = pos.board();
    let white = (board.pawns() & board.white()).0;
    let black = (board.pawns() & board.black()).0;
    let hash =
        white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    let slot = (hash >> (64 - SIZE.trailing_zeros())) as usize;
    slot + usize::from(pos.turn() == Color::Black) * SIZE
}

impl Correction {
    /// No corrections yet.
    pub fn new() -> Correction {
        Correction {
            table: vec![0; 2 * SIZE],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    /// The static evaluation `eval` of `pos`, corrected.
    #[inline]
    pub fn apply(&self, pos: &Chess, eval: i32) -> i32 {
        eval + self.table[index(pos)] / GRAIN
    }

    /// Learns from a node of `pos` searched `depth` plies deep to `value`, whose raw
    /// static evaluation was `eval`.
    pub fn learn(&mut self, pos: &Chess, depth: i32, eval: i32, value: i32) {
        let target = (value - eval).clamp(-LIMIT, LIMIT) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let entry = &mut self.table[index(pos)];
        *entry += (target - *entry) * weight / WEIGHTS;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pos;

    #[test]
    fn learns_the_gap_for_its_pawns_and_side_only() {
        let mut c = Correction::new();
        let p = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        for _ in 0..200 {
            c.learn(&p, 15, 10, 60);
        }
        let got = c.apply(&p, 10);
        assert!((55..=60).contains(&got), "{got}");
        // The same pawns with the other side to move, and other pawns, are not corrected.
        assert_eq!(c.apply(&pos("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1"), 10), 10);
        assert_eq!(c.apply(&pos("4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1"), 10), 10);
        // Pieces do not change the entry.
        assert_eq!(c.apply(&pos("4k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1"), 10), got);
    }

    #[test]
    fn corrections_are_bounded() {
        let mut c = Correction::new();
        let p = Chess::default();
        for _ in 0..1000 {
            c.learn(&p, 30, 0, 30_000);
        }
        assert!(c.apply(&p, 0) <= LIMIT);
        c.clear();
        assert_eq!(c.apply(&p, 0), 0);
    }
}
