//! Deep lines on a small stack: long checking sequences (a queen and rook hunting a bare
//! king, perpetual-check positions) and promotion races, searched with the search on a
//! thread of 256 KiB of stack — an eighth of Rust's default for spawned threads — down to
//! `MAX_PLY`. A stack overflow aborts the test process, so passing means no line, however
//! long its checks, captures, feedovers and secondary search, outgrows the stack.

use std::sync::atomic::AtomicBool;
use std::thread;

use machack::rules::{Game, parse_fen};
use machack::search::mac_hack::{MacHack, Params};
use machack::search::{Limits, MAX_PLY, Search};
use shakmaty::Position;

const STACK: usize = 256 * 1024;

/// Positions full of checks and promotions.
const DEEP: &[(&str, &str)] = &[
    (
        "queen and rook hunt a bare king",
        "7k/8/8/8/8/8/8/KQR5 w - - 0 1",
    ),
    (
        "two queens: checks everywhere",
        "k7/8/8/8/8/8/8/KQQ5 w - - 0 1",
    ),
    (
        "perpetual check against a queen up",
        "6k1/5p1p/6p1/8/8/8/1q3PPP/3Q2K1 b - - 0 1",
    ),
    (
        "both sides promote, with check",
        "8/5P1k/8/8/8/8/1p5K/8 w - - 0 1",
    ),
    (
        "pawn race, four passers",
        "8/PPk5/8/8/8/8/4Kpp1/8 b - - 0 1",
    ),
    (
        "queens and knights around both kings",
        "3k4/8/8/1Nq5/5Q2/8/6n1/4K3 w - - 0 1",
    ),
    (
        "underpromotion race",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ),
];

/// Searches every `DEEP` position with `params` on a `STACK`-byte thread; returns the
/// deepest ply reached.
fn on_small_stack(params: Params, nodes: u64) -> u32 {
    thread::Builder::new()
        .name("deep-search".into())
        .stack_size(STACK)
        .spawn(move || {
            let mut searcher = MacHack::new(params);
            let mut deepest = 0;
            for (name, fen) in DEEP {
                let (pos, _) = parse_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
                let game = Game::new(pos.clone());
                let stop = AtomicBool::new(false);
                let limits = Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                };
                let r = searcher
                    .search(&game, &limits, &stop, &mut |_| {})
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                assert!(
                    pos.is_legal(r.best),
                    "{name}: {} is illegal",
                    machack::notation::uci(r.best)
                );
                deepest = deepest.max(r.stats.seldepth());
            }
            deepest
        })
        .expect("spawn the small-stack thread")
        .join()
        .expect("the search overflowed a 256 KiB stack or panicked")
}

#[test]
fn the_1967_profiles_fit_in_256_kib() {
    let normal = on_small_stack(Params::mac_hack_1967(), 40_000);
    let tournament = on_small_stack(Params::mac_hack_1967_tournament(), 40_000);
    assert!(normal >= 4 && tournament >= 5, "{normal} {tournament}");
}

#[test]
fn a_line_to_max_ply_fits_in_256_kib() {
    // Width 1 and a depth past MAX_PLY send the first line (checks first, as the plausible
    // move generator orders them) as deep as the search lets any line go.
    let params = Params {
        depth: MAX_PLY as u32 + 8,
        widths: vec![1],
        ..Params::mac_hack_1967()
    };
    let deepest = on_small_stack(params, 20_000);
    assert!(
        deepest as usize >= MAX_PLY / 2,
        "the deepest line reached only ply {deepest}"
    );
}

#[test]
fn long_checking_lines_with_feedovers_fit_in_256_kib() {
    // Narrow but deep, every feedover allowed along the line.
    let params = Params {
        depth: 24,
        widths: vec![2, 1],
        max_feedovers: 8,
        ..Params::mac_hack_1967()
    };
    let deepest = on_small_stack(params, 30_000);
    assert!(deepest >= 24, "the deepest line reached only ply {deepest}");
}
