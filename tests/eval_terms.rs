//! Hand-computed positions for every term of the 1967 static board evaluator and every
//! rule of the backward-pawn test. Each test says why its number is what it is.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position, Square};

use machack::eval::{
    Root, Terms, WEIGHTS_1967, pawn_verdict, piece_ratio_change, static_board_evaluator,
};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// The terms of `fen`, which is also its own root (so R = 0).
fn terms(fen: &str) -> Terms {
    let p = pos(fen);
    static_board_evaluator(&p, &Root::new(&p))
}

fn terms_with_root(root: &str, node: &str) -> Terms {
    static_board_evaluator(&pos(node), &Root::new(&pos(root)))
}

fn backward(fen: &str, sq: Square) -> bool {
    pawn_verdict(pos(fen).board(), sq).unwrap().backward
}

#[test]
fn start_position_is_zero() {
    assert_eq!(
        terms("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        Terms::default()
    );
}

#[test]
fn material_is_table_two() {
    // Black has lost the king's knight: B = +416. Everything else is symmetric: pawns all
    // on their squares, kings on their first ranks with queens on (K = 8 - 8 = 0).
    let t = terms("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        t,
        Terms {
            b: 416,
            ..Terms::default()
        }
    );
    assert_eq!(t.s(), 416);
    // White has lost the queen and a rook, Black a bishop: -1248 - 640 + 448.
    let t = terms("rn1qkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NB1KBNR w Kkq - 0 1");
    assert_eq!(t.b, -1248 - 640 + 448);
}

#[test]
fn piece_ratio_change_rewards_trades_when_ahead() {
    // Root: Black has lost three queen-side pawns, White is three pawns up.
    // With the king valued 1: White 5281, Black 5281 - 384 = 4897, T = 5281/4897.
    let root = "rnbqkbnr/3ppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // Both sides' queen's knights off: N = 4865/4481; (N/T - 1)*5281/4 = 8.91 -> 9.
    let nxn = "r1bqkbnr/3ppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
    assert_eq!(terms_with_root(root, nxn).r, 9);
    // Queens off instead: N = 4033/3649; 32.83 -> 33.
    let qxq = "rnb1kbnr/3ppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
    assert_eq!(terms_with_root(root, qxq).r, 33);
    // At the root itself the ratio has not changed.
    assert_eq!(terms_with_root(root, root).r, 0);
    // Behind, the same trade is penalised: Black three pawns up (colours swapped),
    // N/T = (3649/4033)/(4897/5281) = 0.9757; (N/T - 1)*5281/4 = -32.04 -> -32.
    let root_b = "rnbqkbnr/pppppppp/8/8/8/8/3PPPPP/RNBQKBNR w KQkq - 0 1";
    let qxq_b = "rnb1kbnr/pppppppp/8/8/8/8/3PPPPP/RNB1KBNR w KQkq - 0 1";
    assert_eq!(terms_with_root(root_b, qxq_b).r, -32);
}

#[test]
fn piece_ratio_change_is_slightly_asymmetric_in_colour() {
    // The paper: "the piece ratio change is slightly asymmetric with respect to color".
    // Swapping colours turns N/T into T/N: R' = (T/N - 1)·M/4 = -R·T/N, not -R.
    // White three pawns up, Q×Q gives +33 (32.83); the mirror image gives -32 (-32.04).
    let root = Root::new(&pos(
        "rnbqkbnr/3ppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    let mirrored = Root::new(&pos(
        "rnbqkbnr/pppppppp/8/8/8/8/3PPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    assert_eq!((root.white(), root.black()), (5281, 4897));
    assert_eq!((mirrored.white(), mirrored.black()), (4897, 5281));
    let r = piece_ratio_change(4033, 3649, &root, &WEIGHTS_1967);
    let r_mirrored = piece_ratio_change(3649, 4033, &mirrored, &WEIGHTS_1967);
    assert_eq!((r, r_mirrored), (33, -32));
    // Symmetric when the ratio does not move.
    assert_eq!(piece_ratio_change(4897, 5281, &mirrored, &WEIGHTS_1967), 0);
}

#[test]
fn isolated_pawns() {
    // White a2 and c2 have no pawn on an adjacent file: Black scores 2 × 4 = 8.
    // Black a7/b7 stand together; a7 would be defended after a7-a6 (b7 guards a6) and b7
    // after b7-b6 (a7 guards b6), so neither is backward. Nobody is passed.
    let t = terms("4k3/pp6/8/8/8/8/P1P5/4K3 w - - 0 1");
    assert_eq!(
        t,
        Terms {
            p: -8,
            ..Terms::default()
        }
    );
}

#[test]
fn doubled_and_isolated_pawns() {
    // White c2/c3 are doubled and isolated: 4 + 4 (isolated) + 16 (the file) for Black;
    // the black c7 pawn is isolated too: 4 for White. P = 4 - 24 = -20. B = +128.
    let t = terms("4k3/2p5/8/8/8/2P5/2P5/4K3 w - - 0 1");
    assert_eq!((t.b, t.p), (128, -20));
    // Without a black pawn on the c-file the doubling weighs twice (32), and both white
    // pawns are passed (c3: rank 3 → 12, c2: rank 2 → 8); the black h7 pawn is isolated
    // (+4 for White) and passed (rank 2 from Black's side: 8 for Black).
    // P = (4 + 12 + 8) - (4 + 4 + 32 + 8) = -24.
    let t = terms("4k3/7p/8/8/8/2P5/2P5/4K3 w - - 0 1");
    assert_eq!(t.p, -24);
}

#[test]
fn tripled_pawns() {
    // White c2/c3/c4 with b2 beside them (so not isolated): tripled, 48 for Black.
    // Black b7/c7 close both files (no passed pawns, no open-file doubling).
    // b2: defended? no; b2-b3 is guarded by c2 → not backward. c2/c3/c4 are defended by
    // b-pawn or can be: c3 is defended by b2; c2: c2-c3 blocked by its own pawn, but
    // moving through friends is allowed and b2 guards c3 → not backward; c4: b2-b3
    // would guard c4 → not backward. Black: b7-b6 guarded by c7, c7-c6 guarded by b7.
    let t = terms("4k3/1pp5/8/8/2P5/2P5/1PP5/4K3 w - - 0 1");
    assert_eq!((t.b, t.p), (256, -48));
}

#[test]
fn passed_pawns_by_rank_and_blockade() {
    // A lone white pawn on e6 (its sixth rank): passed 112, less 4 for being isolated.
    assert_eq!(terms("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1").p, 112 - 4);
    // The black king on e7 blockades it: 112 / 2 = 56, less 4.
    assert_eq!(terms("8/4k3/4P3/8/8/8/8/4K3 w - - 0 1").p, 56 - 4);
    // On the seventh: 256 - 4; a black pawn on d2 (Black's seventh): -(256 - 4).
    assert_eq!(terms("2k5/4P3/8/8/8/8/8/K7 w - - 0 1").p, 256 - 4);
    assert_eq!(terms("k7/8/8/8/8/8/3p4/7K w - - 0 1").p, -(256 - 4));
    // A pawn with an enemy pawn ahead on an adjacent file is not passed: e5 vs d7.
    let p = pos("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1");
    assert!(!pawn_verdict(p.board(), Square::E5).unwrap().passed);
    assert!(!pawn_verdict(p.board(), Square::D7).unwrap().passed);
}

#[test]
fn backward_rule_1_defended_by_a_pawn() {
    // e4 is defended by d3: not backward, whatever else.
    assert!(!backward("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", Square::E4));
}

#[test]
fn backward_rule_2_own_advance_defends() {
    // d3 beside e3: d3-d4 puts it where e3 guards it → not backward.
    assert!(!backward("4k3/8/8/8/8/3PP3/8/4K3 w - - 0 1", Square::D3));
    // Moving through friendly pieces is allowed: a white knight on d4 does not matter.
    assert!(!backward("4k3/8/8/8/3N4/3PP3/8/4K3 w - - 0 1", Square::D3));
}

#[test]
fn backward_rule_2_neighbour_advance_defends() {
    // d4 with e2: e2-e3 would guard d4 → not backward.
    assert!(!backward("4k3/8/8/8/3P4/8/4P3/4K3 w - - 0 1", Square::D4));
    // d5 with e2: the double step e2-e4 would guard d5 → not backward.
    assert!(!backward("4k3/8/8/3P4/8/8/4P3/4K3 w - - 0 1", Square::D5));
}

#[test]
fn backward_rule_2_en_passant_exception() {
    // d2 with e3: only d2-d4 defends it (e3 guards d4); nothing stops it → not backward.
    assert!(!backward("4k3/8/8/8/8/4P3/3P4/4K3 w - - 0 1", Square::D2));
    // A black pawn on c4 could take d4 en passant after d2-d4: that move does not count;
    // no other pawn move defends d2, and e3 stands ahead on an adjacent file, so rule 4
    // makes it backward.
    assert!(backward("4k3/8/8/8/2p5/4P3/3P4/4K3 w - - 0 1", Square::D2));
    // The same for Black: d7 with e6, a white pawn on c5 (it could take d5 en passant).
    assert!(!backward("4k3/3p4/4p3/8/8/8/8/4K3 w - - 0 1", Square::D7));
    assert!(backward("4k3/3p4/4p3/2P5/8/8/8/4K3 w - - 0 1", Square::D7));
}

#[test]
fn backward_rule_3_blocked_by_an_enemy_piece() {
    // d3 beside e3 with a black knight on d4: its own defending advance is blocked by an
    // enemy piece, so the pawn itself is blocked → backward.
    assert!(backward("4k3/8/8/8/3n4/3PP3/8/4K3 w - - 0 1", Square::D3));
    // d4 with e2 and a black knight on e3: the neighbour's defending advance is blocked
    // → not backward (the adjacent pawn is the blocked one).
    assert!(!backward("4k3/8/8/8/3P4/4n3/4P3/4K3 w - - 0 1", Square::D4));
    // The same for Black: d6 beside e6, a white knight on d5 → backward.
    assert!(backward("4k3/8/3pp3/3N4/8/8/8/4K3 w - - 0 1", Square::D6));
}

#[test]
fn backward_rule_4_left_behind() {
    // The classic backward pawn: d3 with e4 ahead on an adjacent file. It is not defended,
    // no pawn move defends it (d3-d4 is guarded by nothing, no pawn on c2/e2), and e4 is
    // ahead: advanced far enough (to d5) it would be defended → backward.
    assert!(backward("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", Square::D3));
    // A lone pawn is isolated, not backward.
    assert!(!backward("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1", Square::D3));
    // d6 with the neighbour far behind on e2 (no one-move defence, nobody ahead): not
    // backward.
    assert!(!backward("4k3/8/3P4/8/8/8/4P3/4K3 w - - 0 1", Square::D6));
}

#[test]
fn backward_pawn_weights() {
    // The d3 pawn of the classic case is backward; the black side has only its king, and
    // White's d-file has no black pawn ahead: open file → 10. Both white pawns are passed
    // (d3: rank 3 → 12; e4: rank 4 → 24). P = 12 + 24 - 10 = 26.
    assert_eq!(terms("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1").p, 26);
    // Black pawn on d7 closes the d-file and nobody has rooks or queens: 6. The d7 pawn is
    // isolated (+4 for White) and stops both white pawns from being passed; it is not
    // passed itself (d3, e4 ahead). d7: d7-d6 guarded by nothing, no neighbour → not
    // backward. P = 4 - 6 = -2.
    assert_eq!(terms("4k3/3p4/8/8/4P3/3P4/8/4K3 w - - 0 1").p, -2);
    // Give Black a rook: the backward pawn weighs 10 again. P = 4 - 10 = -6.
    assert_eq!(terms("r3k3/3p4/8/8/4P3/3P4/8/4K3 w - - 0 1").p, -6);
}

#[test]
fn king_safety_only_with_both_queens() {
    // Queens on; the white king on e2 (its second rank), the black king on g8 (its first):
    // K = 8·1 - 8·2 = -8.
    assert_eq!(terms("3q2k1/8/8/8/8/8/4K3/3Q4 w - - 0 1").k, -8);
    // The black king on its third rank (g6): 8·3 - 8·2 = +8.
    assert_eq!(terms("3q4/8/6k1/8/8/8/4K3/3Q4 w - - 0 1").k, 8);
    // Black's queen gone: no king safety term.
    assert_eq!(terms("6k1/8/8/8/8/8/4K3/3Q4 w - - 0 1").k, 0);
}

#[test]
fn centre_control() {
    // White pawn on e4, no black pawn in the centre: +1.
    assert_eq!(terms("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1").c, 1);
    // Both have a centre pawn: 0.
    assert_eq!(terms("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").c, 0);
    // Only Black (d5): -1.
    assert_eq!(terms("4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1").c, -1);
}
