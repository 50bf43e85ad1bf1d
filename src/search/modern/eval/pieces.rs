//! The pieces: mobility (the 1967 program counted it in its plausibility; here it is a
//! term), centre control, outposts, minors and the pawns around them, rooks on open files
//! and the seventh, the bishop pair.
//! While visiting each piece it records what the piece attacks, for the king-safety and
//! threat terms that follow.

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, ByColor, Color, Role, Square};

use super::bits::{east, file_fill, forward, front_span, pawn_attacks, relative_rank, west};
use super::{S, Sink, Weights};

/// The centre squares d4, e4, d5, e5.
const CENTRE: Bitboard = Bitboard::CENTER;

/// Attack units a piece brings against the enemy king's zone, by role (pawn … king).
const KING_ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];

/// What one side attacks.
#[derive(Debug, Clone, Copy, Default)]
pub struct SideAttacks {
    /// Squares its pawns attack.
    pub pawns: Bitboard,
    /// Squares its knights attack.
    pub knights: Bitboard,
    /// Squares its bishops attack.
    pub bishops: Bitboard,
    /// Squares its rooks attack.
    pub rooks: Bitboard,
    /// Squares its queens attack.
    pub queens: Bitboard,
    /// Squares anything of it attacks (the king included).
    pub all: Bitboard,
    /// The enemy king's zone: its square, the squares around and one rank further.
    pub enemy_king_zone: Bitboard,
    /// Attack units against the enemy king's zone (see `KING_ATTACK_UNITS`).
    pub king_units: i32,
    /// How many pieces attack the enemy king's zone.
    pub king_attackers: i32,
}

impl SideAttacks {
    /// Squares its knights and bishops attack.
    #[inline]
    pub fn minors(&self) -> Bitboard {
        self.knights | self.bishops
    }
}

/// Both sides' attacks; the pieces' part is filled in by [`pieces`].
pub fn pawn_and_king_attacks(board: &Board) -> ByColor<SideAttacks> {
    ByColor::new_with(|color| {
        let pawns = pawn_attacks(color, board.pawns() & board.by_color(color));
        let king = board.king_of(color).map_or(Bitboard::EMPTY, king_attacks);
        let zone = board.king_of(!color).map_or(Bitboard::EMPTY, |k| {
            let ring = king_attacks(k) | Bitboard::from(k);
            ring | forward(!color, ring)
        });
        SideAttacks {
            pawns,
            all: pawns | king,
            enemy_king_zone: zone,
            ..SideAttacks::default()
        }
    })
}

/// The piece terms of `color`; adds its pieces' attacks to `attacks`.
pub fn pieces(board: &Board, color: Color, all: &mut ByColor<SideAttacks>, sink: &mut impl Sink) {
    let sign = color.fold_wb(1, -1);
    let ours = board.by_color(color);
    let occ = board.occupied();
    let their_pawn_attacks = all.get(!color).pawns;
    let side = all.get_mut(color);
    let mut visit = Visit {
        sign,
        area: !(ours & (board.pawns() | board.kings())) & !their_pawn_attacks,
        side,
    };
    let [knights, bishops, rooks, queens] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .map(|role| visit.role(board.by_role(role) & ours, role, occ, sink));
    let minors = knights | bishops;
    let side = visit.side;
    side.knights = knights;
    side.bishops = bishops;
    side.rooks = rooks;
    side.queens = queens;
    side.all |= minors | rooks | queens;
    sink.add(sign * (side.pawns & CENTRE).count() as i32, |w| {
        w.centre_control[0]
    });
    let centre = (minors | rooks | queens) & CENTRE;
    sink.add(sign * centre.count() as i32, |w| w.centre_control[1]);
    outposts(board, color, sink);
    minors_and_pawns(board, color, sink);
    rooks_on_files(board, color, sink);
    if (board.bishops() & ours).more_than_one() {
        sink.add(sign, |w| w.bishop_pair);
    }
}

/// What every piece of one side needs while its pieces are visited.
struct Visit<'a> {
    sign: i32,
    /// Squares that count for mobility.
    area: Bitboard,
    side: &'a mut SideAttacks,
}

impl Visit<'_> {
    /// The mobility and king attack of each piece on `pieces` (all of `role`, a knight,
    /// bishop, rook or queen) with `occ` occupied; returns the squares they attack
    /// together.
    #[inline(always)]
    fn role(
        &mut self,
        pieces: Bitboard,
        role: Role,
        occ: Bitboard,
        sink: &mut impl Sink,
    ) -> Bitboard {
        let mut union = Bitboard::EMPTY;
        for sq in pieces {
            let a = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occ),
                Role::Rook => rook_attacks(sq, occ),
                _ => queen_attacks(sq, occ),
            };
            let m = (a & self.area).count();
            sink.add(self.sign, |w| mobility(w, role)[m]);
            union |= a;
            if a.intersects(self.side.enemy_king_zone) {
                let hits = (a & self.side.enemy_king_zone).count() as i32;
                self.side.king_units += KING_ATTACK_UNITS[role as usize - 1] + hits;
                self.side.king_attackers += 1;
            }
        }
        union
    }
}

/// The mobility weights of `role` (a knight, bishop, rook or queen), by squares reached.
#[inline(always)]
fn mobility(w: &Weights, role: Role) -> &[S] {
    match role {
        Role::Knight => &w.knight_mobility,
        Role::Bishop => &w.bishop_mobility,
        Role::Rook => &w.rook_mobility,
        _ => &w.queen_mobility,
    }
}

/// Knights and bishops on the fourth to sixth rank, guarded by a pawn, that no enemy pawn
/// can ever attack.
fn outposts(board: &Board, color: Color, sink: &mut impl Sink) {
    let sign = color.fold_wb(1, -1);
    let ours = board.by_color(color);
    let theirs = board.pawns() & board.by_color(!color);
    let their_reach = front_span(!color, theirs);
    let chased = east(their_reach) | west(their_reach);
    let guarded = pawn_attacks(color, board.pawns() & ours);
    let holes = guarded & !chased;
    for (i, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
        for sq in board.by_role(role) & ours & holes {
            if (3..=5).contains(&relative_rank(color, sq)) {
                sink.add(sign, |w| w.outpost[i]);
            }
        }
    }
}

/// Bishops hemmed in by their own pawns; knights and bishops sheltered behind a pawn, and
/// how far they stray from their king.
fn minors_and_pawns(board: &Board, color: Color, sink: &mut impl Sink) {
    let sign = color.fold_wb(1, -1);
    let ours = board.by_color(color);
    let own_pawns = board.pawns() & ours;
    for sq in board.bishops() & ours {
        let colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        sink.add(sign * (own_pawns & colour).count() as i32, |w| {
            w.bishop_pawns
        });
        if (bishop_attacks(sq, board.pawns()) & CENTRE).more_than_one() {
            sink.add(sign, |w| w.bishop_long_diagonal);
        }
    }
    let minors = (board.knights() | board.bishops()) & ours;
    let behind_pawns = forward(!color, board.pawns());
    sink.add(sign * (minors & behind_pawns).count() as i32, |w| {
        w.minor_behind_pawn
    });
    if let Some(king) = board.king_of(color) {
        let steps: u32 = minors.into_iter().map(|sq| sq.distance(king)).sum();
        sink.add(sign * steps as i32, |w| w.minor_king_distance);
    }
}

/// Rooks on open and half-open files, and on the seventh.
fn rooks_on_files(board: &Board, color: Color, sink: &mut impl Sink) {
    let sign = color.fold_wb(1, -1);
    let rooks = board.rooks() & board.by_color(color);
    if rooks.is_empty() {
        return;
    }
    let own_files = file_fill(board.pawns() & board.by_color(color));
    let their_pawns = board.pawns() & board.by_color(!color);
    let their_files = file_fill(their_pawns);
    let open = (rooks & !own_files & !their_files).count() as i32;
    let half_open = (rooks & !own_files & their_files).count() as i32;
    sink.add(sign * open, |w| w.rook_open_file);
    sink.add(sign * half_open, |w| w.rook_half_open_file);
    let on_seventh = |sq: Square| relative_rank(color, sq) == 6;
    let their_king_home = board
        .king_of(!color)
        .is_some_and(|k| relative_rank(color, k) == 7);
    let pawns_home = their_pawns.into_iter().any(on_seventh);
    if their_king_home || pawns_home {
        let n = rooks.into_iter().filter(|&sq| on_seventh(sq)).count() as i32;
        sink.add(sign * n, |w| w.rook_seventh);
    }
}

#[cfg(test)]
mod tests {
    use crate::search::modern::eval::tests::{assert_counts, white_score};

    #[test]
    fn mobility_counts_safe_squares() {
        assert_counts(&[
            // The knight on a1 reaches b3 and c2.
            (
                "4k3/8/8/8/8/8/8/N3K3 w - - 0 1",
                |w| w.knight_mobility[2],
                1,
            ),
            // On d4 it reaches eight squares but c6 and e6 are guarded by Black's pawns.
            (
                "4k3/3p1p2/8/8/3N4/8/8/4K3 w - - 0 1",
                |w| w.knight_mobility[6],
                1,
            ),
        ]);
        assert!(
            white_score("4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1")
                > white_score("4k3/p7/8/8/8/8/P7/N3K3 w - - 0 1")
        );
    }

    #[test]
    fn bishop_pair_outpost_and_centre() {
        assert_counts(&[
            ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", |w| w.bishop_pair, 1),
            // Knight e5 guarded by d4, no black pawn on d or f files to chase it.
            (
                "4k3/ppp3pp/8/4N3/3P4/8/8/4K3 w - - 0 1",
                |w| w.outpost[0],
                1,
            ),
            (
                "4k3/ppp2ppp/8/4N3/3P4/8/8/4K3 w - - 0 1",
                |w| w.outpost[0],
                0,
            ),
            // A pawn on d4 attacks c5 and e5: one centre square.
            (
                "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1",
                |w| w.centre_control[0],
                1,
            ),
        ]);
    }

    #[test]
    fn minors_among_the_pawns_and_away_from_their_king() {
        let behind = "4k3/8/8/3pp3/3N4/2N5/8/4K3 w - - 0 1";
        assert_counts(&[
            // The bishop on c1 (dark) has b2 and d2 on its colour; e4 is light.
            (
                "4k3/8/8/8/4P3/8/1P1P4/2B1K3 w - - 0 1",
                |w| w.bishop_pawns,
                2,
            ),
            // The knight on d4 stands behind the black pawn on d5, the bishop e6 behind e5
            // from Black's side; the knight on c3 has nothing in front.
            (
                "4k3/8/4b3/3pp3/3N4/2N5/8/4K3 w - - 0 1",
                |w| w.minor_behind_pawn,
                0,
            ),
            (behind, |w| w.minor_behind_pawn, 1),
            // d4 is three steps from e1, c3 two.
            (behind, |w| w.minor_king_distance, 5),
            // b2 sees d4 and e5 past the knight on c3 only if c3 is no pawn.
            (
                "4k3/8/8/8/8/2N5/1B6/4K3 w - - 0 1",
                |w| w.bishop_long_diagonal,
                1,
            ),
            (
                "4k3/8/8/8/8/2P5/1B6/4K3 w - - 0 1",
                |w| w.bishop_long_diagonal,
                0,
            ),
        ]);
    }

    #[test]
    fn rooks_on_files_and_the_seventh() {
        let files = "7k/1p4p1/8/8/8/8/6P1/1R2R1K1 w - - 0 1";
        assert_counts(&[
            (files, |w| w.rook_open_file, 1),
            (files, |w| w.rook_half_open_file, 1),
            ("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", |w| w.rook_seventh, 1),
            ("8/R7/5k2/8/8/8/8/4K3 w - - 0 1", |w| w.rook_seventh, 0),
        ]);
    }
}
