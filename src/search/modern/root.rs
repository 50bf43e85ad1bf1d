//! The top of the modern search: iterative deepening with aspiration windows over the
//! root moves. Each iteration searches one ply deeper than the last, inside a window
//! around the last value that widens on a fail; the root moves keep the order the last
//! iteration left (a new best move goes to the front), so a search cut short by a limit
//! still answers with the best move found so far, and never with a draw score without a
//! move (the root itself is never scored by the repetition rules).

use std::time::Instant;

use shakmaty::{Chess, Move, Position};

use super::movepick::MovePicker;
use super::search::Node;
use super::smp::skips;
use super::time::TimePlan;
use super::value::{INF, MATE_BOUND, MAX_DEPTH, to_score};
use super::worker::{Line, NO_EVAL, Worker};
use crate::score::Bound;
use crate::search::result::{CurrMove, Info};

/// A root move, its value from the last search of it and the line it leads to.
#[derive(Debug, Clone)]
pub struct RootMove {
    pub mv: Move,
    /// The value (-INF when it was only shown no better than the best).
    pub score: i32,
    /// The value at the start of this iteration (the last iteration's): the centre of
    /// the aspiration window of the line it may become.
    pub previous: i32,
    /// The principal variation, this move first.
    pub pv: Line,
    /// For the record (debugging aid 5): the last root search's fail-soft value of the
    /// move and how it bounds the true value, whether that search left its line in `pv`
    /// (not when it failed low: `pv` is then an older iteration's), the nodes spent under
    /// it in this iteration (every aspiration pass), and its place in the first
    /// iteration's order (from 1).
    pub value: i32,
    pub bound: Bound,
    pub line_known: bool,
    pub nodes: u64,
    pub order: u32,
}

/// What iterative deepening ends with: the root moves best first, the deepest
/// iteration completed (0 when stopped during the first), with more than one line
/// asked for, that iteration's lines (a cut iteration leaves the later lines unsearched)
/// and, on the main thread, the root moves as that iteration left them (the record).
pub struct Deepened {
    pub moves: Vec<RootMove>,
    pub depth: u32,
    pub lines: Vec<RootMove>,
    pub record: Vec<RootMove>,
}

impl Worker<'_> {
    /// The root moves of `pos` in first-iteration order (the table's move, good captures,
    /// ...), restricted to `searchmoves` when it names any legal move.
    pub fn root_moves(&self, pos: &Chess, searchmoves: &[Move]) -> Vec<RootMove> {
        let tt_move = self.tt.probe(self.history.key()).map_or(0, |e| e.mv);
        let mut picker = MovePicker::main(pos, tt_move, 0, None, self.heuristics);
        let mut moves = Vec::new();
        while let Some((mv, _)) = picker.next(pos, self.heuristics) {
            let mut pv = Line::new();
            pv.push(mv);
            moves.push(RootMove {
                mv,
                score: -INF,
                previous: -INF,
                pv,
                value: -INF,
                bound: Bound::Upper,
                line_known: false,
                nodes: 0,
                order: moves.len() as u32 + 1,
            });
        }
        if moves.iter().any(|rm| searchmoves.contains(&rm.mv)) {
            moves.retain(|rm| searchmoves.contains(&rm.mv));
        }
        moves
    }

    /// Iterative deepening from depth 1 to `max_depth` (the depths this thread does not
    /// skip), reporting each completed iteration (its `multipv` best lines); with a `soft`
    /// deadline, [`TimePlan`] decides after each whether to go on.
    pub fn deepen(
        &mut self,
        pos: &Chess,
        mut moves: Vec<RootMove>,
        max_depth: u32,
        soft: Option<Instant>,
        multipv: usize,
        info: &mut dyn FnMut(&Info),
    ) -> Deepened {
        let max_depth = max_depth.clamp(1, MAX_DEPTH);
        let lines = multipv.clamp(1, moves.len());
        let fullmove = pos.fullmoves().get();
        let mut plan = TimePlan::new(self.start, soft, fullmove, self.params);
        let mut completed = 0;
        let mut complete_lines = Vec::new();
        let mut record = Vec::new();
        let thread = self.thread;
        self.refresh_units(pos, 0);
        for depth in (1..=max_depth).filter(|&d| !skips(thread, d)) {
            for rm in &mut moves {
                rm.previous = rm.score;
                rm.nodes = 0;
            }
            // Line k is the best of the moves the lines before it left: each search
            // excludes the moves already chosen.
            for k in 0..lines {
                self.aspiration(pos, depth as i32, &mut moves[k..], k, info);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = depth;
            // A later line may come out better than an earlier one: best first again
            // (stable, so line 1 stays first among equals).
            moves[..lines].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            for (k, rm) in moves[..lines].iter().enumerate() {
                info(&self.line_info(depth, k, rm));
            }
            if lines > 1 {
                complete_lines = moves[..lines].to_vec();
            }
            if thread == 0 {
                record.clone_from(&moves);
            }
            if !plan.another(depth, moves[0].mv, moves[0].score, moves.len()) {
                break;
            }
        }
        Deepened {
            moves,
            depth: completed,
            lines: complete_lines,
            record,
        }
    }

    /// Reports the root move `m`, number `number` (from 1), once the search has run long
    /// enough for it.
    fn report_currmove(&self, depth: i32, m: Move, number: usize, info: &mut dyn FnMut(&Info)) {
        if self.currmove_at.is_some_and(|at| Instant::now() >= at) {
            info(&Info {
                depth: depth as u32,
                nodes: self.all_nodes(),
                time: self.start.elapsed(),
                currmove: Some(CurrMove {
                    mv: m,
                    number: number as u32,
                }),
                ..Info::default()
            });
        }
    }

    /// The report of root move `rm` as line `k` (from 0) of an iteration to `depth`.
    pub fn line_info(&self, depth: u32, k: usize, rm: &RootMove) -> Info {
        Info {
            depth,
            seldepth: self.counts.seldepth,
            score: to_score(rm.score),
            nodes: self.all_nodes(),
            time: self.start.elapsed(),
            pv: rm.pv.to_vec(),
            hashfull: self.tt.hashfull(),
            multipv: k as u32 + 1,
            tbhits: self.counts.tbhits,
            ..Info::default()
        }
    }

    /// One iteration over `moves` (the root moves no earlier line took): a window around
    /// the best of their last values, widened on the side that fails until the value
    /// falls inside it. `moves` start at number `skipped` of the root's (the currmove
    /// reports count from there).
    fn aspiration(
        &mut self,
        pos: &Chess,
        depth: i32,
        moves: &mut [RootMove],
        skipped: usize,
        info: &mut dyn FnMut(&Info),
    ) {
        let p = self.params;
        let last = moves.iter().map(|rm| rm.previous).max().unwrap_or(-INF);
        let mut delta = p.aspiration_window;
        let (mut alpha, mut beta) = if depth >= p.aspiration_depth && last.abs() < MATE_BOUND {
            ((last - delta).max(-INF), (last + delta).min(INF))
        } else {
            (-INF, INF)
        };
        loop {
            let v = self.root(pos, depth, (alpha, beta), moves, skipped, info);
            if self.stopped {
                return;
            }
            if v <= alpha {
                self.counts.aspiration_fails_low += 1;
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INF);
            } else if v >= beta {
                self.counts.aspiration_fails_high += 1;
                beta = (v + delta).min(INF);
            } else {
                return;
            }
            delta += delta / 2;
        }
    }

    /// Searches the root moves to `depth` within `window`. A move that raises alpha
    /// goes to the front with its value and line; the first move always gets its value.
    fn root(
        &mut self,
        pos: &Chess,
        depth: i32,
        window: (i32, i32),
        moves: &mut [RootMove],
        skipped: usize,
        info: &mut dyn FnMut(&Info),
    ) -> i32 {
        let (mut alpha, beta) = window;
        if self.enter_node(0) {
            return -INF;
        }
        let node = Node {
            pv: true,
            cut: false,
            in_check: pos.is_check(),
            eval: NO_EVAL,
            raw_eval: NO_EVAL,
            improving: false,
            tt_move: 0,
            tt_upper: None,
            tt_capture: false,
        };
        let mut best = -INF;
        for i in 0..moves.len() {
            let m = moves[i].mv;
            self.report_currmove(depth, m, skipped + i + 1, info);
            // The root has no ordering score: its captures count as good ones.
            let (child, c) = self.candidate(pos, m, i32::MAX, depth, i, &node);
            let nodes_before = self.counts.nodes;
            let v = self.search_move(&child, &c, 0, alpha, beta, &node);
            if self.stopped {
                break;
            }
            let rm = &mut moves[i];
            rm.nodes += self.counts.nodes - nodes_before;
            rm.line_known = i == 0 || v > alpha;
            (rm.value, rm.bound) = (v, Bound::of(v, alpha, beta));
            best = best.max(v);
            if i > 0 && v <= alpha {
                moves[i].score = -INF;
                continue;
            }
            let rm = &mut moves[i];
            rm.score = v;
            rm.pv.clear();
            rm.pv.push(m);
            rm.pv
                .extend(self.frames[1].pv.iter().take(rm.pv.capacity() - 1).copied());
            if v > alpha {
                alpha = v;
                moves[..=i].rotate_right(1);
                if v >= beta {
                    break;
                }
            }
        }
        best
    }
}
