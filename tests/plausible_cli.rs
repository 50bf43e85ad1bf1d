//! `machack plausible`: the ranked listing, `--trace` and `--json` (docs/design.md §11), and
//! errors.

use std::process::Command;

fn machack(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .output()
        .expect("run machack")
}

#[test]
fn json_lists_every_legal_move_with_factors_summing_to_the_score() {
    let out = machack(&["plausible", "--json", "--moves", "e4", "e5"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let list = list.as_array().expect("a list");
    assert_eq!(list.len(), 29);
    let mut last = i64::MAX;
    for e in list {
        for key in ["uci", "san", "descriptive"] {
            assert!(
                e[key].as_str().is_some_and(|s| !s.is_empty()),
                "{key} in {e}"
            );
        }
        let score = e["score"].as_i64().expect("score");
        assert!(score <= last, "not ranked");
        last = score;
        let factors = e["factors"].as_array().expect("factors");
        let sum: i64 = factors.iter().map(|f| f["value"].as_i64().unwrap()).sum();
        assert_eq!(sum, score, "{e}");
        assert!(
            factors
                .iter()
                .all(|f| f["name"].is_string() && f["comment"].is_string())
        );
    }
}

#[test]
fn trace_prints_one_move_with_comments_in_both_notations() {
    let out = machack(&["plausible", "--trace", "Nf3"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("plausibility"), "{text}");
    assert!(text.contains("first_minor_move"), "{text}");
    assert!(text.contains("KB3 (f3)"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.contains("plausibility")).count(),
        1
    );
}

#[test]
fn bad_trace_move_and_bad_fen_exit_1() {
    let out = machack(&["plausible", "--trace", "Ke2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Ke2"));
    let out = machack(&["plausible", "--fen", "not a fen"]);
    assert_eq!(out.status.code(), Some(1));
}
