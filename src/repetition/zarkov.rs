//! Method 2: Zarkov's counting rule (John Stanback).
//!
//! **How it works.** Like the list of keys ([`super::keys`]), one key per position of the
//! game and the line, plus where the last irreversible move was. At a node at least four
//! plies past that move, the current key is compared with every earlier key of the same
//! side to move back to it, and the matches are counted. The count makes the verdict: two
//! earlier occurrences (this is the third) is a draw wherever they lie; one earlier
//! occurrence is a draw only when the node is more than two plies below the root — so a
//! root move that merely allows the opponent to repeat once is not scored as a draw,
//! because the opponent may vary.
//!
//! **Cost.** The same walk as method 1, without the early exit at the first match (it
//! always counts the whole stretch); nothing on entering or leaving a node.
//!
//! **Where it is wrong.** The count is exact. The verdict is a rule of thumb, not FIDE's:
//! it ignores *where* the earlier occurrence is. A single repetition of a game position
//! three plies below the root is scored a draw although the game has not repeated three
//! times; and a repetition of a line position one or two plies below the root is not
//! (the `Modern` rule of [`super::History::is_draw`] scores both the other way). Stanback
//! kept 32-bit keys; we keep 64.

use shakmaty::{Chess, Move};

use super::reach_back;
use crate::rules::Game;

/// Zarkov's history: keys and the distance back to the last irreversible move.
#[derive(Debug, Clone, Default)]
pub struct Zarkov {
    keys: Vec<u64>,
    back: Vec<u32>,
    root: usize,
}

impl Zarkov {
    /// The history of `game`, root at its current position.
    pub fn new(game: &Game) -> Zarkov {
        let mut z = Zarkov::default();
        super::Detector::start(&mut z, game);
        z
    }

    /// How many times the current position occurred before (same side to move, since the
    /// last irreversible move). Zero when the node is less than four plies past it.
    #[inline]
    pub fn count(&self) -> usize {
        let back = self.back[self.keys.len() - 1] as usize;
        super::earlier_occurrences(&self.keys, back)
    }

    /// Zarkov's verdict: a draw at the third occurrence, or at the second when the node is
    /// more than two plies below the root.
    pub fn is_draw(&self) -> bool {
        let ply = self.keys.len() - 1 - self.root;
        match self.count() {
            0 => false,
            1 => ply > 2,
            _ => true,
        }
    }
}

impl super::Detector for Zarkov {
    fn name(&self) -> &'static str {
        "zarkov"
    }

    fn start(&mut self, game: &Game) {
        self.keys.clear();
        self.back.clear();
        // Room for a search line, so that entering a node never allocates.
        self.keys.reserve(game.keys().len() + super::History::LINE);
        self.back.reserve(game.keys().len() + super::History::LINE);
        self.keys.extend_from_slice(game.keys());
        let mut back = 0;
        for ply in 0..game.keys().len() {
            if ply > 0 {
                back = game.position_at(ply).map_or(0, |p| reach_back(p, back));
            }
            self.back.push(back);
        }
        self.root = self.keys.len() - 1;
    }

    #[inline]
    fn enter(&mut self, _before: &Chess, _m: Move, after: &Chess, key: u64) {
        let before = self.back[self.back.len() - 1];
        self.keys.push(key);
        self.back.push(reach_back(after, before));
    }

    #[inline]
    fn leave(&mut self) {
        self.keys.pop();
        self.back.pop();
    }

    #[inline]
    fn detects(&mut self, _pos: &Chess) -> bool {
        self.count() > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repetition::{Detector, DrawRule, History};
    use shakmaty::uci::UciMove;
    use shakmaty::{Chess, Position};

    /// Walks `ucis` as a search line from the start position, both methods side by side.
    fn walk(ucis: &str) -> (Zarkov, History) {
        let game = Game::default();
        let (mut z, mut h) = (Zarkov::new(&game), History::new(&game));
        let mut pos = Chess::default();
        for u in ucis.split_whitespace() {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            let before = pos.clone();
            pos.play_unchecked(m);
            let key = crate::rules::position_key(&pos);
            z.enter(&before, m, &pos, key);
            h.push(&pos, key);
        }
        (z, h)
    }

    #[test]
    fn one_repetition_of_a_game_position_far_below_the_root_is_a_draw_for_zarkov_only() {
        // The start (the root) repeats at ply 4: Zarkov counts one, ply 4 > 2: draw. The
        // modern rule wants a third occurrence for a position at or before the root.
        let (z, h) = walk("g1f3 g8f6 f3g1 f6g8");
        assert_eq!(z.count(), 1);
        assert!(z.is_draw());
        assert!(!h.is_draw(DrawRule::Modern));
    }

    #[test]
    fn the_third_occurrence_is_a_draw_for_both() {
        let (z, h) = walk("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
        assert_eq!(z.count(), 2);
        assert!(z.is_draw() && h.is_draw(DrawRule::Modern));
    }
}
