//! Perft: counting the leaf nodes of the legal move tree, the floor every move generator
//! and move orderer must stand on (docs/style.md point 9).
//!
//! Counted through our `Game` layer's way of making moves (clone, play, key update), so
//! the counts test what the engine uses, not only shakmaty.

use shakmaty::{Chess, Move, Position};

use crate::rules::key_after;

/// Leaf nodes `depth` plies below `pos`, making every move with its key update.
pub fn perft(pos: &Chess, key: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let k = key_after(pos, key, m, &after);
            perft(&after, k, depth - 1)
        })
        .sum()
}

/// Perft split by root move, in legal move order.
pub fn divide(pos: &Chess, key: u64, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let k = key_after(pos, key, m, &after);
            (m, perft(&after, k, depth.saturating_sub(1)))
        })
        .collect()
}
