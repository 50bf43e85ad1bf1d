//! Where a piece stands (1980 catalogue rows 16, 32–33 and 82–85; the paper's "square
//! importance" gives the centre its weight): a knight toward the centre (row 16) and, ours,
//! on an outpost; a rook on the seventh (ours); a rook or queen on the enemy king's file or rank and a bishop or queen
//! on its diagonal (rows 82–85); and a blockade of an enemy passed pawn taken up or given
//! up (rows 32–33).

use shakmaty::{Bitboard, Color, Rank, Role, attacks};

use super::facts::MoveFacts;
use super::{Scorer, Sink};
use crate::eval::pawns::{front_span, neighbour_files};
use crate::plausible::squares::{centre_factor, ci};
use crate::plausible::words::{Sq, role_name};

/// Every placement factor of the move.
#[inline(always)]
pub(super) fn placement<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    match f.role {
        Role::Knight => knight(s, f),
        Role::Rook => rook(s, f),
        _ => {}
    }
    if matches!(f.new_role, Role::Rook | Role::Queen | Role::Bishop) {
        king_lines(s, f);
    }
    blockade(s, f);
}

/// A knight toward the centre, and on an outpost no pawn can chase it from.
#[inline(always)]
fn knight<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    let them = !us;
    let (from, to) = (f.from, f.to);
    s.posi(
        "knight_centre",
        w.knight_centre * (centre_factor(us, to) - centre_factor(us, from)),
        format_args!(
            "the knight goes {} the centre, to {}",
            if centre_factor(us, to) > centre_factor(us, from) {
                "toward"
            } else {
                "away from"
            },
            Sq(to, us)
        ),
    );
    let supported = !(attacks::pawn_attacks(them, to) & sc.pawns[ci(us)]).is_empty();
    let chasers = neighbour_files(to) & front_span(us, to) & sc.pawns[ci(them)];
    if (4..=5).contains(&sc.rel_rank(to)) && supported && chasers.is_empty() {
        s.posi(
            "knight_outpost",
            w.knight_outpost,
            format_args!(
                "plants the knight on the outpost {}, where no pawn can chase it",
                Sq(to, us)
            ),
        );
    }
}

/// A rook to the seventh.
#[inline(always)]
fn rook<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    let them = !us;
    let (from, to) = (f.from, f.to);
    if sc.rel_rank(to) == 6 && sc.rel_rank(from) != 6 {
        let their_seventh = Bitboard::from(Rank::new(if us == Color::White { 6 } else { 1 }));
        let their_eighth = Bitboard::from(them.backrank());
        if their_eighth.contains(f.their_king) || sc.pawns[ci(them)].intersects(their_seventh) {
            s.posi(
                "rook_seventh",
                w.rook_seventh,
                format_args!("puts the rook on the seventh rank at {}", Sq(to, us)),
            );
        }
    }
}

/// A rook or queen onto the enemy king's file or rank (an open file more), a bishop or
/// queen onto its diagonal.
#[inline(always)]
fn king_lines<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    let (from, to, their_king, new_role) = (f.from, f.to, f.their_king, f.new_role);
    if matches!(new_role, Role::Rook | Role::Queen) {
        let on_file = to.file() == their_king.file() && from.file() != their_king.file();
        let on_rank = to.rank() == their_king.rank() && from.rank() != their_king.rank();
        if on_file || on_rank {
            s.posi(
                "king_line",
                w.king_line,
                format_args!(
                    "brings the {} onto the line of the king on {}",
                    role_name(new_role),
                    Sq(their_king, us)
                ),
            );
        }
        if on_file && (Bitboard::from_file(to.file()) & sc.board.pawns()).is_empty() {
            s.posi(
                "open_line_to_king",
                w.open_line_to_king,
                format_args!(
                    "the {} has an open file to the king on {}",
                    role_name(new_role),
                    Sq(their_king, us)
                ),
            );
        }
    }
    if matches!(new_role, Role::Bishop | Role::Queen) {
        let diag = sc.king_diagonals;
        if diag.contains(to) && !diag.contains(from) {
            s.posi(
                "king_diagonal",
                w.king_diagonal,
                format_args!(
                    "brings the {} onto a diagonal of the king on {}",
                    role_name(new_role),
                    Sq(their_king, us)
                ),
            );
        }
    }
}

/// Blockades of enemy passed pawns: only a move to or from a square just ahead of one.
#[inline(always)]
fn blockade<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    let them = !us;
    let (from, to) = (f.from, f.to);
    for front in sc.blockade_squares & (Bitboard::from(from) | to) {
        let Some(p) = front.offset(if them == Color::White { -8 } else { 8 }) else {
            continue;
        };
        let rank = them.relative_rank(p.rank()).to_usize();
        if front == to && f.role != Role::Pawn {
            s.posi(
                "blockade_passed_pawn",
                w.blockade_by_rank[rank],
                format_args!(
                    "blockades the passed pawn on {} from {}",
                    Sq(p, us),
                    Sq(to, us)
                ),
            );
        }
        if front == from {
            s.posi(
                "leave_blockade",
                -w.blockade_by_rank[rank],
                format_args!("stops blockading the passed pawn on {}", Sq(p, us)),
            );
        }
    }
}
