//! The plausible move generator (docs/design.md §5), the heart of the 1967 program: every legal
//! move gets a plausibility score, the sum of named heuristic factors computed per move ("this
//! move blocks my bishop") from the facts of the position, and the moves are ordered by
//! it, highest first (ties keep generation order).
//!
//! - `scene`: the facts gathered once per generation (square importance, attacks, en
//!   prise losses, pins, pawn structure);
//! - `factors`: the 76 named factors of one move, each with its comment;
//! - `mate`: the mate looks near the root (a mate threatened, forced or poisoning an offer);
//! - `forcing`: the root's look along the line of captures and checks after an offer,
//!   or after each reply to a quiet move;
//! - `squares`: board geometry read for every move (attack sets, lines to a king, centre
//!   tables);
//! - `weights`: the one tuning table;
//! - `words`: squares and pieces in descriptive and algebraic form for the comments.
//!
//! `generate` scores without tracing and allocates nothing; `trace` scores one move and
//! returns its factors with English comments. `generate` returns every legal move (the
//! full-width mode): the search applies the width rule, not the generator.
//!
//! Deliberately left out of the 1980 catalogue: the "too early" move rule (it forbade
//! minor-piece moves on the first two plies) and the origin-square king-line net terms;
//! the 1967 paper gives neither. Added beyond it: `checkmate`, `capture_victim`, a few
//! placement terms (outposts, the seventh rank), `king_field_sacrifice` (an offer by the
//! enemy king while other pieces bear on its field), and near the root only
//! (levels 1–2, where each look plays the move):
//! - `threatens_mate` (by a quiet move or, at less weight, a capture), and
//!   `unstoppable_mate` when no reply stops it (a mate in two without check);
//! - `parries_mate`: the move stops a mate in one the enemy threatens;
//! - `poisoned_offer`: the piece the move puts en prise cannot be taken without allowing
//!   mate (at once, or by a check that mates next);
//! - `sacrifice_regains`: the offer, once taken, lets us win as much back at once, or at
//!   the root along a line of captures and checks (a decoy or a deflection);
//! - `forcing_check` (the replies a check leaves), `check_then_mate` (each of those
//!   replies allows a mate) and `hollow_sacrifice` (a sacrificial check which, once
//!   taken, leaves nothing forcing);
//! - `creates_threat` (the biggest exchange the move leaves us to start) and
//!   `unparried_threat` (what that threat still wins after every reply);
//! - at the root only, `quiet_blow`: a quiet move after which every reply loses material
//!   to the line of captures and checks that follows, beyond what stood before it.
//!
//! Material terms are damped (see the `_pct` weights) so that sacrifices still rank within
//! the width; the losses are still scored, and SAFE, CHECK, CAPTURE, INVESTIGATE are exact.
//!
//! The positional flag POOR (our reading of the paper, cf. the 1980 unused threshold):
//! the positional factors (development, lines, opening sense, king and pawn placement) of
//! a quiet move that rescues nothing sum to `poor_threshold` or less.

use std::fmt;

use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, Position};

use crate::attack::Analysis;

mod factors;
mod forcing;
mod mate;
mod scene;
pub mod sources;
mod squares;
pub mod weights;
mod words;

pub use sources::Source;
pub use weights::Weights;
pub use words::{descriptive_square, role_name};

/// Per-move facts the search's width rule and value modifications read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags(u8);

impl Flags {
    /// The move captures.
    pub const CAPTURE: Flags = Flags(1);
    /// The move gives check.
    pub const CHECK: Flags = Flags(2);
    /// After the move the moved piece is not en prise.
    pub const SAFE: Flags = Flags(4);
    /// The positional flag: the move is developmentally poor (costs 3 in the search).
    pub const POOR: Flags = Flags(8);
    /// The move promotes.
    pub const PROMOTION: Flags = Flags(16);
    /// Always investigate (1980 sign bit): checks, promotions, captures at levels 1–2,
    /// and moves with two or more threats.
    pub const INVESTIGATE: Flags = Flags(32);
    /// Two or more threats at once (a fork).
    pub const FORK: Flags = Flags(64);
    /// The move uncovers an attack or a check by another of our pieces.
    pub const DISCOVERY: Flags = Flags(128);

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Sets the flags of `other`.
    pub fn insert(&mut self, other: Flags) {
        self.0 |= other.0;
    }

    /// The names of the flags set, for display.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        [
            (Flags::CAPTURE, "capture"),
            (Flags::CHECK, "check"),
            (Flags::SAFE, "safe"),
            (Flags::POOR, "poor"),
            (Flags::PROMOTION, "promotion"),
            (Flags::INVESTIGATE, "investigate"),
            (Flags::FORK, "fork"),
            (Flags::DISCOVERY, "discovery"),
        ]
        .into_iter()
        .filter(move |(f, _)| self.contains(*f))
        .map(|(_, n)| n)
    }
}

/// A legal move with its plausibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlausibleMove {
    pub mv: Move,
    pub score: i32,
    pub flags: Flags,
}

/// The moves of one generation, most plausible first.
pub type PlausibleList = ArrayVec<PlausibleMove, 256>;

/// Where in the game and the search a generation happens (some heuristics depend on it).
#[derive(Debug, Clone, Copy, Default)]
pub struct Context {
    /// Search level of the moves generated: 1 for the root's own moves.
    pub level: u32,
    /// Game ply of the position the moves are generated in.
    pub game_ply: u32,
    /// Game ply at the root of the search (sets the opening phases).
    pub root_game_ply: u32,
    /// The weights to use instead of `Weights::DEFAULT` (for tuning and profiles).
    pub weights: Option<&'static Weights>,
}

impl Context {
    /// The root's own moves in a position reached at game ply `ply`, with the default
    /// weights: what the debugging aids and the tools rank.
    pub fn root(ply: u32) -> Context {
        Context::below(ply, 0)
    }

    /// The moves `depth` plies below a search root reached at game ply `root_ply`, with
    /// the default weights.
    pub fn below(root_ply: u32, depth: u32) -> Context {
        Context {
            level: depth + 1,
            game_ply: root_ply + depth,
            root_game_ply: root_ply,
            weights: None,
        }
    }
}

/// One factor of a move's plausibility, as a trace shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Factor {
    /// The factor's name, e.g. `unblock_own_line`.
    pub name: &'static str,
    /// Its contribution to the score.
    pub value: i32,
    /// Where it comes from: the paper, the 1980 source, or ours.
    pub source: Source,
    /// What it rests on: the paper's words or the 1980 catalogue rows.
    pub basis: &'static str,
    /// One English sentence with the value first, e.g. "+10 unblocks the queen's bishop
    /// on QB1 (c1), which now attacks QN5 (b5)".
    pub comment: String,
}

/// The tracing sink: keeps every factor with its comment.
struct Collect(Vec<Factor>);

impl factors::Sink for Collect {
    fn add(&mut self, name: &'static str, value: i32, why: fmt::Arguments<'_>) {
        let (source, basis) = sources::origin(name).unwrap_or((Source::Ours, "not in the table"));
        self.0.push(Factor {
            name,
            value,
            source,
            basis,
            comment: format!("{value:+} {why}"),
        });
    }
}

/// The moves of `pos`, most plausible first, in a list of their own: for the aids and
/// tools (the search reuses one list per ply through [`generate`]).
pub fn ranked(pos: &Chess, analysis: &Analysis, ctx: &Context) -> PlausibleList {
    let mut list = PlausibleList::new();
    generate(pos, analysis, ctx, &mut list);
    list
}

/// Scores every legal move of `pos` and writes them to `out`, most plausible first (ties
/// keep generation order). Allocation-free.
pub fn generate(pos: &Chess, analysis: &Analysis, ctx: &Context, out: &mut PlausibleList) {
    out.clear();
    let mut sc = scene::Scene::blank(pos, analysis, ctx);
    sc.fill(ctx);
    // Highest score first, ties in generation order: an in-place unstable sort on a key
    // that holds the score, the generation index and the flags, so it is stable in effect
    // and allocates nothing.
    let moves = pos.legal_moves();
    let mut keys: ArrayVec<u64, 256> = ArrayVec::new();
    for (i, &m) in moves.iter().enumerate() {
        let (score, flags) = factors::score_move(&sc, m, &mut factors::Quiet);
        let biased = (i64::from(score) + (1 << 31)) as u64;
        keys.push((!biased << 32 & 0xffff_ffff_0000_0000) | (i as u64) << 16 | u64::from(flags.0));
    }
    keys.sort_unstable();
    for &k in &keys {
        let i = ((k >> 16) & 0xffff) as usize;
        let biased = !(k >> 32) & 0xffff_ffff;
        out.push(PlausibleMove {
            mv: moves[i],
            score: (biased as i64 - (1 << 31)) as i32,
            flags: Flags((k & 0xff) as u8),
        });
    }
}

/// The factors of one move `m` of `pos` with their comments; the values sum to the score
/// `generate` gives the move. An illegal `m` gets the factors it would have if played.
pub fn trace(pos: &Chess, analysis: &Analysis, ctx: &Context, m: Move) -> Vec<Factor> {
    let sc = scene::Scene::new(pos, analysis, ctx);
    let mut sink = Collect(Vec::new());
    factors::score_move(&sc, m, &mut sink);
    sink.0
}

/// The score and flags of one move, as `generate` would give them.
pub fn score(pos: &Chess, analysis: &Analysis, ctx: &Context, m: Move) -> (i32, Flags) {
    let sc = scene::Scene::new(pos, analysis, ctx);
    factors::score_move(&sc, m, &mut factors::Quiet)
}
