//! The top level of the 1967 search (SPEC §6.1, §6.7): every move the width rule selects is
//! searched with an open window (no cut-off at the top), each new best move gets a
//! secondary search, and every top-level move is recorded for debugging aid 5.

use std::time::Instant;

use shakmaty::{Chess, Move, Position};

use super::alphabeta::{self, Line, Tree};
use super::width;
use crate::attack::Analysis;
use crate::eval::{Root, Terms, static_board_evaluator};
use crate::search::hash::Bound;
use crate::search::score::{INF, MATE_BOUND, is_mate};
use crate::search::{Info, Limits, RootMove, Score};

/// What the top level found.
pub struct Found {
    pub best: Move,
    pub value: i32,
    /// The best move's value before its secondary search.
    primary: i32,
    pub pv: Line,
    pub records: Vec<RootMove>,
}

impl Tree<'_> {
    /// The top level: every selected move is searched (no cut-off here); each new best
    /// move gets a secondary search.
    pub fn root_search(
        &mut self,
        pos: &Chess,
        key: u64,
        depth: u32,
        limits: &Limits,
        start: Instant,
        info: &mut dyn FnMut(&Info),
    ) -> Option<Found> {
        self.stats.nodes += 1;
        let analysis = Analysis::new(pos);
        self.generate(pos, 0, &analysis);
        let list = self.plies[0].list.clone();
        let allowed = |m: &Move| limits.searchmoves.is_empty() || limits.searchmoves.contains(m);
        let first = list.iter().find(|pm| allowed(&pm.mv)).or(list.first())?;
        let mut found = Found {
            best: first.mv,
            value: -INF,
            primary: -INF,
            pv: Line::new(),
            records: list
                .iter()
                .map(|pm| RootMove {
                    mv: pm.mv,
                    plausibility: pm.score,
                    flags: pm.flags,
                    searched: false,
                    score: None,
                    bound: None,
                    pv: Vec::new(),
                    secondary: None,
                    end_terms: None,
                })
                .collect(),
        };
        found.pv.push(alphabeta::PvMove {
            mv: first.mv,
            plausible: true,
        });
        let candidates: Vec<_> = list.iter().filter(|pm| allowed(&pm.mv)).copied().collect();
        let mut width = width::WidthRule::new(
            1,
            self.params.width(1),
            &candidates,
            self.params.investigate,
        );
        let mut secondary_line = Line::new();
        for (i, pm) in list.iter().enumerate() {
            if !allowed(&pm.mv) || !width.admits(pm) {
                continue;
            }
            let alpha = found.value;
            let (v, penalty) = self.child(
                pos,
                key,
                0,
                pm,
                depth - 1,
                alpha,
                INF,
                self.params.max_feedovers,
            );
            if self.stopped {
                break;
            }
            width.searched(pm, v <= -MATE_BOUND);
            self.set_pv(0, pm.mv, true);
            let line = self.plies[0].pv.clone();
            let record = &mut found.records[i];
            record.searched = true;
            record.score = Some(Score::from_value(v));
            record.bound = Some(if v <= alpha {
                Bound::Upper
            } else {
                Bound::Exact
            });
            record.pv = line.iter().map(|p| p.mv).collect();
            record.end_terms = Some(end_terms(pos, &record.pv, &self.root));
            if v <= found.value {
                continue;
            }
            // A new candidate for the best move: the secondary search may lower its value.
            let mut value = v;
            let mut best_line = line.clone();
            if !is_mate(v)
                && let Some(s) = self.secondary_search(pos, key, &line, &mut secondary_line)
            {
                let s = if is_mate(s) { s } else { s - penalty };
                found.records[i].secondary = Some(Score::from_value(s));
                if s < value {
                    self.stats.secondary_changed_value += 1;
                    value = s;
                    best_line = secondary_line.clone();
                    if value <= found.value {
                        self.stats.secondary_changed_move += 1;
                    }
                }
            }
            if self.stopped {
                // The secondary search was cut short: the first value stands.
                value = v;
                best_line = line;
            }
            if value > found.value {
                if value <= found.primary {
                    // Only the secondary search's lower value let this move overtake.
                    self.stats.secondary_changed_move += 1;
                }
                found.best = pm.mv;
                found.value = value;
                found.primary = v;
                found.pv = best_line;
                info(&Info {
                    depth,
                    seldepth: self.stats.seldepth,
                    score: Score::from_value(value),
                    nodes: self.stats.nodes,
                    time: start.elapsed(),
                    pv: found.pv.iter().map(|p| p.mv).collect(),
                    hashfull: self.hash.hashfull(),
                });
            }
            if self.stopped {
                break;
            }
        }
        if found.value == -INF {
            // Stopped before any move was searched: the most plausible move, value unknown.
            found.value = self.static_value(pos);
        }
        Some(found)
    }
}

/// The evaluation terms of the position at the end of `pv` played from `pos` (stops at the
/// first move that is not legal, which never happens for a variation the search made).
pub fn end_terms(pos: &Chess, pv: &[Move], root: &Root) -> Terms {
    let mut end = pos.clone();
    for &m in pv {
        if !end.is_legal(m) {
            break;
        }
        end.play_unchecked(m);
    }
    static_board_evaluator(&end, root)
}
