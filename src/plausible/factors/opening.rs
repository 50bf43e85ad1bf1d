//! Opening sense and the king (1980 catalogue rows 17 and 19–24; the paper: "early king
//! and rook moves are bad while castling is possible; first minor-piece moves are good;
//! moving the queen or king too early is bad unless attacked", and "it is bad to move
//! pieces in front of centre pawns on their original squares"). Castling itself is
//! scored on its own (`castle`, row 2). The king's walk in the middlegame is the 1980
//! rows 20, 22 and 24 by rank; its march to the centre in the endgame is ours.

use shakmaty::{Position, Rank, Role, Square};

use super::facts::MoveFacts;
use super::{Scorer, Sink};
use crate::plausible::squares::{centre_distance, ci};
use crate::plausible::words::{Piece, Sq};

/// Opening sense, then the king's walk.
#[inline(always)]
pub(super) fn opening_and_king<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    opening_sense(s, f);
    if f.role == Role::King {
        king_walk(s, f);
    }
}

/// Developing minor pieces, not the queen; keeping castling; not blocking a centre pawn.
#[inline(always)]
fn opening_sense<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    let (role, from, to) = (f.role, f.from, f.to);
    if sc.opening {
        if matches!(role, Role::Knight | Role::Bishop) && sc.rel_rank(from) == 0 {
            let home = matches!(
                (role, from.file().to_u32()),
                (Role::Knight, 1 | 6) | (Role::Bishop, 2 | 5)
            );
            if home {
                let me = Piece {
                    role,
                    owner: us,
                    sq: from,
                    viewer: us,
                };
                s.posi(
                    "first_minor_move",
                    w.first_minor_move,
                    format_args!("develops the {} for the first time", me),
                );
            }
        }
        if role == Role::Queen && !sc.att[ci(sc.them)].contains(from) {
            s.posi(
                "early_queen_move",
                w.early_queen_move,
                format_args!(
                    "moves the queen out early to {} though it is not attacked",
                    Sq(to, us)
                ),
            );
        }
    }
    if role == Role::King && sc.pos.castles().has_color(us) {
        s.posi(
            "king_move_spoils_castling",
            w.king_move_spoils_castling,
            format_args!("walks the king to {} and gives up castling", Sq(to, us)),
        );
    }
    if role == Role::Rook && sc.castling_rooks.contains(from) {
        s.posi(
            "rook_move_spoils_castling",
            w.rook_move_spoils_castling,
            format_args!(
                "moves the rook from {} and spoils castling on its side",
                Sq(from, us)
            ),
        );
    }
    if role != Role::Pawn
        && f.captured.is_none()
        && sc.rel_rank(to) == 2
        && matches!(to.file().to_u32(), 3 | 4)
    {
        let pawn_home = Square::from_coords(to.file(), us.relative_rank(Rank::Second));
        if sc.pawns[ci(us)].contains(pawn_home) {
            s.posi(
                "block_centre_pawn",
                w.block_centre_pawn,
                format_args!(
                    "stands on {} in front of the unmoved pawn on {}",
                    Sq(to, us),
                    Sq(pawn_home, us)
                ),
            );
        }
    }
}

/// A king move: back or forward in the middlegame, toward the centre in the endgame.
#[inline(always)]
fn king_walk<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    let (from, to) = (f.from, f.to);
    if !sc.endgame && !sc.in_check {
        let (rel_from, rel_to) = (sc.rel_rank(from), sc.rel_rank(to));
        s.posi(
            "king_walk",
            w.king_walk,
            format_args!("moves the king in the middlegame, to {}", Sq(to, us)),
        );
        s.posi(
            "king_rank_step",
            w.king_rank_step * (rel_to - rel_from),
            format_args!(
                "takes the king from rank {} to rank {}",
                rel_from + 1,
                rel_to + 1
            ),
        );
    }
    if sc.endgame {
        s.posi(
            "king_centralise_endgame",
            w.king_centralise_endgame * (centre_distance(from) - centre_distance(to)),
            format_args!(
                "brings the king {} the centre, to {}",
                if centre_distance(to) < centre_distance(from) {
                    "toward"
                } else {
                    "away from"
                },
                Sq(to, us)
            ),
        );
    }
}
