//! Secondary search (docs/design.md §6.7): whenever a new best move appears at the top level, go
//! down its principal variation as far as the plausible move generator produced it, and
//! search `Params::secondary_depth` more plies there (feedovers and captures may extend
//! it). If that value is worse for the side to move than the first one, it is used.
//!
//! The moves replayed are checked for legality (a variation partly read from the hash
//! table is a stored move like any other).

use shakmaty::Position;

use super::alphabeta::{Line, Tree};
use crate::rules::key_after;
use crate::score::{INF, MAX_PLY};

impl Tree<'_> {
    /// The secondary-search value of the top-level variation `pv` (its first move is the
    /// top-level move), for the side to move at the root, or `None` when there is nothing
    /// to search (turned off, no room below the ply limit, or stopped). On success the
    /// variation that explains the value is left in `line`.
    pub fn secondary_search(
        &mut self,
        root: &shakmaty::Chess,
        root_key: u64,
        pv: &Line,
        line: &mut Line,
    ) -> Option<i32> {
        let depth = self.params.secondary_depth;
        if depth == 0 {
            return None;
        }
        let mut pos = root.clone();
        let mut key = root_key;
        line.clear();
        for p in pv.iter().take_while(|p| p.plausible) {
            if line.len() + depth as usize + 2 >= MAX_PLY || !pos.is_legal(p.mv) {
                break;
            }
            let mut after = pos.clone();
            after.play_unchecked(p.mv);
            key = key_after(&pos, key, p.mv, &after);
            pos = after;
            self.history.push(&pos, key);
            line.push(*p);
        }
        let k = line.len();
        let result = if k == 0 {
            None
        } else {
            self.stats.secondary_searches += 1;
            let v = self.node(&pos, key, k, depth, -INF, INF, self.params.max_feedovers);
            let _ = line.try_extend_from_slice(&self.plies[k].pv);
            (!self.stopped).then_some(if k.is_multiple_of(2) { v } else { -v })
        };
        for _ in 0..k {
            self.history.pop();
        }
        result
    }
}
