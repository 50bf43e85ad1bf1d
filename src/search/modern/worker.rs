//! What one thread keeps while it searches: the [`Worker`] (the tables it borrows, the
//! line's history, its limits and counters) and its per-ply [`Frame`]s, with what every
//! step of the search asks of them: counting a node against the limits, the static
//! evaluation (hand-written, the network's, or both, kept clear of mate values), draws by
//! the rules, the principal variation, and the transposition table's entries for the
//! current node.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use arrayvec::ArrayVec;
use shakmaty::{Chess, Color, Move, Position};

use super::correction::Correction;
use super::eval::evaluate;
use super::level;
use super::movepick::{Heuristics, LastMove};
use super::network::{Accumulator, Network};
use super::params::Params;
use super::reductions::Reductions;
use super::tt::{Entry, Tt};
use super::value::{INF, MATE, MAX_PLY, TB_BOUND};
use crate::repetition::{DrawRule, History};
use crate::score::{Bound, value_from_hash, value_to_hash};
use crate::search::limits::Budget;
use crate::search::packed::pack_move;
use crate::search::stats::ModernStats;
use crate::tablebase::Tablebases;

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
    pub budget: Budget<'a>,
    /// A strength level's evaluation blur in centipawns (0 at full strength).
    pub blur: i32,
    /// The evaluation network, when it judges ([`Params::network`], unless a strength
    /// level leaves it out).
    pub network: Option<&'a Network>,
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
        if self.budget.spent(self.counts.nodes) {
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
            self.stopped = self.budget.told() || self.budget.late();
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
        let v = match self.network {
            None => evaluate(pos),
            Some(net) => {
                let units = &self.frames[ply].units;
                // The units kept up move by move are the units of the board summed afresh.
                debug_assert!(*units == Accumulator::of(net, pos.board()), "{pos:?}");
                let own = net.output(units, pos, self.params.network_scale);
                if net.kind().residual {
                    evaluate(pos) + own
                } else {
                    own
                }
            }
        };
        (v + blur).clamp(-TB_BOUND + 1, TB_BOUND - 1)
    }

    /// Sets the network's units at `ply` for `pos` from scratch (the root).
    pub(super) fn refresh_units(&mut self, pos: &Chess, ply: usize) {
        if let Some(net) = self.network {
            self.frames[ply].units.refresh(net, pos.board());
        }
    }

    /// Sets the network's units at `ply + 1` for the move `m` played by `mover` at `ply`,
    /// `child` being the position after it.
    #[inline]
    pub(super) fn play_units(&mut self, ply: usize, m: Move, mover: Color, child: &Chess) {
        if let Some(net) = self.network {
            let (here, below) = self.frames.split_at_mut(ply + 1);
            below[0]
                .units
                .play(net, &here[ply].units, m, mover, child.board());
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

    /// The table's entry for the current node at `ply`, with its value made relative to
    /// the node (counted as a probe, and a hit when found).
    #[inline]
    pub(super) fn probe(&mut self, ply: usize) -> Option<(Entry, i32)> {
        self.counts.tt_probes += 1;
        let entry = self.tt.probe(self.history.key())?;
        self.counts.tt_hits += 1;
        let v = value_from_hash(i32::from(entry.value), ply, TB_BOUND);
        Some((entry, v))
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
                value: value_to_hash(value, ply, TB_BOUND) as i16,
                eval: eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
                depth,
                bound,
            },
        );
    }
}
