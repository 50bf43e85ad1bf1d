//! When a search stops: the limits a protocol or a tool sets on one search. Every field is
//! optional; a search stops at the first limit reached or when its stop flag is raised.

use std::sync::Arc;
use std::time::Instant;

use shakmaty::Move;

use crate::tablebase::Tablebases;

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
    /// Soft deadline: the time a search that manages its own clock aims to stop near (it
    /// may stop sooner or, when the position is unclear, later, never past `deadline`).
    /// A search that does not ([`super::Search::keeps_time`]) leaves it to the engine.
    pub soft: Option<Instant>,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
    /// Iterate deeper (depth 1, 2, ...) until stopped, a limit, or `depth` if given,
    /// instead of searching once to the profile's depth: analysis, and timed play with
    /// the `Deepen` option. A search that always deepens (modern) ignores it.
    pub deepen: bool,
    /// Report the root move being searched (an [`super::Info`] with `currmove`) once the
    /// search has run [`super::CURRMOVE_AFTER`] (UCI's `currmove`).
    pub currmove: bool,
    /// Syzygy tables a search may probe inside the tree (the modern search does).
    pub tablebases: Option<Arc<Tablebases>>,
}

impl Limits {
    /// A search to `depth` plies and no other limit.
    pub fn to_depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
}
