//! Pins, skewers and discoveries (1980 catalogue rows 67, 69–71 and 76–78; the paper:
//! "pins", "discovered attacks"): a slider on its new square pinning an enemy piece to
//! a bigger one or the king (by the pinned piece's rank, row 69; a sound pawn flat, row
//! 71) or skewering (ours, the pin's mirror); lining up behind one of our pieces aimed at
//! an enemy target (row 67); stepping between one of our pinned pieces and its pinner
//! (rows 76–77); and moving the piece one of ours is pinned against (row 78).

use shakmaty::{Bitboard, Role, Square, attacks};

use super::facts::{MoveFacts, slider_attacks};
use super::{Scorer, Sink};
use crate::eval::piece_value;
use crate::plausible::squares::ci;
use crate::plausible::words::{Piece, Sq};

/// Pins and skewers by a slider on its new square, and lining up behind our own pieces.
/// One look through every piece it reaches first (`beyond_first`): with no enemy piece
/// behind any of them, neither loop can find anything, and only a piece on a line
/// holding one of them can have one behind it.
#[inline(always)]
pub(super) fn pins_and_line_ups<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let beyond_first = if matches!(f.new_role, Role::Bishop | Role::Rook | Role::Queen) {
        slider_attacks(f.new_role, f.to, f.occ2 & !f.new_att) & !f.new_att & f.theirs2
    } else {
        Bitboard::EMPTY
    };
    if beyond_first.any() {
        for t in f.new_att & f.theirs2 & !f.old_att {
            if beyond_first.intersects(attacks::ray(f.to, t)) {
                pin_or_skewer(s, f, t);
            }
        }
        line_up(s, f, beyond_first);
    }
}

/// The enemy piece on `t`, newly attacked along a line with another enemy piece behind
/// it: a pin or a skewer, if the one behind is worth it.
#[inline(always)]
fn pin_or_skewer<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>, t: Square) {
    let (sc, w, us) = s.scene();
    let them = !us;
    let v_new = f.v_new;
    let rt = sc.role(t);
    let behind = slider_attacks(f.new_role, f.to, f.occ2 ^ t) & !f.new_att & f.theirs2;
    let Some(b) = behind.first() else {
        return;
    };
    let rb = sc.role(b);
    let vb = piece_value(rb);
    let vt = piece_value(rt);
    // The front piece's own guard of the one behind goes when it steps aside.
    let b_undefended = !sc.att[ci(them)].contains(b)
        || (sc.board.attacks_to(b, them, f.occ2) & f.theirs2)
            .without(t)
            .is_empty();
    if rt == Role::King {
        if b_undefended || vb > v_new {
            s.add(
                "skewer",
                vb / w.skewer_div,
                format_args!("skewers the king to the {}", sc.piece_on(b)),
            );
        }
    } else if rb == Role::King || vb > vt.max(v_new) || (b_undefended && vb > vt) {
        // A sound pawn (not weak) pinned is worth little (1980: +32 flat).
        let rank = us.relative_rank(t.rank()).to_usize();
        let value = if rt == Role::Pawn && !sc.weak_pawns[ci(them)].contains(t) {
            w.pin_sound_pawn
        } else {
            w.pin_by_rank[rank]
        };
        s.add(
            "pin_piece",
            value,
            format_args!("pins the {} to the {}", sc.piece_on(t), sc.piece_on(b)),
        );
    } else if vt > v_new && (b_undefended || vb > v_new) {
        s.add(
            "skewer",
            vb / w.skewer_div,
            format_args!("skewers the {} to the {}", sc.piece_on(t), sc.piece_on(b)),
        );
    }
}

/// Lining up behind one of our own pieces aimed at an enemy target (the first such).
#[inline(always)]
fn line_up<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>, beyond_first: Bitboard) {
    let sc = s.sc;
    for q in f.new_att & f.ours2 & !Bitboard::from(f.to) {
        if !beyond_first.intersects(attacks::ray(f.to, q)) {
            continue;
        }
        let beyond = slider_attacks(f.new_role, f.to, f.occ2 ^ q) & !f.new_att & f.theirs2;
        let Some(t) = beyond.first() else {
            continue;
        };
        let rt = sc.role(t);
        if rt == Role::King || piece_value(rt) > f.v_new || !sc.att[ci(sc.them)].contains(t) {
            s.add(
                "prepare_discovery",
                sc.w.prepare_discovery,
                format_args!(
                    "lines up behind our {} against the {}",
                    sc.piece_on(q),
                    sc.piece_on(t)
                ),
            );
            break;
        }
    }
}

/// Breaking a pin on one of our pieces by stepping in between.
#[inline(always)]
pub(super) fn break_pin<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let sc = s.sc;
    if sc.pin_lines[ci(sc.us)].contains(f.to) && !sc.pinned[ci(sc.us)].contains(f.from) {
        s.add(
            "break_pin",
            sc.w.break_pin,
            format_args!(
                "steps between a pinned piece of ours and its pinner on {}",
                Sq(f.to, sc.us)
            ),
        );
    }
}

/// Moving the piece one of ours is pinned against, which frees it.
#[inline(always)]
pub(super) fn move_pin_base<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let sc = s.sc;
    if f.role != Role::King && sc.pin_base[ci(sc.us)].contains(f.from) {
        let me = Piece {
            role: f.role,
            owner: sc.us,
            sq: f.from,
            viewer: sc.us,
        };
        s.add(
            "move_pin_base",
            sc.w.move_pin_base,
            format_args!("moves the {} that a piece of ours was pinned against", me),
        );
    }
}
