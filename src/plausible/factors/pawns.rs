//! Pawn moves (1980 catalogue rows 15, 25, 28, 30 and 68; the paper: "passed-pawn pushes
//! growing with rank, promotion, pawn breaks, not creating isolated/backward pawns"):
//! pushing a passed pawn (by its rank), striking at an enemy pawn, taking more of the
//! centre, advancing a backward pawn, and shutting in a bishop on R2. In place of the
//! 1980 rows 26–29 that scored the pawn moved: the isolated and backward pawns the move
//! leaves (the paper's). Promotion is scored with the exchanges.

use shakmaty::{File, Rank, Square, attacks};

use super::facts::MoveFacts;
use super::{Scorer, Sink};
use crate::eval::pawns::{backward_among, isolated, neighbour_files};
use crate::plausible::squares::{centre_factor, ci, small_count};
use crate::plausible::words::Sq;

/// Every factor of a pawn move.
#[inline(always)]
pub(super) fn pawn_move<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let promotes = f.promo.is_some();
    if !promotes {
        advance(s, f);
    }
    structure(s, f);
    trap_bishop(s, f);
}

/// A push of a passed pawn, a pawn break, and the pawn's share of the centre.
#[inline(always)]
fn advance<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    let them = !us;
    let (from, to) = (f.from, f.to);
    if sc.passed[ci(us)].contains(from) {
        s.posi(
            "passed_pawn_push",
            w.passed_push_by_rank[us.relative_rank(from.rank()).to_usize()],
            format_args!("pushes the passed pawn to {}", Sq(to, us)),
        );
    }
    let hits =
        attacks::pawn_attacks(us, to) & sc.pawns[ci(them)] & !attacks::pawn_attacks(us, from);
    s.posi(
        "pawn_break",
        w.pawn_break * small_count(hits),
        format_args!(
            "strikes at the pawn on {}",
            Sq(hits.first().unwrap_or(to), us)
        ),
    );
    s.posi(
        "pawn_centre",
        w.pawn_centre * (centre_factor(us, to) - centre_factor(us, from)),
        format_args!(
            "the pawn on {} takes a bigger share of the centre",
            Sq(to, us)
        ),
    );
}

/// The structure after the move: files change only by captures and promotions; a push
/// can only leave its neighbours (or itself) backward.
#[inline(always)]
fn structure<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    let (from, to) = (f.from, f.to);
    let (capture, promotes) = (f.captured.is_some(), f.promo.is_some());
    let our_pawns = sc.pawns[ci(us)];
    let after = if promotes {
        our_pawns.without(from)
    } else {
        our_pawns.without(from).with(to)
    };
    if capture || promotes {
        let iso = isolated(after).count() as i32 - isolated(our_pawns).count() as i32;
        if iso > 0 {
            s.posi(
                "creates_isolated_pawn",
                w.creates_isolated * iso,
                format_args!("leaves isolated pawns behind after going to {}", Sq(to, us)),
            );
        }
    }
    let bwd_before = sc.backward[ci(us)];
    if !capture && !promotes {
        let near = (neighbour_files(from) & after) & !bwd_before;
        let new_bwd = backward_among(us, near, after, sc.pawn_cover[ci(sc.them)]);
        s.posi(
            "creates_backward_pawn",
            w.creates_backward * small_count(new_bwd),
            format_args!(
                "leaves a backward pawn behind on {}",
                Sq(new_bwd.first().unwrap_or(to), us)
            ),
        );
    }
    if bwd_before.contains(from) {
        s.posi(
            "advance_backward_pawn",
            w.advance_backward,
            format_args!("advances the backward pawn from {}", Sq(from, us)),
        );
    }
}

/// A pawn to KN3 / QN3 shutting in an enemy bishop on KR2 / QR2.
#[inline(always)]
fn trap_bishop<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, _, us) = s.scene();
    let to = f.to;
    if us.relative_rank(to.rank()).to_u32() == 2 && matches!(to.file().to_u32(), 1 | 6) {
        let corner_file = if to.file().to_u32() == 1 { 0 } else { 7 };
        let corner = Square::from_coords(File::new(corner_file), us.relative_rank(Rank::Second));
        if (sc.board.bishops() & sc.by[ci(sc.them)]).contains(corner) {
            s.posi(
                "trap_bishop",
                sc.w.trap_bishop,
                format_args!("shuts in the bishop on {}", Sq(corner, us)),
            );
        }
    }
}
