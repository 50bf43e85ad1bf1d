//! The plausible move generator (SPEC §5): every legal move gets a plausibility score, the
//! sum of named heuristic factors, and the moves are ordered by it, highest first.
//!
//! PLACEHOLDER INTERFACE: the types and `generate` signature are the contract the search
//! builds on. The body here is a first cut (captures by gain, checks, promotions) to be
//! replaced by the ~50 heuristics of the 1967 program.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, Position};

use crate::attack::Analysis;
use crate::eval::piece_value;

/// Per-move facts the search's width rule and value modifications read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags(u8);

impl Flags {
    /// The move captures.
    pub const CAPTURE: Flags = Flags(1);
    /// The move gives check.
    pub const CHECK: Flags = Flags(2);
    /// After the move the moved piece is not en prise.
    pub const SAFE: Flags = Flags(4);
    /// The positional flag: the move is developmentally poor (costs 3 in the search).
    pub const POOR: Flags = Flags(8);
    /// The move promotes.
    pub const PROMOTION: Flags = Flags(16);

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Sets the flags of `other`.
    pub fn insert(&mut self, other: Flags) {
        self.0 |= other.0;
    }
}

/// A legal move with its plausibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlausibleMove {
    pub mv: Move,
    pub score: i32,
    pub flags: Flags,
}

/// The moves of one generation, most plausible first.
pub type PlausibleList = ArrayVec<PlausibleMove, 256>;

/// Where in the game and the search a generation happens (some heuristics depend on it).
#[derive(Debug, Clone, Copy, Default)]
pub struct Context {
    /// Search level of the moves generated: 1 for the root's own moves.
    pub level: u32,
    /// Game ply of the position the moves are generated in.
    pub game_ply: u32,
    /// Game ply at the root of the search (sets the opening phases).
    pub root_game_ply: u32,
}

/// Scores every legal move of `pos` and writes them to `out`, most plausible first (ties
/// keep generation order).
pub fn generate(pos: &Chess, analysis: &Analysis, ctx: &Context, out: &mut PlausibleList) {
    let _ = ctx;
    out.clear();
    for m in pos.legal_moves() {
        let mut flags = Flags::default();
        let mut score = 512;
        if let Some(captured) = m.capture() {
            flags.insert(Flags::CAPTURE);
            score += piece_value(captured) - piece_value(m.role()) / 16;
        }
        if m.is_promotion() {
            flags.insert(Flags::PROMOTION);
            score += 1024;
        }
        if analysis.is_safe_move(pos, m) {
            flags.insert(Flags::SAFE);
        } else {
            score -= piece_value(m.role()) / 2;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        if after.is_check() {
            flags.insert(Flags::CHECK);
            score += 64;
        }
        out.push(PlausibleMove {
            mv: m,
            score,
            flags,
        });
    }
    out.sort_by_key(|pm| std::cmp::Reverse(pm.score));
}
