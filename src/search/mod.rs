//! The searches, behind one interface: [`Search`] is what the engine drives, and
//! [`PROFILES`] lists the profiles a user can choose, one row each.
//!
//! - `mac_hack`: the search of 1967 (docs/design.md §6), the `1967` and `1967-tournament` profiles.
//! - Shared by every search: the limits (`limits`), what a search reports (`result`), the
//!   1967 hash table (`hash`), moves packed in 16 bits for the hash tables (`packed`) and
//!   the statistics (`stats`). Values, mates and bounds are `crate::score`'s; repetitions
//!   are scored through `crate::repetition`.
//! - `bench`: the fixed positions whose node count signs every functional change.
//!
//! A new search is a module beside `mac_hack` that implements [`Search`], and one row of
//! [`PROFILES`].

pub mod bench;
pub mod hash;
pub mod limits;
pub mod mac_hack;
pub mod modern;
pub mod packed;
pub mod result;
pub mod stats;
pub mod wdl;

use std::sync::atomic::AtomicBool;

use crate::rules::Game;

pub use crate::score::{Bound, MATE, MAX_PLY, Score};
pub use limits::Limits;
pub use mac_hack::Tuning;
pub use result::{
    CURRMOVE_AFTER, CurrMove, Evaluator, Info, NoLegalMove, PvLine, RootMove, SearchResult,
};
pub use stats::{ModernStats, Statistics, Stats};

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
/// ...and the strongest; above it, full strength.
pub const MAX_ELO: u32 = 2600;
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
    pub mac_hack: mac_hack::Tuning,
    /// The modern search's parameters (its tunables are engine options).
    pub modern: modern::Params,
    /// The modern search's evaluation network from a file (`EvalFile`; None: the
    /// embedded one).
    pub network: Option<modern::network::NetFile>,
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
            mac_hack: mac_hack::Tuning::default(),
            modern: modern::Params::MODERN,
            network: None,
        }
    }
}

/// One profile a user can choose: a search and its settings, by name.
pub struct Profile {
    pub name: &'static str,
    /// One line for `Profile` option help and error messages.
    pub description: &'static str,
    /// A fresh search of this profile (empty hash table, the profile's parameters).
    pub make: fn() -> Box<dyn Search>,
    /// The depth `machack bench` searches its positions to with this profile, and a `go`
    /// with no limit at all.
    pub bench_depth: u32,
}

impl std::fmt::Debug for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Every profile (docs/design.md §1), one row each.
pub const PROFILES: &[Profile] = &[
    Profile {
        name: "1967",
        description: "the 1967 search at the paper's normal settings (depth 4, width 6)",
        make: mac_hack::MacHack::normal,
        bench_depth: 4,
    },
    Profile {
        name: "1967-tournament",
        description: "the 1967 search at the paper's tournament settings (depth 5, widths 15, 15, 9, 9, 7)",
        make: mac_hack::MacHack::tournament,
        bench_depth: 5,
    },
    Profile {
        name: "modern",
        description: "Mac Hack's knowledge in a modern search (iterative deepening, PVS, transposition table, null move, reductions) that uses its clock",
        make: modern::Searcher::profile,
        bench_depth: 12,
    },
];

/// The profile an engine plays (UCI, xboard, the command line) unless the `Profile`
/// option says otherwise. The console opens with the paper's own tournament profile.
pub const DEFAULT_PROFILE: &str = "modern";

/// The profile called `name` (case-insensitive).
pub fn profile(name: &str) -> Option<&'static Profile> {
    PROFILES.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

/// The names of every profile, comma-separated, for messages.
pub fn profile_names() -> String {
    PROFILES
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn every_profile_searches_and_unknown_ones_do_not_exist() {
        let game = Game::default();
        let stop = AtomicBool::new(false);
        let limits = Limits::to_depth(1);
        for p in PROFILES {
            let mut s = (p.make)();
            s.configure(&Settings::default());
            let r = s.search(&game, &limits, &stop, &mut |_| {}).unwrap();
            assert!(game.position().is_legal(r.best), "{}", p.name);
        }
        assert!(profile(DEFAULT_PROFILE).is_some());
        assert_eq!(
            profile("1967-TOURNAMENT").map(|p| p.name),
            Some("1967-tournament")
        );
        assert!(profile("1968").is_none());
    }

    #[test]
    fn no_legal_move_is_an_error() {
        let (pos, _) = crate::rules::parse_fen("7k/5QQ1/8/8/8/8/8/K7 b - - 0 1").unwrap();
        let stop = AtomicBool::new(false);
        let r =
            (PROFILES[0].make)().search(&Game::new(pos), &Limits::default(), &stop, &mut |_| {});
        assert_eq!(r.unwrap_err(), NoLegalMove);
    }
}
