//! Aid 4, the plausibility trace: the plausible move generator's ranking of a position's
//! moves, and for any move the factors that made its score, each with its sentence; with
//! aid 3 beside it, the whole view of one node of the tree.

use serde::Serialize;
use shakmaty::{Chess, Move, Position};

use super::evaluation::BoardTerms;
use super::moves::MoveText;
use crate::attack::Analysis;
use crate::eval::Root;
use crate::plausible::{self, Context};

pub use crate::plausible::Factor;
pub use crate::plausible::role_name;

/// The generator at one node: a position some plies below a search root.
pub struct Generator {
    pos: Chess,
    analysis: Analysis,
    ctx: Context,
}

/// One legal move as the generator ranks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    pub mv: Move,
    pub plausibility: i32,
    /// What the generator noted of it (`capture`, `check`, `safe`, ...).
    pub flags: Vec<&'static str>,
}

/// One move's plausibility, its place among the position's moves, and the factors that
/// made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    pub plausibility: i32,
    pub flags: Vec<&'static str>,
    /// Its rank, from 1 (most plausible), among `of` moves.
    pub rank: Option<usize>,
    pub of: usize,
    pub factors: Vec<Factor>,
}

impl Generator {
    /// The root's own moves in `pos`, reached at game ply `game_ply`.
    pub fn root(pos: &Chess, game_ply: u32) -> Generator {
        Generator::below(pos, game_ply, 0)
    }

    /// The moves of `pos`, `depth` plies below a search root reached at game ply
    /// `root_ply` (the opening heuristics look at both).
    pub fn below(pos: &Chess, root_ply: u32, depth: u32) -> Generator {
        Generator {
            pos: pos.clone(),
            analysis: Analysis::new(pos),
            ctx: Context::below(root_ply, depth),
        }
    }

    /// Every legal move, most plausible first.
    pub fn ranked(&self) -> Vec<Ranked> {
        (plausible::ranked(&self.pos, &self.analysis, &self.ctx).iter())
            .map(|pm| Ranked {
                mv: pm.mv,
                plausibility: pm.score,
                flags: pm.flags.names().collect(),
            })
            .collect()
    }

    /// The factors of `m`'s plausibility, with their sentences.
    pub fn factors(&self, m: Move) -> Vec<Factor> {
        plausible::trace(&self.pos, &self.analysis, &self.ctx, m)
    }

    /// The trace of `m`, a legal move.
    pub fn trace(&self, m: Move) -> Trace {
        let list = self.ranked();
        let (plausibility, flags) = plausible::score(&self.pos, &self.analysis, &self.ctx, m);
        Trace {
            plausibility,
            flags: flags.names().collect(),
            rank: list.iter().position(|r| r.mv == m).map(|i| i + 1),
            of: list.len(),
            factors: self.factors(m),
        }
    }
}

/// One move of a node: its plausibility, the factors that made it, and the static value
/// after it.
#[derive(Debug, Clone, Serialize)]
pub struct PlausibleView {
    #[serde(rename = "move")]
    pub mv: MoveText,
    pub rank: usize,
    pub plausibility: i32,
    pub flags: Vec<&'static str>,
    pub factors: Vec<Factor>,
    /// The static value after the move (White's point of view).
    pub after: i32,
}

/// Aids 3 and 4 for one node of the tree.
#[derive(Debug, Clone)]
pub struct NodeAids {
    /// The static board evaluation, R measured against the search root.
    pub terms: BoardTerms,
    /// Every legal move, most plausible first.
    pub moves: Vec<PlausibleView>,
}

impl NodeAids {
    /// The aids for `pos`, `depth` plies below the search root `root`, reached at game
    /// ply `root_ply`.
    pub fn new(pos: &Chess, root: &Chess, root_ply: u32, depth: u32) -> NodeAids {
        let generator = Generator::below(pos, root_ply, depth);
        let root = Root::new(root);
        let moves = (generator.ranked().into_iter().enumerate())
            .map(|(i, r)| {
                let mut after = pos.clone();
                after.play_unchecked(r.mv);
                PlausibleView {
                    mv: MoveText::new(pos, r.mv),
                    rank: i + 1,
                    plausibility: r.plausibility,
                    flags: r.flags,
                    factors: generator.factors(r.mv),
                    after: BoardTerms::against(&after, &root).s,
                }
            })
            .collect();
        NodeAids {
            terms: BoardTerms::against(pos, &root),
            moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation;

    #[test]
    fn a_trace_ranks_the_move_and_its_factors_add_up() {
        let pos = Chess::default();
        let g = Generator::root(&pos, 0);
        let list = g.ranked();
        assert_eq!(list.len(), 20);
        assert!(
            list.windows(2)
                .all(|w| w[0].plausibility >= w[1].plausibility)
        );
        let m = notation::read_move(&pos, "Nf3").unwrap();
        let t = g.trace(m);
        assert_eq!(t.of, 20);
        let rank = t.rank.unwrap();
        assert_eq!(list[rank - 1].mv, m);
        assert_eq!(t.plausibility, list[rank - 1].plausibility);
        assert_eq!(
            t.factors.iter().map(|f| f.value).sum::<i32>(),
            t.plausibility
        );
    }
}
