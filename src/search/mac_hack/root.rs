//! The top level of the 1967 search (docs/design.md §6.1, §6.7): every move the width rule selects
//! is searched with an open window (no cut-off at the top), each new best move gets a
//! secondary search, and every top-level move is recorded for debugging aid 5.

use shakmaty::{Chess, Move};

use super::alphabeta::{self, Line, Tree};
use super::width;
use crate::attack::Analysis;
use crate::plausible::PlausibleMove;
use crate::score::Score;
use crate::score::{Bound, INF, MATE_BOUND, is_mate};
use crate::search::limits::Limits;
use crate::search::result::{Info, PvLine, RootMove};

/// What the top level found.
pub struct Found {
    pub best: Move,
    pub value: i32,
    /// The best move's value before its secondary search.
    primary: i32,
    pub pv: Line,
    pub records: Vec<RootMove>,
    /// Every move searched to an exact value: the value and the variation (`MultiPV`).
    exact: Vec<(Move, i32, Vec<Move>)>,
}

impl Found {
    /// Nothing searched yet: `first` stands as the best move, every move is recorded as
    /// not searched.
    fn new(list: &[PlausibleMove], first: Move) -> Found {
        let mut pv = Line::new();
        pv.push(alphabeta::PvMove {
            mv: first,
            plausible: true,
        });
        Found {
            best: first,
            value: -INF,
            primary: -INF,
            pv,
            records: list
                .iter()
                .map(|pm| RootMove {
                    plausibility: Some(pm.score),
                    flags: pm.flags,
                    ..RootMove::unsearched(pm.mv)
                })
                .collect(),
            exact: Vec::new(),
        }
    }

    /// The top level's alpha with `k` lines asked for: the `k`-th best exact value so
    /// far (with one line, the best value: the paper's search).
    fn alpha(&self, k: usize) -> i32 {
        if self.exact.len() < k {
            return -INF;
        }
        let mut values: Vec<i32> = self.exact.iter().map(|e| e.1).collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        values[k - 1]
    }

    /// The best `k` lines, best first: the best move's, then the other exact ones.
    pub fn lines(&self, k: usize) -> Vec<PvLine> {
        let mut others: Vec<_> = self.exact.iter().filter(|e| e.0 != self.best).collect();
        others.sort_by_key(|e| std::cmp::Reverse(e.1));
        let best = PvLine {
            score: Score::from_value(self.value),
            pv: self.pv.iter().map(|p| p.mv).collect(),
        };
        let rest = others.into_iter().map(|e| PvLine {
            score: Score::from_value(e.1),
            pv: e.2.clone(),
        });
        std::iter::once(best).chain(rest).take(k.max(1)).collect()
    }
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
    ) -> Option<Found> {
        self.stats.nodes += 1;
        let analysis = Analysis::new(pos);
        self.generate(pos, 0, &analysis);
        let list = self.plies[0].list.clone();
        let allowed = |m: &Move| limits.searchmoves.is_empty() || limits.searchmoves.contains(m);
        let first = list.iter().find(|pm| allowed(&pm.mv)).or(list.first())?;
        let mut found = Found::new(&list, first.mv);
        let candidates: Vec<_> = list.iter().filter(|pm| allowed(&pm.mv)).copied().collect();
        // With more than one line asked for, the top level searches at least that many.
        let mut width = width::WidthRule::new(
            1,
            self.params.width(1).max(self.params.multipv),
            &candidates,
            self.params.investigate,
        );
        let mut number = 0;
        for (i, pm) in list.iter().enumerate() {
            if !allowed(&pm.mv) || !width.admits(pm) {
                continue;
            }
            number += 1;
            self.progress.searching(pm.mv, number, &self.stats);
            let alpha = found.alpha(self.params.multipv as usize);
            let first = self.child(
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
            let v = first.0;
            width.searched(pm, v <= -MATE_BOUND);
            self.set_pv(0, pm.mv, true);
            let line = self.plies[0].pv.clone();
            record(&mut found.records[i], v, alpha, &line);
            if v <= alpha {
                continue;
            }
            if v <= found.value {
                // Only with more than one line: exact, but not the best.
                found.exact.push((pm.mv, v, found.records[i].pv.clone()));
                continue;
            }
            let best_so_far = found.value;
            let (value, best_line) =
                self.second_opinion(pos, key, first, line, best_so_far, &mut found.records[i]);
            let moves = best_line.iter().map(|p| p.mv).collect();
            found.exact.push((pm.mv, value, moves));
            if value > found.value {
                if value <= found.primary {
                    // Only the secondary search's lower value let this move overtake.
                    self.stats.secondary_changed_move += 1;
                }
                found.best = pm.mv;
                found.value = value;
                found.primary = v;
                found.pv = best_line;
                let best = Info {
                    seldepth: self.stats.seldepth,
                    score: Score::from_value(value),
                    nodes: self.stats.nodes,
                    pv: found.pv.iter().map(|p| p.mv).collect(),
                    hashfull: self.hash.hashfull(),
                    ..Info::default()
                };
                self.progress.best(best);
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

    /// The value and variation a new candidate for the best move stands on (docs/design.md §6.7):
    /// `first` (its value and the value modifications' share of it) and `line`, or the
    /// secondary search's when that is lower, unless the secondary search was cut short.
    fn second_opinion(
        &mut self,
        pos: &Chess,
        key: u64,
        first: (i32, i32),
        line: Line,
        best_so_far: i32,
        record: &mut RootMove,
    ) -> (i32, Line) {
        let (v, penalty) = first;
        let mut secondary_line = Line::new();
        if !is_mate(v)
            && let Some(s) = self.secondary_search(pos, key, &line, &mut secondary_line)
        {
            let s = if is_mate(s) { s } else { s - penalty };
            record.secondary = Some(Score::from_value(s));
            if s < v {
                self.stats.secondary_changed_value += 1;
                if s <= best_so_far {
                    self.stats.secondary_changed_move += 1;
                }
                if !self.stopped {
                    return (s, secondary_line);
                }
            }
        }
        (v, line)
    }
}

/// Records what the search found for a top-level move: value `v` searched with `alpha` as
/// the best so far, and its variation `line`.
fn record(record: &mut RootMove, v: i32, alpha: i32, line: &Line) {
    record.searched = true;
    record.score = Some(Score::from_value(v));
    record.bound = Some(if v <= alpha {
        Bound::Upper
    } else {
        Bound::Exact
    });
    record.pv = line.iter().map(|p| p.mv).collect();
}
