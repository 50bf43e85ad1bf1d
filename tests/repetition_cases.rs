//! The cases of docs/design.md §10's last paragraph, each checked twice: through the library
//! (`fide::State`, `fide::claims_with_move`) and through `machack status --json`.

use std::process::Command;

use machack::fide::{self, State};
use machack::notation;
use machack::rules::{Game, START_FEN, parse_fen};
use serde_json::{Value, json};

/// One case: a position, moves, perhaps a declared move, and the expected JSON.
struct Case {
    name: &'static str,
    fen: &'static str,
    moves: Vec<String>,
    intend: Option<&'static str>,
    expect: Value,
}

fn moves(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

const NC3: &str = "Nc3 Nc6 Nb1 Nb8";
const NF3: &str = "Nf3 Nf6 Ng1 Ng8";

/// The first `n` terms of the Thue–Morse sequence (t(i) = parity of the ones in i).
fn thue_morse(n: usize) -> Vec<u32> {
    (0..n).map(|i| (i as u32).count_ones() % 2).collect()
}

/// Euwe's knight shuffle: block 0 (queen's knights out and back) and block 1 (king's
/// knights) in Thue–Morse order.
fn euwe(blocks: usize) -> Vec<String> {
    thue_morse(blocks)
        .into_iter()
        .flat_map(|t| moves(if t == 0 { NC3 } else { NF3 }))
        .collect()
}

fn repeat(text: &str, times: usize) -> Vec<String> {
    (0..times).flat_map(|_| moves(text)).collect()
}

fn cases() -> Vec<Case> {
    // A white pawn steps g2-g4 past a black pawn on f4; in the first position the f-pawn
    // is pinned to its king by the rook on f1, so the en passant capture is not legal.
    let pinned = "5k2/8/8/8/5p2/8/6P1/5R1K w - - 0 1";
    let free = "4k3/8/8/8/5p2/8/6P1/5R1K w - - 0 1";
    vec![
        Case {
            name: "Euwe: the start position thrice after blocks 0 1",
            fen: START_FEN,
            moves: euwe(2),
            intend: None,
            expect: json!({"outcome": null, "reason": null, "claims": ["threefold_repetition"],
                "occurrences": 3, "halfmove_clock": 8}),
        },
        Case {
            name: "Euwe: block 0 and three moves of block 1; Ng8 is about to repeat",
            fen: START_FEN,
            moves: euwe(2)[..7].to_vec(),
            intend: Some("Ng8"),
            expect: json!({"outcome": null, "reason": null, "claims": [],
                "occurrences": 1, "halfmove_clock": 7,
                "claims_with_move": ["threefold_repetition"]}),
        },
        Case {
            name: "Euwe: blocks 0 1 1 0 make the fifth occurrence, drawn automatically",
            fen: START_FEN,
            moves: euwe(4),
            intend: None,
            expect: json!({"outcome": "1/2-1/2", "reason": "fivefold_repetition", "claims": [],
                "occurrences": 5, "halfmove_clock": 16}),
        },
        Case {
            name: "en passant pseudo-legal but illegal (pin): the positions are the same",
            fen: pinned,
            moves: moves("g4 Kg8 Kh2 Kf8 Kh1 Kg8 Kh2 Kf8 Kh1"),
            intend: None,
            expect: json!({"outcome": null, "reason": null, "claims": ["threefold_repetition"],
                "occurrences": 3, "halfmove_clock": 8}),
        },
        Case {
            name: "en passant legal: the first position differs, only two occurrences",
            fen: free,
            moves: moves("g4 Kd8 Kh2 Ke8 Kh1 Kd8 Kh2 Ke8 Kh1"),
            intend: None,
            expect: json!({"outcome": null, "reason": null, "claims": [],
                "occurrences": 2, "halfmove_clock": 8}),
        },
        Case {
            name: "castling rights lost: the start does not count",
            fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            moves: repeat("Kf1 Kf8 Ke1 Ke8", 2),
            intend: None,
            expect: json!({"outcome": null, "reason": null, "claims": [],
                "occurrences": 2, "halfmove_clock": 8}),
        },
        Case {
            name: "castling rights lost: three occurrences without rights",
            fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            moves: repeat("Kf1 Kf8 Ke1 Ke8", 3),
            intend: None,
            expect: json!({"outcome": null, "reason": null, "claims": ["threefold_repetition"],
                "occurrences": 3, "halfmove_clock": 12}),
        },
        Case {
            name: "about to appear: the fifty-move claim with a declared move",
            fen: "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80",
            moves: vec![],
            intend: Some("Ra8"),
            expect: json!({"outcome": null, "reason": null, "claims": [],
                "occurrences": 1, "halfmove_clock": 99,
                "claims_with_move": ["fifty_moves"]}),
        },
        Case {
            name: "a declared pawn move resets the clock: no fifty-move claim",
            fen: "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80",
            moves: vec![],
            intend: Some("e3"),
            expect: json!({"outcome": null, "reason": null, "claims": [],
                "occurrences": 1, "halfmove_clock": 99, "claims_with_move": []}),
        },
        Case {
            name: "fifty moves: a claim, not the end",
            fen: "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80",
            moves: moves("Ra2"),
            intend: None,
            expect: json!({"outcome": null, "reason": null, "claims": ["fifty_moves"],
                "occurrences": 1, "halfmove_clock": 100}),
        },
        Case {
            name: "seventy-five moves: the end",
            fen: "4k3/8/8/8/8/8/4P3/R3K3 w - - 149 80",
            moves: moves("Ra2"),
            intend: None,
            expect: json!({"outcome": "1/2-1/2", "reason": "seventyfive_moves", "claims": [],
                "occurrences": 1, "halfmove_clock": 150}),
        },
        Case {
            name: "mate on the hundredth halfmove: mate, no fifty-move claim",
            fen: "7k/8/6K1/8/8/8/8/R7 w - - 99 80",
            moves: moves("Ra8"),
            intend: None,
            expect: json!({"outcome": "1-0", "reason": "checkmate", "claims": [],
                "occurrences": 1, "halfmove_clock": 100}),
        },
        Case {
            name: "mate on the hundred-and-fiftieth halfmove takes precedence",
            fen: "7k/8/6K1/8/8/8/8/R7 w - - 149 80",
            moves: moves("Ra8"),
            intend: None,
            expect: json!({"outcome": "1-0", "reason": "checkmate", "claims": [],
                "occurrences": 1, "halfmove_clock": 150}),
        },
        Case {
            name: "fourth occurrence: still a claim only",
            fen: START_FEN,
            moves: repeat(NF3, 3),
            intend: None,
            expect: json!({"outcome": null, "reason": null, "claims": ["threefold_repetition"],
                "occurrences": 4, "halfmove_clock": 12}),
        },
        Case {
            name: "fivefold: drawn without a claim",
            fen: START_FEN,
            moves: repeat(NF3, 4),
            intend: None,
            expect: json!({"outcome": "1/2-1/2", "reason": "fivefold_repetition", "claims": [],
                "occurrences": 5, "halfmove_clock": 16}),
        },
    ]
}

fn through_library(case: &Case) -> Value {
    let mut game = Game::new(parse_fen(case.fen).unwrap().0);
    for text in &case.moves {
        let m = notation::read_move(game.position(), text)
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert!(game.play(m));
    }
    let mut value = serde_json::to_value(State::of(&game)).unwrap();
    if let Some(text) = case.intend {
        let m = notation::read_move(game.position(), text).unwrap();
        let claims = fide::claims_with_move(&game, m).unwrap();
        value["claims_with_move"] = serde_json::to_value(claims).unwrap();
    }
    value
}

fn through_cli(case: &Case) -> Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_machack"));
    cmd.args(["status", "--json", "--fen", case.fen]);
    if let Some(m) = case.intend {
        cmd.args(["--intend", m]);
    }
    if !case.moves.is_empty() {
        cmd.arg("--moves").args(&case.moves);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}: {}",
        case.name,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn spec_cases_through_the_library() {
    for case in cases() {
        assert_eq!(through_library(&case), case.expect, "{}", case.name);
    }
}

#[test]
fn spec_cases_through_machack_status() {
    for case in cases() {
        assert_eq!(through_cli(&case), case.expect, "{}", case.name);
    }
}

#[test]
fn euwe_no_block_repeats_three_times_in_a_row() {
    // Thue–Morse is cube-free: no block of moves is played three times running, yet the
    // start position has occurred three times after two blocks.
    let t = thue_morse(64);
    for w in 1..=21 {
        for i in 0..t.len().saturating_sub(3 * w - 1) {
            let a = &t[i..i + w];
            assert!(!(a == &t[i + w..i + 2 * w] && a == &t[i + 2 * w..i + 3 * w]));
        }
    }
    // Blocks 0 and 1 both return to the start position: it occurs once per block boundary.
    let mut game = Game::default();
    for (i, text) in euwe(2).iter().enumerate() {
        let m = notation::read_move(game.position(), text).unwrap();
        game.play(m);
        let expected = if i == 3 || i == 7 { (i + 1) / 4 + 1 } else { 1 };
        assert_eq!(fide::occurrences(&game), expected, "after move {}", i + 1);
    }
}

#[test]
fn the_pinned_en_passant_positions_have_equal_keys() {
    let (pos, _) = parse_fen("5k2/8/8/8/5p2/8/6P1/5R1K w - - 0 1").unwrap();
    let mut game = Game::new(pos);
    for text in moves("g4 Kg8 Kh2 Kf8 Kh1") {
        let m = notation::read_move(game.position(), &text).unwrap();
        game.play(m);
    }
    assert_eq!(game.keys()[1], game.keys()[5]);
    // Without the pin the en passant capture is legal and the keys differ.
    let (pos, _) = parse_fen("4k3/8/8/8/5p2/8/6P1/5R1K w - - 0 1").unwrap();
    let mut game = Game::new(pos);
    for text in moves("g4 Kd8 Kh2 Ke8 Kh1") {
        let m = notation::read_move(game.position(), &text).unwrap();
        game.play(m);
    }
    assert_ne!(game.keys()[1], game.keys()[5]);
}
