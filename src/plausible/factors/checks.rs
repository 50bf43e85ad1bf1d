//! Checks and mates (1980 catalogue rows 80–81; the paper: "safe checks"): every check is
//! investigated, a safe one scores more than one that loses the piece, a discovered check
//! more again, and a mate most. Ours, near the root only (levels 1–2, where the move is
//! played anyway): `forcing_check` (how few replies a check leaves), `check_then_mate`
//! (every reply allows a mate) and `hollow_sacrifice` (a sacrificial check which, once
//! taken, leaves nothing forcing and the material not won back).

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

use super::facts::MoveFacts;
use super::{Scorer, Sink};
use crate::attack::Analysis;
use crate::plausible::Flags;
use crate::plausible::mate::{mate_after_every_reply, mates_now_or_next};
use crate::plausible::scene::Scene;
use crate::plausible::squares::{attacks_of, ci, lone_blockers, snipers};
use crate::plausible::words::{Sq, role_name};

/// A check: its flags and kind, and whether it mates; returns whether it is discovered.
#[inline(always)]
pub(super) fn checks<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) -> bool {
    if !f.checks {
        return false;
    }
    let (sc, w, us) = s.scene();
    let their_king = f.their_king;
    s.flags.insert(Flags::CHECK);
    s.flags.insert(Flags::INVESTIGATE);
    s.threats += 1;
    if f.discovered {
        s.add(
            "discovered_check",
            w.discovered_check,
            format_args!(
                "uncovers check on the king on {} from {}",
                Sq(their_king, us),
                Sq(f.our_sliders.first().unwrap_or(f.from), us)
            ),
        );
    }
    if f.safe || f.discovered {
        s.add(
            "safe_check",
            w.safe_check,
            format_args!("checks the king on {} safely", Sq(their_king, us)),
        );
    } else {
        s.add(
            "unsafe_check",
            w.unsafe_check,
            format_args!(
                "checks the king on {} though the {} can be taken",
                Sq(their_king, us),
                role_name(f.new_role)
            ),
        );
    }
    // Near the root the replies are listed (none: mate); deeper only mate is tested.
    let reply_list = sc.near_root.then(|| f.played().legal_moves());
    let replies = reply_list.as_ref().map(|r| r.len());
    if replies.map_or_else(
        || mates(sc, f.mv(), f.new_role, f.occ2, f.discovered),
        |n| n == 0,
    ) {
        s.add(
            "checkmate",
            w.checkmate,
            format_args!("mates the king on {}", Sq(their_king, us)),
        );
    }
    let mating = match (&reply_list, replies) {
        (Some(list), Some(n @ 1..=3)) => forcing_check(s, f, list, n),
        _ => false,
    };
    if let Some(n @ 1..) = replies
        && !(mating || f.safe || f.discovered)
    {
        hollow_sacrifice(s, f, n);
    }
    f.discovered
}

/// A check that leaves `n` (1 to 3) replies, `replies`: how forcing it is, and whether it
/// mates next move whatever the reply (returned).
#[inline(always)]
fn forcing_check<S: Sink>(
    s: &mut Scorer<'_, '_, S>,
    f: &MoveFacts<'_, '_>,
    replies: &[Move],
    n: usize,
) -> bool {
    let (w, us) = (s.sc.w, s.sc.us);
    // A safe check whose every reply takes the checker only offers a trade.
    let trade = f.safe && replies.iter().all(|r| r.is_capture() && r.to() == f.to);
    s.add(
        "forcing_check",
        if trade { 0 } else { w.forcing_check[n - 1] },
        format_args!(
            "leaves the king on {} only {} legal repl{}",
            Sq(f.their_king, us),
            n,
            if n == 1 { "y" } else { "ies" }
        ),
    );
    let mate = mate_after_every_reply(f.played());
    if let Some(mate) = mate {
        s.add(
            "check_then_mate",
            w.check_then_mate,
            format_args!(
                "mates next move on {} whatever the king on {} replies",
                Sq(mate, us),
                Sq(f.their_king, us)
            ),
        );
    }
    mate.is_some()
}

/// A sacrificial check of `n` replies that, once taken, leaves us nothing forcing and
/// less than the sacrifice to win back.
#[inline(always)]
fn hollow_sacrifice<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>, n: usize) {
    if let Some(won_back) = hollow_follow_up(f.played(), f.to, s.sc.us)
        && won_back < -f.balance
    {
        s.add(
            "hollow_sacrifice",
            s.sc.w.hollow_sacrifice[n.min(4) - 1],
            format_args!(
                "gives {} for a check which, once taken, leaves us no forcing safe check and {} to win back",
                -f.balance, won_back
            ),
        );
    }
}

/// After a sacrificial check on `to`: of the replies that take the checker (or the only
/// reply), the least `follow_up` leaves us to win back; `None` if each leaves a forcing
/// check.
fn hollow_follow_up(after: &Chess, to: Square, us: Color) -> Option<i32> {
    let replies = after.legal_moves();
    let only = replies.len() == 1;
    replies
        .iter()
        .filter(|r| only || (r.is_capture() && r.to() == to))
        .filter_map(|&r| follow_up(after, r, us))
        .min()
}

/// After the reply `reply` to a check: `None` if `us` can check again safely (on a square
/// the enemy does not attack, or twice) leaving at most two replies, or mate, or check so
/// that every reply is mated; else the most `us` can win by one exchange: what a sacrifice
/// leads to when it leads nowhere forcing.
fn follow_up(after: &Chess, reply: Move, us: Color) -> Option<i32> {
    let mut next = after.clone();
    next.play_unchecked(reply);
    if next.legal_moves().into_iter().any(|m| {
        let mut again = next.clone();
        again.play_unchecked(m);
        again.is_check()
            && ((again.checkers().count() > 1
                || again
                    .board()
                    .attacks_to(m.to(), !us, again.board().occupied())
                    .is_empty())
                && again.legal_moves().len() <= 2
                || mates_now_or_next(&again))
    }) {
        return None;
    }
    Some(Analysis::biggest_threat(next.board(), us).0)
}

/// Whether the checking move `m` (the piece becoming `new_role`, `occ2` occupied after
/// it, `discovered` a discovered check) mates: first a cheap look for a free king square
/// and, for a check by the moved piece alone, for a legal capture of it; then the full
/// test on a copy of the position. Out of line, on its own arguments: the move's facts
/// stay in registers.
fn mates(sc: &Scene<'_>, m: Move, new_role: Role, occ2: Bitboard, discovered: bool) -> bool {
    let them = sc.them;
    let to = m.to();
    let from = Bitboard::from(m.from().unwrap_or(to));
    let k = sc.king[ci(them)];
    let without_king = occ2.without(k);
    let mover_att = attacks_of(new_role, sc.us, to, without_king);
    for e in sc.king_zone & !sc.by[ci(them)] {
        if e == to {
            // Taking the checker: decided by the full test below.
            continue;
        }
        let attacked = mover_att.contains(e)
            || !(sc.board.attacks_to(e, sc.us, without_king)
                & sc.by[ci(sc.us)]
                & !from
                & without_king)
                .is_empty();
        if !attacked {
            return false;
        }
    }
    if !discovered {
        let board = sc.board;
        // The king takes the checker: nothing of ours guards its square.
        if sc.king_zone.contains(to)
            && (board.attacks_to(to, sc.us, without_king) & sc.by[ci(sc.us)] & !from & without_king)
                .is_empty()
        {
            return false;
        }
        // Another piece takes it, one that no slider of ours pins to the king after the move.
        let takers = board.attacks_to(to, them, occ2) & sc.by[ci(them)] & occ2 & !board.kings();
        if takers.any() {
            let pinned = lone_blockers(k, snipers(board, k, sc.by[ci(sc.us)] & !from), occ2);
            if (takers & !pinned).any() {
                return false;
            }
        }
    }
    let mut after = sc.pos.clone();
    after.play_unchecked(m);
    after.is_checkmate()
}
