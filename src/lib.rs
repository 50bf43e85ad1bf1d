//! machack: Mac Hack VI, the Greenblatt chess program of 1967, brought back faithfully,
//! with the FIDE repetition and draw rules done exactly, and a modern engine around it.
//!
//! A reader holding the 1967 paper finds each of its ideas in one module:
//! `rules` (the board, our layer over shakmaty), `notation` (English descriptive
//! notation), `perft` (the move-generation floor), and the command line in `cli`.

pub mod attack;
pub mod book;
pub mod cli;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod feedover;
pub mod fide;
pub mod notation;
pub mod perft;
pub mod pgn;
pub mod plausible;
pub mod protocol;
pub mod repetition;
pub mod rules;
pub mod search;
pub mod tablebase;
pub mod timeman;
