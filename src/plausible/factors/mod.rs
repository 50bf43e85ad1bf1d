//! The named factors of one move (docs/design.md §5), scored per move ("this move blocks my
//! bishop"), each a weight from the tuning table and a one-sentence comment. Comments are
//! `format_args!` values handed to a `Sink`: the scoring sink ignores them, so nothing is
//! formatted or allocated unless a trace asks for it.
//!
//! A move's facts are computed once (`facts`); then each factor group reads them, in the
//! order `normal` lists (a trace shows the factors in that order). The groups follow the
//! 1980 catalogue's (`docs/machack-1980.md` §10), the paper's ingredients
//! (docs/design.md §5) named in each:
//! - `exchanges`: en prise and exchanges: captures, moving into attack, promotion,
//!   rescuing a piece, an offer that is poisoned;
//! - `development`: the development value of the moved and the captured piece;
//! - `lines`: lines blocked and opened for both sides, and what they uncover;
//! - `checks`: checks, mates, and how forcing a check is;
//! - `threats`: the looks ahead near the root: mates threatened or parried, threats
//!   that win material;
//! - `attacks`: attacks on weak spots from the new square, and multiple threats;
//! - `pins`: pins, skewers, discoveries prepared, pins broken;
//! - `defence`: defending, interposing, and a defence given up;
//! - `opening`: opening sense and the king;
//! - `placement`: where a piece stands (centre, outposts, files, king lines, blockades);
//! - `pawns`: pawn moves and the pawn structure they leave.
//!
//! Everything here is allocation-free: the groups are inlined into one scorer per moving
//! role, which keeps the sums in registers.

use std::cell::OnceCell;
use std::fmt;

use shakmaty::{Bitboard, CastlingSide, Color, Move, Position, Role, Square};

use super::Flags;
use super::scene::Scene;
use super::weights::Weights;
use super::words::Sq;

mod attacks;
mod checks;
mod defence;
mod development;
mod exchanges;
mod facts;
mod lines;
mod opening;
mod pawns;
mod pins;
mod placement;
mod threats;

use facts::MoveFacts;

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

/// The running sums of one move: its score, the positional part of it, the threats it
/// makes (for `multiple_threats`) and its flags.
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

    /// What every factor reads: the scene, its weights and the side to move. The scene
    /// is borrowed apart from the scorer, so the sums can be added to while it is read.
    #[inline(always)]
    fn scene(&self) -> (&'s Scene<'a>, &'static Weights, Color) {
        (self.sc, self.sc.w, self.sc.us)
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

    /// The positional flag (docs/design.md §5, our reading of the paper): a quiet move that rescues
    /// nothing and whose positional factors sum to `poor_threshold` or less is POOR.
    #[inline(always)]
    fn verdict(&mut self, f: &MoveFacts<'_, '_>, rescue: i32) {
        if self.positional <= self.sc.w.poor_threshold
            && f.captured.is_none()
            && f.promo.is_none()
            && !self.flags.contains(Flags::CHECK)
            && rescue == 0
        {
            self.flags.insert(Flags::POOR);
        }
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

/// Scores a normal or en passant move of the piece of role `Role::ALL[ROLE]`: the factor
/// groups in turn over the move's facts, then the positional verdict.
fn normal<S: Sink, const ROLE: usize>(sc: &Scene<'_>, sink: &mut S, m: Move) -> (i32, Flags) {
    let mut s = Scorer::start(sc, sink);
    let after = OnceCell::new();
    let Some(f) = MoveFacts::new(sc, m, Role::ALL[ROLE], &after) else {
        return s.finish();
    };
    if f.safe {
        s.flags.insert(Flags::SAFE);
    }
    let loss_scored = exchanges::material(&mut s, &f);
    exchanges::promotion(&mut s, &f);
    let poison = exchanges::poisoned_offer(&mut s, &f, loss_scored);
    exchanges::sacrifice_regains(&mut s, &f, loss_scored, poison);
    exchanges::king_field_sacrifice(&mut s, &f);
    let rescue = exchanges::rescue(&mut s, &f, poison);
    development::development(&mut s, &f);
    let lines = lines::lines(&mut s, &f);
    if checks::checks(&mut s, &f) || lines.discovery {
        s.flags.insert(Flags::DISCOVERY);
    }
    threats::threatens_mate(&mut s, &f, lines.opens_king_field);
    threats::parries_mate(&mut s, &f);
    threats::creates_threat(&mut s, &f, poison);
    threats::quiet_blow(&mut s, &f);
    // The new square's analysis, for safe moves only (as in 1980).
    if f.safe {
        attacks::new_attacks(&mut s, &f);
        pins::pins_and_line_ups(&mut s, &f);
        defence::defend(&mut s, &f);
        pins::break_pin(&mut s, &f);
        attacks::multiple_threats(&mut s, &f);
    }
    defence::abandon_defence(&mut s, &f);
    pins::move_pin_base(&mut s, &f);
    opening::opening_and_king(&mut s, &f);
    placement::placement(&mut s, &f);
    if f.role == Role::Pawn {
        pawns::pawn_move(&mut s, &f);
    }
    s.verdict(&f, rescue);
    s.finish()
}
