//! Perft through our rules layer (`machack::perft`, which makes moves the way `Game` does,
//! with the Zobrist key update) on the six standard positions and the perft suite file.

use machack::perft::{divide, perft};
use machack::rules::{Game, parse_fen, position_key};
use shakmaty::{Chess, Position};

/// The start position, Kiwipete, and Chess Programming Wiki positions 3 to 6, with
/// counts at a depth that keeps the whole test to a few seconds in release.
const POSITIONS: &[(&str, &str, u32, u64)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "position 4 mirrored",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        4,
        422_333,
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3_894_594,
    ),
];

fn root(fen: &str) -> Chess {
    parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")).0
}

#[test]
fn six_standard_positions() {
    for &(name, fen, depth, want) in POSITIONS {
        let pos = root(fen);
        assert_eq!(perft(&pos, position_key(&pos), depth), want, "{name}");
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos = root(POSITIONS[1].1);
    let split = divide(&pos, position_key(&pos), 3);
    assert_eq!(split.len(), 48);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
}

/// Perft by playing and taking back every move on a `Game`, checking at every node that
/// the incrementally kept key is the key computed from scratch.
fn game_perft(game: &mut Game, depth: u32) -> u64 {
    assert_eq!(game.key(), position_key(game.position()));
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in game.position().legal_moves() {
        assert!(game.play(m));
        nodes += game_perft(game, depth - 1);
        assert_eq!(game.undo(), Some(m));
    }
    nodes
}

#[test]
fn game_keeps_keys_right_through_perft() {
    let depths = [3, 3, 4, 3, 3, 3, 3];
    let want = [8_902, 97_862, 43_238, 9_467, 9_467, 62_379, 89_890];
    for (i, &(name, fen, _, _)) in POSITIONS.iter().enumerate() {
        let mut game = Game::new(root(fen));
        assert_eq!(game_perft(&mut game, depths[i]), want[i], "{name}");
    }
}

/// The perft suite (`FEN ;D1 n ;D2 n ...`), every depth whose count is at most the cap.
#[test]
fn perft_suite_with_node_cap() {
    const NODE_CAP: u64 = 1_000_000;
    let text = include_str!("data/perftsuite.epd");
    let (mut lines, mut runs) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split(';');
        let pos = root(fields.next().unwrap());
        let key = position_key(&pos);
        for field in fields {
            let (depth, count) = field.trim().split_once(' ').unwrap();
            let depth: u32 = depth.trim_start_matches('D').parse().unwrap();
            let count: u64 = count.trim().parse().unwrap();
            if count <= NODE_CAP {
                assert_eq!(perft(&pos, key, depth), count, "{line} depth {depth}");
                runs += 1;
            }
        }
        lines += 1;
    }
    assert_eq!(lines, 126);
    assert!(runs > 400, "only {runs} counts checked");
}

#[test]
fn game_keys_right_on_every_suite_position() {
    // The suite is rich in castling rights, en passant and promotions: every incremental
    // key two plies deep must equal the key from scratch.
    let text = include_str!("data/perftsuite.epd");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap();
        let (depth, want): (u32, u64) = line
            .split(';')
            .nth(2)
            .and_then(|f| f.trim().split_once(' '))
            .map(|(d, n)| {
                (
                    d.trim_start_matches('D').parse().unwrap(),
                    n.parse().unwrap(),
                )
            })
            .unwrap();
        let mut game = Game::new(root(fen));
        assert_eq!(game_perft(&mut game, depth), want, "{fen}");
    }
}
