//! Method 5: an "open" flag in the hash table (Ken Thompson's Belle, as told to Bruce
//! Moreland).
//!
//! **How it works.** Every position of the game and of the current line is written into an
//! always-replace hash table with an *open* mark when it is entered; the mark goes when the
//! search leaves the position. Only positions of the game or of the line are open, so a
//! probe that finds an open entry with the same key has found a repetition. We model it
//! with a table of its own (key + flag per slot, `2^bits` slots, the slot chosen by the low
//! bits of the key). Entering a node saves what the slot held and, unless the node is a
//! repetition (Belle returns at once with the draw score and writes nothing), overwrites
//! it; leaving restores the saved entry, so the table after a subtree is as before it.
//!
//! **Cost.** One probe and one write on entering, one write on leaving, no walk at all:
//! the cheapest answer of the six when the table is already being probed anyway, as it is
//! in a search with a transposition table.
//!
//! **Where it is wrong.** (1) *Slot collisions*: two open positions with different keys in
//! one slot cannot both be marked; the later overwrites the earlier, and a repetition of
//! the earlier while the later is on the line is missed (never a false draw). How often
//! depends on the table size against the length of game + line: with 2^16 slots and 200
//! positions, a few in a thousand repetitions. (2) *Replacement*: it needs always-replace on
//! entry; a real transposition table that keeps deep entries would drop open marks or
//! refuse to write them, and a table shared with search results must restore entries it
//! did not own. (3) *Threads*: with one table shared by several search threads, an open
//! entry may belong to another thread's line, so a hit no longer means a repetition; each
//! thread would need its own flag bit. (4) It answers "occurred before", not how often, so
//! the `Modern` rule (third occurrence for game positions) needs a count it does not have.

use shakmaty::{Chess, Move};

use crate::rules::Game;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Entry {
    key: u64,
    open: bool,
}

#[derive(Debug, Clone, Copy)]
struct Undo {
    slot: u32,
    saved: Entry,
    repeated: bool,
}

/// An always-replace table whose entries carry an open flag.
#[derive(Debug, Clone)]
pub struct OpenFlagTable {
    table: Box<[Entry]>,
    mask: usize,
    line: Vec<Undo>,
}

impl OpenFlagTable {
    /// Default index bits: 2^16 slots (1 MB).
    pub const BITS: u32 = 16;

    /// A table of `2^bits` slots for `game`, root at its current position.
    pub fn new(game: &Game, bits: u32) -> OpenFlagTable {
        let mut t = OpenFlagTable {
            table: vec![Entry::default(); 1 << bits].into_boxed_slice(),
            mask: (1 << bits) - 1,
            line: Vec::new(),
        };
        super::Detector::start(&mut t, game);
        t
    }

    /// The slot a key goes to.
    pub fn slot(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    #[inline]
    fn open(&mut self, key: u64) {
        let slot = self.slot(key);
        let saved = self.table[slot];
        let repeated = saved.open && saved.key == key;
        if !repeated {
            self.table[slot] = Entry { key, open: true };
        }
        self.line.push(Undo {
            slot: slot as u32,
            saved,
            repeated,
        });
    }
}

impl super::Detector for OpenFlagTable {
    fn name(&self) -> &'static str {
        "belle"
    }

    fn start(&mut self, game: &Game) {
        self.table.fill(Entry::default());
        self.line.clear();
        self.line.reserve(game.keys().len() + super::History::LINE);
        for &key in game.keys() {
            self.open(key);
        }
    }

    #[inline]
    fn enter(&mut self, _before: &Chess, _m: Move, _after: &Chess, key: u64) {
        self.open(key);
    }

    #[inline]
    fn leave(&mut self) {
        if let Some(undo) = self.line.pop() {
            self.table[undo.slot as usize] = undo.saved;
        }
    }

    #[inline]
    fn detects(&mut self, _pos: &Chess) -> bool {
        self.line.last().is_some_and(|u| u.repeated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repetition::Detector;
    use shakmaty::uci::UciMove;
    use shakmaty::{Chess, Position};

    /// Enters `ucis` from the start; returns what the table said at each node.
    fn walk(t: &mut OpenFlagTable, ucis: &str) -> Vec<bool> {
        let mut pos = Chess::default();
        let mut said = Vec::new();
        for u in ucis.split_whitespace() {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            let before = pos.clone();
            pos.play_unchecked(m);
            t.enter(&before, m, &pos, crate::rules::position_key(&pos));
            said.push(t.detects(&pos));
        }
        said
    }

    #[test]
    fn an_open_position_is_found_and_leaving_restores_the_table() {
        let game = Game::default();
        let mut t = OpenFlagTable::new(&game, OpenFlagTable::BITS);
        let said = walk(&mut t, "g1f3 g8f6 f3g1 f6g8");
        assert_eq!(said, [false, false, false, true]);
        for _ in 0..4 {
            t.leave();
        }
        // Back at the root, the same walk gives the same answers.
        assert_eq!(walk(&mut t, "g1f3 g8f6 f3g1 f6g8"), said);
    }

    #[test]
    fn a_table_of_one_slot_misses_repetitions() {
        // Every position shares the single slot: each overwrites the last, so nothing
        // two plies or more back is still open. The documented collision limit.
        let game = Game::default();
        let mut t = OpenFlagTable::new(&game, 0);
        assert_eq!(walk(&mut t, "g1f3 g8f6 f3g1 f6g8"), [false; 4]);
    }
}
