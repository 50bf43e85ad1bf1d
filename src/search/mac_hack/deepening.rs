//! Deepening: the paper's search repeated one ply deeper at a time (depth 1, 2, ...),
//! for analysis (`go infinite`, `go ponder`, xboard `analyze`) and for timed play with the
//! `Deepen` option. The paper has none of this: Mac Hack searched to a fixed depth. Each
//! iteration is the paper's search unchanged; beyond the profile's depth the width
//! schedule's last entry holds, so deeper plies get the paper's narrowest width and its
//! widening rules (checks, early captures, the piece quota) as at any other level.
//!
//! An iteration cut short by `stop` or a limit is thrown away: the 1967 top level searches
//! its moves in plausibility order, not the last best move first, so a partial iteration
//! has not yet looked at the move the one before it chose. Its nodes still count.

use super::{MacHack, Run};
use crate::search::result::{Info, NoLegalMove, SearchResult};
use crate::search::stats::Stats;

/// The deepest search in plies, leaving room below for feedovers and the capture search
/// within the ply limit.
pub const MAX_DEPTH: u32 = 64;

impl MacHack {
    /// Searches `game` to depth 1, 2, ... until stopped, a limit falls, or `limits.depth`
    /// (else [`MAX_DEPTH`]) is done; the deepest complete iteration's result, with the
    /// nodes and time of all of them.
    pub(super) fn deepen(
        &mut self,
        run: &Run,
        info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, NoLegalMove> {
        let last = run.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut done: Option<SearchResult> = None;
        let mut stats = Stats::default();
        for depth in 1..=last {
            let r = self.iteration(run, depth, stats, info)?;
            stats = r.stats.mac_hack().copied().unwrap_or(stats);
            if r.stopped {
                return Ok(match done {
                    Some(complete) => SearchResult {
                        nodes: r.nodes,
                        time: r.time,
                        stats: r.stats,
                        stopped: true,
                        ..complete
                    },
                    None => r,
                });
            }
            if depth < last {
                self.report(&r, info);
            }
            done = Some(r);
        }
        // The loop ran at least once (last >= 1) and every pass either returned or set it.
        done.ok_or(NoLegalMove)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::score::Score;
    use crate::search::interface::Search;
    use crate::search::limits::Limits;
    use crate::search::mac_hack::Params;
    use shakmaty::Position;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn each_iteration_is_reported_and_nodes_add_up() {
        let game = Game::default();
        let stop = AtomicBool::new(false);
        let mut infos = Vec::new();
        let limits = Limits {
            deepen: true,
            ..Limits::to_depth(3)
        };
        let mut s = MacHack::new(Params::mac_hack_1967());
        let r = s
            .search(&game, &limits, &stop, &mut |i| infos.push(i.clone()))
            .unwrap();
        let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
        assert_eq!(depths.first(), Some(&1));
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
        assert_eq!((r.depth, depths.last()), (3, Some(&3)));
        let fixed = MacHack::new(Params::mac_hack_1967())
            .search(&game, &Limits::to_depth(3), &stop, &mut |_| {})
            .unwrap();
        assert!(r.nodes > fixed.nodes, "the earlier iterations count too");
        assert!(game.position().is_legal(r.best));
    }

    #[test]
    fn a_cut_iteration_gives_way_to_the_last_complete_one() {
        let game = Game::default();
        let stop = AtomicBool::new(false);
        let mut complete = Vec::new();
        let mut s = MacHack::new(Params::mac_hack_1967());
        let r = s
            .search(
                &game,
                &Limits {
                    nodes: Some(20_000),
                    deepen: true,
                    ..Limits::default()
                },
                &stop,
                &mut |i| complete.push((i.depth, i.score, i.pv.clone())),
            )
            .unwrap();
        assert!(r.stopped && r.nodes >= 20_000);
        let last = complete.last().unwrap();
        assert_eq!((last.0, last.1, &last.2), (r.depth, r.score, &r.pv));
        assert!(matches!(r.score, Score::Value(_)));
    }
}
