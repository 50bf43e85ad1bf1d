//! Speed of the plausible move generator (issue 5): generations per second, no tracing,
//! on a fixed set of 20 middlegame positions. `cargo bench --bench plausible`.
//! The throughput line reports elements (generations) per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use machack::attack::Analysis;
use machack::plausible::{self, Context, PlausibleList};
use machack::rules::parse_fen;
use std::hint::black_box;

const MIDDLEGAMES: [&str; 20] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
    "r2q1rk1/pp1bbppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2Q1RK1 b - - 4 10",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB1QBPPP/2RR2K1 w - - 0 13",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPPQ2PP/R4R1K w - - 0 14",
    "r2qr1k1/1b1nbppp/pp1ppn2/8/2PNP3/1PN1BP2/P2QB1PP/R4RK1 w - - 2 13",
    "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R1BQK2R w KQkq - 2 8",
    "2kr3r/ppp1qppp/2n1bn2/2b1p3/4P3/2NP1N2/PPPBBPPP/R2Q1RK1 w - - 4 9",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 1 7",
    "rnbq1rk1/ppp1bppp/4pn2/3p2B1/2PP4/2N2N2/PP2PPPP/R2QKB1R w KQ - 4 6",
    "r2q1rk1/ppp2ppp/2n1bn2/2bpp3/4P3/2PP1N2/PP1NBPPP/R1BQ1RK1 w - - 0 8",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2P1PN2/PP1N1PPP/R1BQKB1R w KQkq - 0 6",
    "r3r1k1/pp3pbp/1qp3p1/2B5/2BP2b1/Q1n2N2/P4PPP/3R1K1R b - - 0 17",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 7",
    "rn3rk1/pbppq1pp/1p2pb2/4N2Q/3PN3/3B4/PPP2PPP/R3K2R w KQ - 7 11",
    "r1bq1rk1/pppnbppp/4pn2/3p2B1/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 3 7",
    "3r1rk1/pp3ppp/2n1b3/q1bp4/8/P1N1PN2/1PQ2PPP/R1B1KB1R w KQ - 0 12",
];

fn bench_generate(c: &mut Criterion) {
    let positions: Vec<_> = MIDDLEGAMES
        .iter()
        .map(|f| parse_fen(f).expect("bench FEN").0)
        .collect();
    let analyses: Vec<_> = positions.iter().map(Analysis::new).collect();
    let ctx = Context {
        level: 3,
        game_ply: 30,
        root_game_ply: 28,
        ..Context::default()
    };
    let mut group = c.benchmark_group("plausible");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("generate_20_middlegames", |b| {
        let mut list = PlausibleList::new();
        b.iter(|| {
            for (pos, analysis) in positions.iter().zip(&analyses) {
                plausible::generate(black_box(pos), analysis, &ctx, &mut list);
                black_box(&list);
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench_generate);
criterion_main!(benches);
