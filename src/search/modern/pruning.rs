//! The steps of the modern search that cut a node or a move short, or search a move
//! shallower, each a decision from the node's facts and its parameters: razoring (step
//! 6b), null-move pruning (7), late-move, futility and exchange pruning of single moves
//! (9) and late-move reductions (10, from the table of [`super::reductions`]). Reverse
//! futility pruning (6) is a line of the node itself.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Chess, EnPassantMode, Move, Position};

use super::movepick::is_quiet;
use super::search::{Candidate, Node};
use super::see::see_ge;
use super::value::MATE_BOUND;
use super::worker::Worker;
use crate::rules::{position_key, quiet_gives_check};

impl Worker<'_> {
    /// Step 6b: a node whose static evaluation is far below alpha at shallow depth is
    /// checked by the quiescence search alone; it fails low if that stays below alpha.
    pub(super) fn razor(
        &mut self,
        pos: &Chess,
        ply: usize,
        depth: i32,
        alpha: i32,
        node: &Node,
    ) -> Option<i32> {
        let p = self.params;
        if !p.razoring
            || depth > p.razor_depth
            || alpha.abs() >= MATE_BOUND
            || node.eval + p.razor_base + p.razor_margin * depth > alpha
        {
            return None;
        }
        let v = self.qsearch(pos, ply, alpha, alpha + 1);
        self.counts.razor_prunes += u64::from(v <= alpha);
        (v <= alpha).then_some(v)
    }

    /// Step 7: lets the opponent move twice; if the reduced search still reaches beta, the
    /// node is cut. Not in endings where the side to move has only pawns (zugzwang), nor
    /// where a shallower search stored in the table already failed low against beta.
    pub(super) fn null_move(
        &mut self,
        pos: &Chess,
        ply: usize,
        depth: i32,
        beta: i32,
        node: &Node,
    ) -> Option<i32> {
        let p = self.params;
        if !p.null_move
            || depth < p.null_min_depth
            || node.eval < beta
            || node.tt_upper.is_some_and(|v| v < beta)
            || beta.abs() >= MATE_BOUND
            || self.frames[ply].after_null
            || !has_pieces(pos)
        {
            return None;
        }
        let r = p.null_base
            + depth / p.null_depth_divisor
            + ((node.eval - beta) / p.null_eval_divisor).min(p.null_eval_max);
        let child = pos.clone().swap_turn().ok()?;
        self.counts.null_move_tries += 1;
        let mut key = self.history.key() ^ Zobrist64::zobrist_for_white_turn().0;
        if let Some(ep) = pos.ep_square(EnPassantMode::Legal) {
            key ^= Zobrist64::zobrist_for_en_passant_file(ep.file()).0;
        }
        debug_assert_eq!(key, position_key(&child));
        let (here, below) = self.frames.split_at_mut(ply + 1);
        let next = &mut below[0];
        next.after_null = true;
        next.last = None;
        next.units.clone_from(&here[ply].units);
        self.history.push_null(key);
        let v = -self.search(&child, ply + 1, depth - 1 - r, -beta, -beta + 1, !node.cut);
        self.history.pop();
        self.frames[ply + 1].after_null = false;
        if self.stopped || v < beta {
            return None;
        }
        self.counts.null_move_cutoffs += 1;
        // A null-move mate is not a real one.
        Some(if v >= MATE_BOUND { beta } else { v })
    }

    /// Step 9 for one move `m` of `pos`: late-move pruning and futility pruning of quiet
    /// moves that do not give check, and pruning of moves that lose material by static
    /// exchange (each counted).
    pub(super) fn prunable(
        &mut self,
        pos: &Chess,
        m: Move,
        depth: i32,
        alpha: i32,
        quiets_seen: usize,
        node: &Node,
    ) -> bool {
        let p = self.params;
        let quiet = is_quiet(m);
        if quiet && !node.in_check {
            let limit = (p.lmp_base + depth * depth) / (2 - i32::from(node.improving));
            let late = p.late_move_pruning && depth <= p.lmp_depth && quiets_seen as i32 > limit;
            let futile = p.futility
                && depth <= p.futility_depth
                && node.eval + p.futility_base + p.futility_margin * depth <= alpha;
            if (late || futile) && !quiet_gives_check(pos, m) {
                if late {
                    self.counts.late_move_prunes += 1;
                } else {
                    self.counts.futility_prunes += 1;
                }
                return true;
            }
        }
        if p.see_pruning && depth <= p.see_depth {
            let margin = if quiet {
                p.see_quiet_margin * depth
            } else {
                p.see_capture_margin * depth
            };
            let losing = !see_ge(pos, m, -margin);
            self.counts.see_prunes += u64::from(losing);
            return losing;
        }
        false
    }

    /// Step 10's reduction for the `searched`-th move (counting from 0): the table's, more
    /// at expected cut nodes and when not improving, less in PV nodes, for checks and for
    /// moves with a good history; a quiet move one more where the table's move captures.
    pub(super) fn reduction(&self, c: &Candidate, depth: i32, searched: usize, node: &Node) -> i32 {
        let p = self.params;
        if !p.late_move_reductions {
            return 0;
        }
        let mut r = self.reductions.get(depth, searched);
        r += i32::from(node.cut) + i32::from(!node.improving);
        r -= i32::from(node.pv) + i32::from(c.gives_check) + i32::from(c.refuter);
        if c.quiet {
            r += i32::from(node.tt_capture);
            r -= self.heuristics.history(c.piece.color, c.mv) / p.lmr_history_divisor;
        }
        r
    }
}

/// Whether the side to move has a piece other than pawns and king (null move is then
/// safe enough from zugzwang).
fn has_pieces(pos: &Chess) -> bool {
    (pos.us() & !pos.board().pawns() & !pos.board().kings()).any()
}
