//! The named factors of one move (SPEC §5), scored per move ("this move blocks my
//! bishop"), each a weight from the tuning table and a one-sentence comment. Comments are
//! `format_args!` values handed to a `Sink`: the scoring sink ignores them, so nothing is
//! formatted or allocated unless a trace asks for it.

use std::cell::OnceCell;
use std::fmt;

use shakmaty::attacks;
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Position, Role, Square};

use super::Flags;
use super::mate::{
    mate_after_every_reply, mates_now_or_next, mating_move, poisoned, threatened_mate,
};
use super::scene::{
    ROLE_VALUE, Scene, attacks_of, backward_among, centre_distance, centre_factor, ci,
    doubled_count, file_bb, isolated, lone_blockers, neighbour_files, small_count, snipers,
};
use super::words::{Piece, Sq, role_name};
use crate::attack::Analysis;
use crate::eval::piece_value;

/// Where factors go: summed for the generator, collected with comments for a trace.
pub(crate) trait Sink {
    fn add(&mut self, name: &'static str, value: i32, why: fmt::Arguments<'_>);
}

/// The no-trace sink: nothing to do, the scorer keeps the sum.
pub(crate) struct Quiet;

impl Sink for Quiet {
    #[inline(always)]
    fn add(&mut self, _: &'static str, _: i32, _: fmt::Arguments<'_>) {}
}

/// The square of `squares` most important to `side`, named from `viewer`'s side; written
/// only when formatted.
struct Best<'a> {
    squares: Bitboard,
    imp: &'a [i32; 64],
    viewer: Color,
}

impl fmt::Display for Best<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self
            .squares
            .into_iter()
            .max_by_key(|s| (self.imp[s.to_usize()], std::cmp::Reverse(s.to_usize())))
        {
            Some(s) => write!(f, "{}", Sq(s, self.viewer)),
            None => f.write_str("no new square"),
        }
    }
}

struct Scorer<'s, 'a, S: Sink> {
    sc: &'s Scene<'a>,
    sink: &'s mut S,
    score: i32,
    positional: i32,
    threats: u32,
    flags: Flags,
}

impl<'s, 'a, S: Sink> Scorer<'s, 'a, S> {
    /// A scorer holding the base constant every move starts from.
    #[inline(always)]
    fn start(sc: &'s Scene<'a>, sink: &'s mut S) -> Self {
        let mut s = Scorer {
            sc,
            sink,
            score: 0,
            positional: 0,
            threats: 0,
            flags: Flags::default(),
        };
        s.add(
            "base_constant",
            sc.w.base_constant,
            format_args!("every move starts from the base constant"),
        );
        s
    }

    /// The plausibility and flags scored.
    #[inline(always)]
    fn finish(self) -> (i32, Flags) {
        (self.score, self.flags)
    }

    /// A factor that counts toward the score only.
    #[inline(always)]
    fn add(&mut self, name: &'static str, value: i32, why: fmt::Arguments<'_>) {
        self.score += value;
        if value != 0 {
            self.sink.add(name, value, why);
        }
    }

    /// The overload exception, worth `value` on top of the exchange on `to`.
    fn add_overload(&mut self, o: Overload, value: i32, to: Square) {
        let (sc, us) = (self.sc, self.sc.us);
        self.add(
            "overloaded_guard",
            value,
            format_args!(
                "the enemy {} on {} cannot take on {} without losing its hold on the {} on {}",
                role_name(sc.role(o.guard)),
                Sq(o.guard, us),
                Sq(to, us),
                role_name(sc.role(o.guarded)),
                Sq(o.guarded, us)
            ),
        );
    }

    /// A positional factor: counts toward the score and the positional verdict (POOR).
    #[inline(always)]
    fn posi(&mut self, name: &'static str, value: i32, why: fmt::Arguments<'_>) {
        self.score += value;
        self.positional += value;
        if value != 0 {
            self.sink.add(name, value, why);
        }
    }
}

/// Scores one legal move of the scene's position: returns its plausibility and flags.
/// Each scorer below starts its own `Scorer`: one shared here would have its address
/// taken by the out-of-line copies, and then every copy would store its sums to memory at
/// each factor.
pub(crate) fn score_move<S: Sink>(sc: &Scene<'_>, m: Move, sink: &mut S) -> (i32, Flags) {
    match m {
        // One copy of `normal` per moving role: the role's tests fold away in each.
        Move::Normal { role, .. } => match role {
            Role::Pawn => normal::<S, 0>(sc, sink, m),
            Role::Knight => normal::<S, 1>(sc, sink, m),
            Role::Bishop => normal::<S, 2>(sc, sink, m),
            Role::Rook => normal::<S, 3>(sc, sink, m),
            Role::Queen => normal::<S, 4>(sc, sink, m),
            Role::King => normal::<S, 5>(sc, sink, m),
        },
        Move::EnPassant { .. } => normal::<S, 0>(sc, sink, m),
        Move::Castle { king, rook } => castle(sc, sink, m, king, rook),
        Move::Put { .. } => Scorer::start(sc, sink).finish(),
    }
}

fn castle<S: Sink>(
    sc: &Scene<'_>,
    sink: &mut S,
    m: Move,
    king: Square,
    rook: Square,
) -> (i32, Flags) {
    let mut s = Scorer::start(sc, sink);
    let us = sc.us;
    let side = if rook > king {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    };
    let king_to = side.king_to(us);
    s.posi(
        "castle",
        sc.w.castle,
        format_args!(
            "castles {}, the king going to {}",
            if side == CastlingSide::KingSide {
                "king's side"
            } else {
                "queen's side"
            },
            Sq(king_to, us)
        ),
    );
    let mut after = sc.pos.clone();
    after.play_unchecked(m);
    if after.is_check() {
        s.flags.insert(Flags::CHECK);
        s.flags.insert(Flags::INVESTIGATE);
        s.add(
            "safe_check",
            sc.w.safe_check,
            format_args!(
                "castles with check from the rook on {}",
                Sq(side.rook_to(us), us)
            ),
        );
        if after.is_checkmate() {
            s.add(
                "checkmate",
                sc.w.checkmate,
                format_args!("castles with mate"),
            );
        }
    }
    s.flags.insert(Flags::SAFE);
    s.finish()
}

/// Scores a normal or en passant move of the piece of role `Role::ALL[ROLE]`.
#[allow(clippy::too_many_lines)]
fn normal<S: Sink, const ROLE: usize>(sc: &Scene<'_>, sink: &mut S, m: Move) -> (i32, Flags) {
    let mut s = Scorer::start(sc, sink);
    let w = sc.w;
    let board = sc.board;
    let us = sc.us;
    let them = sc.them;
    // The move's parts, read in one match.
    let role = Role::ALL[ROLE];
    let (from, captured, to, promo, en_passant) = match m {
        Move::Normal {
            from,
            capture,
            to,
            promotion,
            ..
        } => (
            from,
            capture,
            to,
            promotion.filter(|_| role == Role::Pawn),
            false,
        ),
        Move::EnPassant { from, to } => (from, Some(Role::Pawn), to, None, true),
        Move::Castle { .. } | Move::Put { .. } => return s.finish(),
    };
    let new_role = promo.unwrap_or(role);
    let cap_sq = if en_passant {
        Square::from_coords(to.file(), from.rank())
    } else {
        to
    };
    let occ2 = sc.occ.without(from).without(cap_sq).with(to);
    let ours2 = sc.by[ci(us)].without(from).with(to);
    let theirs2 = if captured.is_some() {
        sc.by[ci(them)].without(cap_sq)
    } else {
        sc.by[ci(them)]
    };
    let their_king = sc.king[ci(them)];
    let v_mover = piece_value(role);
    let v_new = piece_value(new_role);
    let h = ROLE_VALUE[captured.map_or(0, |r| r as usize)];
    let me = Piece {
        role,
        owner: us,
        sq: from,
        viewer: us,
    };
    let imp_us = &sc.imp[ci(us)];

    let new_att = match promo {
        None => attacks_of(role, us, to, occ2),
        Some(p) => promoted_attacks(p, us, to, occ2),
    };
    let direct = new_att.contains(their_king);
    let our_sliders = if !sc.check_blockers.contains(from) && !sc.check_blockers.contains(cap_sq) {
        Bitboard::EMPTY
    } else {
        (board.rooks_and_queens() & attacks::rook_attacks(their_king, occ2)
            | board.bishops_and_queens() & attacks::bishop_attacks(their_king, occ2))
            & sc.by[ci(us)]
            & !Bitboard::from(from)
    };
    let discovered = !our_sliders.is_empty();
    let checks = direct || discovered;

    // --- material: the exchange on the destination -------------------------------------
    // Only a square the enemy attacks now, or one behind `from` on an enemy slider's line,
    // can be attacked after the move. The pieces attacking it then serve the exchange and
    // the overload look alike.
    let arrivals = if role == Role::King
        || (!sc.att[ci(them)].contains(to)
            && !sc.slider_att[ci(them)].contains(from)
            && !en_passant)
    {
        Bitboard::EMPTY
    } else if en_passant {
        sc.attackers_of(to, occ2) & occ2
    } else {
        sc.attackers_on_arrival(from, to, occ2)
    };
    let exposed = if arrivals.is_empty() {
        0
    } else {
        sc.exchange(to, occ2, arrivals, v_new, them)
    };
    let promo_gain = if promo.is_some() {
        v_new - piece_value(Role::Pawn)
    } else {
        0
    };
    // The overload exception (1980 rows 46 and 49, there for a sole guard): the one enemy
    // piece that can take on the destination is also the guard another piece we attack
    // depends on, so taking costs him that piece. A guard that does not reach the
    // destination now can only do so through `from` or the square of a pawn taken en
    // passant.
    let overload = if exposed > 0
        && (sc.guard_reach.contains(to)
            || (sc.key_guard[ci(them)]
                & (sc.slider_seen[from.to_usize()] | sc.slider_seen[cap_sq.to_usize()]))
            .any())
    {
        overload(sc, to, occ2, arrivals & theirs2, theirs2, v_new)
    } else {
        None
    };
    let exposed_net = overload.map_or(exposed, |o| o.loss);
    let balance = h + promo_gain - exposed_net;
    let safe = balance >= 0;
    if safe {
        s.flags.insert(Flags::SAFE);
    }
    // What the exchange on the destination costs the score, for `poisoned_offer`.
    let mut loss_scored = 0;
    if let Some(cap) = captured {
        s.flags.insert(Flags::CAPTURE);
        if sc.level <= 2 {
            s.flags.insert(Flags::INVESTIGATE);
        }
        let gain = |exposed: i32| {
            let gain = h - exposed;
            if gain < 0 {
                gain * if checks {
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
            gain(exposed),
            format_args!(
                "takes the {} on {}; after the exchange there the expected gain is {}",
                role_name(cap),
                Sq(cap_sq, us),
                h - exposed
            ),
        );
        if let Some(o) = overload {
            s.add_overload(o, gain(o.loss) - gain(exposed), to);
        }
        loss_scored = gain(exposed_net).min(0);
        s.add(
            "capture_victim",
            h / w.capture_victim_div,
            format_args!("a capture of a {} forces the reply", role_name(cap)),
        );
        // Trading when ahead, avoiding trades when behind.
        if (h - v_mover).abs() <= 32 && h >= exposed - 32 {
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
                    role_name(role),
                    role_name(cap),
                    Sq(to, us),
                    if lead > 0 { "ahead" } else { "behind" },
                    lead.abs()
                ),
            );
        }
        // Removing the attacker of one of our en prise pieces: the last one rescues it as
        // surely as moving it would.
        let threatened =
            sc.piece_att[cap_sq.to_usize()] & sc.en_prise[ci(us)] & !Bitboard::from(from);
        for p in threatened {
            let still = board.attacks_to(p, them, occ2) & theirs2;
            let pct = if still.is_empty() {
                w.rescue_pct
            } else {
                w.remove_threat_pct
            };
            s.add(
                "capture_removes_threat",
                sc.loss[p.to_usize()] * pct / 100,
                format_args!(
                    "captures the piece that attacked our {} on {}",
                    role_name(sc.role(p)),
                    Sq(p, us)
                ),
            );
        }
    } else if exposed > 0 {
        let penalty = |exposed: i32| {
            -exposed
                * if checks {
                    w.checking_loss_pct
                } else {
                    w.move_into_attack_pct
                }
                / 100
        };
        s.add(
            "move_into_attack",
            penalty(exposed),
            format_args!(
                "puts the {} en prise on {}, where it can be lost for {}",
                role_name(role),
                Sq(to, us),
                exposed
            ),
        );
        if let Some(o) = overload {
            s.add_overload(o, penalty(o.loss) - penalty(exposed), to);
        }
        loss_scored = penalty(exposed_net);
    }
    if let Some(p) = promo {
        s.flags.insert(Flags::PROMOTION);
        s.flags.insert(Flags::INVESTIGATE);
        // What the new piece adds counts only if it survives the exchange on its square.
        let kept = if exposed_net >= v_new { 0 } else { promo_gain };
        s.add(
            "promotion",
            kept + w.promotion,
            format_args!(
                "promotes the pawn to a {} on {}{}",
                role_name(p),
                Sq(to, us),
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
    // The position after the move, played at most once for the near-root looks ahead.
    let after = OnceCell::new();
    let played = || {
        after.get_or_init(|| {
            let mut a = sc.pos.clone();
            a.play_unchecked(m);
            a
        })
    };
    // Near the root only: a piece offered (checking or not) where taking it lets us mate
    // is not lost.
    let poison = sc.near_root && loss_scored < 0 && poisoned(played(), to);
    if poison {
        s.add(
            "poisoned_offer",
            -loss_scored * w.poisoned_pct / 100,
            format_args!(
                "the {} on {} cannot be taken: taking it lets us mate",
                role_name(new_role),
                Sq(to, us)
            ),
        );
    }
    // A piece moved out of one exchange into another that loses is rescued only in part
    // (a check forces the reply, so what it leaves en prise may never be taken; nor may a
    // poisoned piece).
    let rescue =
        (sc.loss[from.to_usize()] + if checks || poison { 0 } else { balance.min(0) }).max(0);
    if rescue > 0 {
        s.add(
            "rescue_en_prise_piece",
            rescue * w.rescue_pct / 100,
            format_args!(
                "moves the {}, which was en prise for {}, away from {}",
                role_name(role),
                rescue,
                Sq(from, us)
            ),
        );
    }

    // --- development of the moved piece, and of the captured piece -------------------------
    let old_att = sc.piece_att[from.to_usize()];
    let dev_old = sc.dev_sum[from.to_usize()];
    let dev_new = sc.importance(us, new_att);
    let dev = sc.dev_scaled(sc.dev_weight(new_role) * dev_new - sc.dev_weight(role) * dev_old);
    s.posi(
        "development",
        dev,
        format_args!(
            "the {} on {} bears on squares worth {} (was {} from {}), the best {}",
            role_name(new_role),
            Sq(to, us),
            dev_new,
            dev_old,
            Sq(from, us),
            Best {
                squares: new_att,
                imp: imp_us,
                viewer: us
            }
        ),
    );
    if let Some(cap) = captured {
        let cd = sc
            .dev_scaled(sc.dev_weight(cap) * sc.importance(them, sc.piece_att[cap_sq.to_usize()]));
        s.add(
            "captured_piece_development",
            cd,
            format_args!(
                "removes the development of the {} on {}",
                role_name(cap),
                Sq(cap_sq, us)
            ),
        );
    }

    // --- lines blocked and unblocked, discovered attacks --------------------------------
    let touched = Bitboard::from(from) | to | cap_sq;
    let mut discovery = false;
    // Whether the move opens one of our lines onto the enemy king's field.
    let mut opens_king_field = false;
    // A slider's lines change only where a square it reaches empties or fills: a capture
    // (not en passant) leaves its destination occupied, so sliders that see only that
    // square keep their lines.
    let landing = if en_passant {
        sc.slider_seen[to.to_usize()] | sc.slider_seen[cap_sq.to_usize()]
    } else if captured.is_some() {
        Bitboard::EMPTY
    } else {
        sc.slider_seen[to.to_usize()]
    };
    let candidates = sc.slider_seen[from.to_usize()] | landing;
    for x in candidates & !touched {
        let seen = sc.piece_att[x.to_usize()];
        let piece = shakmaty::Piece {
            role: sc.role(x),
            color: if sc.by[ci(us)].contains(x) { us } else { them },
        };
        let now = slider_attacks(piece.role, x, occ2);
        let gained = now & !seen;
        let lost = seen & !now;
        let imp = &sc.imp[ci(piece.color)];
        let delta = sc.importance(piece.color, gained) - sc.importance(piece.color, lost);
        let val = sc.dev_scaled(sc.dev_weight(piece.role) * delta);
        let name = Piece {
            role: piece.role,
            owner: piece.color,
            sq: x,
            viewer: us,
        };
        if piece.color == us {
            opens_king_field |= (gained & sc.king_zone).any();
            if val > 0 {
                s.posi(
                    "unblock_own_line",
                    val,
                    format_args!(
                        "unblocks the {}, which now attacks {}",
                        name,
                        Best {
                            squares: gained,
                            imp,
                            viewer: us
                        }
                    ),
                );
            } else {
                s.posi(
                    "block_own_line",
                    val,
                    format_args!(
                        "blocks the {}, which no longer reaches {}",
                        name,
                        Best {
                            squares: lost,
                            imp,
                            viewer: us
                        }
                    ),
                );
            }
            // Discovered attacks by this slider.
            for t in gained & theirs2 & !Bitboard::from(their_king) {
                let vt = piece_value(sc.role(t));
                if !sc.att[ci(them)].contains(t) || vt > piece_value(piece.role) {
                    discovery = true;
                    s.threats += 1;
                    s.add(
                        "discovered_attack",
                        vt / w.discovered_attack_div,
                        format_args!(
                            "uncovers an attack by the {} on the {} on {}",
                            name,
                            role_name(sc.role(t)),
                            Sq(t, us)
                        ),
                    );
                }
            }
        } else {
            if val < 0 {
                s.posi(
                    "block_enemy_line",
                    -val,
                    format_args!(
                        "blocks the {}, which no longer reaches {}",
                        name,
                        Best {
                            squares: lost,
                            imp,
                            viewer: us
                        }
                    ),
                );
            } else {
                s.posi(
                    "unblock_enemy_line",
                    -val,
                    format_args!(
                        "opens a line for the {}, which now reaches {}",
                        name,
                        Best {
                            squares: gained,
                            imp,
                            viewer: us
                        }
                    ),
                );
            }
            // Interference: the block cuts this slider's guard of a piece we attack,
            // which it alone guarded.
            let cut_off = if sc.sole_defender[ci(them)].contains(x) {
                lost & sc.defended_once[ci(them)] & theirs2
            } else {
                Bitboard::EMPTY
            };
            for t in cut_off {
                if new_att.contains(t) || (sc.attackers_of(t, occ2) & ours2).any() {
                    s.threats += 1;
                    s.add(
                        "block_sole_defence",
                        w.block_sole_defence,
                        format_args!(
                            "cuts the {} off from the {} on {}, which only it guarded",
                            name,
                            role_name(sc.role(t)),
                            Sq(t, us)
                        ),
                    );
                }
            }
            // Our pieces newly exposed to this slider.
            for p in gained & ours2 & !Bitboard::from(to) & !board.kings() {
                let vp = piece_value(sc.role(p));
                let defended = new_att.contains(p)
                    || !(board.attacks_to(p, us, occ2) & sc.by[ci(us)] & !Bitboard::from(from))
                        .is_empty();
                let loss = if !defended {
                    vp
                } else {
                    (vp - piece_value(piece.role)).max(0)
                };
                s.add(
                    "unmask_attack_on_own_piece",
                    -loss * w.unmask_enemy_pct / 100,
                    format_args!(
                        "leaves our {} on {} open to the {}",
                        role_name(sc.role(p)),
                        Sq(p, us),
                        name
                    ),
                );
            }
        }
    }

    // --- checks --------------------------------------------------------------------------
    if checks {
        s.flags.insert(Flags::CHECK);
        s.flags.insert(Flags::INVESTIGATE);
        s.threats += 1;
        if discovered {
            discovery = true;
            s.add(
                "discovered_check",
                w.discovered_check,
                format_args!(
                    "uncovers check on the king on {} from {}",
                    Sq(their_king, us),
                    Sq(our_sliders.first().unwrap_or(from), us)
                ),
            );
        }
        if safe || discovered {
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
                    role_name(new_role)
                ),
            );
        }
        // Near the root the replies are listed (none: mate); deeper only mate is tested.
        let reply_list = sc.near_root.then(|| played().legal_moves());
        let replies = reply_list.as_ref().map(|r| r.len());
        if replies.map_or_else(|| mates(sc, m, new_role, to, occ2, discovered), |n| n == 0) {
            s.add(
                "checkmate",
                w.checkmate,
                format_args!("mates the king on {}", Sq(their_king, us)),
            );
        }
        // Whether the check mates next move whatever the reply.
        let mating = if let Some(n @ 1..=3) = replies {
            // A safe check whose every reply takes the checker only offers a trade.
            let trade = safe
                && reply_list
                    .iter()
                    .flatten()
                    .all(|r| r.is_capture() && r.to() == to);
            s.add(
                "forcing_check",
                if trade { 0 } else { w.forcing_check[n - 1] },
                format_args!(
                    "leaves the king on {} only {} legal repl{}",
                    Sq(their_king, us),
                    n,
                    if n == 1 { "y" } else { "ies" }
                ),
            );
            let mate = mate_after_every_reply(played());
            if let Some(mate) = mate {
                s.add(
                    "check_then_mate",
                    w.check_then_mate,
                    format_args!(
                        "mates next move on {} whatever the king on {} replies",
                        Sq(mate, us),
                        Sq(their_king, us)
                    ),
                );
            }
            mate.is_some()
        } else {
            false
        };
        if let Some(n @ 1..) = replies
            && !(mating || safe || discovered)
            && let Some(won_back) = hollow_follow_up(played(), to, us)
            && won_back < -balance
        {
            s.add(
                "hollow_sacrifice",
                w.hollow_sacrifice[n.min(4) - 1],
                format_args!(
                    "gives {} for a check which, once taken, leaves us no forcing safe check and {} to win back",
                    -balance, won_back
                ),
            );
        }
    }
    if discovery {
        s.flags.insert(Flags::DISCOVERY);
    }

    // Near the root only: a move other than a check that bears on the king's field
    // (directly, behind one of our own pieces, or by opening a line), or whose piece
    // could check next, may threaten mate next move (a null move, then every check is
    // tried).
    if sc.near_root
        && !checks
        && new_role != Role::King
        && (opens_king_field
            || (sc.king_zone & (new_att | attacks_of(new_role, us, to, occ2 & !ours2))).any()
            || new_role != Role::Pawn
                && (new_att & attacks_of(new_role, them, their_king, occ2)).any())
        && let Some(mate) = threatened_mate(played())
    {
        s.threats += 1;
        s.add(
            "threatens_mate",
            if captured.is_some() {
                w.threatens_mate_capture
            } else {
                w.threatens_mate
            },
            format_args!(
                "threatens mate on the king on {} by a move to {}",
                Sq(their_king, us),
                Sq(mate, us)
            ),
        );
        if let Some(square) = mate_after_every_reply(played()) {
            s.add(
                "unstoppable_mate",
                w.unstoppable_mate,
                format_args!(
                    "mates next move on {} whatever the enemy replies",
                    Sq(square, us)
                ),
            );
        }
    }
    // Near the root only: whether the move stops a mate the enemy threatens.
    if let Some(mate) = sc.mate_threat
        && mating_move(played()).is_none()
    {
        s.add(
            "parries_mate",
            w.parries_mate,
            format_args!("stops the enemy's threat of mate on {}", Sq(mate, us)),
        );
    }
    // Near the root only: what a move threatens to win next (the exchange on each
    // enemy piece after the move), beyond the threats already standing and beyond what
    // the move puts en prise (unless that is poisoned): an offer that threatens more than
    // it gives is how combinations start.
    if sc.near_root {
        let offered = if poison { 0 } else { exposed };
        let before = sc.biggest_loss[ci(them)].max(offered);
        if let (threat, Some(t)) = Analysis::biggest_threat(played().board(), us)
            && threat > before
        {
            s.add(
                "creates_threat",
                (threat - before) * w.threat_pct / 100,
                format_args!(
                    "threatens to win {} on {}, {} more than what stood or is offered",
                    threat,
                    Sq(t, us),
                    threat - before
                ),
            );
            if threat - before >= w.unparried_min
                && let Some(held) = threat_holds(played(), us)
            {
                s.add(
                    "unparried_threat",
                    held * w.unparried_pct / 100,
                    format_args!(
                        "from {} still wins at least {} whatever the reply",
                        Sq(to, us),
                        held
                    ),
                );
            }
        }
    }
    // --- the new square: attacks, pins, defences (safe moves only, as in 1980) ---------
    if safe {
        let newly = new_att & theirs2 & !old_att & !Bitboard::from(their_king);
        let ours_now = |t: Square| {
            (board.attacks_to(t, us, occ2) & sc.by[ci(us)] & !Bitboard::from(from)).count() + 1
        };
        for t in newly {
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
                        role_name(new_role)
                    ),
                );
            } else if rt != Role::Pawn && (vt - v_new).abs() <= 32 {
                s.add(
                    "offer_trade",
                    w.offer_trade,
                    format_args!(
                        "offers a trade of {}s against the {}",
                        role_name(new_role),
                        tp
                    ),
                );
            } else if defended && sc.att[ci(us)].contains(t) {
                let defenders = (board.attacks_to(t, them, occ2) & theirs2).count();
                if ours_now(t) > defenders {
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

        // Bearing down on the squares around the enemy king.
        let zone = sc.king_zone & new_att & !old_att;
        if new_role != Role::King {
            s.add(
                "king_zone_attack",
                w.king_zone_attack * small_count(zone),
                format_args!(
                    "the {} now bears on {} square(s) next to the king on {}",
                    role_name(new_role),
                    small_count(zone),
                    Sq(their_king, us)
                ),
            );
        }
        // Pins and skewers by a slider on its new square, and lining up behind our own
        // pieces. One look through every piece it reaches first (`beyond_first`): with no
        // enemy piece behind any of them, neither loop can find anything, and only a piece
        // on a line holding one of them can have one behind it.
        let beyond_first = if matches!(new_role, Role::Bishop | Role::Rook | Role::Queen) {
            slider_attacks(new_role, to, occ2 & !new_att) & !new_att & theirs2
        } else {
            Bitboard::EMPTY
        };
        if beyond_first.any() {
            for t in new_att & theirs2 & !old_att {
                if !beyond_first.intersects(attacks::ray(to, t)) {
                    continue;
                }
                let rt = sc.role(t);
                let behind = slider_attacks(new_role, to, occ2 ^ t) & !new_att & theirs2;
                let Some(b) = behind.first() else {
                    continue;
                };
                let rb = sc.role(b);
                let vb = piece_value(rb);
                let vt = piece_value(rt);
                // The front piece's own guard of the one behind goes when it steps aside.
                let b_undefended = !sc.att[ci(them)].contains(b)
                    || (board.attacks_to(b, them, occ2) & theirs2)
                        .without(t)
                        .is_empty();
                if rt == Role::King {
                    if b_undefended || vb > v_new {
                        s.add(
                            "skewer",
                            vb / w.skewer_div,
                            format_args!(
                                "skewers the king to the {} on {}",
                                role_name(rb),
                                Sq(b, us)
                            ),
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
                        format_args!(
                            "pins the {} on {} to the {} on {}",
                            role_name(rt),
                            Sq(t, us),
                            role_name(rb),
                            Sq(b, us)
                        ),
                    );
                } else if vt > v_new && (b_undefended || vb > v_new) {
                    s.add(
                        "skewer",
                        vb / w.skewer_div,
                        format_args!(
                            "skewers the {} on {} to the {} on {}",
                            role_name(rt),
                            Sq(t, us),
                            role_name(rb),
                            Sq(b, us)
                        ),
                    );
                }
            }
            // Lining up behind one of our own pieces aimed at an enemy target.
            for q in new_att & ours2 & !Bitboard::from(to) {
                if !beyond_first.intersects(attacks::ray(to, q)) {
                    continue;
                }
                let beyond = slider_attacks(new_role, to, occ2 ^ q) & !new_att & theirs2;
                let Some(t) = beyond.first() else {
                    continue;
                };
                let rt = sc.role(t);
                if rt == Role::King || piece_value(rt) > v_new || !sc.att[ci(them)].contains(t) {
                    s.add(
                        "prepare_discovery",
                        w.prepare_discovery,
                        format_args!(
                            "lines up behind our {} on {} against the {} on {}",
                            role_name(sc.role(q)),
                            Sq(q, us),
                            role_name(rt),
                            Sq(t, us)
                        ),
                    );
                    break;
                }
            }
        }

        // Defending our threatened pieces.
        // A new defender saves only what a cheaper attacker cannot still win.
        // The opponent takes one piece at a time: only the biggest saving counts.
        let mut saved: Option<(Square, i32)> = None;
        for p in new_att & sc.en_prise[ci(us)] & !old_att & !Bitboard::from(from) {
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
                save * w.defend_pct / 100,
                format_args!(
                    "defends our {} on {}, which was en prise",
                    role_name(sc.role(p)),
                    Sq(p, us)
                ),
            );
        }
        // Interposing against a slider's attack on one of our pieces.
        if captured.is_none() && sc.interpose_squares[ci(us)].contains(to) {
            for p in sc.en_prise[ci(us)] & !Bitboard::from(from) {
                let attackers = board.attacks_to(p, them, sc.occ) & sc.by[ci(them)];
                let line = attackers & board.sliders();
                if let Some(x) = line
                    .into_iter()
                    .find(|&x| attacks::between(x, p).contains(to))
                {
                    let pct = if attackers.more_than_one() {
                        w.interpose_pct / 2
                    } else {
                        w.interpose_pct
                    };
                    s.add(
                        "interpose",
                        sc.loss[p.to_usize()] * pct / 100,
                        format_args!(
                            "blocks the attack from {} on our {} on {}",
                            Sq(x, us),
                            role_name(sc.role(p)),
                            Sq(p, us)
                        ),
                    );
                }
            }
        }
        // Breaking a pin on one of our pieces by stepping in between.
        if sc.pin_lines[ci(us)].contains(to) && !sc.pinned[ci(us)].contains(from) {
            s.add(
                "break_pin",
                w.break_pin,
                format_args!(
                    "steps between a pinned piece of ours and its pinner on {}",
                    Sq(to, us)
                ),
            );
        }
        // Multiple threats.
        if s.threats >= 2 {
            s.flags.insert(Flags::FORK);
            s.flags.insert(Flags::INVESTIGATE);
            let i = (s.threats as usize - 2).min(2);
            let n = s.threats;
            s.add(
                "multiple_threats",
                w.multiple_threats[i],
                format_args!("makes {} threats at once from {}", n, Sq(to, us)),
            );
        }
    }

    // --- leaving a defence ---------------------------------------------------------------
    // Only a piece the mover alone defended can be left undefended.
    for p in old_att & sc.lone_guarded {
        if p == from || new_att.contains(p) {
            continue;
        }
        let others = board.attacks_to(p, us, occ2) & sc.by[ci(us)] & !Bitboard::from(from);
        let attackers = board.attacks_to(p, them, occ2) & theirs2;
        if others.is_empty() && !attackers.is_empty() {
            s.add(
                "abandon_defence",
                -piece_value(sc.role(p)) / w.abandon_defence_div,
                format_args!(
                    "stops guarding our {} on {}, left attacked and undefended",
                    role_name(sc.role(p)),
                    Sq(p, us)
                ),
            );
        }
    }
    if role != Role::King && sc.pin_base[ci(us)].contains(from) {
        s.add(
            "move_pin_base",
            w.move_pin_base,
            format_args!("moves the {} that a piece of ours was pinned against", me),
        );
    }

    // --- opening sense and the king ------------------------------------------------------
    let rel_from = sc.rel_rank(from);
    let rel_to = sc.rel_rank(to);
    if sc.opening {
        if matches!(role, Role::Knight | Role::Bishop) && rel_from == 0 {
            let home = matches!(
                (role, from.file().to_u32()),
                (Role::Knight, 1 | 6) | (Role::Bishop, 2 | 5)
            );
            if home {
                s.posi(
                    "first_minor_move",
                    w.first_minor_move,
                    format_args!("develops the {} for the first time", me),
                );
            }
        }
        if role == Role::Queen && !sc.att[ci(them)].contains(from) {
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
        && captured.is_none()
        && rel_to == 2
        && matches!(to.file().to_u32(), 3 | 4)
    {
        let pawn_home = Square::from_coords(to.file(), us.relative_rank(shakmaty::Rank::Second));
        if (sc.pawns[ci(us)]).contains(pawn_home) {
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
    if role == Role::King && !sc.endgame && !sc.in_check {
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
    if role == Role::King && sc.endgame {
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

    // --- piece placement -------------------------------------------------------------------
    if role == Role::Knight {
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
        let chasers = neighbour_files(to) & super::scene::front_span(us, to) & sc.pawns[ci(them)];
        if (4..=5).contains(&rel_to) && supported && chasers.is_empty() {
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
    if role == Role::Rook && from.file() != to.file() {
        let file = file_bb(to.file().to_u32());
        if (file & board.pawns()).is_empty() {
            s.posi(
                "rook_open_file",
                w.rook_open_file,
                format_args!("puts the rook on the open file at {}", Sq(to, us)),
            );
        } else if (file & sc.pawns[ci(us)]).is_empty() {
            s.posi(
                "rook_half_open_file",
                w.rook_half_open_file,
                format_args!("puts the rook on the half-open file at {}", Sq(to, us)),
            );
        }
        let behind_passer = file & sc.passed[ci(us)] & super::scene::front_span(us, to);
        if !behind_passer.is_empty() {
            s.posi(
                "rook_behind_passer",
                w.rook_behind_passer,
                format_args!("puts the rook behind our passed pawn, on {}", Sq(to, us)),
            );
        }
    }
    if role == Role::Rook && rel_to == 6 && rel_from != 6 {
        let their_seventh =
            Bitboard::from(shakmaty::Rank::new(if us == Color::White { 6 } else { 1 }));
        let their_eighth = Bitboard::from(them.backrank());
        if their_eighth.contains(their_king) || sc.pawns[ci(them)].intersects(their_seventh) {
            s.posi(
                "rook_seventh",
                w.rook_seventh,
                format_args!("puts the rook on the seventh rank at {}", Sq(to, us)),
            );
        }
    }
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
        if on_file && (file_bb(to.file().to_u32()) & board.pawns()).is_empty() {
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
    // Blockades of enemy passed pawns: only a move to or from a square just ahead of one.
    for front in sc.blockade_squares & (Bitboard::from(from) | to) {
        let Some(p) = front.offset(if them == Color::White { -8 } else { 8 }) else {
            continue;
        };
        let rank = them.relative_rank(p.rank()).to_usize();
        if front == to && role != Role::Pawn {
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

    // --- pawn moves --------------------------------------------------------------------------
    if role == Role::Pawn {
        pawn_move(&mut s, from, to, captured.is_some(), promo.is_some());
    }

    // --- the positional verdict ------------------------------------------------------------
    if s.positional <= w.poor_threshold
        && captured.is_none()
        && promo.is_none()
        && !s.flags.contains(Flags::CHECK)
        && rescue == 0
    {
        s.flags.insert(Flags::POOR);
    }
    s.finish()
}

fn pawn_move<S: Sink>(
    s: &mut Scorer<'_, '_, S>,
    from: Square,
    to: Square,
    capture: bool,
    promotes: bool,
) {
    let sc = s.sc;
    let w = sc.w;
    let us = sc.us;
    let them = sc.them;
    let rel_from = us.relative_rank(from.rank()).to_usize();
    let our_pawns = sc.pawns[ci(us)];
    if sc.passed[ci(us)].contains(from) && !promotes {
        s.posi(
            "passed_pawn_push",
            w.passed_push_by_rank[rel_from],
            format_args!("pushes the passed pawn to {}", Sq(to, us)),
        );
    }
    if !promotes {
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
    // Structure after the move: files change only by captures and promotions; a push can
    // only leave its neighbours (or itself) backward.
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
        let dbl = doubled_count(after) - doubled_count(our_pawns);
        if dbl > 0 {
            s.posi(
                "creates_doubled_pawn",
                w.creates_doubled * dbl,
                format_args!("doubles our pawns on the file of {}", Sq(to, us)),
            );
        }
    }
    let bwd_before = sc.backward[ci(us)];
    if !capture && !promotes {
        let near = (neighbour_files(from) & after) & !bwd_before;
        let new_bwd = backward_among(us, near, after, sc.pawn_cover[ci(them)]);
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
    if capture {
        let toward = centre_distance(Square::from_coords(to.file(), shakmaty::Rank::Fourth))
            < centre_distance(Square::from_coords(from.file(), shakmaty::Rank::Fourth));
        s.posi(
            "capture_toward_centre",
            if toward {
                w.capture_toward_centre
            } else {
                -w.capture_toward_centre
            },
            format_args!(
                "captures {} the centre",
                if toward { "toward" } else { "away from" }
            ),
        );
    }
    // Pawn in front of our own king.
    let our_king = sc.king[ci(us)];
    if !capture && sc.shield_files.contains(from) {
        s.posi(
            "pawn_shield",
            w.pawn_shield,
            format_args!(
                "weakens the pawns in front of our king on {}",
                Sq(our_king, us)
            ),
        );
    }
    // Storming the enemy king on the other wing.
    let their_king = sc.king[ci(them)];
    if !capture && sc.storm_files.contains(from) {
        s.posi(
            "pawn_storm",
            w.pawn_storm,
            format_args!(
                "storms the king on {} with the pawn to {}",
                Sq(their_king, us),
                Sq(to, us)
            ),
        );
    }
    // Pawn to KN3 / QN3 shutting in an enemy bishop on KR2 / QR2.
    let rel_to = us.relative_rank(to.rank()).to_u32();
    if rel_to == 2 && matches!(to.file().to_u32(), 1 | 6) {
        let corner_file = if to.file().to_u32() == 1 { 0 } else { 7 };
        let corner = Square::from_coords(
            shakmaty::File::new(corner_file),
            us.relative_rank(shakmaty::Rank::Second),
        );
        if (sc.board.bishops() & sc.by[ci(them)]).contains(corner) {
            s.posi(
                "trap_bishop",
                w.trap_bishop,
                format_args!("shuts in the bishop on {}", Sq(corner, us)),
            );
        }
    }
}

/// What the piece a pawn promotes to attacks: `attacks_of` kept out of line, because
/// inlined into the pawn's scorer the compiler looks up a queen's lines for every pawn
/// move and discards them unless it promotes.
#[inline(never)]
fn promoted_attacks(role: Role, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    attacks_of(role, color, sq, occ)
}

/// Squares the bishop, rook or queen (`role`) on `sq` attacks with `occ` occupied: the
/// lookups of the lines, pin and line-up loops, without `attacks_of`'s dispatch over all
/// six roles.
#[inline]
fn slider_attacks(role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Bishop => attacks::bishop_attacks(sq, occ),
        Role::Rook => attacks::rook_attacks(sq, occ),
        _ => attacks::queen_attacks(sq, occ),
    }
}

/// After our move (`after`, the opponent to move): the least that `us` can still win
/// by one exchange after any reply, less what the reply took; `None` when some reply
/// parries, mates or stalemates. After a checking reply only the checker can be won.
fn threat_holds(after: &Chess, us: Color) -> Option<i32> {
    let mut least = i32::MAX;
    for reply in after.legal_moves() {
        let taken = reply.capture().map_or(0, piece_value);
        let mut next = after.clone();
        next.play_unchecked(reply);
        let targets = if next.is_check() {
            if next.is_checkmate() {
                return None;
            }
            next.checkers()
        } else {
            Bitboard::FULL
        };
        let held = Analysis::biggest_threat_among(next.board(), us, targets).0 - taken;
        if held <= 0 {
            return None;
        }
        least = least.min(held);
    }
    (least < i32::MAX).then_some(least)
}

/// An overloaded enemy piece: the only one that can take on a move's destination, and the
/// guard another piece we attack depends on.
#[derive(Clone, Copy)]
struct Overload {
    guard: Square,
    guarded: Square,
    /// What the exchange on the destination still costs us: the mover less the piece the
    /// guard would give up.
    loss: i32,
}

/// The overload on `to` after our move (the mover worth `v_new`; `takers` the enemy
/// pieces attacking `to` then): the one enemy piece that can take there is a key guard,
/// and once it has taken (and so no longer guards from its square) we win by exchange a
/// piece it held, worth at least the mover less 32.
fn overload(
    sc: &Scene<'_>,
    to: Square,
    occ2: Bitboard,
    takers: Bitboard,
    theirs2: Bitboard,
    v_new: i32,
) -> Option<Overload> {
    let (us, them) = (sc.us, sc.them);
    let guard = takers.single_square()?;
    if !sc.key_guard[ci(them)].contains(guard) {
        return None;
    }
    let occ3 = occ2.without(guard);
    let after_taking = attacks_of(sc.role(guard), them, to, occ3);
    (sc.key_guarded[ci(them)] & sc.piece_att[guard.to_usize()] & theirs2 & !after_taking)
        .into_iter()
        .map(|p| {
            let attackers = sc.attackers_of(p, occ3) & occ3.without(to);
            (
                p,
                sc.exchange(p, occ3, attackers, piece_value(sc.role(p)), us),
            )
        })
        .filter(|&(_, won)| won >= v_new - 32)
        .max_by_key(|&(_, won)| won)
        .map(|(guarded, won)| Overload {
            guard,
            guarded,
            loss: (v_new - won).max(0),
        })
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

/// Whether the checking move `m` mates: first a cheap look for a free king square and, for
/// a check by the moved piece alone, for a legal capture of it; then the full test on a
/// copy of the position.
fn mates(
    sc: &Scene<'_>,
    m: Move,
    new_role: Role,
    to: Square,
    occ2: Bitboard,
    discovered: bool,
) -> bool {
    let them = sc.them;
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
                & !Bitboard::from(m.from().unwrap_or(to))
                & without_king)
                .is_empty();
        if !attacked {
            return false;
        }
    }
    if !discovered {
        let board = sc.board;
        let from = Bitboard::from(m.from().unwrap_or(to));
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
