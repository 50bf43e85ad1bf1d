//! Defence (1980 catalogue rows 50, 52 and 54; the paper: "moving one of our en prise
//! pieces to safety" has its other ways here): from the new square, defending one of our
//! en prise pieces (what a cheaper attacker cannot still win; the opponent takes one
//! piece at a time, so only the biggest saving counts) or interposing against the slider
//! that attacks it; and, for any move, leaving a piece the mover alone guarded attacked
//! and undefended.

use shakmaty::{Bitboard, Square, attacks};

use super::facts::MoveFacts;
use super::{Scorer, Sink};
use crate::eval::piece_value;
use crate::plausible::squares::ci;
use crate::plausible::words::Sq;

/// Defending or shielding our threatened pieces from the new square (safe moves only).
#[inline(always)]
pub(super) fn defend<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, _, us) = s.scene();
    // A new defender saves only what a cheaper attacker cannot still win.
    // The opponent takes one piece at a time: only the biggest saving counts.
    let mut saved: Option<(Square, i32)> = None;
    for p in f.new_att & sc.en_prise[ci(us)] & !f.old_att & !Bitboard::from(f.from) {
        let i = p.to_usize();
        let still = (piece_value(sc.role(p)) - sc.cheapest_attacker[i]).max(0);
        let save = (sc.loss[i] - still).max(0);
        if saved.is_none_or(|(_, v)| save > v) {
            saved = Some((p, save));
        }
    }
    if let Some((p, save)) = saved {
        s.add(
            "defend_threatened_piece",
            save * sc.w.defend_pct / 100,
            format_args!("defends our {}, which was en prise", sc.piece_on(p)),
        );
    }
    if f.captured.is_none() && sc.interpose_squares[ci(us)].contains(f.to) {
        interpose(s, f);
    }
}

/// Interposing against a slider's attack on one of our en prise pieces.
#[inline(always)]
fn interpose<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, w, us) = s.scene();
    let them = !us;
    let board = sc.board;
    for p in sc.en_prise[ci(us)] & !Bitboard::from(f.from) {
        let attackers = board.attacks_to(p, them, sc.occ) & sc.by[ci(them)];
        let line = attackers & board.sliders();
        if let Some(x) = line
            .into_iter()
            .find(|&x| attacks::between(x, p).contains(f.to))
        {
            let pct = if attackers.more_than_one() {
                w.interpose_pct / 2
            } else {
                w.interpose_pct
            };
            s.add(
                "interpose",
                sc.loss_pct(p, pct),
                format_args!(
                    "blocks the attack from {} on our {}",
                    Sq(x, us),
                    sc.piece_on(p)
                ),
            );
        }
    }
}

/// Leaving a defence: only a piece the mover alone defended can be left undefended.
#[inline(always)]
pub(super) fn abandon_defence<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, _, us) = s.scene();
    let them = !us;
    let board = sc.board;
    for p in f.old_att & sc.lone_guarded {
        if p == f.from || f.new_att.contains(p) {
            continue;
        }
        let others = board.attacks_to(p, us, f.occ2) & sc.by[ci(us)] & !Bitboard::from(f.from);
        let attackers = board.attacks_to(p, them, f.occ2) & f.theirs2;
        if others.is_empty() && !attackers.is_empty() {
            s.add(
                "abandon_defence",
                -piece_value(sc.role(p)) / sc.w.abandon_defence_div,
                format_args!(
                    "stops guarding our {}, left attacked and undefended",
                    sc.piece_on(p)
                ),
            );
        }
    }
}
