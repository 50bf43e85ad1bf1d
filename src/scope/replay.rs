//! The watch pace: a finished 1967 search shown again from its record, one top-level move
//! at a time, so a person sees the scope of 1967 at work before the answer is played.

use std::time::{Duration, Instant};

use shakmaty::{Chess, Position};

use super::views::{Effort, InfoView, LineView, LiveRootMove, ReplayStep};
use crate::aids::{MoveText, line};
use crate::engine::BestMove;
use crate::search::{Bound, RootMove, SearchResult};

/// How long the watch pace shows each top-level move the 1967 search searched.
pub const WATCH_STEP: Duration = Duration::from_millis(400);

/// A finished 1967 search shown again at the watch pace: its record's searched moves one
/// at a time, in the order it searched them, each with its value and the best move so
/// far; then its answer. The search itself ran at full speed (its record is what it did);
/// the pace is only the page's.
#[derive(Debug, Clone)]
pub struct Replay {
    pub best: BestMove,
    pub result: SearchResult,
    /// How many of the record's searched moves have been shown.
    pub shown: usize,
    /// When the next one is due, and when the replay began.
    pub at: Instant,
    pub started: Instant,
}

impl Replay {
    /// The record's rows the search searched, in its order.
    pub fn searched(&self) -> impl Iterator<Item = &RootMove> {
        (self.result.root_moves.iter()).filter(|rm| rm.searched && rm.score.is_some())
    }

    /// The progress report after the first `shown` searched moves: each shown move's
    /// value on the live list, and as the line the best of them (a move shown only no
    /// better than an earlier one, an upper bound, never is); the search's answer once
    /// all are shown.
    pub fn view(&self, root: &Chess, live: &mut [LiveRootMove]) -> Option<InfoView> {
        let rows: Vec<&RootMove> = self.searched().collect();
        let shown = &rows[..self.shown.min(rows.len())];
        let last = shown.last()?;
        let value = |rm: &RootMove| rm.score.map(|s| s.value());
        let mut best: Option<&RootMove> = None;
        for &rm in shown {
            if rm.bound != Some(Bound::Upper) && best.is_none_or(|b| value(rm) > value(b)) {
                best = Some(rm);
            }
        }
        if shown.len() == rows.len() {
            best = (rows.iter().copied())
                .find(|rm| rm.mv == self.result.best)
                .or(best);
        }
        let best = best.unwrap_or(last);
        let r = &self.result;
        let score = best.score?.into();
        let pv = line(root, &best.pv);
        for l in live.iter_mut() {
            let row = shown
                .iter()
                .find(|rm| MoveText::new(root, rm.mv).uci == l.mv.uci);
            if let Some(rm) = row {
                l.value = rm.score.map(Into::into);
            }
            l.best = pv.first().is_some_and(|m| m.uci == l.mv.uci);
        }
        Some(InfoView {
            turn: root.turn().into(),
            depth: r.depth,
            seldepth: r.depth,
            score,
            effort: Effort::new(r.nodes, r.time),
            pv: pv.clone(),
            lines: vec![LineView {
                multipv: 1,
                depth: r.depth,
                score,
                pv,
            }],
            root: live.to_vec(),
            replay: Some(ReplayStep {
                step: shown.len(),
                of: rows.len(),
                mv: MoveText::new(root, last.mv),
            }),
        })
    }
}
