//! Speed of the attack analysis and of the static board evaluator on a fixed set of 20
//! middlegame positions (targets: under 2 µs per position for the analysis, under 1 µs
//! for the evaluation). Criterion reports the time for the whole set; divide by 20.
//!
//! `cargo bench --bench eval -- --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

use machack::attack::Analysis;
use machack::eval::{Root, static_board_evaluator};
use machack::feedover::feedover;

/// Middlegame positions from well-known games and test suites (WAC and others).
const POSITIONS: [&str; 20] = [
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "r1bq1rk1/pp3ppp/2nbpn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
    "r1bqk2r/p2p1pp1/2p2n1p/2b1p3/2B1P3/2N5/PPPP1PPP/R1BQK2R w KQkq - 0 8",
    "r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1",
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 0",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1r5/8 w - - 0 1",
    "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
    "r1b1kb1r/pp1n1ppp/2q5/2p3B1/Q1B5/2p5/PP3PPP/R3K1NR w KQkq - 0 1",
    "r4rk1/1p2ppbp/p2p1np1/q1pP4/2P1P1b1/2N1BN2/PP1Q1PPP/R3KB1R w KQ - 0 1",
    "3r1rk1/pp3ppp/2n1b3/q1pp4/8/2PBPN2/P1Q2PPP/R4RK1 w - - 0 1",
    "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 1",
    "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ2PPP/R3KNR1 w Q - 0 1",
    "r4rk1/pp1qbppp/2n1pn2/3p4/2PP4/P1N1PN2/1P2BPPP/R2Q1RK1 b - - 0 1",
];

fn positions() -> Vec<Chess> {
    POSITIONS
        .iter()
        .map(|f| {
            f.parse::<Fen>()
                .expect("a FEN")
                .into_position(CastlingMode::Standard)
                .expect("a legal position")
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let pos = positions();
    let roots: Vec<Root> = pos.iter().map(Root::new).collect();
    let mut g = c.benchmark_group("eval");
    g.throughput(Throughput::Elements(pos.len() as u64));
    g.bench_function("attack_analysis_20", |b| {
        b.iter(|| {
            for p in &pos {
                black_box(Analysis::new(black_box(p)));
            }
        })
    });
    g.bench_function("static_board_evaluator_20", |b| {
        b.iter(|| {
            for (p, r) in pos.iter().zip(&roots) {
                black_box(static_board_evaluator(black_box(p), r));
            }
        })
    });
    g.bench_function("analysis_evaluator_feedover_20", |b| {
        b.iter(|| {
            for (p, r) in pos.iter().zip(&roots) {
                let a = Analysis::new(black_box(p));
                black_box(feedover(p, &a));
                black_box(static_board_evaluator(p, r));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
