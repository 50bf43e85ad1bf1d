//! Board geometry the plausible move generator reads for every move: what a piece
//! attacks, the lines to a king and the pieces that stand alone on them, small square
//! counts, and the 1980 centralisation tables (compiled in). Allocation-free.

use shakmaty::attacks;
use shakmaty::{Bitboard, Board, Color, Role, Square};

/// Index of a colour in the per-side arrays.
#[inline]
pub(crate) fn ci(c: Color) -> usize {
    c as usize
}

/// Squares a piece of `role` and `color` on `sq` attacks with `occ` occupied (pawns: their
/// two capture squares).
#[inline]
pub(crate) fn attacks_of(role: Role, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => attacks::pawn_attacks(color, sq),
        Role::Knight => attacks::knight_attacks(sq),
        Role::Bishop => attacks::bishop_attacks(sq, occ),
        Role::Rook => attacks::rook_attacks(sq, occ),
        Role::Queen => attacks::queen_attacks(sq, occ),
        Role::King => attacks::king_attacks(sq),
    }
}

/// Squares in a small set (a loop over set bits: cheaper than the software population
/// count of the baseline x86-64 target for the few squares counted here).
#[inline]
pub(crate) fn small_count(bb: Bitboard) -> i32 {
    let mut n = 0;
    let mut bits = bb.0;
    while bits != 0 {
        bits &= bits - 1;
        n += 1;
    }
    n
}

/// The bishops, rooks and queens among `pieces` on a line with `k` (on an empty board):
/// the only pieces that can pin something to `k` or check it along a line.
pub(crate) fn snipers(board: &Board, k: Square, pieces: Bitboard) -> Bitboard {
    (attacks::rook_attacks(k, Bitboard::EMPTY) & board.rooks_and_queens()
        | attacks::bishop_attacks(k, Bitboard::EMPTY) & board.bishops_and_queens())
        & pieces
}

/// The bishops, rooks and queens among `pieces` that attack `k` with `occ` occupied:
/// the line checks a move leaves standing or opens.
#[inline]
pub(crate) fn line_checkers(board: &Board, k: Square, pieces: Bitboard, occ: Bitboard) -> Bitboard {
    (attacks::rook_attacks(k, occ) & board.rooks_and_queens()
        | attacks::bishop_attacks(k, occ) & board.bishops_and_queens())
        & pieces
}

/// The pieces of `occ` that stand alone between `k` and one of `snipers`.
pub(crate) fn lone_blockers(k: Square, snipers: Bitboard, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for s in snipers {
        if let Some(b) = (attacks::between(k, s) & occ).single_square() {
            out.add(b);
        }
    }
    out
}

/// How central a square is for knights and pawns: 0 off c–f or off ranks 3–6 (counted
/// from `color`'s side), else 1..5 (1980 centralisation table).
#[inline]
pub(crate) fn centre_factor(color: Color, sq: Square) -> i32 {
    SQUARE_TABLES.centre_factor[ci(color)][sq.to_usize()]
}

/// Chebyshev distance of a square to the nearest of the four centre squares.
#[inline]
pub(crate) fn centre_distance(sq: Square) -> i32 {
    SQUARE_TABLES.centre_distance[sq.to_usize()]
}

/// The per-square facts above, computed at compile time (the generator asks for them
/// for every move), indexed by colour (black 0, white 1) and square (a1 0 .. h8 63).
struct SquareTables {
    centre_factor: [[i32; 64]; 2],
    centre_distance: [i32; 64],
}

static SQUARE_TABLES: SquareTables = square_tables();

const fn square_tables() -> SquareTables {
    let mut t = SquareTables {
        centre_factor: [[0; 64]; 2],
        centre_distance: [0; 64],
    };
    let mut i = 0;
    while i < 64 {
        let file = (i % 8) as i32;
        let rank = (i / 8) as i32;
        // Centre factor, the rank counted from each side.
        let mut c = 0;
        while c < 2 {
            let relative = if c == 1 { rank } else { 7 - rank };
            t.centre_factor[c][i] = if relative < 2 || relative > 5 || file < 2 || file > 5 {
                0
            } else if file == 3 || file == 4 {
                2 + (relative - 2)
            } else {
                [1, 2, 3, 3][(relative - 2) as usize]
            };
            c += 1;
        }
        // Distance to the centre.
        let df = if file < 3 {
            3 - file
        } else if file > 4 {
            file - 4
        } else {
            0
        };
        let dr = if rank < 3 {
            3 - rank
        } else if rank > 4 {
            rank - 4
        } else {
            0
        };
        t.centre_distance[i] = if df > dr { df } else { dr };
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_tables() {
        assert_eq!(centre_factor(Color::White, Square::E4), 3);
        assert_eq!(centre_factor(Color::Black, Square::E5), 3);
        assert_eq!(centre_factor(Color::White, Square::A4), 0);
        assert_eq!(centre_distance(Square::A1), 3);
        assert_eq!(centre_distance(Square::D5), 0);
    }
}
