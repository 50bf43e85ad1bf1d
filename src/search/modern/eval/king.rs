//! King safety and the king's endgame role. The 1967 K term kept the king on its back rank
//! while queens were on; here the king's pawn shelter, the enemy pawns storming it and the
//! pieces attacking its zone are measured, and in the endgame the king is drawn to the
//! pawns (king-pawn tropism).

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, ByColor, Color, File, Square};

use super::Sink;
use super::bits::{east, front_span, relative_rank, west};
use super::pieces::SideAttacks;

/// Attackers needed before the king-danger term counts.
const MIN_KING_ATTACKERS: i32 = 2;

/// The king-safety and tropism terms of `color`'s king.
pub fn safety(board: &Board, color: Color, attacks: &ByColor<SideAttacks>, sink: &mut impl Sink) {
    let sign = color.fold_wb(1, -1);
    let Some(king) = board.king_of(color) else {
        return;
    };
    shelter_and_storm(board, color, king, sink);

    let enemy = attacks.get(!color);
    if enemy.king_attackers >= MIN_KING_ATTACKERS {
        let enemy_queen = (board.queens() & board.by_color(!color)).any();
        let units = if enemy_queen {
            enemy.king_units
        } else {
            enemy.king_units / 2
        };
        let i = units.clamp(0, 15) as usize;
        sink.add(sign, |w| w.king_danger[i]);
    }
    safe_checks(board, color, king, attacks, sink);
    let own = attacks.get(color);
    let guarded = own.pawns | own.minors() | own.rooks | own.queens;
    let weak = king_attacks(king) & enemy.all & !guarded;
    sink.add(sign * weak.count() as i32, |w| w.king_ring_weak);

    if let Some(d) = nearest_distance(king, board.pawns()) {
        sink.add(sign, |w| w.king_pawn_tropism[d]);
    }
}

/// The checks `color`'s king could be given next move on squares its side does not
/// guard: one count per enemy role (knight, bishop, rook, queen) that has such a square.
fn safe_checks(
    board: &Board,
    color: Color,
    king: Square,
    attacks: &ByColor<SideAttacks>,
    sink: &mut impl Sink,
) {
    let sign = color.fold_wb(1, -1);
    let enemy = attacks.get(!color);
    let safe = !attacks.get(color).all & !board.by_color(!color);
    let occ = board.occupied();
    let diagonal = bishop_attacks(king, occ) & safe;
    let straight = rook_attacks(king, occ) & safe;
    let checks = [
        knight_attacks(king) & safe & enemy.knights,
        diagonal & enemy.bishops,
        straight & enemy.rooks,
        (diagonal | straight) & enemy.queens,
    ];
    for (i, squares) in checks.into_iter().enumerate() {
        if squares.any() {
            sink.add(sign, |w| w.safe_check[i]);
        }
    }
}

/// The king-step distance from `king` to the nearest square of `targets`, grown ring by
/// ring (most positions find a pawn within two or three steps).
fn nearest_distance(king: Square, targets: Bitboard) -> Option<usize> {
    if targets.is_empty() {
        return None;
    }
    let mut reach = Bitboard::from(king);
    for d in 0..8 {
        if reach.intersects(targets) {
            return Some(d);
        }
        let wide = reach | east(reach) | west(reach);
        reach = wide | Bitboard(wide.0 << 8) | Bitboard(wide.0 >> 8);
    }
    None
}

/// Per file at and beside the king, the nearest own pawn ahead (shelter) and the nearest
/// enemy pawn ahead (storm), each indexed by how many ranks ahead it stands.
fn shelter_and_storm(board: &Board, color: Color, king: Square, sink: &mut impl Sink) {
    let sign = color.fold_wb(1, -1);
    let ahead = front_span(color, Bitboard::from_rank(king.rank()));
    let ours = board.pawns() & board.by_color(color) & ahead;
    let theirs = board.pawns() & board.by_color(!color) & ahead;
    let king_rank = relative_rank(color, king);
    let nearest = |pawns: Bitboard| {
        let sq = match color {
            Color::White => pawns.first(),
            Color::Black => pawns.last(),
        };
        sq.map(|s| relative_rank(color, s) - king_rank)
    };
    let first = king.file().offset(-1).unwrap_or(File::A) as u32;
    let last = king.file().offset(1).unwrap_or(File::H) as u32;
    for f in first..=last {
        let file = Bitboard::from_file(File::new(f));
        let shelter = nearest(ours & file).map_or(3, |d| d.min(3) - 1);
        sink.add(sign, |w| w.shelter[shelter]);
        let storm = nearest(theirs & file).map_or(3, |d| d.min(4) - 1);
        sink.add(sign, |w| w.storm[storm]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square::*;

    #[test]
    fn nearest_distance_grows_by_king_steps() {
        assert_eq!(nearest_distance(E1, Bitboard::EMPTY), None);
        assert_eq!(nearest_distance(E1, E1.into()), Some(0));
        assert_eq!(nearest_distance(A1, Bitboard::from_iter([H8, C2])), Some(2));
        assert_eq!(nearest_distance(H1, A8.into()), Some(7));
    }
}

#[cfg(test)]
mod scoring {
    use crate::search::modern::eval::tests::{count, white_score};

    #[test]
    fn shelter_and_storm_read_the_files_around_the_king() {
        // White's king on g1 behind f2 g2 h2; Black's on g8 with no pawns and White's pawns
        // far ahead of it (none: they are behind it).
        let fen = "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1";
        assert_eq!(count(fen, |w| w.shelter[0]), 3);
        assert_eq!(count(fen, |w| w.shelter[3]), -3);
        // Black pawns on g4 storm (three ranks ahead of g1).
        let fen = "6k1/8/8/8/6p1/8/5P1P/6K1 w - - 0 1";
        assert_eq!(count(fen, |w| w.storm[2]), 1);
        assert!(
            white_score("q5k1/5ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1")
                > white_score("q5k1/5ppp/8/8/8/8/PPP5/Q5K1 w - - 0 1")
        );
    }

    #[test]
    fn pieces_around_the_king_raise_the_danger() {
        // Black's queen on h4 and knight on g4 attack f2, h2, h3 and more of White's zone:
        // a count for White's king (whose weights are penalties).
        let fen = "6k1/5ppp/8/8/6nq/8/5PPP/5RK1 w - - 0 1";
        let danger = (0..16)
            .map(|i| count(fen, |w| w.king_danger[i]))
            .collect::<Vec<_>>();
        assert_eq!(danger.iter().sum::<i32>(), 1, "{danger:?}");
        assert!(danger[10..].contains(&1), "{danger:?}");
    }

    #[test]
    fn squares_by_the_king_only_it_guards() {
        // The rook on e2 hits f2, which only White's king guards; with a knight on d1
        // guarding f2 nothing by the king is weak.
        let fen = "6k1/8/8/8/8/8/4rPPP/6K1 w - - 0 1";
        assert_eq!(count(fen, |w| w.king_ring_weak), 1);
        let fen = "6k1/8/8/8/8/8/4rPPP/3N2K1 w - - 0 1";
        assert_eq!(count(fen, |w| w.king_ring_weak), 0);
    }

    #[test]
    fn unguarded_checking_squares_count_by_role() {
        // Black's knight on e5 can check from d3 and f3; the g2 pawn guards f3, so only
        // d3 counts. The rook on e8 has no check: its own knight blocks the e-file.
        let fen = "4r1k1/8/8/4n3/8/8/6P1/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.safe_check[0]), 1);
        assert_eq!(count(fen, |w| w.safe_check[2]), 0);
        // With the king on g1 the rook can check from e1, which nothing of White guards.
        let fen = "4r1k1/8/8/8/8/8/6P1/6K1 w - - 0 1";
        assert_eq!(count(fen, |w| w.safe_check[2]), 1);
        // A queen guarded against on every checking line gives nothing.
        let fen = "6k1/8/8/8/8/8/q4PPP/5RK1 w - - 0 1";
        assert_eq!(count(fen, |w| w.safe_check[3]), 0);
    }

    #[test]
    fn the_endgame_king_goes_to_the_pawns() {
        let fen = "8/8/8/8/3p4/4K3/8/k7 w - - 0 1";
        assert_eq!(count(fen, |w| w.king_pawn_tropism[1]), 1);
        assert_eq!(count(fen, |w| w.king_pawn_tropism[3]), -1);
    }
}
