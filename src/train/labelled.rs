//! A training position: what both data formats ([`super::data`]'s text lines and
//! [`super::bullet`]'s records) hold, and what the trainers read.

use shakmaty::Chess;

/// One position with its game's result for White (1, ½ or 0) and, when known, the
/// search's score for White in centipawns.
#[derive(Debug, Clone)]
pub struct Labelled {
    pub pos: Chess,
    pub result: f64,
    pub score: Option<i32>,
}
