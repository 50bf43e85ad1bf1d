//! The training lab beside the engine: where the modern profile's knowledge is made, never
//! used while it plays. It depends on the search and its evaluation; nothing in the engine
//! depends on it.
//!
//! - [`selfplay`]: the modern search plays itself at a fixed node budget (`machack
//!   datagen`), writing quiet positions with their games' results and the search's scores;
//! - [`data`]: those positions written and read back, as text lines or as
//!   [`bullet`]'s binary records;
//! - [`dedup`]: the same data with each position once, over many rounds (`machack
//!   dedup-data`);
//! - [`openbench`]: the same data from an OpenBench datagen workload's games
//!   (`machack convert-data`);
//! - [`tune`]: Texel tuning of the evaluation's weight table on them (`machack tune`),
//!   through the evaluation's feature trace;
//! - [`network`]: fitting the evaluation network to them and writing it quantised
//!   (`machack train-net`);
//! - [`bullet_net`]: a network trained on a GPU with bullet, turned into machack's network
//!   file (`machack net import`).
//!
//! docs/network.md and docs/strength.md give the recipes of the committed weights.

pub mod bullet;
pub mod bullet_net;
pub mod data;
pub mod dedup;
pub mod labelled;
pub mod network;
pub mod openbench;
pub mod selfplay;
pub mod tune;
