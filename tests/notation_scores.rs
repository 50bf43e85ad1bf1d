//! The move reader and writer against hand-checked scoresheets: short real games in
//! English descriptive notation beside their SAN, read and written both ways.
//!
//! Each game has three columns: the score as a book of the time prints it (read), the
//! SAN, and the shortest form machack writes (checked by hand move by move: where the
//! printed form is longer than needed, or ambiguous, the shortest unique form differs).

use machack::notation::{Notation, read_move, score, write_move};
use shakmaty::{Chess, Position};

struct Game {
    name: &'static str,
    printed: &'static str,
    san: &'static str,
    written: &'static [&'static str],
}

const GAMES: &[Game] = &[
    Game {
        name: "Morphy v Duke of Brunswick and Count Isouard, Paris 1858 (the Opera game)",
        printed: "1. P-K4 P-K4 2. N-KB3 P-Q3 3. P-Q4 B-N5 4. PxP BxN 5. QxB PxP \
                  6. B-QB4 N-KB3 7. Q-QN3 Q-K2 8. N-B3 P-B3 9. B-KN5 P-N4 10. NxP PxN \
                  11. BxNPch QN-Q2 12. O-O-O R-Q1 13. RxN RxR 14. R-Q1 Q-K3 \
                  15. BxRch NxB 16. Q-N8ch NxQ 17. R-Q8 mate",
        san: "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
              Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
        written: &[
            "P-K4",
            "P-K4",
            "N-KB3",
            "P-Q3",
            "P-Q4",
            "B-N5",
            "PxP",
            "BxN",
            "QxB",
            "PxP",
            "B-QB4",
            "N-KB3",
            "Q-QN3",
            "Q-K2",
            "N-B3",
            "P-B3",
            "B-KN5",
            "P-N4",
            "NxP",
            "PxN",
            "BxNPch",
            "QN-Q2",
            "O-O-O",
            "R-Q1",
            "RxN",
            "RxR",
            "R-Q1",
            "Q-K3",
            "BxRch",
            "NxB",
            "Q-N8ch",
            "NxQ",
            "R-Q8 mate",
        ],
    },
    Game {
        name: "Legall de Kermeur v Saint Brie, Paris 1750 (Legall's mate)",
        printed: "1. P-K4 P-K4 2. B-B4 P-Q3 3. Kt-KB3 B-Kt5 4. Kt-B3 P-KKt3 \
                  5. KtxP BxQ 6. BxPch K-K2 7. Kt-Q5 mate",
        san: "e4 e5 Bc4 d6 Nf3 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#",
        written: &[
            "P-K4",
            "P-K4",
            "B-B4",
            "P-Q3",
            "N-KB3",
            "B-N5",
            "N-B3",
            "P-KN3",
            "NxP",
            "BxQ",
            "BxPch",
            "K-K2",
            "N-Q5 mate",
        ],
    },
    Game {
        name: "the Scholar's mate",
        printed: "1. P-K4 P-K4 2. B-B4 N-QB3 3. Q-R5 N-B3?? 4. QxBP mate",
        san: "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#",
        written: &["P-K4", "P-K4", "B-B4", "N-QB3", "Q-R5", "N-B3", "QxBP mate"],
    },
    Game {
        name: "the Fool's mate",
        printed: "1. P-KB3 P-K4 2. P-KN4 Q-R5 mate",
        san: "f3 e5 g4 Qh4#",
        written: &["P-KB3", "P-K4", "P-KN4", "Q-R5 mate"],
    },
    Game {
        name: "Reti v Tartakower, Vienna 1910",
        printed: "1. P-K4 P-QB3 2. P-Q4 P-Q4 3. N-QB3 PxP 4. NxP N-B3 5. Q-Q3 P-K4 \
                  6. PxP Q-R4ch 7. B-Q2 QxKP 8. O-O-O NxN 9. Q-Q8ch KxQ \
                  10. B-KN5 dbl ch K-B2 11. B-Q8 mate",
        san: "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nf6 Qd3 e5 dxe5 Qa5+ Bd2 Qxe5 O-O-O Nxe4 \
              Qd8+ Kxd8 Bg5+ Kc7 Bd8#",
        written: &[
            "P-K4",
            "P-QB3",
            "P-Q4",
            "P-Q4",
            "N-QB3",
            "PxP",
            "NxP",
            "N-B3",
            "Q-Q3",
            "P-K4",
            "PxP",
            "Q-R4ch",
            "B-Q2",
            "QxKP",
            "O-O-O",
            "NxN",
            "Q-Q8ch",
            "KxQ",
            "B-KN5ch",
            "K-B2",
            "B-Q8 mate",
        ],
    },
    Game {
        // Not a famous game: a short legal score made to hold an en passant capture, a
        // promotion that captures, and castling on both sides.
        name: "en passant, promotion and both castlings",
        printed: "1. P-K4 Kt-KB3 2. P-K5 P-Q4 3. PxP e.p. B-B4 4. PxQBP P-K3 \
                  5. PxKt(Q) QxQ 6. Kt-KB3 Q-B2 7. B-K2 O-O-O 8. O-O",
        san: "e4 Nf6 e5 d5 exd6 Bf5 dxc7 e6 cxb8=Q Qxb8 Nf3 Qc7 Be2 O-O-O O-O",
        written: &[
            "P-K4", "N-KB3", "P-K5", "P-Q4", "PxP e.p.", "B-B4", "PxBP", "P-K3", "PxN=Q", "QxQ",
            "N-KB3", "Q-B2", "B-K2", "O-O-O", "O-O",
        ],
    },
];

fn sans(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn printed_scores_read_as_their_san() {
    for game in GAMES {
        let mut pos = Chess::default();
        let moves = score::moves(game.printed);
        assert_eq!(moves.len(), sans(game.san).len(), "{}", game.name);
        for (text, san) in moves.iter().zip(sans(game.san)) {
            let m = read_move(&pos, text).unwrap_or_else(|e| panic!("{}: {text}: {e}", game.name));
            assert_eq!(
                write_move(&pos, m, Notation::San),
                san,
                "{}: {text}",
                game.name
            );
            pos.play_unchecked(m);
        }
    }
}

#[test]
fn san_is_written_as_the_shortest_descriptive() {
    for game in GAMES {
        let mut pos = Chess::default();
        assert_eq!(sans(game.san).len(), game.written.len(), "{}", game.name);
        for (san, &want) in sans(game.san).into_iter().zip(game.written) {
            let m = read_move(&pos, san).unwrap();
            assert_eq!(
                write_move(&pos, m, Notation::Descriptive),
                want,
                "{}: {san}",
                game.name
            );
            pos.play_unchecked(m);
        }
    }
}

#[test]
fn written_descriptive_reads_back_in_lower_case_too() {
    for game in GAMES {
        let mut pos = Chess::default();
        for (&text, san) in game.written.iter().zip(sans(game.san)) {
            let m = read_move(&pos, &text.to_lowercase()).unwrap();
            assert_eq!(write_move(&pos, m, Notation::San), san, "{}", game.name);
            pos.play_unchecked(m);
        }
    }
}
