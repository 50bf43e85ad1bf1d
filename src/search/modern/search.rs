//! The main search of the modern profile: principal variation search over every legal
//! move, with the pruning, reductions and extensions of an engine of today. The node
//! reads as its steps, numbered as in the code; each has a switch and its numbers in
//! [`super::params`], so it can be turned off to measure what it earns.
//!
//! Values are centipawns for the side to move; a mate `p` plies from the root is worth
//! `MATE - p`. Repetitions and the fifty-move rule are scored by docs/design.md §10's search rule
//! (the engine's [`History`]: a repetition strictly after the root is a draw at once, one
//! reaching back to or before the root only at the third occurrence).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use arrayvec::ArrayVec;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Chess, Color, EnPassantMode, Move, Piece, Position};

use super::correction::Correction;
use super::eval::evaluate;
use super::level;
use super::movepick::{GOOD_CAPTURE, Heuristics, LastMove, MovePicker, REFUTER, is_quiet};
use super::network::{Accumulator, NETWORK};
use super::params::Params;
use super::see::see_ge;
use super::tt::{Entry, Tt, value_from_tt, value_to_tt};
use super::{INF, MATE, MATE_BOUND, MAX_PLY, TB_BOUND, TB_WIN};
use crate::repetition::{DrawRule, History};
use crate::rules::{key_after, position_key, quiet_gives_check};
use crate::score::Bound;
use crate::search::ModernStats;
use crate::search::packed::{pack_move, packed_capture};
use crate::tablebase::{self, Tablebases};

/// The static evaluation of a node in check (it has none).
pub(super) const NO_EVAL: i32 = -INF;

/// A principal variation.
pub type Line = ArrayVec<Move, MAX_PLY>;

/// Per-ply scratch space, preallocated once per searcher.
#[derive(Debug, Clone)]
pub struct Frame {
    /// The static evaluation at this ply ([`NO_EVAL`] in check).
    pub eval: i32,
    /// The move that led to this ply, for the counter-move table (None after a null move).
    pub last: LastMove,
    /// Whether this ply was reached by a null move (no two in a row).
    pub after_null: bool,
    /// The principal variation from this ply.
    pub pv: Line,
    /// The evaluation network's units of the position at this ply.
    pub units: Accumulator,
}

impl Frame {
    pub fn new() -> Frame {
        Frame {
            eval: NO_EVAL,
            last: None,
            after_null: false,
            pv: Line::new(),
            units: Accumulator::zero(),
        }
    }
}

/// Late-move reductions by depth and move number, `base + ln(depth) · ln(n) / divisor`
/// plies, computed once.
#[derive(Debug, Clone)]
pub struct Reductions(Vec<[u8; 64]>);

impl Reductions {
    pub fn new(p: &Params) -> Reductions {
        let table = (0..64)
            .map(|d| {
                std::array::from_fn(|n| {
                    if d == 0 || n == 0 {
                        return 0;
                    }
                    let r = p.lmr_base + (d as f64).ln() * (n as f64).ln() / p.lmr_divisor;
                    r.max(0.0) as u8
                })
            })
            .collect();
        Reductions(table)
    }

    /// The reduction of the move searched `n`-th (from 0) at `depth`.
    #[inline]
    pub fn get(&self, depth: i32, n: usize) -> i32 {
        i32::from(self.0[depth.clamp(0, 63) as usize][n.min(63)])
    }
}

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

/// One search's state: borrowed tables and scratch space, the line's history, limits
/// and counters.
pub struct Worker<'a> {
    pub params: &'a Params,
    pub tt: &'a Tt,
    pub heuristics: &'a mut Heuristics,
    pub correction: &'a mut Correction,
    pub frames: &'a mut [Frame],
    pub reductions: &'a Reductions,
    pub history: History,
    /// The value of a draw for the side to move at the root.
    pub draw: i32,
    /// This thread's statistics.
    pub counts: ModernStats,
    pub stop: &'a AtomicBool,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    /// A strength level's evaluation blur in centipawns (0 at full strength).
    pub blur: i32,
    /// Whether the evaluation network judges ([`Params::network`], unless a strength
    /// level leaves it out).
    pub network: bool,
    /// Set once a limit is reached: every node then returns at once, and values found
    /// after it are not used.
    pub stopped: bool,
    /// When the search started.
    pub start: Instant,
    /// From when the root reports the move it searches (None: never).
    pub currmove_at: Option<Instant>,
    /// The tables to probe inside the tree, the least depth to probe at, and whether
    /// the fifty-move rule applies to their results.
    pub tablebases: Option<&'a Tablebases>,
    pub tb_depth: i32,
    pub tb_fifty_move_rule: bool,
    /// This thread's number (0: the main thread, which alone reports; see [`super::smp`]).
    pub thread: usize,
    /// The helper threads' nodes: each helper adds its own here every 1024 nodes.
    pub helper_nodes: &'a AtomicU64,
}

impl Worker<'_> {
    /// Counts a node at `ply`, or tells that the search must stop instead (the node
    /// budget is read at every node, the flag and the clock every 1024).
    #[inline]
    pub fn enter_node(&mut self, ply: usize) -> bool {
        if self.counts.nodes >= self.max_nodes {
            self.stopped = true;
        }
        if self.stopped {
            return true;
        }
        self.counts.nodes += 1;
        self.counts.seldepth = self.counts.seldepth.max(ply as u32);
        if self.counts.nodes & 1023 == 0 {
            if self.thread != 0 {
                self.helper_nodes.fetch_add(1024, Ordering::Relaxed);
            }
            self.stopped = self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    /// The nodes of every thread so far, as the main thread reports them.
    pub fn all_nodes(&self) -> u64 {
        self.counts.nodes + self.helper_nodes.load(Ordering::Relaxed)
    }

    /// The value of a draw for the side to move at `ply`.
    #[inline]
    pub fn draw_value(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            self.draw
        } else {
            -self.draw
        }
    }

    /// The static evaluation of `pos` at `ply` for the side to move, kept clear of the
    /// tablebase and mate values: the hand-written one, the network's, or their sum
    /// ([`Worker::network`]).
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Chess, ply: usize) -> i32 {
        self.counts.evaluations += 1;
        let blur = level::blur(self.history.key(), self.blur);
        let net = &*NETWORK;
        let v = match (self.network, net.residual) {
            (false, _) => evaluate(pos),
            (true, residual) => {
                let units = &self.frames[ply].units;
                // The units kept up move by move are the units of the board summed afresh.
                debug_assert!(*units == Accumulator::of(net, pos.board()), "{pos:?}");
                let own = net.output(units, pos.turn());
                if residual { evaluate(pos) + own } else { own }
            }
        };
        (v + blur).clamp(-TB_BOUND + 1, TB_BOUND - 1)
    }

    /// Sets the network's units at `ply` for `pos` from scratch (the root).
    pub(super) fn refresh_units(&mut self, pos: &Chess, ply: usize) {
        if self.network {
            self.frames[ply].units = Accumulator::of(&NETWORK, pos.board());
        }
    }

    /// Sets the network's units at `ply + 1` for the move `m` played by `mover` at `ply`.
    #[inline]
    pub(super) fn play_units(&mut self, ply: usize, m: Move, mover: Color) {
        if self.network {
            let (here, below) = self.frames.split_at_mut(ply + 1);
            below[0].units.play(&NETWORK, &here[ply].units, m, mover);
        }
    }

    /// The static evaluation of `pos` (not in check) as the table `entry` kept it or
    /// freshly computed, for the table; and corrected by the correction history when that
    /// step is on, for the search.
    #[inline]
    pub(super) fn static_eval(
        &mut self,
        pos: &Chess,
        ply: usize,
        entry: Option<Entry>,
    ) -> (i32, i32) {
        let raw = match entry {
            Some(e) if i32::from(e.eval) != NO_EVAL => i32::from(e.eval),
            _ => self.evaluate(pos, ply),
        };
        if !self.params.eval_correction {
            return (raw, raw);
        }
        let corrected = self.correction.apply(pos, raw);
        (raw, corrected.clamp(-TB_BOUND + 1, TB_BOUND - 1))
    }

    /// The value of the node at `ply` if the rules end the line there: a repetition, the
    /// fifty-move rule (unless mated) or insufficient material.
    #[inline]
    pub(super) fn rule_draw(&self, pos: &Chess, ply: usize) -> Option<i32> {
        if self.history.is_draw(DrawRule::Modern) {
            return Some(self.draw_value(ply));
        }
        if pos.halfmoves() >= 100 {
            return Some(if pos.is_checkmate() {
                -MATE + ply as i32
            } else {
                self.draw_value(ply)
            });
        }
        pos.is_insufficient_material().then(|| self.draw_value(ply))
    }

    /// Makes `m` the first move of the principal variation at `ply`, followed by the
    /// variation found below it.
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let (here, below) = self.frames.split_at_mut(ply + 1);
        let pv = &mut here[ply].pv;
        pv.clear();
        pv.push(m);
        let room = MAX_PLY - 1;
        pv.extend(below[0].pv.iter().take(room).copied());
    }

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
            && cuts(e.bound, v, alpha, beta)
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

    /// Step 6b: a node whose static evaluation is far below alpha at shallow depth is
    /// checked by the quiescence search alone; it fails low if that stays below alpha.
    fn razor(
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
    fn null_move(
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
        let bound = bound_of(best, alpha_before, beta);
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

    /// Step 9 for one move `m` of `pos`: late-move pruning and futility pruning of quiet
    /// moves that do not give check, and pruning of moves that lose material by static
    /// exchange (each counted).
    fn prunable(
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
    fn reduction(&self, c: &Candidate, depth: i32, searched: usize, node: &Node) -> i32 {
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
        self.play_units(ply, c.mv, c.piece.color);
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

    /// The table's entry for the current node at `ply`, with its value made relative to
    /// the node (counted as a probe, and a hit when found).
    #[inline]
    pub(super) fn probe(&mut self, ply: usize) -> Option<(Entry, i32)> {
        self.counts.tt_probes += 1;
        let entry = self.tt.probe(self.history.key())?;
        self.counts.tt_hits += 1;
        Some((entry, value_from_tt(entry.value, ply, TB_BOUND)))
    }

    /// Stores a result for the current node in the table (values relative to the node).
    pub(super) fn store(
        &self,
        ply: usize,
        depth: i32,
        value: i32,
        eval: i32,
        bound: Bound,
        mv: Option<Move>,
    ) {
        self.tt.store(
            self.history.key(),
            Entry {
                mv: mv.map_or(0, pack_move),
                value: value_to_tt(value, ply, TB_BOUND),
                eval: eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
                depth,
                bound,
            },
        );
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

/// Whether a stored value with this bound decides the node for (alpha, beta).
#[inline]
pub(super) fn cuts(bound: Bound, v: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => v >= beta,
        Bound::Upper => v <= alpha,
    }
}

/// Whether the side to move has a piece other than pawns and king (null move is then
/// safe enough from zugzwang).
fn has_pieces(pos: &Chess) -> bool {
    (pos.us() & !pos.board().pawns() & !pos.board().kings()).any()
}

/// How a fail-soft value `v` of a node searched within (alpha, beta) bounds its true value.
pub(super) fn bound_of(v: i32, alpha: i32, beta: i32) -> Bound {
    if v >= beta {
        Bound::Lower
    } else if v > alpha {
        Bound::Exact
    } else {
        Bound::Upper
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
