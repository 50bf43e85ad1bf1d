//! The static board evaluator of 1967 (SPEC §3): S = B + R + P + K + C, from White's point
//! of view, in units where a pawn is 128.
//!
//! PLACEHOLDER INTERFACE: signatures are the contract; the body counts material only until
//! the full evaluator lands.

use shakmaty::{Chess, Color, Position, Role};

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

/// The terms of one evaluation, each from White's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Terms {
    /// Material balance.
    pub b: i32,
    /// Piece-ratio change against the root.
    pub r: i32,
    /// Pawn structure.
    pub p: i32,
    /// King safety (only while both queens are on).
    pub k: i32,
    /// Centre control (±1).
    pub c: i32,
}

impl Terms {
    /// S = B + R + P + K + C.
    pub fn s(&self) -> i32 {
        self.b + self.r + self.p + self.k + self.c
    }
}

/// What the evaluator needs to know about the root of the search (the R term compares
/// the material ratio at a node with the ratio at the root).
#[derive(Debug, Clone, Copy)]
pub struct Root {
    white: i32,
    black: i32,
}

impl Root {
    /// The root facts of `pos`.
    pub fn new(pos: &Chess) -> Root {
        Root {
            white: material(pos, Color::White),
            black: material(pos, Color::Black),
        }
    }
}

fn material(pos: &Chess, color: Color) -> i32 {
    let board = pos.board();
    Role::ALL
        .iter()
        .filter(|&&r| r != Role::King)
        .map(|&r| piece_value(r) * (board.by_role(r) & board.by_color(color)).count() as i32)
        .sum()
}

/// Evaluates `pos` term by term (White's point of view).
pub fn static_board_evaluator(pos: &Chess, root: &Root) -> Terms {
    let _ = (root.white, root.black);
    Terms {
        b: material(pos, Color::White) - material(pos, Color::Black),
        ..Terms::default()
    }
}
