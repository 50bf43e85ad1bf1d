//! Mac Hack's view of positions and games, for the command line and the scope page:
//! - `suite`: how well the plausible move generator ranks a test suite's best moves;
//! - `game`: every move of a game annotated with the move machack would have played, the
//!   played move's plausibility rank, the value difference and a comment;
//! - `write`: the annotations as PGN (comments and variations) or as a table.

pub mod game;
pub mod suite;
pub mod write;

pub use game::{Budget, Matches, MoveNote, annotate};
