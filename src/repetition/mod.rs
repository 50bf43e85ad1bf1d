//! Repetitions (docs/design.md §10): the keys of the game and of the search line, whether the
//! current node repeats, and six ways of finding out.
//!
//! A position is "the same" for the repetition rules (FIDE 9.2.3) when the same side is to
//! move, the same kinds of pieces stand on the same squares, the castling rights are the
//! same and the same en passant captures are possible — an en passant square counts only
//! when the capture is really legal. [`crate::rules::position_key`] hashes exactly that.
//!
//! [`History`] is the engine's method (list of keys, [`keys`] explains it) and the API the
//! search uses: `push`/`pop` as it walks the tree, [`History::is_draw`] at every node and
//! [`History::upcoming_repetition`] (method 6, [`cuckoo`]) to raise alpha. The other
//! methods exist to be compared with it, by property tests and a benchmark, behind one
//! interface, [`Detector`]:
//!
//! 1. [`keys`] — list of keys ([`History`]);
//! 2. [`zarkov`] — Stanback's counting rule;
//! 3. [`rookie`] — the dedicated 2^14-byte table of Rookie (de Man's idea);
//! 4. [`moves`] — the Vučković–Vidanović move-repetition algorithm;
//! 5. [`belle`] — Thompson's open flag in an always-replace hash table;
//! 6. [`cuckoo`] — upcoming repetitions (van Kervinck).
//!
//! The game rules (claims, automatic draws) are in [`crate::fide`].

use shakmaty::{Chess, Move, Position};

use crate::rules::Game;

pub mod belle;
pub mod cuckoo;
pub mod keys;
pub mod moves;
pub mod rookie;
pub mod zarkov;

pub use keys::History;

/// How the search scores repetitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DrawRule {
    /// FIDE-accurate for an engine: a repetition strictly after the root is a draw at once;
    /// one reaching back to or before the root only at its third occurrence.
    #[default]
    Modern,
    /// The 1967 program: the first repetition of any game or line position is a draw.
    Mac1967,
}

/// One interface for the six detection methods, so tests and benches can drive them alike.
///
/// The driver starts a method on a game (the root is the game's current position), then
/// walks a line: `enter` after each move, `leave` when taking it back, and `detects` at
/// any node. What `detects` answers is the method's own question: for methods 1, 2, 3 and
/// 5 "has this position occurred before in the game or the line?", for method 4 "do the
/// moves since the last irreversible one close into cycles?", for method 6 "can the side
/// to move reach an earlier position with one move?". None of them allocates in `enter`,
/// `leave` or `detects`.
pub trait Detector {
    /// A short name for tables ("keys", "zarkov", ...).
    fn name(&self) -> &'static str;
    /// Forgets everything and takes `game` (all its positions) as history, with its current
    /// position as the root.
    fn start(&mut self, game: &Game);
    /// Enters `after`, reached by playing `m` in `before`; `key` is the key of `after`.
    fn enter(&mut self, before: &Chess, m: Move, after: &Chess, key: u64);
    /// Leaves the last position entered.
    fn leave(&mut self);
    /// The method's answer at the current node, whose position is `pos`.
    fn detects(&mut self, pos: &Chess) -> bool;
}

/// How many plies back from a position the last irreversible move (or null move) lies,
/// given the same for the position before: the halfmove clock, capped by what we know.
#[inline]
pub(crate) fn reach_back(pos: &Chess, before: u32) -> u32 {
    pos.halfmoves().min(before + 1)
}

/// How often the last of `keys` stands earlier among the positions at most `back` plies
/// before it with the same side to move (every second one from four plies back: a
/// position cannot repeat sooner).
#[inline]
pub(crate) fn earlier_occurrences(keys: &[u64], back: usize) -> usize {
    let last = keys.len() - 1;
    let key = keys[last];
    (4..=back)
        .step_by(2)
        .filter(|&i| keys[last - i] == key)
        .count()
}
