//! The facts of one move, computed once before any factor group reads them
//! (docs/style.md point 14): the move's parts, the board after it, what the moved piece attacks,
//! whether it checks, and the exchange on its destination (the 1980 program's "calculate gain and
//! loss", done here by a static exchange). The groups only read these; what one group
//! finds for another (a loss scored, a discovery) goes back through the scorer.

use std::cell::OnceCell;

use shakmaty::attacks;
use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

use crate::attack::see::ROLE_VALUE;
use crate::eval::piece_value;
use crate::plausible::scene::Scene;
use crate::plausible::squares::{attacks_of, ci, line_checkers};

/// One normal or en passant move and what follows from it.
pub(super) struct MoveFacts<'a, 'f> {
    /// The position before the move.
    pos: &'a Chess,
    m: Move,
    /// The moving piece's role, and its role after the move (a promotion's piece).
    pub role: Role,
    pub new_role: Role,
    pub from: Square,
    pub to: Square,
    /// Where the captured piece stood (beside `to` for en passant).
    pub cap_sq: Square,
    pub captured: Option<Role>,
    pub promo: Option<Role>,
    pub en_passant: bool,
    /// Every piece, ours and theirs after the move.
    pub occ2: Bitboard,
    pub ours2: Bitboard,
    pub theirs2: Bitboard,
    pub their_king: Square,
    /// The values of the mover, of the piece it becomes, and of what it captures.
    pub v_mover: i32,
    pub v_new: i32,
    pub h: i32,
    /// What the piece attacks from its new square, and attacked from its old one.
    pub new_att: Bitboard,
    pub old_att: Bitboard,
    /// Our sliders that check once the move opens their line (a discovered check).
    pub our_sliders: Bitboard,
    pub discovered: bool,
    /// The move checks, directly or by discovery.
    pub checks: bool,
    /// What the enemy wins by the exchange on the destination after the move.
    pub exposed: i32,
    /// The overload exception on the destination, if the one enemy taker is overloaded.
    pub overload: Option<Overload>,
    /// `exposed`, less what the overload gives back.
    pub exposed_net: i32,
    /// What a promotion adds to the material on the board.
    pub promo_gain: i32,
    /// The material the move wins less what it leaves to be won on its square.
    pub balance: i32,
    /// After the move the moved piece is not en prise (`balance` ≥ 0).
    pub safe: bool,
    /// The position after the move, played at most once, for the looks ahead. Held
    /// outside the facts, so that the facts themselves stay in registers.
    after: &'f OnceCell<Chess>,
}

impl<'a, 'f> MoveFacts<'a, 'f> {
    /// The facts of `m`, a move of a piece of role `role` in the scene's position, the
    /// position after it to be kept in `after`; `None` for castling (scored on its own)
    /// and drops.
    #[inline(always)]
    pub fn new(
        sc: &Scene<'a>,
        m: Move,
        role: Role,
        after: &'f OnceCell<Chess>,
    ) -> Option<MoveFacts<'a, 'f>> {
        let (us, them) = (sc.us, sc.them);
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
            Move::Castle { .. } | Move::Put { .. } => return None,
        };
        let new_role = promo.unwrap_or(role);
        let cap_sq = if en_passant {
            Square::from_coords(to.file(), from.rank())
        } else {
            to
        };
        let occ2 = sc.occ.without(from).without(cap_sq).with(to);
        let theirs2 = if captured.is_some() {
            sc.by[ci(them)].without(cap_sq)
        } else {
            sc.by[ci(them)]
        };
        let their_king = sc.king[ci(them)];
        let new_att = match promo {
            None => attacks_of(role, us, to, occ2),
            Some(p) => promoted_attacks(p, us, to, occ2),
        };
        let our_sliders =
            if !sc.check_blockers.contains(from) && !sc.check_blockers.contains(cap_sq) {
                Bitboard::EMPTY
            } else {
                line_checkers(sc.board, their_king, sc.by[ci(us)].without(from), occ2)
            };
        let discovered = !our_sliders.is_empty();
        let mut f = MoveFacts {
            pos: sc.pos,
            m,
            role,
            new_role,
            from,
            to,
            cap_sq,
            captured,
            promo,
            en_passant,
            occ2,
            ours2: sc.by[ci(us)].without(from).with(to),
            theirs2,
            their_king,
            v_mover: piece_value(role),
            v_new: piece_value(new_role),
            h: ROLE_VALUE[captured.map_or(0, |r| r as usize)],
            new_att,
            old_att: sc.piece_att[from.to_usize()],
            our_sliders,
            discovered,
            checks: new_att.contains(their_king) || discovered,
            exposed: 0,
            overload: None,
            exposed_net: 0,
            promo_gain: 0,
            balance: 0,
            safe: false,
            after,
        };
        f.exchange_on_destination(sc);
        Some(f)
    }

    /// The exchange on the destination, with the overload exception (1980 rows 46 and 49).
    #[inline(always)]
    fn exchange_on_destination(&mut self, sc: &Scene<'_>) {
        let (from, to, occ2) = (self.from, self.to, self.occ2);
        // Only a square the enemy attacks now, or one behind `from` on an enemy slider's
        // line, can be attacked after the move. The pieces attacking it then serve the
        // exchange and the overload look alike.
        let arrivals = if self.role == Role::King
            || (!sc.att[ci(sc.them)].contains(to)
                && !sc.slider_att[ci(sc.them)].contains(from)
                && !self.en_passant)
        {
            Bitboard::EMPTY
        } else if self.en_passant {
            sc.attackers_of(to, occ2) & occ2
        } else {
            sc.attackers_on_arrival(from, to, occ2)
        };
        self.exposed = if arrivals.is_empty() {
            0
        } else {
            sc.exchange(to, occ2, arrivals, self.v_new, sc.them)
        };
        self.promo_gain = if self.promo.is_some() {
            self.v_new - piece_value(Role::Pawn)
        } else {
            0
        };
        // The overload exception (1980 rows 46 and 49, there for a sole guard): the one
        // enemy piece that can take on the destination is also the guard another piece we
        // attack depends on, so taking costs him that piece. A guard that does not reach
        // the destination now can only do so through `from` or the square of a pawn taken
        // en passant.
        self.overload = if self.exposed > 0
            && (sc.guard_reach.contains(to)
                || (sc.key_guard[ci(sc.them)]
                    & (sc.slider_seen[from.to_usize()] | sc.slider_seen[self.cap_sq.to_usize()]))
                .any())
        {
            overload(
                sc,
                to,
                occ2,
                arrivals & self.theirs2,
                self.theirs2,
                self.v_new,
            )
        } else {
            None
        };
        self.exposed_net = self.overload.map_or(self.exposed, |o| o.loss);
        self.balance = self.h + self.promo_gain - self.exposed_net;
        self.safe = self.balance >= 0;
    }

    /// The move itself.
    #[inline(always)]
    pub fn mv(&self) -> Move {
        self.m
    }

    /// The position after the move (played the first time it is asked for).
    #[inline(always)]
    pub fn played(&self) -> &Chess {
        let (pos, m) = (self.pos, self.m);
        self.after.get_or_init(|| {
            let mut a = pos.clone();
            a.play_unchecked(m);
            a
        })
    }
}

/// An overloaded enemy piece: the only one that can take on a move's destination, and the
/// guard another piece we attack depends on.
#[derive(Clone, Copy)]
pub(super) struct Overload {
    pub guard: Square,
    pub guarded: Square,
    /// What the exchange on the destination still costs us: the mover less the piece the
    /// guard would give up.
    pub loss: i32,
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
pub(super) fn slider_attacks(role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Bishop => attacks::bishop_attacks(sq, occ),
        Role::Rook => attacks::rook_attacks(sq, occ),
        _ => attacks::queen_attacks(sq, occ),
    }
}
