//! Method 1, the engine's own: a list of position keys, walked back at each node.
//!
//! **How it works.** [`History`] keeps the key of every position of the game and of the
//! current search line in one array, and beside each key how many plies back the last
//! irreversible move lies (the halfmove clock, cut short at a null move or at the start of
//! what we know). A position can only equal one with the same side to move within that
//! stretch: a capture or pawn move can never be undone, so nothing before it can recur.
//! At a node the walk compares the current key with the keys 4, 6, 8 … plies back (2 plies
//! back the other side has only made one move and cannot have undone ours), stops at the
//! end of the stretch, and counts. [`History::is_draw`] applies the scoring rule:
//! `Modern` — a match strictly after the root is a draw at once, a match at or before the
//! root only when it makes the third occurrence; `Mac1967` — any match is a draw.
//!
//! **Cost.** Nothing on entering or leaving a node (one push of a key and a small number);
//! at a node, `halfmove clock / 2` comparisons at most, and in a search most nodes lie
//! within a few plies of a capture or pawn move, so the walk is usually zero to three
//! reads of memory that is already in cache.
//!
//! **Where it is wrong.** Only on a 64-bit key collision (two different positions with the
//! same key), which we accept. It needs the halfmove clock to be right: a FEN with a wrong
//! clock only shortens or lengthens the walk; the walk never reaches before the first
//! position we know, so repetitions of positions before a FEN are not seen.

use shakmaty::{Chess, Move};

use super::{DrawRule, cuckoo, reach_back};
use crate::rules::Game;

/// The keys of the game and the current search line, with how far back a repetition can
/// reach (the last irreversible move). Allocates only when created (and if a line grows
/// beyond [`History::LINE`] plies).
#[derive(Debug, Clone)]
pub struct History {
    keys: Vec<u64>,
    /// For each entry, how many plies back the last irreversible move (or null move) is.
    reversible: Vec<u32>,
    root: usize,
}

impl Default for History {
    fn default() -> Self {
        History::new(&Game::default())
    }
}

impl History {
    /// Capacity for the search line beyond the game.
    pub const LINE: usize = 1024;

    /// The history of `game`, with the root at its current position.
    pub fn new(game: &Game) -> History {
        let mut history = History {
            keys: Vec::new(),
            reversible: Vec::new(),
            root: 0,
        };
        history.reset(game);
        history
    }

    /// Replaces the history with that of `game` (root at its current position), keeping
    /// the memory already held.
    pub fn reset(&mut self, game: &Game) {
        let n = game.keys().len();
        self.keys.clear();
        self.reversible.clear();
        self.keys.reserve(n + Self::LINE);
        self.reversible.reserve(n + Self::LINE);
        self.keys.extend_from_slice(game.keys());
        let mut back = 0;
        for ply in 0..n {
            if ply > 0 {
                back = game.position_at(ply).map_or(0, |p| reach_back(p, back));
            } else {
                back = 0;
            }
            self.reversible.push(back);
        }
        self.root = n - 1;
    }

    /// Enters the position reached by a move (`pos` is that position, `key` its key).
    #[inline]
    pub fn push(&mut self, pos: &Chess, key: u64) {
        let before = self.reversible[self.reversible.len() - 1];
        self.keys.push(key);
        self.reversible.push(reach_back(pos, before));
    }

    /// Enters the position reached by a null move: nothing before it can repeat.
    #[inline]
    pub fn push_null(&mut self, key: u64) {
        self.keys.push(key);
        self.reversible.push(0);
    }

    /// Leaves the last position entered.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.keys.len() > self.root + 1, "pop below the root");
        self.keys.pop();
        self.reversible.pop();
    }

    /// Plies from the root to the current node.
    #[inline]
    pub fn ply_from_root(&self) -> usize {
        self.keys.len() - 1 - self.root
    }

    /// The key of the current node.
    #[inline]
    pub fn key(&self) -> u64 {
        self.keys[self.keys.len() - 1]
    }

    /// Every key, the game's first, the current node's last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The index of the root in [`History::keys`].
    pub fn root(&self) -> usize {
        self.root
    }

    /// How many plies back from the current node a repetition can reach.
    #[inline]
    pub fn reach(&self) -> usize {
        self.reversible[self.reversible.len() - 1] as usize
    }

    /// How many times the current position has occurred in the game and line, itself
    /// included.
    #[inline]
    pub fn occurrences(&self) -> usize {
        1 + super::earlier_occurrences(&self.keys, self.reach())
    }

    /// Whether the current node scores as a draw by repetition under `rule`.
    #[inline]
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

    /// Whether the side to move in `pos` (the current node) can reach, with one reversible
    /// move of one piece, a position that would score as a draw under the `Modern` rule
    /// (method 6, [`cuckoo`]). The search raises alpha to the draw score when this holds.
    #[inline]
    pub fn upcoming_repetition(&self, pos: &Chess) -> bool {
        self.upcoming_repetition_under(pos, DrawRule::Modern)
    }

    /// [`History::upcoming_repetition`] under a chosen rule: with `Mac1967` reaching any
    /// earlier position counts; with `Modern` one strictly after the root counts, one at or
    /// before the root only if the move would make its third occurrence.
    pub fn upcoming_repetition_under(&self, pos: &Chess, rule: DrawRule) -> bool {
        let back = self.reach();
        if back < 3 {
            return false;
        }
        let last = self.keys.len() - 1;
        cuckoo::reachable(&self.keys, back, pos, |at| {
            if rule == DrawRule::Mac1967 || at > self.root {
                return true;
            }
            // The earlier position lies at or before the root: count the occurrences of
            // its key in the stretch (the same parity as `at`); the move would add one.
            let key = self.keys[at];
            let mut count = 0;
            let mut i = 1;
            while i <= back {
                let j = last - i;
                if self.keys[j] == key {
                    if j > self.root {
                        return true;
                    }
                    count += 1;
                }
                i += 2;
            }
            count >= 2
        })
    }
}

impl super::Detector for History {
    fn name(&self) -> &'static str {
        "keys"
    }

    fn start(&mut self, game: &Game) {
        self.reset(game);
    }

    #[inline]
    fn enter(&mut self, _before: &Chess, _m: Move, after: &Chess, key: u64) {
        self.push(after, key);
    }

    #[inline]
    fn leave(&mut self) {
        self.pop();
    }

    #[inline]
    fn detects(&mut self, _pos: &Chess) -> bool {
        self.occurrences() > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::rules::testing::{play, uci};
    use shakmaty::{Chess, Position};

    /// A search line from the root `game`: its history and the position it reached.
    struct Line {
        h: History,
        pos: Chess,
    }

    impl Line {
        fn new(game: &Game) -> Line {
            Line {
                h: History::new(game),
                pos: game.position().clone(),
            }
        }

        /// Plays `ucis` on along the line.
        fn play(&mut self, ucis: &str) {
            for u in ucis.split_whitespace() {
                let m = uci(&self.pos, u);
                self.pos.play_unchecked(m);
                self.h
                    .push(&self.pos, crate::rules::position_key(&self.pos));
            }
        }
    }

    #[test]
    fn a_repetition_inside_the_line_is_a_draw_at_once() {
        let mut l = Line::new(&Game::default());
        l.play("g1f3 g8f6 f3g1");
        assert!(!l.h.is_draw(DrawRule::Modern));
        l.play("f6g8");
        // The start position is the root: at or before it, so one repetition is not enough.
        assert!(!l.h.is_draw(DrawRule::Modern));
        assert!(l.h.is_draw(DrawRule::Mac1967));
        l.play("b1c3 b8c6 c3b1");
        assert!(!l.h.is_draw(DrawRule::Modern));
        l.play("c6b8");
        assert!(l.h.is_draw(DrawRule::Modern), "start position a third time");
        assert_eq!(l.h.occurrences(), 3);
        l.h.pop();
        assert!(!l.h.is_draw(DrawRule::Modern));
    }

    #[test]
    fn a_repetition_of_a_line_position_after_the_root_is_a_draw() {
        let mut game = Game::default();
        play(&mut game, "e2e4");
        let mut l = Line::new(&game);
        l.play("e7e5 g1f3 b8c6 f3g1 c6b8 g1f3");
        assert_eq!(l.h.ply_from_root(), 6);
        assert!(
            l.h.is_draw(DrawRule::Modern),
            "Nf3 position repeats after the root"
        );
    }

    #[test]
    fn nothing_reaches_across_a_null_move() {
        let mut l = Line::new(&Game::default());
        l.play("g1f3 g8f6 f3g1 f6g8");
        assert!(l.h.is_draw(DrawRule::Mac1967));
        l.h.push_null(l.h.key() ^ 1);
        assert!(!l.h.is_draw(DrawRule::Mac1967));
        assert_eq!(l.h.reach(), 0);
    }

    #[test]
    fn upcoming_repetition_sees_a_move_back() {
        let mut l = Line::new(&Game::default());
        l.play("g1f3 g8f6");
        // White can play Nf3-g1, but the position reached (after 1.Nf3, Black to move) is
        // then not a repetition: Black's knight stands on f6, not g8.
        assert!(!l.h.upcoming_repetition_under(&l.pos, DrawRule::Mac1967));
        l.play("f3g1");
        // Black can play Nf6-g8, back to the start position (before the root) — a
        // repetition for the 1967 rule, only a second occurrence for the modern one.
        assert!(l.h.upcoming_repetition_under(&l.pos, DrawRule::Mac1967));
        assert!(!l.h.upcoming_repetition(&l.pos));
        l.play("f6g8 g1f3");
        // Black can return to the line position after 1.Nf3, which is after the root.
        assert!(l.h.upcoming_repetition(&l.pos));
    }
}
