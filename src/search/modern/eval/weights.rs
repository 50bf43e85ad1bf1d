//! Every weight of the modern evaluation, in one table.
//!
//! Each entry is a (middlegame, endgame) pair in centipawns; the evaluation blends the two
//! by the game phase. `DEFAULT` is the table the engine plays with.

use super::table::{S, Table, weight_table};

weight_table! {
    /// The modern evaluation's weights.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Weights {
        /// Piece values: pawn, knight, bishop, rook, queen.
        pub material: [S; 5],
        /// Piece-square tables by role (pawn … king), on a half board seen from the
        /// piece's own side: index 4 × rank + file, files a–d, e–h folded onto d–a.
        pub pst: [[S; 32]; 6],
    }
}

/// The weights the engine plays with (hand-set starting values).
// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.
#[rustfmt::skip]
pub const DEFAULT: Weights = Weights {
    material: [S(85, 105), S(320, 300), S(335, 320), S(470, 530), S(980, 960)],
    pst: [
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(5, 0), S(5, 0), S(-5, 0),
            S(0, 0), S(0, 0), S(5, 0), S(5, 0),
            S(0, 5), S(0, 5), S(10, 5), S(20, 5),
            S(5, 10), S(5, 10), S(15, 10), S(25, 10),
            S(10, 25), S(15, 25), S(20, 25), S(30, 25),
            S(30, 50), S(35, 50), S(40, 50), S(45, 50),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        [
            S(-40, -30), S(-20, -20), S(-15, -10), S(-10, -5),
            S(-20, -20), S(-10, -10), S(0, 0), S(5, 5),
            S(-15, -10), S(5, 0), S(10, 5), S(15, 10),
            S(-10, -5), S(5, 5), S(15, 10), S(20, 15),
            S(-10, -5), S(10, 5), S(20, 10), S(25, 15),
            S(-15, -10), S(10, 0), S(20, 5), S(25, 10),
            S(-20, -20), S(-10, -10), S(5, 0), S(10, 5),
            S(-40, -30), S(-20, -20), S(-15, -10), S(-10, -5),
        ],
        [
            S(-10, -10), S(-5, -5), S(-10, -5), S(-5, 0),
            S(-5, -5), S(10, 0), S(5, 0), S(5, 5),
            S(0, -5), S(5, 0), S(10, 5), S(10, 5),
            S(0, 0), S(5, 5), S(10, 5), S(15, 10),
            S(0, 0), S(10, 5), S(10, 5), S(15, 10),
            S(0, -5), S(5, 0), S(10, 5), S(10, 5),
            S(-5, -5), S(0, 0), S(0, 0), S(0, 5),
            S(-10, -10), S(-5, -5), S(-5, -5), S(-5, 0),
        ],
        [
            S(-5, 0), S(-2, 0), S(3, 0), S(8, 0),
            S(-10, 0), S(-5, 0), S(0, 0), S(0, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(10, 10), S(15, 10), S(15, 10), S(15, 10),
            S(5, 0), S(5, 0), S(5, 0), S(5, 0),
        ],
        [
            S(-10, -20), S(-5, -10), S(-5, -5), S(0, 0),
            S(-5, -10), S(0, 0), S(5, 5), S(5, 5),
            S(-5, -5), S(0, 5), S(5, 10), S(5, 10),
            S(-5, 0), S(0, 5), S(5, 10), S(5, 15),
            S(-5, 0), S(0, 5), S(5, 10), S(5, 15),
            S(-5, -5), S(0, 5), S(0, 10), S(0, 10),
            S(-5, -10), S(0, 0), S(0, 5), S(0, 5),
            S(-10, -20), S(-5, -10), S(-5, -5), S(-5, 0),
        ],
        [
            S(20, -40), S(30, -25), S(10, -15), S(0, -10),
            S(10, -25), S(10, -10), S(-5, 0), S(-10, 5),
            S(-20, -15), S(-25, 0), S(-30, 10), S(-30, 15),
            S(-30, -10), S(-40, 5), S(-45, 15), S(-50, 25),
            S(-50, -5), S(-55, 10), S(-60, 20), S(-65, 25),
            S(-50, -5), S(-55, 10), S(-60, 20), S(-65, 25),
            S(-50, -15), S(-55, 0), S(-60, 10), S(-65, 15),
            S(-50, -30), S(-55, -15), S(-60, -5), S(-65, 0),
        ],
    ],
};
