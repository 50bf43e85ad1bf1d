//! The paper's debugging aids (docs/design.md §8) in the page's replies, as `crate::aids`
//! makes them: for any position, the evaluation term by term (aid 3) and every move's
//! plausibility with its comments (aid 4); after a search, the record of every top-level
//! move with its value, line, secondary search and the terms at the line's end (aid 5), and
//! the statistics (aid 6).
//!
//! The tree the page browses is the one the engine keeps: the top level, each move's
//! main variation, and below any node the plausible moves the generator would give there.
//! The 1967 search does not keep the values of the nodes off its variations.

use serde::Serialize;
use shakmaty::Chess;

use super::views::{self, Effort, PieceView, Side, StatusView};
use crate::aids::{
    self, BoardTerms, EndTerms, MoveText, NodeAids, PlausibleView, RecordRow, ScoreView,
};
use crate::engine::{BestMove, Source};
use crate::fide::State;
use crate::notation;
use crate::rules::{Game, game_ply};
use crate::search::{SearchResult, Statistics};

/// A search that ended: its answer, and when it searched, its record and statistics.
#[derive(Debug, Clone, Serialize)]
pub struct DoneView {
    /// The game ply the search started from (the root of the tree).
    pub ply: usize,
    pub fen: String,
    /// The side to move at the root: the values of the answer and the record are its.
    pub turn: Side,
    /// Whether machack played the move (false: an analysis).
    pub played: bool,
    pub best: Option<MoveText>,
    pub score: Option<ScoreView>,
    pub depth: u32,
    #[serde(flatten)]
    pub effort: Effort,
    /// `search`, `book`, `no_move` or `fallback`.
    pub source: &'static str,
    pub pv: Vec<MoveText>,
    pub record: Vec<RecordRow>,
    pub stats: Option<Statistics>,
    pub pv_end_terms: Option<EndTerms>,
    pub stopped: bool,
    /// The book's move, for an analysis of a position the book knows: the analysis
    /// searches past the book and shows its move beside the search's.
    pub book: Option<MoveText>,
}

impl DoneView {
    /// The view of `best`, found at game ply `ply` from `root`; `result` is the engine's
    /// full result when the answer came from a search.
    pub fn new(
        root: &Chess,
        ply: usize,
        best: &BestMove,
        result: Option<&SearchResult>,
        played: bool,
    ) -> DoneView {
        let source = match best.source {
            Source::Search => "search",
            Source::Book => "book",
            Source::NoMove => "no_move",
            Source::Fallback => "fallback",
            Source::Tablebase { .. } => "tablebase",
        };
        DoneView {
            ply,
            fen: notation::fen_of(root),
            turn: shakmaty::Position::turn(root).into(),
            played,
            best: best.best.map(|m| MoveText::new(root, m)),
            score: best.score.map(ScoreView::from),
            depth: best.depth,
            effort: Effort::new(best.nodes, best.time),
            source,
            pv: aids::line(root, &best.pv),
            record: result.map_or_else(Vec::new, |r| aids::record(root, r)),
            stats: result.map(|r| r.stats),
            pv_end_terms: result.map(|r| aids::pv_end_terms(root, r)),
            stopped: result.is_some_and(|r| r.stopped),
            book: None,
        }
    }
}

/// The debugging aids for one position of the game or of the tree below it.
#[derive(Debug, Clone, Serialize)]
pub struct InspectView {
    pub ply: usize,
    /// The moves from the game's position at `ply` to this one.
    pub path: Vec<MoveText>,
    pub fen: String,
    pub pieces: Vec<PieceView>,
    /// Aid 3: the static board evaluation, R measured against the position at `ply`.
    pub terms: BoardTerms,
    /// Aid 4: every legal move, most plausible first.
    pub moves: Vec<PlausibleView>,
    pub status: StatusView,
}

/// Why a position could not be inspected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InspectError {
    #[error("the game has no position after {0} moves")]
    NoSuchPly(usize),
    #[error("move {number} of the path: {reason}")]
    BadPath { number: usize, reason: String },
}

/// The game's position after `ply` moves, then `path` (moves in any notation), as a game
/// of its own (so repetitions count the moves before it).
fn node(game: &Game, ply: usize, path: &[String]) -> Result<(Game, Vec<MoveText>), InspectError> {
    if ply > game.moves().len() {
        return Err(InspectError::NoSuchPly(ply));
    }
    let mut g = Game::new(game.start().clone());
    for &m in &game.moves()[..ply] {
        g.play(m);
    }
    let mut texts = Vec::with_capacity(path.len());
    for (i, text) in path.iter().enumerate() {
        let m = notation::read_move(g.position(), text).map_err(|e| InspectError::BadPath {
            number: i + 1,
            reason: e.to_string(),
        })?;
        texts.push(MoveText::new(g.position(), m));
        g.play(m);
    }
    Ok((g, texts))
}

/// Aids 3 and 4 for the game's position after `ply` moves, then `path`.
pub fn inspect(game: &Game, ply: usize, path: &[String]) -> Result<InspectView, InspectError> {
    let (node, texts) = node(game, ply, path)?;
    let root = node.position_at(ply).unwrap_or(node.start());
    let pos = node.position();
    let aids = NodeAids::new(pos, root, game_ply(root), path.len() as u32);
    Ok(InspectView {
        ply,
        path: texts,
        fen: notation::fen_of(pos),
        pieces: views::pieces(pos),
        terms: aids.terms,
        moves: aids.moves,
        status: StatusView::new(pos, &State::of(&node), None),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Limits, Settings, profile};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn a_position_is_inspected_term_by_term_and_move_by_move() {
        let v = inspect(&Game::default(), 0, &["e2e4".into(), "d7d5".into()]).unwrap();
        assert_eq!(v.path.len(), 2);
        assert_eq!(v.moves.len(), 31);
        assert_eq!(v.terms.s, 0, "no material has changed");
        let capture = v.moves.iter().find(|m| m.mv.san == "exd5").unwrap();
        assert!(capture.flags.contains(&"capture"));
        // A pawn up after exd5, and the ratio term rewards the trade-down it starts.
        assert!(capture.after > 128, "{}", capture.after);
        for m in &v.moves {
            let sum: i32 = m.factors.iter().map(|f| f.value).sum();
            assert_eq!(sum, m.plausibility, "{}", m.mv.san);
        }
        assert!(
            v.moves
                .windows(2)
                .all(|w| w[0].plausibility >= w[1].plausibility)
        );
    }

    #[test]
    fn bad_nodes_are_errors() {
        assert_eq!(
            inspect(&Game::default(), 3, &[]).unwrap_err(),
            InspectError::NoSuchPly(3)
        );
        assert!(matches!(
            inspect(&Game::default(), 0, &["e2e5".into()]),
            Err(InspectError::BadPath { number: 1, .. })
        ));
    }

    /// The start position searched to `depth` with the profile `name`, and the view of
    /// the answer (`played`: whether machack plays it).
    fn done_at_start(name: &str, depth: u32, played: bool) -> (SearchResult, DoneView) {
        let game = Game::default();
        let mut s = (profile(name).unwrap().make)();
        s.configure(&Settings::default());
        let limits = Limits::to_depth(depth);
        let r = s
            .search(&game, &limits, &AtomicBool::new(false), &mut |_| {})
            .unwrap();
        let best = BestMove::from_search(game.position(), r.clone());
        let v = DoneView::new(game.position(), 0, &best, Some(&r), played);
        (r, v)
    }

    #[test]
    fn the_record_says_what_became_of_every_top_level_move() {
        let game = Game::default();
        let (r, v) = done_at_start("1967", 2, true);
        assert_eq!(v.record.len(), 20);
        assert_eq!(
            v.record
                .iter()
                .filter(|r| r.verdict == "the best move")
                .count(),
            1
        );
        assert!(v.record.iter().any(|r| !r.searched));
        assert!(
            v.record
                .iter()
                .filter(|r| r.searched)
                .all(|r| !r.pv.is_empty())
        );
        assert!(matches!(v.stats, Some(Statistics::MacHack(s)) if s.nodes == r.nodes));
        // The terms at the ends of the lines are the 1967 evaluator's.
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(json["pv_end_terms"]["evaluator"], "1967");
        use shakmaty::Position;
        let mut end = game.position().clone();
        for &m in &r.pv {
            end.play_unchecked(m);
        }
        let s = BoardTerms::of(&end, game.position()).s;
        assert_eq!(json["pv_end_terms"]["s"], s);
        for row in json["record"].as_array().unwrap() {
            match row["searched"].as_bool() {
                Some(true) => assert_eq!(row["end_terms"]["evaluator"], "1967", "{row}"),
                _ => assert!(row["end_terms"].is_null(), "{row}"),
            }
        }
    }

    #[test]
    fn a_modern_search_shows_its_own_statistics() {
        let (r, v) = done_at_start("modern", 6, false);
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(json["stats"]["nodes"], r.nodes);
        assert!(json["stats"]["tt_hits"].as_u64().unwrap() > 0);
        assert!(json["stats"].get("plausible_generations").is_none());
        // The record: every root move at the last iteration's depth, the best first.
        assert_eq!(v.record.len(), 20);
        assert_eq!(v.record[0].verdict, "the best move");
        assert_eq!(v.record[0].mv.uci, crate::notation::uci(r.best));
        let rows = json["record"].as_array().unwrap();
        assert!(
            rows.iter()
                .all(|row| row["depth"] == 6 && row["nodes"].is_u64())
        );
        assert!(rows.iter().all(|row| row["plausibility"].is_null()));
        // The terms at the ends of the lines are the modern evaluator's; the best move's
        // line is the principal variation.
        let pv_end = &json["pv_end_terms"];
        assert_eq!(pv_end["evaluator"], "modern", "{pv_end}");
        assert!(pv_end["terms"].as_array().is_some_and(|t| !t.is_empty()));
        assert!(pv_end.get("s").is_none(), "{pv_end}");
        assert!(
            rows.iter()
                .all(|row| row["end_terms"]["evaluator"] == "modern")
        );
        assert_eq!(rows[0]["end_terms"], *pv_end);
    }
}
