//! What the engine drives: the [`Search`] interface every search implements and the
//! [`Settings`] (the engine options a search reads) it is configured with. Below the
//! searches: each imports it, none is named here but for the knobs of its own that
//! `Settings` carries.

use std::sync::atomic::AtomicBool;

use super::limits::Limits;
use super::modern::network::NetFile;
use super::modern::params::Params;
use super::result::{Info, NoLegalMove, SearchResult};
use crate::rules::Game;

/// A search the engine can drive. It is deterministic unless its settings say otherwise,
/// stops soon after `stop` is raised (answering with the best move found so far), and
/// reports progress through `info`, the last report matching the result.
pub trait Search: Send {
    /// Applies the settings (the engine options a search reads); takes effect at the next
    /// search. Settings a search has no use for are ignored.
    fn configure(&mut self, settings: &Settings);

    /// Empties the hash table.
    fn clear_hash(&mut self);

    /// Searches the current position of `game` within `limits`. Fails only when the
    /// position has no legal move.
    fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, NoLegalMove>;

    /// Whether the search decides itself when to stop before the hard deadline, from
    /// [`Limits::soft`]; otherwise the engine stops it at the first progress report past
    /// the soft limit.
    fn keeps_time(&self) -> bool {
        false
    }
}

/// The most lines `MultiPV` may ask for.
pub const MAX_MULTIPV: u32 = 64;

/// The hash size a search gets unless the `Hash` option says otherwise, in MiB.
pub const DEFAULT_HASH_MIB: u32 = 16;

/// The most search threads (`Threads`).
pub const MAX_THREADS: usize = 64;

/// The weakest strength [`Settings::strength`] may name (`UCI_Elo`)...
pub const MIN_ELO: u32 = 1000;
/// ...and the strongest (a value above it is read as it).
pub const MAX_ELO: u32 = 2500;
/// The strength `UCI_Elo` starts at.
pub const DEFAULT_ELO: u32 = 1500;

/// The engine options a search reads, set through [`Search::configure`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Depth in plies instead of the profile's.
    pub depth: Option<u32>,
    /// A width schedule instead of the profile's (top level first; the last entry holds
    /// below).
    pub widths: Option<Vec<u32>>,
    /// Memory for the hash table, in MiB.
    pub hash_mib: u32,
    /// How much worse than 0 a draw is for the side that started the search (pawn = 128).
    pub contempt: i32,
    /// Search threads.
    pub threads: u32,
    /// How many best lines to find, each with its exact value (UCI `MultiPV`, from 1).
    pub multipv: u32,
    /// Probe the tablebases inside the tree only this many plies or more from the leaves
    /// (`SyzygyProbeDepth`).
    pub syzygy_probe_depth: u32,
    /// Whether a win the fifty-move rule frustrates (and a loss it saves) scores as a draw
    /// (`Syzygy50MoveRule`).
    pub syzygy_50_move_rule: bool,
    /// Play at this strength (an Elo on Stockfish's `UCI_Elo` scale, [`MIN_ELO`] to
    /// [`MAX_ELO`]) instead of full strength; read by the modern search.
    pub strength: Option<u32>,
    /// The 1967 search's own knobs (tools and tests).
    pub mac_hack: Tuning,
    /// The modern search's parameters (its tunables are engine options).
    pub modern: Params,
    /// The modern search's evaluation network from a file (`EvalFile`; None: the
    /// embedded one).
    pub network: Option<NetFile>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            depth: None,
            widths: None,
            hash_mib: DEFAULT_HASH_MIB,
            contempt: 0,
            threads: 1,
            multipv: 1,
            syzygy_probe_depth: 1,
            syzygy_50_move_rule: true,
            strength: None,
            mac_hack: Tuning::default(),
            modern: Params::MODERN,
            network: None,
        }
    }
}

/// The 1967 knobs a tool may turn beyond the common settings (the command line's
/// `--hash`, `--feedovers`, `--secondary`, `--investigate`); `None` keeps the profile's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tuning {
    /// Hash table size in entries (instead of the profile's, whatever `Hash` allows).
    pub hash_entries: Option<usize>,
    /// At most this many feedovers along one line.
    pub max_feedovers: Option<u32>,
    /// Depth of the secondary search (0: off).
    pub secondary_depth: Option<u32>,
    /// Also search every move the generator flags INVESTIGATE.
    pub investigate: Option<bool>,
}
