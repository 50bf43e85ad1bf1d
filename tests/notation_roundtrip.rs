//! Descriptive notation round trip over positions from seeded random games: for every
//! legal move, reading the written form gives the move back, and the written form is the
//! shortest description in the move's description set that names no other legal move.

use std::collections::HashMap;

use machack::notation::descriptive::{descriptions, shortest};
use machack::notation::{Notation, read_move, write_move};
use shakmaty::{Chess, Move, Position};

/// A tiny xorshift64 generator: reproducible random games without a dependency.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `count` positions from random games (each at most 160 plies), in a fixed order.
fn random_positions(seed: u64, count: usize) -> Vec<Chess> {
    let mut rng = XorShift(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Chess::default();
        for _ in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() || out.len() == count {
                break;
            }
            out.push(pos.clone());
            // Prefer captures and promotions a little, so games reach endings with
            // promoted pieces and doubled pawns, where qualifiers are hard.
            let m = moves[rng.below(moves.len())];
            let m = if !m.is_capture() && rng.below(3) == 0 {
                moves
                    .iter()
                    .copied()
                    .find(|m| m.is_capture() || m.is_promotion())
                    .unwrap_or(m)
            } else {
                m
            };
            pos.play_unchecked(m);
        }
    }
    out
}

fn check_position(pos: &Chess, counts: &mut Counts) {
    let legal = pos.legal_moves();
    // The description set of every legal move, as text, and which moves each text names.
    let sets: Vec<Vec<String>> = legal
        .iter()
        .map(|&m| descriptions(pos, m).iter().map(|d| d.text()).collect())
        .collect();
    let mut named: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, set) in sets.iter().enumerate() {
        for t in set {
            named.entry(t.as_str()).or_default().push(i);
        }
    }
    for (i, &m) in legal.iter().enumerate() {
        let written = write_move(pos, m, Notation::Descriptive);
        assert_eq!(
            read_move(pos, &written),
            Ok(m),
            "'{written}' in {}",
            machack::notation::fen_of(pos)
        );
        let base = shortest(pos, m).text();
        assert!(written.starts_with(&base), "{written} vs {base}");
        assert_eq!(named[base.as_str()], [i], "{base} is not unique");
        for t in &sets[i] {
            if t.len() < base.len() {
                assert_ne!(
                    named[t.as_str()],
                    [i],
                    "'{t}' is shorter than '{base}' and unique in {}",
                    machack::notation::fen_of(pos)
                );
            }
        }
        // SAN and coordinates come back too.
        for n in [Notation::San, Notation::Uci] {
            assert_eq!(read_move(pos, &write_move(pos, m, n)), Ok(m));
        }
        counts.moves += 1;
        counts.qualified += usize::from(base.contains('/'));
        counts.en_passant += usize::from(m.is_en_passant());
        counts.promotions += usize::from(m.is_promotion());
    }
}

#[derive(Default, Debug)]
struct Counts {
    moves: usize,
    qualified: usize,
    en_passant: usize,
    promotions: usize,
}

#[test]
fn descriptive_round_trip_over_20000_positions() {
    let positions = random_positions(0x5eed_1967, 20_000);
    let mut counts = Counts::default();
    for pos in &positions {
        check_position(pos, &mut counts);
    }
    // The sample must reach the hard cases, or the test proves little.
    assert!(counts.moves > 300_000, "{counts:?}");
    assert!(counts.qualified > 100, "{counts:?}");
    assert!(counts.en_passant > 20, "{counts:?}");
    assert!(counts.promotions > 100, "{counts:?}");
    eprintln!("{counts:?}");
}

#[test]
fn black_and_white_mirror() {
    // The same move seen from either side is written the same way.
    let positions = random_positions(42, 500);
    for pos in &positions {
        let mirrored = mirror(pos);
        for m in pos.legal_moves() {
            let mm: Move = m.to_mirrored();
            assert_eq!(
                write_move(pos, m, Notation::Descriptive),
                write_move(&mirrored, mm, Notation::Descriptive)
            );
        }
    }
}

fn mirror(pos: &Chess) -> Chess {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode, FromSetup};
    let setup = Fen::from_position(pos, EnPassantMode::Legal)
        .into_setup()
        .into_mirrored();
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .expect("a mirrored legal position is legal")
}
