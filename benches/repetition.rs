//! Cost per node of each repetition method (docs/design.md §10), along random search-like lines.
//!
//! One game history (a random game with many reversible moves), and from its last
//! position as root a fixed set of random lines, as a search would walk them. One "node"
//! is: enter the position after a move, ask the method, and (later) leave it again. The
//! `make` row is the cost of making the move itself (copy, play, key update), for scale.
//!
//! `cargo bench --bench repetition -- --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use machack::repetition::belle::OpenFlagTable;
use machack::repetition::cuckoo::Upcoming;
use machack::repetition::moves::{MoveRepetition, Variant};
use machack::repetition::rookie::RepetitionTable;
use machack::repetition::zarkov::Zarkov;
use machack::repetition::{Detector, DrawRule, History};
use machack::rules::{Game, key_after};
use shakmaty::{Chess, Move, Position};

#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

/// A random move, often the one that takes back the side's previous move.
fn pick(rng: &mut Rng, pos: &Chess, previous: Option<Move>) -> Option<Move> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    if let Some(p) = previous
        && rng.below(100) < 30
        && let Some(&m) = legal
            .iter()
            .find(|m| !m.is_castle() && m.from() == Some(p.to()) && Some(m.to()) == p.from())
    {
        return Some(m);
    }
    Some(legal[rng.below(legal.len())])
}

/// A line: each step's position before, move, position after and key after.
type Line = Vec<(Chess, Move, Chess, u64)>;

fn setup() -> (Game, Vec<Line>) {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut game = Game::default();
    // A game of at least 80 plies whose last ten or more were reversible, so that the
    // methods have a stretch of history to look through (a middlegame root after some
    // manoeuvring; at a root just after a capture every method is nearly free).
    while game.moves().len() < 80 || (game.position().halfmoves() < 10 && game.moves().len() < 400)
    {
        let previous = game.moves().len().checked_sub(2).map(|i| game.moves()[i]);
        match pick(&mut rng, game.position(), previous) {
            Some(m) => {
                game.play(m);
            }
            None => break,
        }
    }
    let mut lines = Vec::new();
    for _ in 0..400 {
        let mut pos = game.position().clone();
        let mut key = game.key();
        let mut line: Line = Vec::new();
        for _ in 0..12 {
            let previous = line.len().checked_sub(2).map(|i| line[i].1);
            let Some(m) = pick(&mut rng, &pos, previous) else {
                break;
            };
            let mut after = pos.clone();
            after.play_unchecked(m);
            key = key_after(&pos, key, m, &after);
            line.push((pos.clone(), m, after.clone(), key));
            pos = after;
        }
        lines.push(line);
    }
    (game, lines)
}

fn walk<D: Detector>(d: &mut D, lines: &[Line]) -> usize {
    let mut hits = 0;
    for line in lines {
        for (before, m, after, key) in line {
            d.enter(before, *m, after, *key);
            hits += usize::from(d.detects(black_box(after)));
        }
        for _ in line {
            d.leave();
        }
    }
    hits
}

/// The fastest of many timed walks, per node: on a shared machine the minimum is the
/// figure least disturbed by other jobs (printed beside criterion's statistics).
fn minimum_ns(nodes: usize, mut f: impl FnMut() -> usize) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..400 {
        let t = std::time::Instant::now();
        black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best * 1e9 / nodes as f64
}

fn print_minimums(game: &Game, lines: &[Line], nodes: usize) {
    let mut table = Vec::new();
    table.push((
        "make (for scale)",
        minimum_ns(nodes, || {
            let mut sum = 0u64;
            for line in lines {
                for (before, m, _, key) in line {
                    let mut after = before.clone();
                    after.play_unchecked(*m);
                    sum ^= key_after(before, *key, *m, &after);
                }
            }
            sum as usize
        }),
    ));
    let mut h = History::new(game);
    table.push((
        "1 keys: is_draw(Modern)",
        minimum_ns(nodes, || {
            let mut hits = 0;
            for line in lines {
                for (_, _, after, key) in line {
                    h.push(after, *key);
                    hits += usize::from(h.is_draw(DrawRule::Modern));
                }
                for _ in line {
                    h.pop();
                }
            }
            hits
        }),
    ));
    let mut d = History::new(game);
    table.push((
        "1 keys: occurrences > 1",
        minimum_ns(nodes, || walk(&mut d, lines)),
    ));
    let mut d = Zarkov::new(game);
    table.push(("2 zarkov", minimum_ns(nodes, || walk(&mut d, lines))));
    let mut d = RepetitionTable::new(game);
    table.push(("3 rookie table", minimum_ns(nodes, || walk(&mut d, lines))));
    let mut d = MoveRepetition::new(game, Variant::Paper);
    table.push(("4 moves (paper)", minimum_ns(nodes, || walk(&mut d, lines))));
    let mut d = MoveRepetition::new(game, Variant::Agreeing);
    table.push((
        "4 moves (agreeing)",
        minimum_ns(nodes, || walk(&mut d, lines)),
    ));
    let mut d = OpenFlagTable::new(game, OpenFlagTable::BITS);
    table.push((
        "5 belle open flag",
        minimum_ns(nodes, || walk(&mut d, lines)),
    ));
    let mut d = Upcoming::new(game);
    table.push((
        "6 cuckoo upcoming",
        minimum_ns(nodes, || walk(&mut d, lines)),
    ));
    let make = table[0].1;
    eprintln!("| method | fastest ns per node | x make |");
    eprintln!("|---|---|---|");
    for (name, ns) in table {
        eprintln!("| {name} | {ns:.1} | {:.2} |", ns / make);
    }
}

fn bench(c: &mut Criterion) {
    let (game, lines) = setup();
    let nodes: usize = lines.iter().map(Vec::len).sum();
    let mut probe = History::new(&game);
    eprintln!(
        "{nodes} nodes per iteration; root after {} plies, {} plies since the last pawn move or capture",
        game.moves().len(),
        {
            use machack::repetition::Detector;
            probe.start(&game);
            probe.reach()
        }
    );
    print_minimums(&game, &lines, nodes);
    let mut group = c.benchmark_group("repetition per node");
    group.throughput(Throughput::Elements(nodes as u64));

    group.bench_function("make (for scale)", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for line in &lines {
                for (before, m, _, key) in line {
                    let mut after = before.clone();
                    after.play_unchecked(*m);
                    sum ^= key_after(before, *key, *m, &after);
                }
            }
            sum
        })
    });
    let mut history = History::new(&game);
    group.bench_function("1 keys: is_draw(Modern)", |b| {
        b.iter(|| {
            let mut hits = 0;
            for line in &lines {
                for (_, _, after, key) in line {
                    history.push(after, *key);
                    hits += usize::from(history.is_draw(DrawRule::Modern));
                }
                for _ in line {
                    history.pop();
                }
            }
            hits
        })
    });
    let mut d = History::new(&game);
    group.bench_function("1 keys: occurrences > 1", |b| {
        b.iter(|| walk(&mut d, &lines))
    });
    let mut d = Zarkov::new(&game);
    group.bench_function("2 zarkov", |b| b.iter(|| walk(&mut d, &lines)));
    let mut d = RepetitionTable::new(&game);
    group.bench_function("3 rookie table", |b| b.iter(|| walk(&mut d, &lines)));
    let mut d = MoveRepetition::new(&game, Variant::Paper);
    group.bench_function("4 moves (paper)", |b| b.iter(|| walk(&mut d, &lines)));
    let mut d = MoveRepetition::new(&game, Variant::Agreeing);
    group.bench_function("4 moves (agreeing)", |b| b.iter(|| walk(&mut d, &lines)));
    let mut d = OpenFlagTable::new(&game, OpenFlagTable::BITS);
    group.bench_function("5 belle open flag", |b| b.iter(|| walk(&mut d, &lines)));
    let mut d = Upcoming::new(&game);
    group.bench_function("6 cuckoo upcoming", |b| b.iter(|| walk(&mut d, &lines)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
