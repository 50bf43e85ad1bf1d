//! Method 3: a dedicated repetition table (Rookie 2.0, Marcel van Kervinck; the trick is
//! Ronald de Man's).
//!
//! **How it works.** Beside the list of keys ([`super::History`]) sits a table of 2^14
//! one-byte counters (16 KB). Entering a position adds one to the counter indexed by the
//! low 14 bits of its key; leaving it takes the one off again. A position can only be a
//! repetition if its counter was already non-zero when it was entered — some position on
//! the game or line shares those 14 bits — and only then is the key list walked to make
//! sure. The table is a counting Bloom filter with one hash function: it never misses,
//! it only sometimes sends us on a walk for nothing.
//!
//! **Cost.** One increment on entering and one decrement on leaving a node, one byte read
//! at the node, and a walk of the key list only on a hit: with a few hundred positions in
//! the game and line, roughly one node in fifty (positions / 16,384) walks for nothing;
//! most walks are real repetitions. The 16 KB stay in the first-level cache in practice.
//!
//! **Where it is wrong.** Never, as long as no counter passes 255: the counters wrap, and a
//! slot shared by 256 positions of one game and line would read zero and miss. (A game of
//! a thousand plies puts about 0.06 positions in an average slot.) The confirming walk
//! inherits the key list's exactness.

use shakmaty::{Chess, Move};

use super::History;
use crate::rules::Game;

/// Index bits of the table.
const BITS: u32 = 14;

/// The dedicated table and the key list it filters.
#[derive(Debug, Clone)]
pub struct RepetitionTable {
    counters: Box<[u8; 1 << BITS]>,
    history: History,
    /// Walks made for nothing (the counter was shared, the key list said no).
    pub false_hits: u64,
    /// Walks made.
    pub walks: u64,
}

#[inline]
fn slot(key: u64) -> usize {
    (key as usize) & ((1 << BITS) - 1)
}

impl RepetitionTable {
    /// The table for `game`, root at its current position.
    pub fn new(game: &Game) -> RepetitionTable {
        let mut t = RepetitionTable {
            counters: Box::new([0; 1 << BITS]),
            history: History::new(game),
            false_hits: 0,
            walks: 0,
        };
        super::Detector::start(&mut t, game);
        t
    }

    /// The key list behind the table.
    pub fn history(&self) -> &History {
        &self.history
    }
}

impl super::Detector for RepetitionTable {
    fn name(&self) -> &'static str {
        "rookie"
    }

    fn start(&mut self, game: &Game) {
        self.counters.fill(0);
        self.history.reset(game);
        for &key in game.keys() {
            let c = &mut self.counters[slot(key)];
            *c = c.wrapping_add(1);
        }
    }

    #[inline]
    fn enter(&mut self, _before: &Chess, _m: Move, after: &Chess, key: u64) {
        let c = &mut self.counters[slot(key)];
        *c = c.wrapping_add(1);
        self.history.push(after, key);
    }

    #[inline]
    fn leave(&mut self) {
        let c = &mut self.counters[slot(self.history.key())];
        *c = c.wrapping_sub(1);
        self.history.pop();
    }

    #[inline]
    fn detects(&mut self, _pos: &Chess) -> bool {
        // The current position counts itself once.
        if self.counters[slot(self.history.key())] <= 1 {
            return false;
        }
        self.walks += 1;
        let found = self.history.occurrences() > 1;
        self.false_hits += u64::from(!found);
        found
    }
}
