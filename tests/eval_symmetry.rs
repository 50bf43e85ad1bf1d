//! Colour symmetry over 10,000 positions from seeded random games: evaluate a position
//! against a root (an earlier position of the same game), then the colour-flipped
//! position against the colour-flipped root.
//!
//! B, P, K and C negate exactly. R does not quite: the paper notes the piece-ratio change
//! "is slightly asymmetric with respect to color" — flipping turns N/T into T/N, so the
//! flipped R is −R·T/N. The test checks R and its mirror against an independent
//! floating-point evaluation of the formula, checks they never have the same sign, and
//! checks S + S' = R + R' (all the asymmetry is in R). The attack analysis must be
//! exactly symmetric too.

use shakmaty::{Bitboard, CastlingMode, Chess, EnPassantMode, FromSetup, Position};

use machack::attack::Analysis;
use machack::eval::{Root, WEIGHTS_1967, static_board_evaluator};

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

fn mirror(pos: &Chess) -> Chess {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.mirror();
    Chess::from_setup(setup, CastlingMode::Standard).expect("a mirrored legal position is legal")
}

/// R by the paper's formula in floating point, rounded half away from zero.
fn r_float(white: i32, black: i32, root: &Root) -> i32 {
    let n = f64::from(white) / f64::from(black);
    let t = f64::from(root.white()) / f64::from(root.black());
    let cap = WEIGHTS_1967.ratio_cap as f64;
    ((n / t - 1.0) * 5281.0 / 4.0).round().clamp(-cap, cap) as i32
}

fn flip(bb: Bitboard) -> Bitboard {
    bb.flip_vertical()
}

#[test]
fn colour_flip_negates_the_evaluation() {
    let mut rng = Rng(0x1967_5EED);
    let mut checked = 0;
    let mut asymmetric = 0;
    while checked < 10_000 {
        // A random game; its positions after 8..60 plies, each against a root 0..12 plies
        // earlier.
        let mut game = vec![Chess::default()];
        let plies = 8 + rng.below(52);
        for _ in 0..plies {
            let last = game.last().unwrap();
            let moves = last.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let mut next = last.clone();
            next.play_unchecked(m);
            game.push(next);
        }
        for _ in 0..4 {
            let i = rng.below(game.len());
            let j = i.saturating_sub(rng.below(13));
            let (node, root) = (&game[i], &game[j]);
            let (node_m, root_m) = (mirror(node), mirror(root));
            let (rt, rt_m) = (Root::new(root), Root::new(&root_m));
            let t = static_board_evaluator(node, &rt);
            let f = static_board_evaluator(&node_m, &rt_m);
            assert_eq!(f.b, -t.b, "B");
            assert_eq!(f.p, -t.p, "P in {}", fen(node));
            assert_eq!(f.k, -t.k, "K");
            assert_eq!(f.c, -t.c, "C");
            assert_eq!(f.s() + t.s(), f.r + t.r, "all asymmetry is in R");
            // R against the formula evaluated independently.
            let node_root = Root::new(node);
            let node_root_m = Root::new(&node_m);
            assert_eq!(node_root_m.white(), node_root.black());
            let r = r_float(node_root.white(), node_root.black(), &rt);
            let r_m = r_float(node_root_m.white(), node_root_m.black(), &rt_m);
            assert!(
                (t.r - r).abs() <= 1 && (f.r - r_m).abs() <= 1,
                "R {} vs {r}, {} vs {r_m}",
                t.r,
                f.r
            );
            assert!(
                t.r * f.r <= 0,
                "R and its mirror have the same sign: {} {}",
                t.r,
                f.r
            );
            if t.r + f.r != 0 {
                asymmetric += 1;
            }
            // The attack analysis is colour-symmetric exactly.
            let (a, am) = (Analysis::new(node), Analysis::new(&node_m));
            for c in shakmaty::Color::ALL {
                assert_eq!(
                    flip(a.en_prise(c)),
                    am.en_prise(!c),
                    "en prise in {}",
                    fen(node)
                );
                assert_eq!(flip(a.pinned(c)), am.pinned(!c), "pinned in {}", fen(node));
                assert_eq!(
                    flip(a.trapped(c)),
                    am.trapped(!c),
                    "trapped in {}",
                    fen(node)
                );
            }
            checked += 1;
        }
    }
    // R's asymmetry shows up, but only where material has moved since the root.
    eprintln!("{checked} positions, R asymmetric in {asymmetric}");
    assert!(asymmetric > 0);
}

fn fen(pos: &Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal).to_string()
}
