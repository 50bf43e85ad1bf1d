//! The position evaluator (docs/design.md §6.2), applied at the end of the basic search: if the
//! feedover condition holds (and the line has feedovers left) the plausible move generator
//! is applied again; otherwise the static value and then every plausible capture, with no
//! depth or width limit.
//!
//! The attack analysis is the costliest step, so it is made only when it can matter: the
//! feedover condition needs a piece of the side to move en prise, hence attacked, and the
//! capture search needs captures to judge and no stand-pat cut-off first. The values are
//! exactly those of analysing every position.
//!
//! A plausible capture is a capture or promotion that appears to gain material: a capture
//! whose static exchange value for the mover is at least `Params::capture_min_gain` (so a
//! recapture that restores the balance is seen), or a promotion to a queen. The side to
//! move may stand pat on the static value. The position each capture reaches goes back to
//! the position evaluator (`Tree::node` at depth 0), so a feedover can still fire there.

use arrayvec::ArrayVec;
use shakmaty::attacks::attacks;
use shakmaty::{Bitboard, Chess, Move, MoveList, Position, Role};

use super::alphabeta::Tree;
use crate::attack::Analysis;
use crate::feedover::feedover;
use crate::rules::key_after;
use crate::score::MATE;

impl Tree<'_> {
    /// The value of `pos` (at `ply`) at the end of the basic search, for the side to move,
    /// within (alpha, beta); fail-soft.
    pub fn position_evaluator(
        &mut self,
        pos: &Chess,
        key: u64,
        ply: usize,
        alpha: i32,
        beta: i32,
        feedovers_left: u32,
    ) -> i32 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() {
                -(MATE - ply as i32)
            } else {
                self.draw_value(ply)
            };
        }
        if feedovers_left > 0 && has_attacked_piece(pos) {
            let analysis = Analysis::new(pos);
            if let Some(case) = feedover(pos, &analysis) {
                self.stats.count_feedover(case);
                return self.expand(pos, key, ply, 1, alpha, beta, feedovers_left - 1, &analysis);
            }
            return self.plausible_captures(
                pos,
                key,
                ply,
                alpha,
                beta,
                feedovers_left,
                &moves,
                Some(&analysis),
            );
        }
        self.plausible_captures(pos, key, ply, alpha, beta, feedovers_left, &moves, None)
    }

    /// The static value of `pos` (at `ply`, whose legal moves are `moves`) improved by
    /// the plausible captures, for the side to move, within (alpha, beta); fail-soft.
    /// `analysis` is the attack analysis of `pos` if it was already made.
    #[allow(clippy::too_many_arguments)]
    fn plausible_captures(
        &mut self,
        pos: &Chess,
        key: u64,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        feedovers_left: u32,
        moves: &MoveList,
        analysis: Option<&Analysis>,
    ) -> i32 {
        let stand_pat = self.static_value(pos);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        if !moves
            .iter()
            .any(|m| m.is_capture() || m.promotion() == Some(Role::Queen))
        {
            return best;
        }
        let made;
        let analysis = match analysis {
            Some(a) => a,
            None => {
                made = Analysis::new(pos);
                &made
            }
        };

        // The plausible captures, best apparent gain first (ties in generation order).
        let mut captures: ArrayVec<(i32, u8, Move), 256> = ArrayVec::new();
        for (i, &m) in moves.iter().enumerate() {
            // The exchange value counts a promotion's gain and the material captured.
            let gain = analysis.see(pos, m);
            let promotes = m.promotion() == Some(Role::Queen);
            if !promotes
                && (!m.is_capture() || m.is_promotion() || gain < self.params.capture_min_gain)
            {
                continue;
            }
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

/// Whether any piece of the side to move other than the king is attacked: without that,
/// nothing of it can be en prise, and the feedover condition is false.
fn has_attacked_piece(pos: &Chess) -> bool {
    let board = pos.board();
    let occupied = board.occupied();
    let mut attacked = Bitboard::EMPTY;
    for sq in board.by_color(!pos.turn()) {
        if let Some(piece) = board.piece_at(sq) {
            attacked |= attacks(sq, piece, occupied);
        }
    }
    (attacked & board.by_color(pos.turn()) & !board.kings()).any()
}
