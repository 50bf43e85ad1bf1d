//! The quiescence search: at the end of the main search, only captures (and queen
//! promotions) are searched until the position is quiet, so no line ends in the middle of
//! an exchange. The static evaluation stands unless a capture improves on it ("standing
//! pat"); captures that lose material by static exchange, or that cannot lift the
//! evaluation to alpha even by winning their victim (delta pruning), are skipped. In
//! check there is no standing pat: every evasion is searched, so mates are seen.
//! Left out: quiet checks.

use shakmaty::{Chess, Move, Position, Role};

use super::movepick::{GOOD_CAPTURE, MovePicker};
use super::see::value;
use super::value::{MATE, MAX_PLY};
use super::worker::{NO_EVAL, Worker};
use crate::rules::{key_after, position_key};
use crate::score::Bound;

impl Worker<'_> {
    /// The quiescence search of the node `pos` (entered in the history) at
    /// `ply` within (alpha, beta). Fail-soft.
    pub fn qsearch(&mut self, pos: &Chess, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        debug_assert_eq!(self.history.key(), position_key(pos), "{pos:?}");
        self.frames[ply].pv.clear();
        if self.enter_node(ply) {
            return 0;
        }
        self.counts.quiescence_nodes += 1;
        if let Some(v) = self.rule_draw(pos, ply) {
            return v;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, ply);
        }
        let pv = beta - alpha > 1;
        let stored = self.probe(ply);
        let entry = stored.map(|(e, _)| e);
        if let Some((e, v)) = stored
            && !pv
            && e.bound.settles(v, alpha, beta)
        {
            self.counts.tt_cutoffs += 1;
            return v;
        }
        let in_check = pos.is_check();
        let alpha_before = alpha;
        let (raw, eval, mut best) = if in_check {
            (NO_EVAL, NO_EVAL, -MATE + ply as i32)
        } else {
            let (raw, eval) = self.static_eval(pos, ply, entry);
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
            (raw, eval, eval)
        };
        let mut picker = MovePicker::quiescence(pos, in_check, entry.map_or(0, |e| e.mv));
        let mut best_move = None;
        while let Some((m, score)) = picker.next(pos, self.heuristics) {
            if !in_check && self.qsearch_skips(m, score, eval, alpha) {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = key_after(pos, self.history.key(), m, &child);
            self.tt.prefetch(child_key);
            self.history.push(&child, child_key);
            self.play_units(ply, m, pos.turn(), &child);
            let v = -self.qsearch(&child, ply + 1, -beta, -alpha);
            self.history.pop();
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = Some(m);
                    if pv {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, alpha_before, beta);
        self.store(ply, 0, best, raw, bound, best_move);
        best
    }

    /// Whether the quiescence search skips the capture `m` (ordering score `score`):
    /// it loses material by static exchange, or even winning its victim outright leaves
    /// the evaluation short of alpha by the delta margin.
    fn qsearch_skips(&self, m: Move, score: i32, eval: i32, alpha: i32) -> bool {
        let p = self.params;
        if p.qsearch_see && score < GOOD_CAPTURE {
            return true;
        }
        let gain = m.capture().map_or(0, value)
            + m.promotion().map_or(0, |r| value(r) - value(Role::Pawn));
        eval + gain + p.delta_margin <= alpha
    }
}
