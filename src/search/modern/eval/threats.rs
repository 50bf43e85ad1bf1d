//! Threats: enemy pieces that `color` attacks and that are worth more than the attacker or
//! not defended, those its king can take, and those a safe pawn push would attack. The 1967
//! program found these in its plausibility analysis, move by move; the evaluation counts
//! them for the position as it stands.

use shakmaty::attacks::king_attacks;
use shakmaty::{Bitboard, Board, ByColor, Color, Rank, Role};

use super::Sink;
use super::bits::{forward, pawn_attacks};
use super::pieces::SideAttacks;

/// The roles a threat can fall on, in the weight tables' order.
const VICTIMS: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// The threat terms of `color` against the other side.
pub fn threats(board: &Board, color: Color, attacks: &ByColor<SideAttacks>, sink: &mut impl Sink) {
    let sign = color.fold_wb(1, -1);
    let ours = attacks.get(color);
    let defended = attacks.get(!color).all;
    let victims = board.by_color(!color) & !board.kings();
    let pieces = victims & !board.pawns();

    sink.add(sign * (pieces & ours.pawns).count() as i32, |w| {
        w.threat_by_pawn
    });
    sink.add(sign * (pieces & ours.all & !defended).count() as i32, |w| {
        w.hanging
    });
    let king = board.king_of(color).map_or(Bitboard::EMPTY, king_attacks);
    sink.add(sign * (victims & king & !defended).count() as i32, |w| {
        w.threat_by_king
    });
    let pushed = pawn_pushes(board, color) & !attacks.get(!color).pawns;
    let safe = pushed & (ours.all | !defended);
    sink.add(
        sign * (pieces & pawn_attacks(color, safe)).count() as i32,
        |w| w.pawn_push_threat,
    );
    for (i, role) in VICTIMS.into_iter().enumerate() {
        let of_role = victims & board.by_role(role);
        if !of_role.intersects(ours.minors() | ours.rooks) {
            continue;
        }
        let weak = of_role & !defended;
        let by_minor = if matches!(role, Role::Rook | Role::Queen) {
            of_role
        } else {
            weak
        };
        let by_rook = if role == Role::Queen { of_role } else { weak };
        sink.add(sign * (by_minor & ours.minors()).count() as i32, |w| {
            w.threat_by_minor[i]
        });
        sink.add(sign * (by_rook & ours.rooks).count() as i32, |w| {
            w.threat_by_rook[i]
        });
    }
}

/// The squares `color`'s pawns reach in one move without capturing: one step, or two
/// from their first rank.
fn pawn_pushes(board: &Board, color: Color) -> Bitboard {
    let empty = !board.occupied();
    let single = forward(color, board.pawns() & board.by_color(color)) & empty;
    let third = Bitboard::from_rank(color.fold_wb(Rank::Third, Rank::Sixth));
    single | (forward(color, single & third) & empty)
}

#[cfg(test)]
mod tests {
    use crate::search::modern::eval::tests::{count, white_score};

    #[test]
    fn safe_pushes_that_would_attack_a_piece() {
        // e2-e4 (two steps) would attack the knight on d5; d3-d4 would attack e5 and c5
        // but d4 is guarded by the pawn on c5 (it is Black's pawn, not a piece).
        let fen = "4k3/8/8/2pnn3/8/3P4/4P3/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.pawn_push_threat), 1);
    }

    #[test]
    fn attacked_pieces_count_for_the_attacker() {
        // e4 attacks the knight on d5, which nothing defends.
        let fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.threat_by_pawn), 1);
        assert_eq!(count(fen, |w| w.hanging), 1);
        // The bishop on b3 attacks the rook on d5 (defended by e6): rooks count anyway.
        let fen = "4k3/8/4p3/3r4/8/1B6/8/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.threat_by_minor[3]), 1);
        assert_eq!(count(fen, |w| w.hanging), 0);
        // A rook attacking a defended knight is no threat; a queen always is.
        let fen = "4k3/8/4p3/3n4/8/8/3R4/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.threat_by_rook[1]), 0);
        let fen = "4k3/8/4p3/3q4/8/8/3R4/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.threat_by_rook[4]), 1);
        // The king on d1 attacks the loose knight on e2, not the defended pawn c2.
        let fen = "4k3/8/8/8/8/1p6/2p1n3/3K4 w - - 0 1";
        assert_eq!(count(fen, |w| w.threat_by_king), 1);
        assert!(
            white_score("4k3/p7/8/3n4/4P3/8/P7/4K3 b - - 0 1")
                > white_score("4k3/p7/8/3n4/8/4P3/P7/4K3 b - - 0 1")
        );
    }
}
