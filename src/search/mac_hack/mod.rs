//! The search of 1967 (docs/design.md §6), one implementation of [`Search`]: the basic search, a
//! fixed-depth, width-limited alpha-beta over the plausible move generator's order
//! (`alphabeta`, `width`); the position evaluator with its feedovers and plausible-capture
//! search (`position_evaluator`); the top level with the secondary search at each new best
//! top-level move (`root`, `secondary`); every number in one table (`params`).
//!
//! The search is deterministic (the same position and settings give the same move, value
//! and node counts), can be stopped from another thread at any moment, and then answers
//! with the best move found so far. It leaves out everything the paper does not have
//! (null move, reductions), with one exception asked for by analysis: `deepening`
//! repeats the paper's search one ply deeper at a time when the limits say so.

mod alphabeta;
mod deepening;
pub mod params;
mod position_evaluator;
mod progress;
mod root;
mod secondary;
pub mod width;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use shakmaty::Move;

use super::hash::{Entry, HashTable};
use super::interface::{Search, Settings};
use super::limits::{Budget, Limits};
use super::result::{Evaluator, Info, NoLegalMove, SearchResult};
use super::stats::{Statistics, Stats};
use crate::eval::Root;
use crate::repetition::History;
use crate::rules::Game;
use crate::score::MAX_PLY;
use crate::score::Score;
use alphabeta::{Ply, Tree};
use deepening::MAX_DEPTH;
use progress::Progress;

pub use params::Params;

/// The 1967 search and its state kept between searches: the profile's parameters, the
/// parameters in force, the hash table and the preallocated per-ply scratch space.
#[derive(Debug)]
pub struct MacHack {
    /// The profile's own table, which `configure` starts from.
    profile: Params,
    params: Params,
    hash: HashTable,
    plies: Vec<Ply>,
}

impl MacHack {
    /// A search with these parameters (they are also the base `configure` overrides).
    pub fn new(params: Params) -> MacHack {
        let mut hash = HashTable::new(params.hash_entries);
        hash.set_check_bits(params.hash_check_bits);
        MacHack {
            hash,
            plies: (0..=MAX_PLY).map(|_| Ply::new()).collect(),
            profile: params.clone(),
            params,
        }
    }

    /// The `1967` profile (the paper's normal settings), for the profile table.
    pub fn normal() -> Box<dyn Search> {
        Box::new(MacHack::new(Params::mac_hack_1967()))
    }

    /// The `1967-tournament` profile (the paper's tournament settings).
    pub fn tournament() -> Box<dyn Search> {
        Box::new(MacHack::new(Params::mac_hack_1967_tournament()))
    }

    /// The parameters in force.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Replaces the parameters (the hash table is resized, and so emptied, when its size
    /// changes).
    pub fn set_params(&mut self, params: Params) {
        if params.hash_entries.max(1) != self.hash.len() {
            self.hash = HashTable::new(params.hash_entries);
        }
        self.hash.set_check_bits(params.hash_check_bits);
        self.params = params;
    }
}

/// How many hash entries fit in `mib` MiB.
fn entries_in(mib: u32) -> usize {
    ((mib as usize) << 20) / std::mem::size_of::<Entry>()
}

impl Search for MacHack {
    /// The profile's parameters with the settings' overrides. `Hash` is a ceiling: the
    /// 1967 table keeps the paper's 32,000 entries (half a MiB) unless `Hash` allows less.
    fn configure(&mut self, settings: &Settings) {
        let mut p = self.profile.clone();
        if let Some(depth) = settings.depth {
            p.depth = depth;
        }
        if let Some(widths) = &settings.widths {
            p.widths = widths.clone();
        }
        p.contempt = settings.contempt;
        p.multipv = settings.multipv.max(1);
        let t = &settings.mac_hack;
        p.hash_entries = t
            .hash_entries
            .unwrap_or(p.hash_entries.min(entries_in(settings.hash_mib)));
        p.max_feedovers = t.max_feedovers.unwrap_or(p.max_feedovers);
        p.secondary_depth = t.secondary_depth.unwrap_or(p.secondary_depth);
        p.investigate = t.investigate.unwrap_or(p.investigate);
        self.set_params(p);
    }

    fn clear_hash(&mut self) {
        self.hash.clear();
    }

    fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, NoLegalMove> {
        if !self.params.keep_hash {
            self.hash.clear();
        }
        let run = Run {
            game,
            limits,
            stop,
            start: Instant::now(),
        };
        let result = if limits.deepen {
            self.deepen(&run, info)?
        } else {
            let depth = limits
                .depth
                .unwrap_or(self.params.depth)
                .clamp(1, MAX_DEPTH);
            self.iteration(&run, depth, Stats::default(), info)?
        };
        self.report(&result, info);
        Ok(result)
    }
}

/// One call of [`Search::search`]: what to search, its limits, and when it started.
struct Run<'a> {
    game: &'a Game,
    limits: &'a Limits,
    stop: &'a AtomicBool,
    start: Instant,
}

impl MacHack {
    /// One search of the run's position to `depth` plies, the statistics counting on from
    /// `carried` (the iterations before it, when deepening).
    fn iteration(
        &mut self,
        run: &Run,
        depth: u32,
        carried: Stats,
        info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, NoLegalMove> {
        let Run {
            game,
            limits,
            stop,
            start,
        } = *run;
        let pos = game.position();
        let params = self.params.clone();
        let mut tree = Tree {
            params: &params,
            hash: &mut self.hash,
            plies: &mut self.plies,
            history: History::new(game),
            root: Root::new(pos),
            root_game_ply: crate::rules::game_ply(pos),
            stats: carried,
            budget: Budget::new(limits, stop),
            stopped: false,
            progress: Progress::new(info, start, depth, limits.currmove),
        };
        let found = tree
            .root_search(pos, game.key(), depth, limits)
            .ok_or(NoLegalMove)?;
        let stats = tree.stats;
        let stopped = tree.stopped;
        drop(tree);

        let pv: Vec<Move> = found.pv.iter().map(|p| p.mv).collect();
        let lines = found.lines(params.multipv as usize);
        Ok(SearchResult {
            best: found.best,
            ponder: pv.get(1).copied(),
            score: Score::from_value(found.value),
            pv,
            lines,
            depth,
            nodes: stats.nodes,
            time: start.elapsed(),
            root_moves: found.records,
            stats: Statistics::MacHack(stats),
            evaluator: Evaluator::StaticBoard,
            stopped,
        })
    }

    /// The progress reports that match `result`: one per line, best first.
    fn report(&self, result: &SearchResult, info: &mut dyn FnMut(&Info)) {
        for (k, line) in result.lines.iter().enumerate() {
            info(&Info {
                depth: result.depth,
                seldepth: result.stats.seldepth(),
                score: line.score,
                nodes: result.nodes,
                time: result.time,
                pv: line.pv.clone(),
                hashfull: self.hash.hashfull(),
                multipv: k as u32 + 1,
                ..Info::default()
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Tuning;

    #[test]
    fn parameters_can_change_between_searches() {
        let mut s = MacHack::new(Params::mac_hack_1967());
        assert_eq!(s.params().depth, 4);
        s.set_params(Params {
            hash_entries: 1000,
            ..Params::mac_hack_1967_tournament()
        });
        assert_eq!(s.params().widths, vec![15, 15, 9, 9, 7]);
        assert_eq!(s.hash.len(), 1000);
        s.clear_hash();
        assert!(s.hash.is_empty());
    }

    #[test]
    fn settings_override_the_profile_and_hash_is_a_ceiling() {
        let mut s = MacHack::new(Params::mac_hack_1967());
        s.configure(&Settings {
            depth: Some(2),
            widths: Some(vec![3]),
            contempt: 20,
            ..Settings::default()
        });
        let p = s.params();
        assert_eq!((p.depth, p.widths.clone(), p.contempt), (2, vec![3], 20));
        assert_eq!(
            s.hash.len(),
            32_000,
            "the paper's table fits in the default Hash"
        );
        s.configure(&Settings::default());
        assert_eq!(s.params(), &Params::mac_hack_1967(), "back to the profile");
        s.configure(&Settings {
            mac_hack: Tuning {
                hash_entries: Some(500),
                secondary_depth: Some(0),
                ..Tuning::default()
            },
            ..Settings::default()
        });
        assert_eq!((s.hash.len(), s.params().secondary_depth), (500, 0));
    }

    #[test]
    fn progress_is_reported_and_ends_with_the_result() {
        let game = Game::default();
        let stop = AtomicBool::new(false);
        let mut infos = Vec::new();
        let limits = Limits::to_depth(2);
        let r = MacHack::new(Params::mac_hack_1967())
            .search(&game, &limits, &stop, &mut |i| infos.push(i.clone()))
            .unwrap();
        assert!(infos.len() >= 2);
        let last = infos.last().unwrap();
        assert_eq!(
            (last.score, &last.pv, last.nodes),
            (r.score, &r.pv, r.nodes)
        );
        assert_eq!(r.pv.first(), Some(&r.best));
        assert!(r.root_moves.iter().any(|rm| rm.mv == r.best && rm.searched));
    }
}
