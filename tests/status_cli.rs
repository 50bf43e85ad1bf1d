//! `machack status --pgn` (an arbiter's check of a whole file) and bad input.

use serde_json::Value;

#[path = "common/cli.rs"]
mod cli;
use cli::machack;

fn pgn_path() -> String {
    format!("{}/tests/data/status_games.pgn", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn pgn_every_game_is_judged_and_a_broken_one_does_not_stop_the_rest() {
    let out = machack(&["status", "--json", "--pgn", &pgn_path()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(games.len(), 7);
    let verdict = |i: usize| games[i]["verdict"].as_str().unwrap_or("").to_string();
    // 1. Fool's mate recorded 0-1.
    assert_eq!(verdict(0), "agrees");
    assert_eq!(games[0]["state"]["reason"], "checkmate");
    // 2. The same mate recorded 1-0: the rules say Black won.
    assert_eq!(verdict(1), "contradicts");
    assert_eq!(games[1]["state"]["outcome"], "0-1");
    // 3. An illegal move: reported with its number, no verdict.
    let error = games[2]["error"].as_str().unwrap();
    assert!(
        error.contains("move 2.") && error.contains("Ke3"),
        "{error}"
    );
    assert!(games[2].get("verdict").is_none());
    // 4. Resignation: not for the rules to decide, not called wrong.
    assert_eq!(verdict(3), "not_decided_by_rules");
    // 5. Fivefold recorded as "*": the game was drawn automatically.
    assert_eq!(verdict(4), "contradicts");
    assert_eq!(games[4]["state"]["reason"], "fivefold_repetition");
    // 6. Threefold claimed: a draw the rules allowed, by claim.
    assert_eq!(verdict(5), "not_decided_by_rules");
    assert_eq!(games[5]["state"]["claims"][0], "threefold_repetition");
    // 7. From a FEN: mate on the hundredth halfmove.
    assert_eq!(verdict(6), "agrees");
    assert_eq!(games[6]["state"]["halfmove_clock"], 100);
}

#[test]
fn pgn_human_report_names_the_broken_game() {
    let out = machack(&["status", "--pgn", &pgn_path()]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("game 3 (E - F, 1-0): BROKEN: move 2. Ke3"),
        "{text}"
    );
    assert!(text.contains("game 2 (C - D, 1-0): after 4 plies 0-1 by checkmate; CONTRADICTS"));
    assert_eq!(text.lines().last(), Some("games 7"));
}

#[test]
fn an_illegal_move_is_named_with_its_number() {
    let out = machack(&["status", "--moves", "e4", "e5", "Ke3"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 3") && err.contains("Ke3"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn an_illegal_intended_move_is_an_error() {
    let out = machack(&["status", "--intend", "Ke3", "--moves", "e4", "e5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Ke3"));
}

#[test]
fn bad_fen_and_missing_file_exit_1_mixed_arguments_exit_2() {
    for (args, code) in [
        (&["status", "--fen", "not a fen"][..], 1),
        (&["status", "--pgn", "/nonexistent/games.pgn"][..], 1),
        (&["status", "--pgn", "x.pgn", "--moves", "e4"][..], 2),
    ] {
        let out = machack(args);
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn a_file_with_no_game_says_so_and_exits_1() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let cases = [
        (
            "notes.txt",
            &b"hello, this is not chess\n[section]\nkey = 1\n"[..],
        ),
        ("empty.pgn", &b""[..]),
        (
            "book.bin",
            &[0u8, 1, 2, 3, 0xff, 0x80, 9, 10, 42, 0x5b, 0x5d][..],
        ),
    ];
    for (name, bytes) in cases {
        let path = dir.join(format!("{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        let path = path.to_str().unwrap();
        for json in [false, true] {
            let args: &[&str] = if json {
                &["status", "--json", "--pgn", path]
            } else {
                &["status", "--pgn", path]
            };
            let out = machack(args);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains(&format!("no games in {path}")), "{err}");
            assert!(out.stdout.is_empty(), "{args:?}");
        }
        let _ = std::fs::remove_file(path);
    }
    // Movetext alone, without tags, is a game.
    let bare = dir.join(format!("{}-bare.pgn", std::process::id()));
    std::fs::write(&bare, "1. e4 e5 *\n").unwrap();
    let out = machack(&["status", "--pgn", bare.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("games 1"));
    let _ = std::fs::remove_file(bare);
}

/// Without a Result tag, the movetext's marker is the result; with neither, nothing is
/// judged, and the rules' own verdict is said.
#[test]
fn a_game_without_a_result_tag_is_judged_by_its_marker_or_not_at_all() {
    let dir = std::env::temp_dir();
    let path = dir.join(format!("{}-no-result-tag.pgn", std::process::id()));
    std::fs::write(
        &path,
        "[White \"a\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[White \"b\"]\n\n1. f3 e5 2. g4 Qh4#\n",
    )
    .unwrap();
    let out = machack(&["status", "--json", "--pgn", path.to_str().unwrap()]);
    let games: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (games[0]["result"].as_str(), games[0]["verdict"].as_str()),
        (Some("0-1"), Some("agrees"))
    );
    assert!(
        games[1]["result"].is_null() && games[1].get("verdict").is_none(),
        "{}",
        games[1]
    );
    assert_eq!(
        games[1]["note"],
        "no result recorded; by the rules 0-1 by checkmate"
    );
    let text = machack(&["status", "--pgn", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(!text.contains("CONTRADICTS"), "{text}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn human_output_for_a_position() {
    let out = machack(&[
        "status", "--intend", "Ng8", "--moves", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("outcome: none"), "{text}");
    assert!(text.contains("occurrences: 2"));
    assert!(text.contains("claims with Ng8: threefold_repetition"));
}
