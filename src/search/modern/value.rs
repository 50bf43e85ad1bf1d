//! The scale of the modern search's values: centipawns for the side to move inside the
//! search, a mate `p` plies from the root worth `MATE - p`, a tablebase win just short of
//! every mate; and how deep a line and an iteration may go. Results leave the search in
//! the 1967 units of [`Score`], as every protocol prints them.

use crate::score::Score;
use crate::tablebase;

/// The deepest ply any line may reach, quiescence search included.
pub const MAX_PLY: usize = 128;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 100;
/// The most legal moves a position can have (the capacity of shakmaty's `MoveList`).
pub const MAX_MOVES: usize = 270;
/// The value of mating at the root; a mate `p` plies from the root is worth `MATE - p`.
pub const MATE: i32 = 32_000;
/// Values at least this far from 0 are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Beyond every value.
pub const INF: i32 = MATE + 1;
/// A tablebase win at the root (the root's DTZ answer's scale in centipawns); a win the
/// tables see `p` plies from the root is worth `TB_WIN - p`: beyond every evaluation,
/// short of every mate, so a real mate is preferred.
pub const TB_WIN: i32 = tablebase::TB_WIN * 100 / 128;
/// Values at least this far from 0 are tablebase wins or mates (evaluations stay below).
pub const TB_BOUND: i32 = TB_WIN - MAX_PLY as i32;

/// A value in centipawns (or a mate) as a [`Score`] in the 1967 units.
pub fn to_score(v: i32) -> Score {
    Score::mate_of(v, MATE, MATE_BOUND).unwrap_or(Score::Value(v * 128 / 100))
}
