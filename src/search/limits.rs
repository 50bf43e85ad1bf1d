//! When a search stops: the limits a protocol or a tool sets on one search. Every field is
//! optional; a search stops at the first limit reached or when its stop flag is raised.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// The limits a search's nodes watch: its stop flag, node budget and hard deadline. Each
/// search decides how often it looks at each (the clock costs most).
#[derive(Debug, Clone, Copy)]
pub struct Budget<'a> {
    stop: &'a AtomicBool,
    max_nodes: u64,
    deadline: Option<Instant>,
}

impl<'a> Budget<'a> {
    pub fn new(limits: &Limits, stop: &'a AtomicBool) -> Budget<'a> {
        Budget {
            stop,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.deadline,
        }
    }

    /// Whether the stop flag is raised.
    #[inline]
    pub fn told(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether `nodes` have used up the node budget.
    #[inline]
    pub fn spent(&self, nodes: u64) -> bool {
        nodes >= self.max_nodes
    }

    /// Whether the deadline has passed (reads the clock).
    #[inline]
    pub fn late(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
