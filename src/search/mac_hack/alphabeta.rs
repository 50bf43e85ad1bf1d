//! The basic search (docs/design.md §6.1): fixed-depth negamax with alpha-beta over the moves the
//! plausible move generator orders and the width rule selects, with the value
//! modifications of §6.5, the hash table of §6.6 and the mate, stalemate and draw values
//! of §6.4 and §6.8.
//!
//! Everything a node needs is preallocated per ply in [`Ply`]: the move list and the
//! principal variation; the search allocates nothing per node. A hard ply limit
//! ([`MAX_PLY`]) bounds the recursion, capture search included.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Color, File, Move, Position, Square};

use super::params::Params;
use super::progress::Progress;
use super::width::WidthRule;
use crate::attack::Analysis;
use crate::eval::{Root, static_board_evaluator};
use crate::plausible::{self, Context, Flags, PlausibleList, PlausibleMove};
use crate::repetition::History;
use crate::rules::{key_after, position_key};
use crate::score::{
    Bound, INF, MATE, MATE_BOUND, MAX_PLY, draw_value, is_mate, value_from_hash, value_to_hash,
};
use crate::search::hash::{Entry, HashTable};
use crate::search::limits::Budget;
use crate::search::packed::{pack_move, unpack_move};
use crate::search::stats::Stats;

/// Static values are clamped to this, well inside the mate values.
pub const MAX_STATIC: i32 = MATE / 2;

/// A move of a principal variation, and whether the plausible move generator produced it
/// (basic search or feedover) rather than the capture search; the secondary search replays
/// only the first kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PvMove {
    pub mv: Move,
    pub plausible: bool,
}

/// A principal variation.
pub type Line = ArrayVec<PvMove, MAX_PLY>;

/// Per-ply scratch space, preallocated once per searcher.
#[derive(Debug, Clone)]
pub struct Ply {
    /// The plausible moves of the node at this ply.
    pub list: PlausibleList,
    /// The principal variation below the node at this ply (its first move is this node's).
    pub pv: Line,
}

impl Ply {
    /// One ply's empty scratch space.
    pub fn new() -> Ply {
        Ply {
            list: PlausibleList::new(),
            pv: Line::new(),
        }
    }
}

/// The state of one search: borrowed scratch space and table, the line's history, the
/// limits and the statistics.
pub struct Tree<'a> {
    pub params: &'a Params,
    pub hash: &'a mut HashTable,
    pub plies: &'a mut [Ply],
    pub history: History,
    pub root: Root,
    pub root_game_ply: u32,
    pub stats: Stats,
    pub budget: Budget<'a>,
    /// Set once a limit is reached: every node then returns at once, and values found
    /// after it are not used.
    pub stopped: bool,
    /// Where the search reports while it runs.
    pub progress: Progress<'a>,
}

impl Tree<'_> {
    /// Whether the search must end now (checks the flag every node, the clock every 256);
    /// every 4096 nodes, the progress report is given its chance.
    pub fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.stats.nodes & 4095 == 0 {
            self.progress.tick(&self.stats);
        }
        if self.budget.told()
            || self.budget.spent(self.stats.nodes)
            || (self.stats.nodes & 255 == 0 && self.budget.late())
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The value of a draw for the side to move at `ply`: the contempt works against the
    /// side that started the search.
    pub fn draw_value(&self, ply: usize) -> i32 {
        draw_value(self.params.contempt, ply)
    }

    /// The static board evaluator's value for the side to move, kept clear of the mate
    /// values (the piece-ratio term grows without bound as a side's material vanishes).
    pub fn static_value(&mut self, pos: &Chess) -> i32 {
        self.stats.static_evaluations += 1;
        let s = static_board_evaluator(pos, &self.root)
            .s()
            .clamp(-MAX_STATIC, MAX_STATIC);
        if pos.turn() == Color::White { s } else { -s }
    }

    /// The value of the node `pos` (key `key`, already entered in the history) at `ply`,
    /// searched `depth` more basic plies and then by the position evaluator, for the side
    /// to move, within (alpha, beta). Leaves the principal variation in `plies[ply].pv`.
    #[allow(clippy::too_many_arguments)]
    pub fn node(
        &mut self,
        pos: &Chess,
        key: u64,
        ply: usize,
        depth: u32,
        alpha: i32,
        beta: i32,
        feedovers_left: u32,
    ) -> i32 {
        // The key kept up move by move is the position's, and the history's.
        debug_assert_eq!(key, position_key(pos), "{pos:?}");
        debug_assert_eq!(key, self.history.key(), "{pos:?}");
        self.stats.nodes += 1;
        self.plies[ply].pv.clear();
        if self.check_stop() {
            return 0;
        }
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        // Step 1. Draws and the ply limit end a line at once (§6.4, §6.8).
        if ply > 0 {
            if self.history.is_draw(self.params.draw_rule) {
                return self.draw_value(ply);
            }
            if pos.halfmoves() >= 100 || pos.is_insufficient_material() {
                return if pos.is_checkmate() {
                    -(MATE - ply as i32)
                } else {
                    self.draw_value(ply)
                };
            }
        }
        if ply + 1 >= MAX_PLY {
            return self.static_value(pos);
        }
        // Step 2. The end of the basic search: the position evaluator (§6.2).
        if depth == 0 {
            return self.position_evaluator(pos, key, ply, alpha, beta, feedovers_left);
        }
        // Step 3. The hash table: a stored result deep enough, and usable with these bounds.
        if ply > 0 {
            self.stats.hash_probes += 1;
            if let Some(e) = self.hash.probe(key)
                && let Some(v) = stored_result(&e, depth, alpha, beta, ply)
            {
                self.stats.hash_hits += 1;
                if let Some(m) = unpack_move(pos, e.mv) {
                    self.plies[ply].pv.push(PvMove {
                        mv: m,
                        plausible: true,
                    });
                }
                return v;
            }
        }
        // Step 4. Search the moves the width rule selects.
        let analysis = Analysis::new(pos);
        let v = self.expand(pos, key, ply, depth, alpha, beta, feedovers_left, &analysis);
        if ply > 0 && !self.stopped {
            let bound = Bound::of(v, alpha, beta);
            let mv = self.plies[ply].pv.first().map_or(0, |p| pack_move(p.mv));
            self.hash.store(Entry {
                key,
                value: value_to_hash(v, ply, MATE_BOUND),
                depth: depth.min(255) as u8,
                bound,
                mv,
            });
        }
        v
    }

    /// Generates the plausible moves of the node at `ply` and searches those the width rule
    /// selects, `depth` plies (at least 1) deep. Returns the best value (fail-soft).
    #[allow(clippy::too_many_arguments)]
    pub fn expand(
        &mut self,
        pos: &Chess,
        key: u64,
        ply: usize,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        feedovers_left: u32,
        analysis: &Analysis,
    ) -> i32 {
        self.generate(pos, ply, analysis);
        let n = self.plies[ply].list.len();
        if n == 0 {
            return if pos.is_check() {
                -(MATE - ply as i32)
            } else {
                self.draw_value(ply)
            };
        }
        let level = ply as u32 + 1;
        let mut width = WidthRule::new(
            level,
            self.params.width(level),
            &self.plies[ply].list,
            self.params.investigate,
        );
        let mut best = -INF;
        for i in 0..n {
            let pm = self.plies[ply].list[i];
            if !width.admits(&pm) {
                continue;
            }
            let (v, _) = self.child(pos, key, ply, &pm, depth - 1, alpha, beta, feedovers_left);
            if self.stopped {
                return best.max(alpha);
            }
            width.searched(&pm, v <= -MATE_BOUND);
            // Of equal values the earlier, more plausible move stays best; a move equal to
            // the best at the level above refutes (the cut is at >= beta).
            if v > best {
                best = v;
                self.set_pv(ply, pm.mv, true);
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

    /// Runs the plausible move generator for the node at `ply` into its move list.
    pub fn generate(&mut self, pos: &Chess, ply: usize, analysis: &Analysis) {
        self.stats.plausible_generations += 1;
        let ctx = Context {
            level: ply as u32 + 1,
            game_ply: self.root_game_ply + ply as u32,
            root_game_ply: self.root_game_ply,
            ..Context::default()
        };
        plausible::generate(pos, analysis, &ctx, &mut self.plies[ply].list);
    }

    /// Plays the plausible move `pm` from the node at `ply` and searches the position it
    /// leads to. Returns the move's value after the value modifications (§6.5), and the
    /// amount they subtracted.
    #[allow(clippy::too_many_arguments)]
    pub fn child(
        &mut self,
        pos: &Chess,
        key: u64,
        ply: usize,
        pm: &PlausibleMove,
        depth: u32,
        alpha: i32,
        beta: i32,
        feedovers_left: u32,
    ) -> (i32, i32) {
        let mut after = pos.clone();
        after.play_unchecked(pm.mv);
        let child_key = key_after(pos, key, pm.mv, &after);
        // The poor-move penalty is known before the search: shift the window by it, so the
        // bounds the child returns stay right after it is subtracted.
        let poor = if pm.flags.contains(Flags::POOR) {
            self.params.poor_move
        } else {
            0
        };
        self.history.push(&after, child_key);
        let raw = -self.node(
            &after,
            child_key,
            ply + 1,
            depth,
            -(beta + poor),
            -(alpha + poor),
            feedovers_left,
        );
        self.history.pop();
        if is_mate(raw) || self.stopped {
            return (raw, 0);
        }
        let penalty = poor + self.tempo_penalty(pos, pm.mv, ply);
        (raw - penalty, penalty)
    }

    /// The second value modification (§6.5): the principal variation below the move `m`
    /// (made from `pos` at `ply`) is at least two plies long and moves the same piece again
    /// two plies down.
    fn tempo_penalty(&self, pos: &Chess, m: Move, ply: usize) -> i32 {
        let below = &self.plies[ply + 1].pv;
        let (Some(from), Some(again)) = (m.from(), below.get(1).map(|p| p.mv)) else {
            return 0;
        };
        let here = destination(m);
        if again.from() != Some(here) {
            return 0;
        }
        let p = self.params;
        let mut penalty = 0;
        if pos.fullmoves().get() <= p.opening_moves {
            penalty += p.early_second_move;
        }
        let there = destination(again);
        if there == from {
            penalty += p.returns_to_square;
        } else if self.plies[ply]
            .list
            .iter()
            .any(|q| q.mv.from() == Some(from) && destination(q.mv) == there)
        {
            penalty += p.two_step_translation;
        }
        penalty
    }

    /// Makes `m` followed by the child's variation the principal variation at `ply`.
    pub fn set_pv(&mut self, ply: usize, m: Move, plausible: bool) {
        let (here, below) = self.plies.split_at_mut(ply + 1);
        let pv = &mut here[ply].pv;
        pv.clear();
        pv.push(PvMove { mv: m, plausible });
        let room = pv.capacity() - 1;
        let child = &below[0].pv;
        let take = child.len().min(room);
        // Capacity was checked: this cannot fail.
        let _ = pv.try_extend_from_slice(&child[..take]);
    }
}

/// The square a move puts its piece on (the king's square for castling).
pub fn destination(m: Move) -> Square {
    match m {
        Move::Castle { king, rook } => {
            let file = if rook > king { File::G } else { File::C };
            Square::from_coords(file, king.rank())
        }
        _ => m.to(),
    }
}

/// The value a hash entry gives a node at `ply` searched `depth` more plies within
/// (alpha, beta), if the entry settles it: it must come from a search at least as deep, and
/// a bound must fall outside the window on its side.
fn stored_result(e: &Entry, depth: u32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    if u32::from(e.depth) < depth {
        return None;
    }
    let v = value_from_hash(e.value, ply, MATE_BOUND);
    e.bound.settles(v, alpha, beta).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read_move;
    use crate::rules::{Game, parse_fen};
    use crate::search::Limits;
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    /// The tempo penalty of `first` from `fen`, with `reply` and `again` as the variation
    /// below it.
    fn penalty(fen: &str, first: &str, reply: &str, again: &str) -> i32 {
        let (pos, _) = parse_fen(fen).unwrap();
        let params = Params::mac_hack_1967();
        let mut hash = HashTable::new(16);
        let mut plies: Vec<Ply> = (0..4).map(|_| Ply::new()).collect();
        let stop = AtomicBool::new(false);
        let game = Game::new(pos.clone());
        let mut silent = |_: &crate::search::Info| {};
        let mut tree = Tree {
            params: &params,
            hash: &mut hash,
            plies: &mut plies,
            history: History::new(&game),
            root: Root::new(&pos),
            root_game_ply: 0,
            stats: Stats::default(),
            budget: Budget::new(&Limits::default(), &stop),
            stopped: false,
            progress: Progress::new(&mut silent, Instant::now(), 1, false),
        };
        tree.generate(&pos, 0, &Analysis::new(&pos));
        let m = read_move(&pos, first).unwrap();
        let mut p1 = pos.clone();
        p1.play_unchecked(m);
        let r = read_move(&p1, reply).unwrap();
        let mut p2 = p1.clone();
        p2.play_unchecked(r);
        let a = read_move(&p2, again).unwrap();
        for mv in [r, a] {
            tree.plies[1].pv.push(PvMove {
                mv,
                plausible: true,
            });
        }
        tree.tempo_penalty(&pos, m, 0)
    }

    const OPEN: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    const LATE: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 20";

    #[test]
    fn returning_to_the_square_costs_four_and_one_early() {
        assert_eq!(penalty(LATE, "Nf3", "Nc6", "Ng1"), 4);
        assert_eq!(penalty(OPEN, "Nf3", "Nc6", "Ng1"), 5);
    }

    #[test]
    fn a_translation_one_move_could_make_costs_two() {
        // Qd1-f3-h5: Qh5 was possible at once.
        assert_eq!(penalty(LATE, "Qf3", "Nc6", "Qh5"), 2);
        assert_eq!(penalty(OPEN, "Qf3", "Nc6", "Qh5"), 3);
    }

    #[test]
    fn other_second_moves_cost_only_early() {
        // Ng1-f3-g5: no single knight move does that.
        assert_eq!(penalty(LATE, "Nf3", "Nc6", "Ng5"), 0);
        assert_eq!(penalty(OPEN, "Nf3", "Nc6", "Ng5"), 1);
        // A different piece moves two plies down: nothing.
        assert_eq!(penalty(OPEN, "Nf3", "Nc6", "Bc4"), 0);
    }

    #[test]
    fn hash_entries_are_used_only_when_deep_enough_and_outside_the_window() {
        let e = |value, depth, bound| Entry {
            key: 1,
            value,
            depth,
            bound,
            mv: 0,
        };
        // Too shallow: never used.
        assert_eq!(
            stored_result(&e(50, 2, Bound::Exact), 3, -100, 100, 1),
            None
        );
        // Deep enough and exact: used, at any window.
        assert_eq!(
            stored_result(&e(50, 3, Bound::Exact), 3, -100, 100, 1),
            Some(50)
        );
        assert_eq!(
            stored_result(&e(50, 4, Bound::Exact), 3, 60, 100, 1),
            Some(50)
        );
        // A lower bound cuts only at or above beta; an upper bound only at or below alpha.
        assert_eq!(
            stored_result(&e(120, 3, Bound::Lower), 3, -100, 100, 1),
            Some(120)
        );
        assert_eq!(
            stored_result(&e(100, 3, Bound::Lower), 3, -100, 100, 1),
            Some(100)
        );
        assert_eq!(
            stored_result(&e(50, 3, Bound::Lower), 3, -100, 100, 1),
            None
        );
        assert_eq!(
            stored_result(&e(-100, 3, Bound::Upper), 3, -100, 100, 1),
            Some(-100)
        );
        assert_eq!(
            stored_result(&e(-50, 3, Bound::Upper), 3, -100, 100, 1),
            None
        );
    }
}
