//! The attack analysis against brute force on positions from seeded random games:
//! - en prise: play out every sequence of legal captures on the piece's square (the
//!   opponent to move, each side free to stop) and see whether the opponent gains;
//! - pinned: take the piece off the board and see whether that exposes its king, or
//!   discovers an attack on another of its pieces that renders it en prise (by the brute
//!   force above).
//!
//! The analysis is static where the game is not: it fixes the pins against the king before
//! the exchange, lets a piece that gives or answers check recapture, and spends its least
//! valuable attacker first. Brute force follows the real rules. So the two may disagree in
//! rare positions; the test counts disagreements and allows a small documented fraction,
//! while the exact parts (an unattacked piece is never en prise; a piece shielding its
//! king from a slider is pinned, and no other piece is pinned against the king) are
//! checked on every piece.

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Position, Role, Square,
};

use machack::attack::Analysis;
use machack::eval::piece_value;

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

/// `count` positions sampled from random games (captures preferred half the time, so
/// the games keep their pieces longer and exchanges are rich).
fn random_positions(seed: u64, count: usize) -> Vec<Chess> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Chess::default();
        let plies = 10 + rng.below(70);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
        }
        if !pos.legal_moves().is_empty() {
            out.push(pos);
        }
    }
    out
}

/// The position with `turn` to move (no en passant), if it is legal.
fn with_turn(board: &Board, turn: Color) -> Option<Chess> {
    let mut setup = Chess::default().to_setup(EnPassantMode::Legal);
    setup.board = board.clone();
    setup.turn = turn;
    setup.castling_rights = Bitboard::EMPTY;
    setup.ep_square = None;
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}

/// What the side to move gains by legal captures on `sq` (not en passant), each side
/// free to stop.
fn brute_exchange(pos: &Chess, sq: Square) -> i32 {
    let mut best = 0;
    for m in pos.legal_moves() {
        if m.to() != sq || m.is_en_passant() {
            continue;
        }
        let Some(captured) = m.capture() else {
            continue;
        };
        let mut gain = piece_value(captured);
        if let Some(p) = m.promotion() {
            gain += piece_value(p) - piece_value(Role::Pawn);
        }
        if captured == Role::King {
            continue;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        best = best.max(gain - brute_exchange(&after, sq));
    }
    best
}

/// Brute-force en prise: the opponent of the piece on `sq` gains by capturing it.
/// `None` when that position (opponent to move) is not legal, or the opponent is in
/// check there (en prise is about material; answering a check is feedover's business).
fn brute_en_prise(board: &Board, sq: Square) -> Option<bool> {
    let color = board.color_at(sq)?;
    let pos = with_turn(board, !color)?;
    if pos.is_check() {
        return None;
    }
    Some(brute_exchange(&pos, sq) > 0)
}

#[test]
fn en_prise_matches_playing_out_the_captures() {
    let positions = random_positions(0x1967_0001, 5000);
    let (mut checked, mut disagree) = (0usize, 0usize);
    for pos in &positions {
        let a = Analysis::new(pos);
        let board = pos.board();
        for sq in board.occupied() & !board.kings() {
            let color = board.color_at(sq).unwrap();
            let ours = a.en_prise(color).contains(sq);
            // Exact: a piece nobody attacks is never en prise.
            if a.attackers(sq, !color).is_empty() {
                assert!(!ours, "unattacked piece on {sq} en prise in {}", fen(pos));
                continue;
            }
            let Some(brute) = brute_en_prise(board, sq) else {
                continue;
            };
            checked += 1;
            if ours != brute {
                disagree += 1;
                if disagree <= 5 {
                    eprintln!(
                        "en prise disagreement on {sq}: analysis {ours}, brute force {brute}: {}",
                        fen(pos)
                    );
                }
            }
        }
    }
    eprintln!("en prise: {checked} attacked pieces checked, {disagree} disagreements");
    assert!(checked > 20_000, "too few attacked pieces: {checked}");
    // Known sources of disagreement are rare (46 in 35,593 with these seeds, ~1 in 770):
    // a capture that discovers check so the recapture is illegal, a pin that appears
    // during the exchange, and the cheapest attacker not being the best one (e.g. the
    // queen recaptures first because the bishop behind must keep guarding the square).
    // Allow fewer than 1 in 400.
    assert!(disagree * 400 < checked, "{disagree} of {checked} disagree");
}

#[test]
fn pinned_matches_moving_the_piece_away() {
    let positions = random_positions(0x1967_0002, 5000);
    let (mut checked, mut disagree, mut pins) = (0usize, 0usize, 0usize);
    for pos in &positions {
        let a = Analysis::new(pos);
        let board = pos.board();
        for p in board.occupied() & !board.kings() {
            let color = board.color_at(p).unwrap();
            let ours = a.pinned(color).contains(p);
            let mut without = board.clone();
            without.discard_piece_at(p);
            let occ = without.occupied();
            // Against the king: removing the piece adds an attacker of the king (exact).
            let king = board.king_of(color).unwrap();
            let before = board.attacks_to(king, !color, board.occupied());
            let after = without.attacks_to(king, !color, occ);
            if after != before {
                assert!(ours, "{p} shields its king but is not pinned: {}", fen(pos));
                assert!(a.king_pinned(color).contains(p));
                pins += 1;
                continue;
            }
            assert!(
                !a.king_pinned(color).contains(p),
                "{p} wrongly pinned to the king: {}",
                fen(pos)
            );
            // Against another piece: one that gains an attacker and becomes en prise.
            let mut brute = Some(false);
            for q in board.by_color(color) & !board.kings() & !Bitboard::from(p) {
                let was = board.attacks_to(q, !color, board.occupied());
                let now = without.attacks_to(q, !color, occ);
                if (now & !was).is_empty() {
                    continue;
                }
                let (Some(before), Some(after)) =
                    (brute_en_prise(board, q), brute_en_prise(&without, q))
                else {
                    brute = None;
                    break;
                };
                if after && !before {
                    brute = Some(true);
                    break;
                }
            }
            let Some(brute) = brute else { continue };
            checked += 1;
            pins += usize::from(brute);
            if ours != brute {
                disagree += 1;
                if disagree <= 5 {
                    eprintln!(
                        "pinned disagreement on {p}: analysis {ours}, brute force {brute}: {}",
                        fen(pos)
                    );
                }
            }
        }
    }
    eprintln!("pinned: {checked} pieces checked, {pins} pinned, {disagree} disagreements");
    assert!(pins > 1000, "too few pins to be a test: {pins}");
    // The same causes reach the pins through en prise (5 in 124,282 with these seeds).
    assert!(
        disagree * 2000 < checked,
        "{disagree} of {checked} disagree"
    );
}

fn fen(pos: &Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal).to_string()
}
