//! Repetitions (SPEC §10): the keys of the game and of the search line, and whether the
//! current node repeats.
//!
//! PLACEHOLDER INTERFACE: `History` is the search-facing contract; this first cut is the
//! list-of-keys method only.

use shakmaty::{Chess, Position};

use crate::rules::Game;

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

/// The keys of the game and the current search line, with how far back a repetition can
/// reach (the last irreversible move). Allocates only when created.
#[derive(Debug, Clone)]
pub struct History {
    keys: Vec<u64>,
    /// For each entry, how many plies back the last irreversible move (or null move) is.
    reversible: Vec<u32>,
    root: usize,
}

impl History {
    /// Capacity for the search line beyond the game.
    const LINE: usize = 1024;

    /// The history of `game`, with the root at its current position.
    pub fn new(game: &Game) -> History {
        let n = game.keys().len();
        let mut keys = Vec::with_capacity(n + Self::LINE);
        let mut reversible = Vec::with_capacity(n + Self::LINE);
        for ply in 0..n {
            keys.push(game.keys()[ply]);
            let clock = game.position_at(ply).map_or(0, |p| p.halfmoves());
            reversible.push(clock.min(ply as u32));
        }
        History {
            keys,
            reversible,
            root: n - 1,
        }
    }

    /// Enters the position reached by a move (`pos` is that position, `key` its key).
    pub fn push(&mut self, pos: &Chess, key: u64) {
        let back = pos.halfmoves().min(self.keys.len() as u32);
        self.keys.push(key);
        self.reversible.push(back);
    }

    /// Enters the position reached by a null move: nothing before it can repeat.
    pub fn push_null(&mut self, key: u64) {
        self.keys.push(key);
        self.reversible.push(0);
    }

    /// Leaves the last position entered.
    pub fn pop(&mut self) {
        debug_assert!(self.keys.len() > self.root + 1);
        self.keys.pop();
        self.reversible.pop();
    }

    /// Plies from the root to the current node.
    pub fn ply_from_root(&self) -> usize {
        self.keys.len() - 1 - self.root
    }

    /// Whether the current node scores as a draw by repetition under `rule`.
    pub fn is_draw(&self, rule: DrawRule) -> bool {
        let last = self.keys.len() - 1;
        let key = self.keys[last];
        let back = self.reversible[last] as usize;
        let mut occurrences = 1;
        let mut i = 4;
        while i <= back {
            let at = last - i;
            if self.keys[at] == key {
                if rule == DrawRule::Mac1967 || at > self.root {
                    return true;
                }
                occurrences += 1;
                if occurrences >= 3 {
                    return true;
                }
            }
            i += 2;
        }
        false
    }
}
