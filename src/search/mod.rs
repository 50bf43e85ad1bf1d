//! The searches, behind one interface: [`Search`] is what the engine drives, and
//! [`PROFILES`] lists the profiles a user can choose, one row each.
//!
//! - `mac_hack`: the search of 1967 (docs/design.md §6), the `1967` and `1967-tournament` profiles.
//! - `modern`: the modern profile's search and evaluator.
//! - Below both: the [`Search`] interface and its [`Settings`] (`interface`); this file,
//!   the profile table, is the one place that names the searches.
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
pub mod interface;
pub mod limits;
pub mod mac_hack;
pub mod modern;
pub mod packed;
pub mod result;
pub mod stats;
pub mod wdl;

pub use crate::score::{Bound, MATE, MAX_PLY, Score};
pub use interface::{
    DEFAULT_ELO, DEFAULT_HASH_MIB, MAX_ELO, MAX_MULTIPV, MAX_THREADS, MIN_ELO, Search, Settings,
    Tuning,
};
pub use limits::Limits;
pub use result::{
    CURRMOVE_AFTER, CurrMove, Evaluator, Info, NoLegalMove, PvLine, RootMove, SearchResult,
};
pub use stats::{ModernStats, Statistics, Stats};

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
    use crate::rules::Game;
    use shakmaty::Position;
    use std::sync::atomic::AtomicBool;

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
