//! The position evaluator's second half (SPEC §6.2): when the feedover condition is false,
//! the static value and then every plausible capture, with no depth or width limit.
//!
//! A plausible capture is a capture or promotion that appears to gain material: a capture
//! whose static exchange value for the mover is at least `Params::capture_min_gain` (so a
//! recapture that restores the balance is seen), or a promotion to a queen. The side to
//! move may stand pat on the static value. The position each capture reaches goes back to
//! the position evaluator (`Tree::node` at depth 0), so a feedover can still fire there.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, Position, Role};

use super::alphabeta::{MATE, Tree};
use crate::attack::Analysis;
use crate::eval::piece_value;
use crate::rules::key_after;

impl Tree<'_> {
    /// The static value of `pos` (at `ply`) improved by the plausible captures, for the
    /// side to move, within (alpha, beta); fail-soft.
    #[allow(clippy::too_many_arguments)]
    pub fn plausible_captures(
        &mut self,
        pos: &Chess,
        key: u64,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        feedovers_left: u32,
        analysis: &Analysis,
    ) -> i32 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() {
                -(MATE - ply as i32)
            } else {
                self.draw_value(ply)
            };
        }
        let stand_pat = self.static_value(pos);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;

        // The plausible captures, best apparent gain first (ties in generation order).
        let mut captures: ArrayVec<(i32, u8, Move), 256> = ArrayVec::new();
        for (i, &m) in moves.iter().enumerate() {
            let gain = if m.promotion() == Some(Role::Queen) {
                analysis.see(pos, m) + piece_value(Role::Queen) - piece_value(Role::Pawn)
            } else if m.is_capture() && !m.is_promotion() {
                let g = analysis.see(pos, m);
                if g < self.params.capture_min_gain {
                    continue;
                }
                g
            } else {
                continue;
            };
            captures.push((gain, i as u8, m));
        }
        captures.sort_unstable_by_key(|&(gain, i, _)| (std::cmp::Reverse(gain), i));

        for &(_, _, m) in &captures {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let child_key = key_after(pos, key, m, &after);
            self.stats.capture_nodes += 1;
            self.history.push(&after, child_key);
            let v = -self.node(&after, child_key, ply + 1, 0, -beta, -alpha, feedovers_left);
            self.history.pop();
            if self.stopped {
                return best;
            }
            if v > best {
                best = v;
                self.set_pv(ply, m, false);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
