//! En prise and exchanges (1980 catalogue rows 31, 34–51; the paper: "a capture gains
//! the captured piece's material", "moving one of our en prise pieces to safety",
//! "offering trades when ahead"): what a capture wins and a move puts at risk, both by
//! the static exchange on the destination (ours, in place of the 1980 rows 35–40 and
//! 47–48 case by case), with the overload exception (rows 46, 49), the trade rule (rows
//! 42–43), taking an attacker of our en prise piece (row 51), promotion (row 31) and the
//! rescue of an en prise piece (row 34). Ours: `capture_victim` (a capture forces the
//! reply) and, near the root, `poisoned_offer` (a piece that cannot be taken without
//! allowing mate) and `sacrifice_regains` (a piece that cannot be taken without losing
//! as much back). Material losses are damped (the `_pct` weights) so that sacrifices
//! still rank within the width.

use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

use super::facts::{MoveFacts, Overload};
use super::threats::least_held;
use super::{Scorer, Sink};
use crate::attack::Analysis;
use crate::eval::piece_value;
use crate::plausible::Flags;
use crate::plausible::forcing::forcing_gain;
use crate::plausible::mate::{poison_moves, poisoned, taken_on};
use crate::plausible::squares::{attacks_of, ci};
use crate::plausible::words::{Sq, role_name};

/// The exchange on the destination, as a capture or as a move into attack; returns what
/// it cost the score (≤ 0), for `poisoned_offer`.
#[inline(always)]
pub(super) fn material<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) -> i32 {
    match f.captured {
        Some(cap) => capture(s, f, cap),
        None if f.exposed > 0 => move_into_attack(s, f),
        None => 0,
    }
}

/// A capture of a `cap`: the exchange it starts, the forced reply, trades, and the
/// threats it removes.
#[inline(always)]
fn capture<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>, cap: Role) -> i32 {
    let (sc, w, us) = s.scene();
    let them = !us;
    let h = f.h;
    s.flags.insert(Flags::CAPTURE);
    if sc.level <= 2 {
        s.flags.insert(Flags::INVESTIGATE);
    }
    let gain = |exposed: i32| {
        let gain = h - exposed;
        if gain < 0 {
            gain * if f.checks {
                w.checking_loss_pct
            } else {
                w.losing_capture_pct
            } / 100
        } else {
            gain
        }
    };
    s.add(
        "capture_gain",
        gain(f.exposed),
        format_args!(
            "takes the {} on {}; after the exchange there the expected gain is {}",
            role_name(cap),
            Sq(f.cap_sq, us),
            h - f.exposed
        ),
    );
    if let Some(o) = f.overload {
        add_overload(s, o, gain(o.loss) - gain(f.exposed), f.to);
    }
    let loss_scored = gain(f.exposed_net).min(0);
    s.add(
        "capture_victim",
        h / w.capture_victim_div,
        format_args!("a capture of a {} forces the reply", role_name(cap)),
    );
    // Trading when ahead, avoiding trades when behind.
    if (h - f.v_mover).abs() <= 32 && h >= f.exposed - 32 {
        let lead = sc.material[ci(us)] - sc.material[ci(them)];
        let t = if lead >= w.trade_threshold {
            h / w.trade_when_ahead_div
        } else if lead <= -w.trade_threshold {
            -h / w.trade_when_ahead_div
        } else {
            0
        };
        s.add(
            "trade_when_ahead",
            t,
            format_args!(
                "trades {} for {} on {} while {} by {}",
                role_name(f.role),
                role_name(cap),
                Sq(f.to, us),
                if lead > 0 { "ahead" } else { "behind" },
                lead.abs()
            ),
        );
    }
    // Removing the attacker of one of our en prise pieces: the last one rescues it as
    // surely as moving it would.
    let threatened =
        sc.piece_att[f.cap_sq.to_usize()] & sc.en_prise[ci(us)] & !Bitboard::from(f.from);
    for p in threatened {
        let still = sc.board.attacks_to(p, them, f.occ2) & f.theirs2;
        let pct = if still.is_empty() {
            w.rescue_pct
        } else {
            w.remove_threat_pct
        };
        s.add(
            "capture_removes_threat",
            sc.loss_pct(p, pct),
            format_args!("captures the piece that attacked our {}", sc.piece_on(p)),
        );
    }
    loss_scored
}

/// A quiet move onto a square where the piece can be lost.
#[inline(always)]
fn move_into_attack<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) -> i32 {
    let w = s.sc.w;
    let penalty = |exposed: i32| {
        -exposed
            * if f.checks {
                w.checking_loss_pct
            } else {
                w.move_into_attack_pct
            }
            / 100
    };
    s.add(
        "move_into_attack",
        penalty(f.exposed),
        format_args!(
            "puts the {} en prise on {}, where it can be lost for {}",
            role_name(f.role),
            Sq(f.to, s.sc.us),
            f.exposed
        ),
    );
    if let Some(o) = f.overload {
        add_overload(s, o, penalty(o.loss) - penalty(f.exposed), f.to);
    }
    penalty(f.exposed_net)
}

/// The overload exception, worth `value` on top of the exchange on `to`.
#[inline(always)]
fn add_overload<S: Sink>(s: &mut Scorer<'_, '_, S>, o: Overload, value: i32, to: Square) {
    let (sc, us) = (s.sc, s.sc.us);
    s.add(
        "overloaded_guard",
        value,
        format_args!(
            "the enemy {} cannot take on {} without losing its hold on the {}",
            sc.piece_on(o.guard),
            Sq(to, us),
            sc.piece_on(o.guarded)
        ),
    );
}

/// A promotion: what the new piece adds, if it survives on its square.
#[inline(always)]
pub(super) fn promotion<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let Some(p) = f.promo else {
        return;
    };
    let (w, us) = (s.sc.w, s.sc.us);
    s.flags.insert(Flags::PROMOTION);
    s.flags.insert(Flags::INVESTIGATE);
    // What the new piece adds counts only if it survives the exchange on its square.
    let kept = if f.exposed_net >= f.v_new {
        0
    } else {
        f.promo_gain
    };
    s.add(
        "promotion",
        kept + w.promotion,
        format_args!(
            "promotes the pawn to a {} on {}{}",
            role_name(p),
            Sq(f.to, us),
            if kept == 0 {
                ", where it is lost at once"
            } else {
                ""
            }
        ),
    );
    if p != Role::Queen {
        s.add(
            "underpromotion",
            w.underpromotion,
            format_args!("promotes to a {} rather than a queen", role_name(p)),
        );
    }
}

/// Near the root only: a piece offered (checking or not) where taking it lets us mate
/// (by checks, within three moves at the root, two below) is not lost; returns whether
/// the offer is poisoned.
#[inline(always)]
pub(super) fn poisoned_offer<S: Sink>(
    s: &mut Scorer<'_, '_, S>,
    f: &MoveFacts<'_, '_>,
    loss_scored: i32,
) -> bool {
    let poison =
        s.sc.near_root && loss_scored < 0 && poisoned(f.played(), f.to, poison_moves(s.sc.level));
    if poison {
        s.add(
            "poisoned_offer",
            -loss_scored * s.sc.w.poisoned_pct / 100,
            format_args!(
                "the {} on {} cannot be taken: taking it lets us mate",
                role_name(f.new_role),
                Sq(f.to, s.sc.us)
            ),
        );
    }
    poison
}

/// Near the root only: an offer (a losing capture or a piece put en prise, not a
/// poisoned one) that, once taken, lets us win back at least what it gave, beyond what
/// we could already win: a decoy or a deflection. At level 2 by one exchange, a
/// promotion or a check at once; at the root, for an offer of a pawn or more, along the
/// line of captures and checks that follows (`forcing`). The enemy need not take it, so
/// the offer loses nothing and a capture wins its victim: gives back the loss scored and
/// adds the victim (at most what the exchange nets), both at `regain_pct`.
#[inline(always)]
pub(super) fn sacrifice_regains<S: Sink>(
    s: &mut Scorer<'_, '_, S>,
    f: &MoveFacts<'_, '_>,
    loss_scored: i32,
    poison: bool,
) {
    let sc = s.sc;
    let given = -f.balance;
    if !sc.near_root || poison || loss_scored >= 0 || given <= 0 {
        return;
    }
    // What the offer nets once taken, from before the move.
    let (nets, how) = if sc.level <= 1 && given >= piece_value(Role::Pawn) {
        (line_nets(f), "by captures and checks")
    } else {
        (
            won_back(f.played(), f.to, sc.us).map(|back| back - given),
            "at once",
        )
    };
    let Some(nets) = nets else {
        return;
    };
    let net = nets - sc.biggest_loss[ci(sc.them)];
    if net >= 0 {
        s.add(
            "sacrifice_regains",
            (f.h.min(net) - loss_scored) * sc.w.regain_pct / 100,
            format_args!(
                "gives {} on {}, and once it is taken wins back {} {how}",
                given,
                Sq(f.to, sc.us),
                net + given
            ),
        );
    }
}

/// At the root: the material the offer's line ends with, from before the move, after
/// the reply that takes on `to` we like least and our best forcing line after it
/// (`forcing::forcing_gain`); `None` when no reply takes there.
fn line_nets(f: &MoveFacts<'_, '_>) -> Option<i32> {
    let offered = f.h + f.promo_gain - f.v_new;
    taken_on(f.played(), f.to)
        .map(|next| offered + forcing_gain(&next))
        .min()
}

/// An offer on the enemy king's field (a losing capture there or a piece put en prise
/// there) while other pieces of ours bear on the field: the sacrifice that opens a king.
/// Scored per such piece, at most three.
#[inline(always)]
pub(super) fn king_field_sacrifice<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    if f.balance >= 0 || !sc.king_zone.contains(f.to) {
        return;
    }
    let others =
        f.ours2 & !sc.pawns[ci(us)] & !Bitboard::from(sc.king[ci(us)]) & !Bitboard::from(f.to);
    let bearing = others
        .into_iter()
        .filter(|&p| (attacks_of(sc.role(p), us, p, f.occ2) & sc.king_zone).any())
        .count()
        .min(3) as i32;
    if bearing > 0 {
        s.add(
            "king_field_sacrifice",
            bearing * w.king_field_sacrifice,
            format_args!(
                "gives {} on {}, by the enemy king, with {} more of our pieces bearing on its field",
                -f.balance,
                Sq(f.to, us),
                bearing
            ),
        );
    }
}

/// After our offer on `to` (`after`, the opponent to move): the least we can win at once
/// elsewhere, by one exchange, a promotion or a check, after any reply that takes on `to`; `None`
/// when no reply takes there. After a checking reply only the checker can be won.
fn won_back(after: &Chess, to: Square, us: Color) -> Option<i32> {
    taken_on(after, to)
        .map(|next| {
            // Taking back on `to` is the exchange `balance` already counts.
            let targets = if next.is_check() {
                next.checkers()
            } else {
                Bitboard::FULL
            } & !Bitboard::from(to);
            Analysis::biggest_threat_among(next.board(), us, targets)
                .0
                .max(promotion_won(&next))
                .max(check_won(&next))
        })
        .min()
}

/// What our best check wins in `pos` (our move): what it takes, plus the least that one
/// exchange then wins after any reply, less what the reply took (a fork with check; a
/// check whose piece is taken back wins what it took less the piece).
fn check_won(pos: &Chess) -> i32 {
    let us = pos.turn();
    let mut best = 0;
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        // A mate has no reply, so `least_held` gives it nothing.
        if next.is_check()
            && let Some(held) = least_held(&next, us)
        {
            best = best.max(m.capture().map_or(0, piece_value) + held);
        }
    }
    best
}

/// What our best promotion to a queen wins in `pos` (our move), less what the enemy then
/// wins back on the new queen's square.
fn promotion_won(pos: &Chess) -> i32 {
    let us = pos.turn();
    let mut best = 0;
    for m in pos.legal_moves() {
        if m.promotion() != Some(Role::Queen) {
            continue;
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        let lost = Analysis::biggest_threat_among(next.board(), !us, Bitboard::from(m.to())).0;
        best = best.max(
            piece_value(Role::Queen) - piece_value(Role::Pawn) + m.capture().map_or(0, piece_value)
                - lost,
        );
    }
    best
}

/// Moving one of our en prise pieces away; returns what it rescues. A piece moved out of
/// one exchange into another that loses is rescued only in part (a check forces the
/// reply, so what it leaves en prise may never be taken; nor may a poisoned piece).
#[inline(always)]
pub(super) fn rescue<S: Sink>(
    s: &mut Scorer<'_, '_, S>,
    f: &MoveFacts<'_, '_>,
    poison: bool,
) -> i32 {
    let sc = s.sc;
    let rescue = (sc.loss[f.from.to_usize()]
        + if f.checks || poison {
            0
        } else {
            f.balance.min(0)
        })
    .max(0);
    if rescue > 0 {
        s.add(
            "rescue_en_prise_piece",
            rescue * sc.w.rescue_pct / 100,
            format_args!(
                "moves the {}, which was en prise for {}, away from {}",
                role_name(f.role),
                rescue,
                Sq(f.from, sc.us)
            ),
        );
    }
    rescue
}
