//! Aid 5, the record of every top-level move of a finished search, and the tree: the
//! principal variation with the value after each move and the terms at its end. Both are
//! made after the search from what it reported, with the evaluator it used.

use serde::{Serialize, Serializer};
use shakmaty::{Chess, Move, Position};

use super::evaluation::{EndTerms, static_value};
use super::moves::{MoveText, ScoreView, line};
use crate::eval::Root;
use crate::search::{Bound, RootMove, Score, SearchResult};

/// One top-level move of a finished search. A search that ranks its moves by plausibility
/// gives each its plausibility and flags; one that orders them itself (whose rows have
/// `order`) its place in that ordering, the depth of the iteration recorded and the nodes
/// spent under the move in it instead.
#[derive(Debug, Clone, Serialize)]
pub struct RecordRow {
    #[serde(rename = "move")]
    pub mv: MoveText,
    pub plausibility: Option<i32>,
    pub flags: Vec<&'static str>,
    pub searched: bool,
    /// Its value for the side to move, when searched.
    #[serde(serialize_with = "score_view")]
    pub value: Option<Score>,
    /// `exact`, `upper` when alpha-beta only showed the move no better than the best,
    /// `lower` when it beat the top of the window.
    #[serde(serialize_with = "bound_name")]
    pub bound: Option<Bound>,
    /// What became of the move, in words.
    pub verdict: &'static str,
    pub pv: Vec<MoveText>,
    #[serde(serialize_with = "score_view")]
    pub secondary: Option<Score>,
    /// The terms at the end of `pv`, when the move has a value.
    pub end_terms: Option<EndTerms>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
}

impl RecordRow {
    /// The row of `rm`, a top-level move of the search `r` from `root`.
    fn new(root: &Chess, r: &SearchResult, rm: &RootMove) -> RecordRow {
        let verdict = match (rm.searched, rm.bound) {
            (false, _) => "not searched: outside the width",
            _ if rm.mv == r.best => "the best move",
            (true, Some(Bound::Upper)) => "cut off: shown no better than the best so far",
            (true, Some(Bound::Lower)) => "searched: beat the window",
            (true, _) => "searched",
        };
        RecordRow {
            mv: MoveText::new(root, rm.mv),
            plausibility: rm.plausibility,
            flags: rm.flags.names().collect(),
            searched: rm.searched,
            value: rm.score,
            bound: rm.bound,
            verdict,
            pv: line(root, &rm.pv),
            secondary: rm.secondary,
            end_terms: (rm.score.is_some()).then(|| EndTerms::at(r.evaluator, root, &rm.pv)),
            order: rm.order,
            depth: rm.depth,
            nodes: rm.nodes,
        }
    }
}

/// Every top-level move of the search `r` from `root`, in the order the search gives them.
pub fn record(root: &Chess, r: &SearchResult) -> Vec<RecordRow> {
    (r.root_moves.iter())
        .map(|rm| RecordRow::new(root, r, rm))
        .collect()
}

/// The row of top-level move `m` of the search `r` from `root`, if `m` was one.
pub fn record_row(root: &Chess, r: &SearchResult, m: Move) -> Option<RecordRow> {
    (r.root_moves.iter())
        .find(|rm| rm.mv == m)
        .map(|rm| RecordRow::new(root, r, rm))
}

/// The terms at the end of the principal variation of the search `r` from `root`.
pub fn pv_end_terms(root: &Chess, r: &SearchResult) -> EndTerms {
    EndTerms::at(r.evaluator, root, &r.pv)
}

/// The principal variation of a search with the value of the position after each move, by
/// the evaluator of the search (White's point of view), and the terms at its end.
#[derive(Debug, Clone, PartialEq)]
pub struct Tree {
    pub steps: Vec<Step>,
    pub end_terms: EndTerms,
}

/// One move of the tree and the value after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub mv: MoveText,
    pub value: Score,
}

impl Tree {
    /// The tree of the search `r` from `root`.
    pub fn of(root: &Chess, r: &SearchResult) -> Tree {
        let eval_root = Root::new(root);
        let mut pos = root.clone();
        let steps = (line(root, &r.pv).into_iter().zip(&r.pv))
            .map(|(mv, &m)| {
                pos.play_unchecked(m);
                Step {
                    mv,
                    value: static_value(r.evaluator, &pos, &eval_root),
                }
            })
            .collect();
        Tree {
            steps,
            end_terms: pv_end_terms(root, r),
        }
    }
}

/// Writes a record's value as a [`ScoreView`] (or null).
fn score_view<S: Serializer>(s: &Option<Score>, out: S) -> Result<S::Ok, S::Error> {
    s.map(ScoreView::from).serialize(out)
}

/// Writes a record's bound by its name (or null).
fn bound_name<S: Serializer>(b: &Option<Bound>, out: S) -> Result<S::Ok, S::Error> {
    b.map(Bound::name).serialize(out)
}

#[cfg(test)]
pub(super) mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::rules::Game;
    use crate::search::{Evaluator, Limits, Settings, profile};

    /// A search of the start position by `name` to `depth`.
    pub(in crate::aids) fn searched(name: &str, depth: u32) -> SearchResult {
        let mut s = (profile(name).unwrap().make)();
        s.configure(&Settings::default());
        let limits = Limits::to_depth(depth);
        let stop = AtomicBool::new(false);
        s.search(&Game::default(), &limits, &stop, &mut |_| {})
            .unwrap()
    }

    #[test]
    fn the_tree_values_each_move_of_the_variation_with_the_searchs_evaluator() {
        let root = Chess::default();
        for (name, evaluator) in [
            ("1967", Evaluator::StaticBoard),
            ("modern", Evaluator::Modern),
        ] {
            let r = searched(name, 4);
            assert_eq!(r.evaluator, evaluator);
            let tree = Tree::of(&root, &r);
            assert_eq!(tree.steps.len(), r.pv.len(), "{name}");
            let mut end = root.clone();
            for &m in &r.pv {
                end.play_unchecked(m);
            }
            let last = tree.steps.last().unwrap().value;
            let expected = match evaluator {
                Evaluator::StaticBoard => {
                    crate::eval::static_board_evaluator(&end, &Root::new(&root)).s()
                }
                Evaluator::Modern => {
                    let v = crate::search::modern::eval::evaluate(&end);
                    crate::search::modern::to_score(end.turn().fold_wb(v, -v)).value()
                }
            };
            assert_eq!(last, Score::Value(expected), "{name}");
            match (&tree.end_terms, evaluator) {
                (EndTerms::Board(t), Evaluator::StaticBoard) => {
                    assert_eq!(Score::Value(t.s), last);
                }
                (EndTerms::Modern(t), Evaluator::Modern) => {
                    assert_eq!(crate::search::modern::to_score(t.eval), last);
                }
                (other, _) => panic!("{name}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_row_of_the_record_is_found_by_its_move() {
        let root = Chess::default();
        let r = searched("1967", 2);
        let best = record_row(&root, &r, r.best).unwrap();
        assert_eq!(best.verdict, "the best move");
        assert_eq!(best.mv, MoveText::new(&root, r.best));
        assert!(best.end_terms.is_some() && best.plausibility.is_some());
        let outside = r.root_moves.iter().find(|rm| !rm.searched).unwrap();
        let row = record_row(&root, &r, outside.mv).unwrap();
        assert_eq!(row.verdict, "not searched: outside the width");
        assert!(row.end_terms.is_none() && row.value.is_none());
        let mut after = root.clone();
        after.play_unchecked(r.best);
        let reply = after.legal_moves()[0];
        assert!(record_row(&root, &r, reply).is_none());
    }
}
