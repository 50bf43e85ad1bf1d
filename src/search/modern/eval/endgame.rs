//! Endgame knowledge for drawn material: how much of its score the side ahead can turn
//! into a win, in 128ths. Without pawns a minor piece cannot mate and a small edge
//! rarely wins; bishops on opposite colours draw many endings a pawn or two up.

use shakmaty::{Bitboard, Board, Color};

use super::Weights;

/// The full scale: the score counts whole.
pub const FULL_SCALE: i32 = 128;

/// Non-pawn material of `color` in pawns (knight and bishop 3, rook 5, queen 9).
fn pieces_material(board: &Board, color: Color) -> i32 {
    let ours = board.by_color(color);
    let n = |bb: Bitboard| (bb & ours).count() as i32;
    3 * n(board.knights() | board.bishops()) + 5 * n(board.rooks()) + 9 * n(board.queens())
}

/// The scale when `strong` is the side the score favours.
pub fn scale(board: &Board, strong: Color, w: &Weights) -> i32 {
    let weak = !strong;
    let strong_material = pieces_material(board, strong);
    let weak_material = pieces_material(board, weak);
    if (board.pawns() & board.by_color(strong)).is_empty() {
        let knights_only =
            (board.by_color(strong) & !board.kings()) == (board.by_color(strong) & board.knights());
        if strong_material < 5 {
            return w.scale_cannot_win.get();
        }
        if knights_only
            && strong_material == 6
            && board.by_color(weak) == board.kings() & board.by_color(weak)
        {
            return w.scale_two_knights.get();
        }
        if strong_material - weak_material <= 3 {
            return w.scale_pawnless_small_edge.get();
        }
    }
    let bishops = board.bishops();
    let white_bishops = bishops & board.white();
    let black_bishops = bishops & board.black();
    let opposite = white_bishops.count() == 1
        && black_bishops.count() == 1
        && (bishops & Bitboard::LIGHT_SQUARES).count() == 1;
    if opposite {
        return if strong_material == 3 && weak_material == 3 {
            w.scale_opposite_bishops.get()
        } else {
            w.scale_opposite_bishops_with_pieces.get()
        };
    }
    FULL_SCALE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pos;
    use crate::search::modern::eval::DEFAULT;
    use shakmaty::Position;

    /// Checks the scale of each (FEN, expected) pair, White being the side ahead.
    fn check(cases: &[(&str, i32)]) {
        for &(fen, expected) in cases {
            let pos = pos(fen);
            assert_eq!(
                scale(pos.board(), Color::White, &DEFAULT),
                expected,
                "{fen}"
            );
        }
    }

    #[test]
    fn drawn_material_is_scaled() {
        let w = &DEFAULT;
        check(&[
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", w.scale_cannot_win.get()),
            ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", w.scale_cannot_win.get()),
            (
                "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",
                w.scale_two_knights.get(),
            ),
            (
                "4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1",
                w.scale_pawnless_small_edge.get(),
            ),
            (
                "4k3/5p2/8/3b4/8/8/2PB4/4K3 w - - 0 1",
                w.scale_opposite_bishops.get(),
            ),
            (
                "r3k3/5p2/8/3b4/8/8/2PB4/R3K3 w - - 0 1",
                w.scale_opposite_bishops_with_pieces.get(),
            ),
        ]);
    }

    #[test]
    fn winning_material_is_not_scaled() {
        check(&[
            ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", FULL_SCALE),
            ("4k3/8/8/8/8/8/8/1BN1K3 w - - 0 1", FULL_SCALE),
            ("4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", FULL_SCALE),
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", FULL_SCALE),
            // Same-coloured bishops are not opposite.
            ("4k3/5p2/8/4b3/8/8/2PB4/4K3 w - - 0 1", FULL_SCALE),
        ]);
    }
}
