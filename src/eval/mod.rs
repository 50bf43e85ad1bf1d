//! Static evaluation: the piece values every part of the program shares (Table 2 of the
//! paper), the pawn structure (`pawns`), and the 1967 static board evaluator
//! (`static_board`, docs/design.md §3), which stays as the paper gives it.
//!
//! The modern profile's evaluator lives beside its search, in `search::modern::eval`,
//! with its own tapered weight table; `static_board` is the 1967 program's alone.

use shakmaty::{Move, Role};

pub mod pawns;
mod static_board;

pub use pawns::{PawnVerdict, pawn_verdict};
pub use static_board::{
    Root, Terms, WEIGHTS_1967, Weights, evaluate_board, piece_ratio_change, static_board_evaluator,
};

/// Table 2 of the paper: the value of each piece (pawn = 128).
pub const fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 128,
        Role::Knight => 416,
        Role::Bishop => 448,
        Role::Rook => 640,
        Role::Queen => 1248,
        Role::King => 1536,
    }
}

/// The material a move wins at once: what it captures and what its promotion adds.
pub fn won_at_once(m: Move) -> i32 {
    let promoted = m
        .promotion()
        .map_or(0, |r| piece_value(r) - piece_value(Role::Pawn));
    m.capture().map_or(0, piece_value) + promoted
}
