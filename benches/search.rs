//! Speed of the 1967 search: the `1967-tournament` profile at depth 3 on a few
//! middlegame positions (the whole set per iteration). Node counts are fixed, so the time
//! is the measure; `machack bench --profile 1967-tournament` gives the depth-5 node count
//! and nodes per second.
//!
//! `cargo bench --bench search -- --measurement-time 3`

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};

use machack::rules::{Game, parse_fen};
use machack::search::mac_hack::{MacHack, Params};
use machack::search::{Limits, Search};

const POSITIONS: [&str; 4] = [
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fn bench(c: &mut Criterion) {
    let games: Vec<Game> = POSITIONS
        .iter()
        .map(|f| Game::new(parse_fen(f).unwrap().0))
        .collect();
    let mut searcher = MacHack::new(Params::mac_hack_1967_tournament());
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    c.bench_function("search_1967_tournament_depth3", |b| {
        b.iter(|| {
            let mut nodes = 0;
            for g in &games {
                if let Ok(r) = searcher.search(g, &limits, &stop, &mut |_| {}) {
                    nodes += r.nodes;
                }
            }
            black_box(nodes)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
