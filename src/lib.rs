//! machack: Mac Hack VI, the Greenblatt chess program of 1967, brought back faithfully,
//! with the FIDE repetition and draw rules done exactly, and a modern engine beside it.
//!
//! A reader holding the paper finds each of its ideas in one module (`docs/design.md`
//! gives the paper's sections and where each lives):
//!
//! - The board: `rules` (our layer over shakmaty: the game and its history), `perft`
//!   (the move-generation floor), `fide` (the game's status under the FIDE Laws) and
//!   `repetition` (repetition detection, six ways); `score` (search values, mates and
//!   bounds, as every search, the tablebases and the front ends share them).
//! - The 1967 program: `plausible` (the plausible move generator, its factors grouped as
//!   the paper and the 1980 source list them, and mate threats), `attack` (the attack
//!   analysis and the one static exchange evaluator), `eval` (the static board evaluator),
//!   `feedover` (the positional terms handed from one ply to the next), `book` (the
//!   opening book).
//! - The searches: `search` (its profile table above `mac_hack`, the 1967 search, and
//!   `modern`, the strong engine with its own evaluator; below them the one `Search`
//!   interface and what both share: limits, results, the hash tables' packed moves,
//!   statistics, the bench), `tablebase` (Syzygy endgame tables) and `timeman` (the clock).
//! - Beside the engine: `train`, the lab where the modern profile's knowledge is made
//!   (self-play data, Texel tuning, network training); it uses the search, never the reverse.
//! - Around them: `engine` (the façade every protocol drives, the one options table and the
//!   search thread), `aids` (the paper's debugging aids as records, for every profile, that
//!   the console, the scope and the command line only show), `protocol` (UCI, xboard and
//!   the teletype console), `scope` (the web page), `notation` (English descriptive
//!   notation, SAN and UCI text), `pgn`, `epd`, `genfens` (openings for OpenBench's
//!   self-play data), and the command line in `cli`.
//!
//! Each module uses only the ones below it (docs/design.md, "The house"): the front ends
//! (`cli`, `scope`, `protocol`) reach the searches, the generator and the evaluator only
//! through `engine` and `aids` (the lab's commands excepted); `train` and `genfens` use the
//! search, never the reverse; `rules`, `score`, `eval` and `notation` are the floor.

pub mod aids;
pub mod annotate;
pub mod attack;
pub mod book;
pub mod cli;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod feedover;
pub mod fide;
pub mod genfens;
pub mod notation;
pub mod perft;
pub mod pgn;
pub mod plausible;
pub mod protocol;
pub mod repetition;
pub mod rules;
pub mod scope;
pub mod score;
pub mod search;
pub mod tablebase;
pub mod timeman;
pub mod train;
