//! Every error path of the foundation's commands, run through the binary: message on
//! stderr naming what is wrong, exit status 1 (bad input), no panic and no backtrace.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs machack with `args` and `stdin`; returns (status, stdout, stderr).
fn machack(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("machack runs");
    // machack may exit before reading stdin (a bad FEN): a broken pipe is fine then.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts a clean failure whose stderr holds every one of `needles`.
fn fails_with(args: &[&str], stdin: &str, needles: &[&str]) -> String {
    let (code, _, err) = machack(args, stdin);
    assert_eq!(code, Some(1), "{args:?}: {err}");
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    for n in needles {
        assert!(err.contains(n), "{args:?}: '{n}' not in: {err}");
    }
    err
}

#[test]
fn malformed_fen_names_the_field() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
            "fullmove number",
        ),
    ];
    for (fen, field) in cases {
        fails_with(&["perft", "1", "--fen", fen], "", &["malformed FEN", field]);
        fails_with(&["convert", "--fen", fen], "e4", &["malformed FEN", field]);
    }
}

#[test]
fn unplayable_fen_says_why() {
    fails_with(
        &["perft", "1", "--fen", "4k3/8/8/8/8/8/8/8 w - - 0 1"],
        "",
        &["unplayable FEN", "no king"],
    );
    fails_with(
        &["convert", "--fen", "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"],
        "",
        &["unplayable FEN", "not to move is in check"],
    );
}

#[test]
fn illegal_move_in_a_score_names_move_number_and_fen() {
    let err = fails_with(
        &["convert"],
        "1. P-K4 P-K4 2. N-KB3 N-KB3 3. N-KB3",
        &[
            "move 3. (white)",
            "'N-KB3' is not a legal move",
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        ],
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    fails_with(
        &["convert"],
        "1. e4 e5 2. Nf3 Nf3",
        &[
            "move 2... (black)",
            "'Nf3' is not a legal move",
            " b KQkq - 1 2",
        ],
    );
}

#[test]
fn numbering_continues_after_fen_and_moves() {
    fails_with(
        &[
            "convert",
            "--fen",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 30",
            "--moves",
            "O-O",
        ],
        "K-Q2 K-K2",
        &["move 31... (black)", "'K-K2' is not a legal move"],
    );
}

#[test]
fn unreadable_move_is_named() {
    fails_with(
        &["convert"],
        "1. e4 e5 2. Nf3 hello",
        &["move 2... (black)", "'hello' is not a move in any notation"],
    );
}

#[test]
fn ambiguous_move_lists_candidates_in_san() {
    fails_with(
        &["convert", "--fen", "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1"],
        "PxP",
        &["move 1. (white)", "'PxP' is ambiguous", "exd5", "cxd5"],
    );
    fails_with(&["convert"], "N-B3", &["ambiguous", "Nf3", "Nc3"]);
}

#[test]
fn bad_moves_after_the_moves_flag() {
    fails_with(
        &["perft", "1", "--moves", "e4", "e4"],
        "",
        &["move 2 of --moves", "'e4' is not a legal move"],
    );
    fails_with(
        &["convert", "--moves", "P-K4", "PxP"],
        "",
        &["move 2 of --moves", "'PxP' is not a legal move"],
    );
}

#[test]
fn bad_arguments_exit_2() {
    for (args, needle) in [
        (&["convert", "--to", "klingon"][..], "klingon"),
        (&["perft", "deep"][..], "deep"),
    ] {
        let (code, _, err) = machack(args, "");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{err}");
    }
}
