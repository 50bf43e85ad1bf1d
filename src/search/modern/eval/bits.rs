//! Whole-board pawn geometry as bitboard shifts: the evaluation asks "which pawns are
//! passed" of all pawns at once instead of pawn by pawn.

use shakmaty::{Bitboard, Color, File, Square};

const NOT_A: u64 = !Bitboard::from_file(File::A).0;
const NOT_H: u64 = !Bitboard::from_file(File::H).0;

/// `bb` one file towards h.
pub const fn east(bb: Bitboard) -> Bitboard {
    Bitboard((bb.0 & NOT_H) << 1)
}

/// `bb` one file towards a.
pub const fn west(bb: Bitboard) -> Bitboard {
    Bitboard((bb.0 & NOT_A) >> 1)
}

/// `bb` one rank forward for `color`.
pub const fn forward(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => Bitboard(bb.0 << 8),
        Color::Black => Bitboard(bb.0 >> 8),
    }
}

/// Every square `color`'s pawns on `pawns` attack.
pub const fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let ahead = forward(color, pawns);
    Bitboard(east(ahead).0 | west(ahead).0)
}

/// The squares strictly ahead of each square of `bb` on its file, for `color`.
pub const fn front_span(color: Color, bb: Bitboard) -> Bitboard {
    let mut b = forward(color, bb).0;
    match color {
        Color::White => {
            b |= b << 8;
            b |= b << 16;
            b |= b << 32;
        }
        Color::Black => {
            b |= b >> 8;
            b |= b >> 16;
            b |= b >> 32;
        }
    }
    Bitboard(b)
}

/// Every file holding a square of `bb`, whole.
pub const fn file_fill(bb: Bitboard) -> Bitboard {
    Bitboard(bb.0 | front_span(Color::White, bb).0 | front_span(Color::Black, bb).0)
}

/// The rank of `sq` counted from `color`'s side, 0 = its first rank.
pub const fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square::*;

    #[test]
    fn spans_and_attacks_follow_the_colour() {
        assert_eq!(
            front_span(Color::White, E6.into()),
            Bitboard::from_iter([E7, E8])
        );
        assert_eq!(
            front_span(Color::Black, E3.into()),
            Bitboard::from_iter([E2, E1])
        );
        assert_eq!(pawn_attacks(Color::White, A2.into()), B3.into());
        assert_eq!(pawn_attacks(Color::Black, H7.into()), G6.into());
        assert_eq!(file_fill(C4.into()), Bitboard::from_file(File::C));
        assert_eq!(relative_rank(Color::Black, E7), 1);
    }
}
