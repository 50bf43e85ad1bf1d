//! The search of 1967 (SPEC §6): the basic search, a fixed-depth, width-limited alpha-beta
//! over the plausible move generator's order (`alphabeta`, `width`); the position
//! evaluator with its feedovers and plausible-capture search (`position_evaluator`); the
//! hash table (`hash`); the secondary search at each new best top-level move
//! (`secondary`); every number in one table (`params`); and the statistics of debugging
//! aid 6 (`stats`).
//!
//! `Searcher` is the engine-facing contract: the protocols call `search` with a game,
//! limits, a stop flag and a progress callback. The search is deterministic (the same
//! position and settings give the same move, value and node counts), can be stopped from
//! another thread at any moment, and then answers with the best move found so far.
//! It leaves out everything modern (iterative deepening, null move, reductions): those
//! belong to the `modern` profile.

mod alphabeta;
pub mod hash;
pub mod modern;
pub mod params;
mod position_evaluator;
mod secondary;
pub mod stats;
pub mod width;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use shakmaty::{Chess, Color, Move, Position};

use crate::attack::Analysis;
use crate::eval::{Root, Terms, static_board_evaluator};
use crate::plausible::Flags;
use crate::repetition::History;
use crate::rules::Game;

use alphabeta::{INF, Line, MATE_BOUND, Ply, Tree, is_mate};
pub use alphabeta::{MATE, MAX_PLY};
pub use hash::Bound;
pub use params::{PROFILES, Params};
pub use stats::Stats;

/// A search value: units of the 1967 program (pawn = 128), or a mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Value for the side to move, pawn = 128.
    Value(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The score of an internal value (for the side to move at the root).
    pub fn from_value(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Value(v)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{:+.2}", f64::from(*v) / 128.0),
            Score::Mate(n) if *n >= 0 => write!(f, "mate in {n}"),
            Score::Mate(n) => write!(f, "mated in {}", -n),
        }
    }
}

/// When to stop. Every field is optional; the search stops at the first limit reached or
/// when the stop flag is raised.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Maximum depth in plies (the profile's depth when absent).
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Hard deadline: stop searching at this instant.
    pub deadline: Option<Instant>,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
}

/// Progress reported while searching.
#[derive(Debug, Clone)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    /// Hash table fill, per mille.
    pub hashfull: u32,
}

/// What the search found for one top-level move (debugging aid 5).
#[derive(Debug, Clone)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Its plausibility score and flags.
    pub plausibility: i32,
    pub flags: Flags,
    /// Whether the width rule selected it and it was searched to the end.
    pub searched: bool,
    /// Its value (after the value modifications), when searched.
    pub score: Option<Score>,
    /// `Exact` for a value, `Upper` when the move was only shown to be no better than the
    /// best so far (alpha-beta does not compute more).
    pub bound: Option<Bound>,
    /// The main variation found under it, the move first.
    pub pv: Vec<Move>,
    /// The secondary search's value, when one ran for this move.
    pub secondary: Option<Score>,
    /// The evaluation terms at the end of `pv` (White's point of view).
    pub end_terms: Option<Terms>,
}

/// The outcome of a search. `best` is always a legal move of the root position.
#[derive(Debug, Clone)]
pub struct SearchResult {
    pub best: Move,
    pub ponder: Option<Move>,
    pub score: Score,
    pub pv: Vec<Move>,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    /// The statistics (debugging aid 6).
    pub stats: Stats,
    /// Every top-level move in plausibility order, searched or not (debugging aid 5).
    pub root_moves: Vec<RootMove>,
    /// The evaluation terms of the position at the end of the principal variation
    /// (debugging aid 3; White's point of view).
    pub pv_end_terms: Terms,
    /// Whether a limit or the stop flag ended the search before it was complete.
    pub stopped: bool,
}

/// The search and its state kept between searches: parameters, hash table and the
/// preallocated per-ply scratch space.
#[derive(Debug)]
pub struct Searcher {
    params: Params,
    hash: hash::HashTable,
    plies: Vec<Ply>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(Params::default())
    }
}

impl Searcher {
    /// A searcher with these parameters.
    pub fn new(params: Params) -> Searcher {
        let mut hash = hash::HashTable::new(params.hash_entries);
        hash.set_check_bits(params.hash_check_bits);
        Searcher {
            hash,
            plies: (0..=MAX_PLY).map(|_| Ply::new()).collect(),
            params,
        }
    }

    /// The parameters in use.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Replaces the parameters (the hash table is resized, and so emptied, when its size
    /// changes).
    pub fn set_params(&mut self, params: Params) {
        if params.hash_entries.max(1) != self.hash.len() {
            self.hash = hash::HashTable::new(params.hash_entries);
        }
        self.hash.set_check_bits(params.hash_check_bits);
        self.params = params;
    }

    /// Empties the hash table.
    pub fn clear_hash(&mut self) {
        self.hash.clear();
    }

    /// Searches the current position of `game`. Calls `info` with progress.
    ///
    /// # Panics
    /// If the position has no legal move (the game is over): callers check that first,
    /// or use [`Searcher::try_search`].
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.try_search(game, limits, stop, info)
            .expect("search called on a position without legal moves")
    }

    /// Like [`Searcher::search`], but `None` when the position has no legal move.
    pub fn try_search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let start = Instant::now();
        if !self.params.keep_hash {
            self.hash.clear();
        }
        let pos = game.position().clone();
        let root_key = game.key();
        let depth = limits.depth.unwrap_or(self.params.depth).clamp(1, 64);
        let params = self.params.clone();
        let mut tree = Tree {
            params: &params,
            hash: &mut self.hash,
            plies: &mut self.plies,
            history: History::new(game),
            root: Root::new(&pos),
            root_game_ply: 2 * (pos.fullmoves().get() - 1) + u32::from(pos.turn() == Color::Black),
            stats: Stats::default(),
            stop,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.deadline,
            stopped: false,
        };
        let found = tree.root_search(&pos, root_key, depth, limits, start, info)?;
        let hashfull = tree.hash.hashfull();
        let stats = tree.stats;
        let stopped = tree.stopped;
        drop(tree);

        let pv: Vec<Move> = found.pv.iter().map(|p| p.mv).collect();
        let root = Root::new(&pos);
        let result = SearchResult {
            best: found.best,
            ponder: pv.get(1).copied(),
            score: Score::from_value(found.value),
            pv_end_terms: end_terms(&pos, &pv, &root),
            pv,
            depth,
            nodes: stats.nodes,
            time: start.elapsed(),
            stats,
            root_moves: found.records,
            stopped,
        };
        info(&Info {
            depth,
            seldepth: stats.seldepth,
            score: result.score,
            nodes: stats.nodes,
            time: result.time,
            pv: result.pv.clone(),
            hashfull,
        });
        Some(result)
    }
}

/// What the top level found.
struct Found {
    best: Move,
    value: i32,
    /// The best move's value before its secondary search.
    primary: i32,
    pv: Line,
    records: Vec<RootMove>,
}

impl Tree<'_> {
    /// The top level: every selected move is searched (no cut-off here); each new best
    /// move gets a secondary search.
    fn root_search(
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
fn end_terms(pos: &Chess, pv: &[Move], root: &Root) -> Terms {
    let mut end = pos.clone();
    for &m in pv {
        if !end.is_legal(m) {
            break;
        }
        end.play_unchecked(m);
    }
    static_board_evaluator(&end, root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_values_read_as_moves() {
        assert_eq!(Score::from_value(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_value(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_value(MATE - 5), Score::Mate(3));
        assert_eq!(Score::from_value(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_value(-(MATE - 4)), Score::Mate(-2));
        assert_eq!(Score::from_value(300), Score::Value(300));
        assert_eq!(Score::from_value(-300), Score::Value(-300));
        assert_eq!(Score::Value(-64).to_string(), "-0.50");
        assert_eq!(Score::Mate(2).to_string(), "mate in 2");
        assert_eq!(Score::Mate(-1).to_string(), "mated in 1");
    }

    #[test]
    fn parameters_can_change_between_searches() {
        let mut s = Searcher::new(Params::mac_hack_1967());
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
    fn progress_is_reported_and_ends_with_the_result() {
        let game = Game::default();
        let stop = AtomicBool::new(false);
        let mut infos = Vec::new();
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let r = Searcher::new(Params::mac_hack_1967())
            .search(&game, &limits, &stop, &mut |i| infos.push(i.clone()));
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
