//! The feedover condition (docs/design.md §6.2): a position for each of the paper's three cases and
//! a near miss for each, which differs in the one fact that decides it.

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, CastlingMode, Chess, Color, Square};

use machack::attack::Analysis;
use machack::feedover::{Feedover, feedover};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn check(fen: &str) -> (Option<Feedover>, Analysis) {
    let p = pos(fen);
    let a = Analysis::new(&p);
    (feedover(&p, &a), a)
}

fn only(sq: Square) -> Bitboard {
    Bitboard::from(sq)
}

#[test]
fn case_1_en_prise_and_in_check() {
    // White to move, in check from the rook on a1; the knight on e4 is attacked by the
    // pawn on d5, so en prise.
    let (f, a) = check("4k3/8/8/3p4/4N3/8/8/r3K3 w - - 0 1");
    assert_eq!(a.en_prise(Color::White), only(Square::E4));
    assert_eq!(f, Some(Feedover::EnPriseAndConstrained));
    // Near miss: the rook on a2 gives no check; the knight still has a safe square (c3),
    // is not pinned, and it is the only piece en prise → no feedover.
    let (f, a) = check("4k3/8/8/3p4/4N3/8/r7/4K3 w - - 0 1");
    assert_eq!(a.en_prise(Color::White), only(Square::E4));
    assert!(a.trapped(Color::White).is_empty());
    assert_eq!(f, None);
}

#[test]
fn case_1_en_prise_and_trapped() {
    // The bishop on a7 is attacked by the rook a8 and undefended; its two moves, Bb8 and
    // Bxb6, land en prise (rook; pawn c7) → trapped.
    let (f, a) = check("r5k1/B1p5/1p6/8/8/8/8/6K1 w - - 0 1");
    assert!(a.en_prise(Color::White).contains(Square::A7));
    assert!(a.trapped(Color::White).contains(Square::A7));
    assert_eq!(f, Some(Feedover::EnPriseAndConstrained));
    // Near miss: without the c7 pawn, Bxb6 is safe: not trapped. (Black's b6 pawn is now
    // en prise too, but it can advance safely, so case 3 does not hold either.)
    let (f, a) = check("r5k1/B7/1p6/8/8/8/8/6K1 w - - 0 1");
    assert!(!a.trapped(Color::White).contains(Square::A7));
    assert_eq!(f, None);
}

#[test]
fn case_1_en_prise_and_pinned() {
    // The rook on e4 is pinned against the king e1 by the queen e8 and attacked by the
    // pawn d5. It is not trapped (Rxe8 is safe), but pinned is enough.
    let (f, a) = check("4q1k1/8/8/3p4/4R3/8/8/4K3 w - - 0 1");
    assert!(a.en_prise(Color::White).contains(Square::E4));
    assert!(a.pinned(Color::White).contains(Square::E4));
    assert!(!a.trapped(Color::White).contains(Square::E4));
    assert_eq!(f, Some(Feedover::EnPriseAndConstrained));
    // Near miss: the king on d1, so no pin. The rook is en prise and attacks the queen,
    // which is en prise too but free to go: no feedover.
    let (f, a) = check("4q1k1/8/8/3p4/4R3/8/8/3K4 w - - 0 1");
    assert!(a.pinned(Color::White).is_empty());
    assert_eq!(a.en_prise(Color::Black), only(Square::E8));
    assert_eq!(f, None);
}

#[test]
fn case_2_two_pieces_en_prise() {
    // The pawn on d5 forks the knights on c4 and e4: two pieces en prise, both free to
    // move, no check.
    let (f, a) = check("4k3/8/8/3p4/2N1N3/8/8/4K3 w - - 0 1");
    assert_eq!(a.en_prise(Color::White).count(), 2);
    assert!(a.trapped(Color::White).is_empty() && a.pinned(Color::White).is_empty());
    assert_eq!(f, Some(Feedover::TwoEnPrise));
    // Near miss: one knight only.
    let (f, a) = check("4k3/8/8/3p4/2N5/8/8/4K3 w - - 0 1");
    assert_eq!(a.en_prise(Color::White).count(), 1);
    assert_eq!(f, None);
    // Near miss: two pieces attacked, but the second is adequately defended — the knight
    // on g4 is attacked by the knight e3 and defended by the pawn h3 (NxN PxN is even).
    let (f, a) = check("4k3/8/8/3p4/4N1N1/4n2P/8/4K3 w - - 0 1");
    assert_eq!(a.en_prise(Color::White), only(Square::E4));
    assert_eq!(f, None);
}

#[test]
fn case_3_opponents_piece_trapped() {
    // White's knight e4 is en prise to the pawn d5 but free to go. Black's bishop a2 is en
    // prise to the rook a1 and trapped: Bb1 runs into the rook, Bxb3 into the pawn c2.
    let (f, a) = check("4k3/8/8/3p4/4N3/1P6/b1P5/R3K3 w - - 0 1");
    assert_eq!(a.en_prise(Color::White), only(Square::E4));
    assert_eq!(a.en_prise(Color::Black), only(Square::A2));
    assert!(a.trapped(Color::Black).contains(Square::A2));
    assert_eq!(f, Some(Feedover::OpponentsPieceCannotEscape));
    // Near miss: a knight on a2 instead can escape to b4: no feedover.
    let (f, a) = check("4k3/8/8/3p4/4N3/1P6/n1P5/R3K3 w - - 0 1");
    assert_eq!(a.en_prise(Color::Black), only(Square::A2));
    assert!(!a.trapped(Color::Black).contains(Square::A2));
    assert_eq!(f, None);
    // Near miss: nothing of White's is en prise (the mover would simply take the bishop).
    let (f, _) = check("4k3/8/8/8/8/1P6/b1P5/R3K3 w - - 0 1");
    assert_eq!(f, None);
}

#[test]
fn case_3_opponents_piece_pinned() {
    // Black's knight e7 is pinned against its king by the rook e1 and attacked by the pawn
    // d6; White's knight c4 is attacked by the pawn b5 but can go to e5.
    let (f, a) = check("4k3/4n3/3P4/1p6/2N5/8/8/K3R3 w - - 0 1");
    assert_eq!(a.en_prise(Color::White), only(Square::C4));
    assert_eq!(a.en_prise(Color::Black), only(Square::E7));
    assert!(a.pinned(Color::Black).contains(Square::E7));
    assert_eq!(f, Some(Feedover::OpponentsPieceCannotEscape));
    // Near miss: the rook on f1 pins nothing; the knight e7 can escape (to c8, g6, ...).
    let (f, a) = check("4k3/4n3/3P4/1p6/2N5/8/8/K4R2 w - - 0 1");
    assert!(a.pinned(Color::Black).is_empty());
    assert_eq!(f, None);
}
