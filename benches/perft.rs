//! Perft through our rules layer (clone, play, Zobrist key update) beside shakmaty's own
//! `perft` on the same positions: the layer should cost under 10%.
//!
//! `cargo bench --bench perft -- --measurement-time 3`; throughput is in nodes (leaves)
//! per second.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use machack::rules::{parse_fen, position_key};

const POSITIONS: &[(&str, &str, &[u32])] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[4, 5],
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[3, 4],
    ),
];

fn perft(c: &mut Criterion) {
    for &(name, fen, depths) in POSITIONS {
        let pos = parse_fen(fen).expect("a good FEN").0;
        let key = position_key(&pos);
        let mut group = c.benchmark_group(format!("perft/{name}"));
        group.sample_size(10);
        for &depth in depths {
            let nodes = shakmaty::perft(&pos, depth);
            group.throughput(Throughput::Elements(nodes));
            group.bench_with_input(BenchmarkId::new("machack", depth), &depth, |b, &d| {
                b.iter(|| machack::perft::perft(black_box(&pos), key, d))
            });
            group.bench_with_input(BenchmarkId::new("shakmaty", depth), &depth, |b, &d| {
                b.iter(|| shakmaty::perft(black_box(&pos), d))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, perft);
criterion_main!(benches);
