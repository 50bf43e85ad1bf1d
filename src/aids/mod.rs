//! The paper's debugging aids (docs/design.md §8) as typed, serialisable records: the
//! engine's answer to "explain this position" and "explain this search", the same for
//! every profile. The front ends only show them: the console as text, the scope page as
//! JSON, the command line as either; none of them reaches into an evaluator, the
//! plausible move generator or a search of its own. Nothing here runs inside a search:
//! a search's records are made from its finished [`SearchResult`](crate::search::SearchResult).
//!
//! - `moves`: moves in every notation and values, as the records carry them;
//! - `evaluation`: aid 3, the evaluation of a node term by term, and the terms at the end
//!   of a search's lines by the evaluator that search used;
//! - `plausibility`: aid 4, the plausibility trace, and the view of one node of the tree;
//! - `record`: aid 5, the record of every top-level move of a search, and the tree (its
//!   principal variation with the value after each move);
//! - `statistics`: aid 6, a search's statistics as rows of text;
//! - `view`: whose side a value is told from (White's, unless asked otherwise).

mod evaluation;
mod moves;
mod plausibility;
mod record;
mod statistics;
mod view;

pub use evaluation::{
    BoardTerms, EndTerms, Evaluation, Feedover, ModernTerms, PawnVerdict, from_centipawns,
};
pub use moves::{MoveText, ScoreView, line};
pub use plausibility::{Factor, Generator, NodeAids, PlausibleView, Ranked, Trace, role_name};
pub use record::{RecordRow, Step, Tree, pv_end_terms, record, record_row};
pub use statistics::stats_rows;
pub use view::{PointOfView, no_better};
