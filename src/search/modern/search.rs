//! The main search of the modern profile: principal variation search over every legal
//! move, with the pruning, reductions and extensions of an engine of today. The node
//! reads as its steps, numbered as in the code; each has a switch and its numbers in
//! [`super::params`], so it can be turned off to measure what it earns. The steps that
//! cut a node or a move short, or search a move shallower (6b, 7, 9, 10), are in
//! [`super::pruning`]; what a thread keeps while it searches is its [`Worker`].
//!
//! Values are centipawns for the side to move; a mate `p` plies from the root is worth
//! `MATE - p`. Repetitions and the fifty-move rule are scored by docs/design.md §10's search rule
//! (the engine's [`History`]: a repetition strictly after the root is a draw at once, one
//! reaching back to or before the root only at the third occurrence).

use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, Piece, Position};

use super::movepick::{GOOD_CAPTURE, MovePicker, REFUTER, is_quiet};
use super::see::see_ge;
use super::value::{INF, MATE, MATE_BOUND, MAX_PLY, TB_BOUND, TB_WIN};
use super::worker::{Frame, NO_EVAL, Worker};
use crate::rules::{key_after, position_key};
use crate::score::Bound;
use crate::search::packed::packed_capture;
use crate::tablebase;

/// A move about to be searched: what it is and how deep to search it.
pub(super) struct Candidate {
    pub mv: Move,
    /// The piece that moves (before any promotion).
    pub piece: Piece,
    /// Neither a capture nor a promotion.
    pub quiet: bool,
    pub gives_check: bool,
    /// Searched one ply deeper for its check.
    pub extended: bool,
    /// A killer or the counter-move.
    pub refuter: bool,
    /// The key of the position it leads to.
    pub key: u64,
    /// The depth of its full search, the check extension included.
    pub depth: i32,
    /// How many plies shallower its first null-window search goes.
    pub reduction: i32,
    /// The node's first searched move (searched with the full window).
    pub first: bool,
}

/// What the steps before the move loop found out about a node.
pub(super) struct Node {
    pub pv: bool,
    pub cut: bool,
    pub in_check: bool,
    /// The static evaluation, corrected ([`NO_EVAL`] in check)...
    pub eval: i32,
    /// ...and as the evaluation gave it, for the table.
    pub raw_eval: i32,
    pub improving: bool,
    pub tt_move: u16,
    /// The table's value where its bound says the node is worth at most that.
    pub tt_upper: Option<i32>,
    /// The table's move captures (quiet moves are then reduced a ply more: the node's
    /// best is likely tactical).
    pub tt_capture: bool,
}

impl Worker<'_> {
    /// Searches the node `pos` (already entered in the history) at `ply` to `depth` plies
    /// within (alpha, beta); `cut` says a cut-off is expected. Fail-soft.
    pub fn search(
        &mut self,
        pos: &Chess,
        ply: usize,
        mut depth: i32,
        alpha: i32,
        beta: i32,
        cut: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, ply, alpha, beta);
        }
        let p = self.params;
        let pv = beta - alpha > 1;
        // Steps 1 to 3.
        let (alpha, beta) = match self.open_node(pos, ply, alpha, beta) {
            Ok(window) => window,
            Err(v) => return v,
        };
        // Step 4. The transposition table: a stored result deep enough and usable with
        // these bounds ends a non-PV node.
        let stored = self.probe(ply);
        let entry = stored.map(|(e, _)| e);
        if let Some((e, v)) = stored
            && !pv
            && e.depth >= depth
            && e.bound.settles(v, alpha, beta)
        {
            self.counts.tt_cutoffs += 1;
            return v;
        }
        // Step 4b. The tablebases, right after a capture or pawn move into them.
        if let Some(v) = self.probe_tables(pos, ply, depth) {
            self.store(ply, depth, v, NO_EVAL, Bound::Exact, None);
            return v;
        }
        // Step 5. The static evaluation, corrected, and whether it improves on two plies ago.
        let in_check = pos.is_check();
        let (raw_eval, eval) = if in_check {
            (NO_EVAL, NO_EVAL)
        } else {
            self.static_eval(pos, ply, entry)
        };
        self.frames[ply].eval = eval;
        let node = Node {
            pv,
            cut,
            in_check,
            eval,
            raw_eval,
            improving: !in_check && improving(self.frames, ply, eval),
            tt_move: entry.map_or(0, |e| e.mv),
            tt_upper: stored
                .filter(|(e, _)| e.bound == Bound::Upper)
                .map(|(_, v)| v),
            tt_capture: entry.is_some_and(|e| packed_capture(pos, e.mv)),
        };
        if !pv && !in_check {
            // Step 6. Reverse futility pruning.
            if p.reverse_futility
                && depth <= p.reverse_futility_depth
                && eval.abs() < MATE_BOUND
                && eval - p.reverse_futility_margin * (depth - i32::from(node.improving)) >= beta
            {
                self.counts.reverse_futility_prunes += 1;
                return (eval + beta) / 2;
            }
            // Step 6b. Razoring.
            if let Some(v) = self.razor(pos, ply, depth, alpha, &node) {
                return v;
            }
            // Step 7. Null-move pruning.
            if let Some(v) = self.null_move(pos, ply, depth, beta, &node) {
                return v;
            }
        }
        // Step 8. Internal iterative reduction.
        if node.tt_move == 0 && depth >= p.iir_depth {
            depth -= 1;
        }
        self.move_loop(pos, ply, depth, alpha, beta, &node)
    }

    /// Step 4b: the tables' value of `pos` when a capture or pawn move just brought it
    /// within them and it is at least the probe depth from the leaves: a win is worth
    /// [`TB_WIN`] less the plies from the root, a loss the opposite, a draw the draw value.
    fn probe_tables(&mut self, pos: &Chess, ply: usize, depth: i32) -> Option<i32> {
        let tables = self.tablebases?;
        if pos.halfmoves() != 0 || depth < self.tb_depth {
            return None;
        }
        let wdl = tables.wdl(pos)?;
        self.counts.tbhits += 1;
        Some(match tablebase::outcome(wdl, self.tb_fifty_move_rule) {
            1 => TB_WIN - ply as i32,
            -1 => -TB_WIN + ply as i32,
            _ => self.draw_value(ply),
        })
    }

    /// Steps 1 to 3 of a node: count it, end it on a limit or a draw by the rules, raise
    /// alpha to the draw value when a repetition is one move away, and narrow the window
    /// by mate distance. The window to search, or the node's value.
    fn open_node(
        &mut self,
        pos: &Chess,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, i32), i32> {
        // Step 1. Count the node; stop when a limit is reached.
        debug_assert_eq!(self.history.key(), position_key(pos), "{pos:?}");
        self.frames[ply].pv.clear();
        if self.enter_node(ply) {
            return Err(0);
        }
        // Step 2. Draws by the rules end the line; a repetition the side to move can
        // reach with one move guarantees it at least the draw value.
        if let Some(v) = self.rule_draw(pos, ply) {
            return Err(v);
        }
        let draw = self.draw_value(ply);
        if alpha < draw && self.history.upcoming_repetition(pos) {
            alpha = draw;
            if alpha >= beta {
                return Err(alpha);
            }
        }
        if ply >= MAX_PLY - 1 {
            return Err(self.evaluate(pos, ply));
        }
        // Step 3. Mate-distance pruning: no line here can beat a mate already found nearer
        // the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return Err(alpha);
        }
        Ok((alpha, beta))
    }

    /// Steps 9 to 12: every legal move, best first, pruned, extended or reduced, searched;
    /// then what the cut-off teaches the ordering, and the table entry.
    fn move_loop(
        &mut self,
        pos: &Chess,
        ply: usize,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        node: &Node,
    ) -> i32 {
        let last = self.frames[ply].last;
        let mut picker = MovePicker::main(pos, node.tt_move, ply, last, self.heuristics);
        if picker.is_empty(pos, self.heuristics) {
            return if node.in_check {
                -MATE + ply as i32
            } else {
                self.draw_value(ply)
            };
        }
        self.heuristics.clear_killers(ply + 1);
        let alpha_before = alpha;
        let (mut best, mut best_move) = (-INF, None);
        let mut quiets = ArrayVec::<Move, 64>::new();
        let (mut searched, mut quiets_seen) = (0, 0);
        while let Some((m, score)) = picker.next(pos, self.heuristics) {
            quiets_seen += usize::from(is_quiet(m));
            // Step 9. Shallow-depth pruning, once a line that is not lost is in hand; decided
            // before the move is played, so a pruned move costs no new position.
            if best > -MATE_BOUND && self.prunable(pos, m, depth, alpha, quiets_seen, node) {
                continue;
            }
            let (child, c) = self.candidate(pos, m, score, depth, searched, node);
            // Step 11. Principal variation search of the move.
            let v = self.search_move(&child, &c, ply, alpha, beta, node);
            if self.stopped {
                return 0;
            }
            searched += 1;
            if c.quiet && !quiets.is_full() {
                quiets.push(m);
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(m);
                    alpha = v;
                    if node.pv {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        self.counts.beta_cutoffs += 1;
                        self.counts.first_move_cutoffs += u64::from(searched == 1);
                        break;
                    }
                }
            }
        }
        // Step 12. Learn from the cut-off and from the evaluation's error; store the result.
        if let Some(m) = best_move
            && best >= beta
            && is_quiet(m)
        {
            self.heuristics
                .reward(pos.turn(), ply, depth, m, last, &quiets);
        }
        let bound = Bound::of(best, alpha_before, beta);
        self.learn_correction(pos, depth, best, bound, best_move, node);
        self.store(ply, depth, best, node.raw_eval, bound, best_move);
        best
    }

    /// Teaches the correction history the gap between the node's value and its static
    /// evaluation, when the value says something about it: not in check, not after a
    /// capture or promotion won it, not a mate or tablebase value, and not a bound on the
    /// side of the evaluation that leaves the gap unknown.
    fn learn_correction(
        &mut self,
        pos: &Chess,
        depth: i32,
        best: i32,
        bound: Bound,
        best_move: Option<Move>,
        node: &Node,
    ) {
        let tactical = best_move.is_some_and(|m| !is_quiet(m));
        let unknown = match bound {
            Bound::Lower => best <= node.eval,
            Bound::Upper => best >= node.eval,
            Bound::Exact => false,
        };
        if self.params.eval_correction
            && !node.in_check
            && !tactical
            && !unknown
            && best.abs() < TB_BOUND
        {
            self.correction.learn(pos, depth, node.raw_eval, best);
        }
    }

    /// Plays `m` (ordering score `score`) from `pos` and works out how to search it as
    /// the `searched`-th move of a node `depth` plies deep: step 10, check extension and
    /// late-move reduction (for quiet moves and losing captures after the first).
    pub(super) fn candidate(
        &self,
        pos: &Chess,
        m: Move,
        score: i32,
        depth: i32,
        searched: usize,
        node: &Node,
    ) -> (Chess, Candidate) {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let gives_check = child.is_check();
        let quiet = is_quiet(m);
        let extend = self.params.check_extension && gives_check && see_ge(pos, m, 0);
        let full = depth - 1 + i32::from(extend);
        let mut c = Candidate {
            mv: m,
            piece: Piece {
                color: pos.turn(),
                role: m.role(),
            },
            quiet,
            gives_check,
            extended: extend,
            refuter: quiet && score >= REFUTER,
            key: key_after(pos, self.history.key(), m, &child),
            depth: full,
            reduction: 0,
            first: searched == 0,
        };
        self.tt.prefetch(c.key);
        if searched > 0 && depth >= 3 && (quiet || score < GOOD_CAPTURE) {
            c.reduction = self
                .reduction(&c, depth, searched, node)
                .clamp(0, (full - 1).max(0));
        }
        (child, c)
    }

    /// Step 11: enters the candidate's position `child` (from the node at `ply`) and
    /// searches it: the first move with the full window, the others with a null window
    /// (reduced; if that beats alpha, again at full depth, a ply deeper where it beat
    /// alpha by far) and, in a PV node, again with the full window if the value falls
    /// inside it.
    pub(super) fn search_move(
        &mut self,
        child: &Chess,
        c: &Candidate,
        ply: usize,
        alpha: i32,
        beta: i32,
        node: &Node,
    ) -> i32 {
        self.history.push(child, c.key);
        self.play_units(ply, c.mv, c.piece.color, child);
        self.frames[ply + 1].last = Some((c.piece, c.mv.to()));
        let (next, mut depth) = (ply + 1, c.depth);
        self.counts.check_extensions += u64::from(c.extended);
        let v = if c.first {
            -self.search(child, next, depth, -beta, -alpha, !node.pv && !node.cut)
        } else {
            let r = c.reduction;
            self.counts.lmr_reductions += u64::from(r > 0);
            let mut v = -self.search(child, next, depth - r, -alpha - 1, -alpha, true);
            if v > alpha && r > 0 {
                self.counts.lmr_re_searches += 1;
                depth += i32::from(v > alpha + self.params.lmr_deeper_margin + 2 * depth);
                v = -self.search(child, next, depth, -alpha - 1, -alpha, !node.cut);
            }
            if node.pv && v > alpha && v < beta {
                v = -self.search(child, next, depth, -beta, -alpha, false);
            }
            v
        };
        self.history.pop();
        v
    }
}

/// Whether the static evaluation `eval` at `ply` beats the one two plies before, or four
/// where the side to move was in check two plies before (true where neither has one).
fn improving(frames: &[Frame], ply: usize, eval: i32) -> bool {
    let before = |back: usize| (ply >= back).then(|| frames[ply - back].eval);
    match before(2) {
        None => false,
        Some(e) if e != NO_EVAL => eval > e,
        Some(_) => before(4).is_none_or(|e| e == NO_EVAL || eval > e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(evals: &[i32]) -> Vec<Frame> {
        evals
            .iter()
            .map(|&eval| Frame {
                eval,
                ..Frame::new()
            })
            .collect()
    }

    #[test]
    fn improving_looks_two_plies_back_or_four_past_a_check() {
        let f = frames(&[NO_EVAL, 0, 30, 0, 10, 0, NO_EVAL, 0, 0]);
        assert!(!improving(&f, 1, 50), "nothing two plies back");
        assert!(improving(&f, 2, 50), "the root has no evaluation");
        assert!(improving(&f, 4, 40) && !improving(&f, 4, 30));
        assert!(improving(&f, 6, 11) && !improving(&f, 6, 10));
        // In check at ply 6: ply 8 compares with ply 4.
        assert!(improving(&f, 8, 11) && !improving(&f, 8, 9));
    }
}
