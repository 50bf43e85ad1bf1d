//! `machack convert`: game scores in any notation to SAN, UCI or descriptive.

use std::io::Write;
use std::process::{Command, Stdio};

fn convert(args: &[&str], stdin: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .arg("convert")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("machack runs");
    // machack may exit before reading stdin (a bad FEN): a broken pipe is fine then.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_done_when_example() {
    assert_eq!(
        convert(&["--to", "san"], "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5\n"),
        "e4\ne5\nNf3\nNc6\nBb5\n"
    );
}

#[test]
fn san_is_the_default_and_uci_and_descriptive_work() {
    let score = "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5";
    assert_eq!(convert(&[], score), "e4\ne5\nNf3\nNc6\nBb5\n");
    assert_eq!(
        convert(&["--to", "uci"], score),
        "e2e4\ne7e5\ng1f3\nb8c6\nf1b5\n"
    );
    assert_eq!(
        convert(&["--to", "descriptive"], "1.e4 e5 2.Nf3 Nc6 3.Bb5"),
        "P-K4\nP-K4\nN-KB3\nN-QB3\nB-N5\n"
    );
}

#[test]
fn a_whole_scoresheet_with_comments_results_and_separate_annotations() {
    let score = "[Event \"Paris\"]\n\
                 1. P-K4 P-K4 2. Kt-KB3 P-Q3 {Philidor} 3. P-Q4 B-N5 4. PxP BxN \
                 5. QxB PxP 6. B-QB4 N-KB3 (6... Q-Q2) 7. Q-QN3 Q-K2 ; an old move\n\
                 8. N-B3 P-B3 9. B-KN5 P-N4 10. NxP PxN 11. BxNP ch QN-Q2 \
                 12. O-O-O R-Q1 13. RxN RxR 14. R-Q1 Q-K3 15. BxR ch NxB \
                 16. Q-N8 ch NxQ 17. R-Q8 mate 1-0";
    let out = convert(&[], score);
    assert_eq!(out.lines().count(), 33);
    assert!(out.starts_with("e4\ne5\nNf3\nd6\nd4\nBg4\n"));
    assert!(out.ends_with("Bxd7+\nNxd7\nQb8+\nNxb8\nRd8#\n"), "{out}");
}

#[test]
fn en_passant_and_promotion_written_apart() {
    let out = convert(
        &["--to", "san"],
        "1. P-K4 N-KB3 2. P-K5 P-Q4 3. PxP e.p. B-B4 4. PxBP P-K3 5. PxN (Q) QxQ",
    );
    assert_eq!(out, "e4\nNf6\ne5\nd5\nexd6\nBf5\ndxc7\ne6\ncxb8=Q\nQxb8\n");
}

#[test]
fn fen_and_moves_set_the_start() {
    // Black to move at move 20: descriptive ranks count from Black's side.
    let out = convert(
        &[
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 20",
            "--to",
            "descriptive",
            "--moves",
            "K-Q2",
        ],
        "20... K-B2 21. K-K3",
    );
    assert_eq!(out, "K-B2\nK-K3\n");
    let out = convert(&["--to", "uci", "--moves", "e4", "e5"], "2. N-KB3 N-QB3");
    assert_eq!(out, "g1f3\nb8c6\n");
}

#[test]
fn the_moves_flag_takes_the_rest_of_the_line() {
    // `--moves` takes every later argument as a move, so it must come last.
    let out = convert(&["--to", "san", "--moves", "P-K4", "P-K4"], "N-KB3");
    assert_eq!(out, "Nf3\n");
}

#[test]
fn san_with_glyphs_windows_line_ends_and_separate_ep() {
    let out = convert(
        &["--to", "descriptive"],
        "1. e4! Nf6?! 2. e5!! {a comment}\r\n2... d5 3. exd6 e.p. Nc6 4. Nf3 Bg4 5. Bb5 a6 6. O-O",
    );
    assert_eq!(
        out,
        "P-K4\nN-KB3\nP-K5\nP-Q4\nPxP e.p.\nN-B3\nN-KB3\nB-N5\nB-N5\nP-QR3\nO-O\n"
    );
}

#[test]
fn the_moves_flag_reads_like_a_score() {
    let out = convert(
        &[
            "--to", "uci", "--moves", "1.", "P-K4", "P-QB4", "2.", "B-N5", "Q-R4", "ch",
        ],
        "3. N-QB3",
    );
    assert_eq!(out, "b1c3\n");
}
