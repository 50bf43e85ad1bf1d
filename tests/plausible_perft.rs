//! Perft through the plausible move generator (docs/style.md point 9): recursing over the
//! generator's output must count exactly what plain perft counts, so the generator can
//! never lose or invent a move.

use machack::attack::Analysis;
use machack::plausible::{self, Context, PlausibleList};
use machack::rules::{parse_fen, position_key};
use shakmaty::{Chess, Position};

fn perft_plausible(pos: &Chess, depth: u32, level: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let analysis = Analysis::new(pos);
    let ctx = Context {
        level,
        ..Context::default()
    };
    let mut list = PlausibleList::new();
    plausible::generate(pos, &analysis, &ctx, &mut list);
    assert_eq!(list.len(), pos.legal_moves().len());
    for w in list.windows(2) {
        assert!(w[0].score >= w[1].score, "not sorted");
    }
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|pm| {
            let after = pos
                .clone()
                .play(pm.mv)
                .expect("the generator gave an illegal move");
            perft_plausible(&after, depth - 1, level + 1)
        })
        .sum()
}

fn check(fen: &str, depth: u32) {
    let (pos, _) = parse_fen(fen).unwrap();
    let plain = machack::perft::perft(&pos, position_key(&pos), depth);
    assert_eq!(
        perft_plausible(&pos, depth, 1),
        plain,
        "{fen} depth {depth}"
    );
}

#[test]
fn start_position() {
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
    );
}

#[test]
fn kiwipete() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    );
}

#[test]
fn cpw_position_3() {
    check("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5);
}

#[test]
fn cpw_position_4() {
    check(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
    );
}

#[test]
fn cpw_position_5() {
    check(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        3,
    );
}

#[test]
fn cpw_position_6() {
    check(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        3,
    );
}
