//! The bench: fixed positions searched with one profile (`modern` unless asked otherwise)
//! to the profile's bench depth, with a fresh search and one thread, so the count is the
//! same every run and on every machine. The modern profile's total node count is the bench
//! signature: it changes only when the search or its knowledge changes, commit messages of
//! such changes end with `Bench: N`, and OpenBench workers refuse a build whose bench
//! differs from its commit's (docs/openbench.md). [`SIGNATURE`] keeps the count in the
//! source, so a change of play shows in the diff that makes it.

use std::sync::atomic::AtomicBool;

use super::{Limits, Profile, SearchResult, Settings};
use crate::rules::{Game, parse_fen};

/// The profile benched unless another is named.
pub const BENCH_PROFILE: &str = "modern";

/// The node count of the bench of [`BENCH_PROFILE`] with the embedded network: the
/// `Bench: N` of the commit. A test holds the bench to it; a change of play changes both.
pub const SIGNATURE: u64 = 831_243;

/// The bench positions: openings, middlegames (some from Win at Chess), endgames.
pub const BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "rnbqk2r/ppp1ppbp/3p1np1/8/2PPP3/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
    "5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - - 0 1",
    "r3nrk1/2p2p1p/p1p1b1p1/2NpPq2/3R4/P1N1Q3/1PP2PPP/4R1K1 w - - 0 1",
    "r2q3k/p2P3p/1p3p2/3QP1r1/8/B7/P5PP/2R3K1 w - - 0 1",
    "6k1/6p1/p7/3Pn3/5p2/4rBqP/P4RP1/5QK1 b - - 0 1",
    "r1brnbk1/ppq2pp1/4p2p/4N3/3P4/P1PB1Q2/3B1PPP/R3R1K1 w - - 0 1",
    "3rr1k1/ppqbRppp/2p5/8/3Q1n2/2P3N1/PPB2PPP/3R2K1 w - - 0 1",
    "r1b1k1nr/pp3pQp/4pq2/3pn3/8/P1P5/2P2PPP/R1B1KBNR w KQkq - 0 1",
    "rnbqkb1r/1p3ppp/5N2/1p2p1B1/2P5/8/PP2PPPP/R2QKB1R b KQkq - 0 1",
    "r1b1k2r/1pp1q2p/p1n3p1/3QPp2/8/1BP3B1/P5PP/3R1RK1 w kq - 0 1",
    "2r3k1/q4ppp/p3p3/pnNp4/2rP4/2P2P2/4R1PP/2R1Q1K1 b - - 0 1",
    "2r1b3/1pp1qrk1/p1n1P1p1/7R/2B1p3/4Q1P1/PP3PP1/3R2K1 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
    "8/p1q2pkp/2Pr2p1/8/P3Q3/6P1/5P1P/2R3K1 w - - 0 1",
    "8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/1p1k4/1P6/2K5/8/8/8 w - - 0 1",
    "4r1k1/pp3ppp/8/3p4/3P4/2P5/PP3PPP/4R1K1 w - - 0 1",
    "8/5pk1/6p1/8/4Q3/6P1/5P1K/3q4 w - - 0 1",
];

/// Searches every bench position `depth` plies deep with a fresh search of `profile`,
/// calling `each` with the position's index and result. Returns the total node count.
pub fn run(profile: &Profile, depth: u32, mut each: impl FnMut(usize, &SearchResult)) -> u64 {
    let mut searcher = (profile.make)();
    searcher.configure(&Settings::default());
    let stop = AtomicBool::new(false);
    let limits = Limits::to_depth(depth);
    let mut nodes = 0;
    for (i, fen) in BENCH_POSITIONS.iter().enumerate() {
        // Every position parses and has a move: the test below keeps it so.
        let Ok((pos, _)) = parse_fen(fen) else {
            continue;
        };
        let Ok(r) = searcher.search(&Game::new(pos), &limits, &stop, &mut |_| {}) else {
            continue;
        };
        nodes += r.nodes;
        each(i, &r);
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn every_position_is_legal_and_has_moves() {
        for fen in BENCH_POSITIONS {
            let (pos, warnings) = parse_fen(fen).unwrap();
            assert!(
                warnings.is_empty() && !pos.legal_moves().is_empty(),
                "{fen}"
            );
        }
    }

    /// Fails when the search plays differently: then set [`SIGNATURE`] to the new count
    /// and end the commit message with `Bench: N`. (tests/openbench.rs counts it again in
    /// another process.)
    #[test]
    #[cfg_attr(
        debug_assertions,
        ignore = "minutes in a debug build; the release tests run it"
    )]
    fn the_bench_counts_the_signature() {
        let profile = super::super::profile(BENCH_PROFILE).unwrap();
        let nodes = run(profile, profile.bench_depth, |_, _| {});
        assert_eq!(nodes, SIGNATURE, "the bench changed: a change of play");
    }

    #[test]
    fn the_total_is_the_sum_of_the_searches() {
        let mut sum = 0;
        let mut seen = 0;
        let profile = super::super::profile(BENCH_PROFILE).unwrap();
        let total = run(profile, 1, |_, r| {
            sum += r.nodes;
            seen += 1;
        });
        assert_eq!((total, seen), (sum, BENCH_POSITIONS.len()));
    }
}
