//! Attacks on weak spots from the new square (1980 catalogue rows 58–63, 66 and 74; the
//! paper: "putting enemy pieces en prise; attacks on weak spots (weak pawns, pinned
//! pieces, pieces that defend other pieces)", "multiple threats", "trapping pieces"), for
//! safe moves only, as in 1980: each enemy piece the moved piece newly attacks, by what
//! it is (undefended, bigger, about equal, outnumbered, a weak pawn, pinned, trapped, a
//! sole defender); and a bonus when the move makes two threats or
//! more (row 66).

use shakmaty::{Bitboard, Role, Square};

use super::facts::MoveFacts;
use super::{Scorer, Sink};
use crate::eval::piece_value;
use crate::plausible::Flags;
use crate::plausible::squares::ci;
use crate::plausible::words::{Piece, Sq, role_name};

/// Every enemy piece the moved piece newly attacks.
#[inline(always)]
pub(super) fn new_attacks<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let newly = f.new_att & f.theirs2 & !f.old_att & !Bitboard::from(f.their_king);
    for t in newly {
        attack_on(s, f, t);
    }
}

/// The enemy piece on `t`, newly attacked: how much that threatens.
#[inline(always)]
fn attack_on<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>, t: Square) {
    let (sc, w, us) = s.scene();
    let them = !us;
    let board = sc.board;
    let v_new = f.v_new;
    let rt = sc.role(t);
    let vt = piece_value(rt);
    let defended = sc.att[ci(them)].contains(t);
    let tp = Piece {
        role: rt,
        owner: them,
        sq: t,
        viewer: us,
    };
    if !defended {
        s.threats += 1;
        s.add(
            "attack_undefended_piece",
            vt / w.attack_undefended_div,
            format_args!("attacks the undefended {}", tp),
        );
    } else if vt > v_new + 32 {
        s.threats += 1;
        s.add(
            "attack_bigger_piece",
            ((vt - v_new) / w.attack_bigger_div).min(w.attack_bigger_cap),
            format_args!(
                "attacks the {}, worth more than our {}",
                tp,
                role_name(f.new_role)
            ),
        );
    } else if rt != Role::Pawn && (vt - v_new).abs() <= 32 {
        s.add(
            "offer_trade",
            w.offer_trade,
            format_args!(
                "offers a trade of {}s against the {}",
                role_name(f.new_role),
                tp
            ),
        );
    } else if defended && sc.att[ci(us)].contains(t) {
        let defenders = (board.attacks_to(t, them, f.occ2) & f.theirs2).count();
        let ours_now =
            (board.attacks_to(t, us, f.occ2) & sc.by[ci(us)] & !Bitboard::from(f.from)).count() + 1;
        if ours_now > defenders {
            s.add(
                "pile_on",
                w.pile_on,
                format_args!(
                    "adds an attacker on the {}, now outnumbering its defenders",
                    tp
                ),
            );
        }
    }
    if rt == Role::Pawn && sc.weak_pawns[ci(them)].contains(t) {
        s.add(
            "attack_weak_pawn",
            w.attack_weak_pawn,
            format_args!("attacks the weak pawn on {}", Sq(t, us)),
        );
    }
    if sc.pinned[ci(them)].contains(t) {
        s.add(
            "attack_pinned_piece",
            w.attack_pinned_piece,
            format_args!("attacks the pinned {}", tp),
        );
    }
    if defended && vt >= v_new && sc.is_trapped(t) {
        s.add(
            "attack_trapped_piece",
            vt / w.attack_trapped_div,
            format_args!("attacks the {}, which has no safe square", tp),
        );
    }
    if sc.sole_defender[ci(them)].contains(t) {
        s.add(
            "attack_sole_defender",
            w.attack_sole_defender,
            format_args!("attacks the {}, the only defender of another piece", tp),
        );
    }
}

/// Two or more threats at once (a fork): investigated, and scored by their number.
#[inline(always)]
pub(super) fn multiple_threats<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    if s.threats >= 2 {
        s.flags.insert(Flags::FORK);
        s.flags.insert(Flags::INVESTIGATE);
        let i = (s.threats as usize - 2).min(2);
        let n = s.threats;
        s.add(
            "multiple_threats",
            s.sc.w.multiple_threats[i],
            format_args!("makes {} threats at once from {}", n, Sq(f.to, s.sc.us)),
        );
    }
}
