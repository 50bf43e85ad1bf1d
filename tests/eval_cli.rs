//! `machack eval`: the JSON keys of docs/design.md §11, the root taken from `--fen`, the human
//! output, and errors on bad input.

#[path = "common/cli.rs"]
mod cli;
use cli::run as machack;

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = machack(args);
    assert_eq!(code, 0, "stderr: {err}");
    serde_json::from_str(out.trim()).expect("one JSON object")
}

#[test]
fn json_has_every_term_and_s() {
    let v = json(&["eval", "--json"]);
    for key in ["B", "R", "P", "K", "C", "S"] {
        assert_eq!(v[key], 0, "{key} at the start");
    }
    assert_eq!(v["feedover"], serde_json::Value::Null);
}

#[test]
fn moves_are_evaluated_against_the_fen_root() {
    // Root: both d-files open, Black has also lost its a-, b- and c-pawns: White three
    // pawns up. 1. Qxd8+ Kxd8 trades queens, which the R term rewards for the side ahead:
    // R = (N/T - 1)·5281/4 with N = 3905/3521 and T = 5153/4769 (king valued 1).
    let root = "rnbqkbnr/4pppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1";
    let v = json(&["eval", "--json", "--fen", root, "--moves", "Qxd8+", "Kxd8"]);
    assert_eq!(v["B"], 3 * 128);
    let n = 3905.0 / 3521.0;
    let t = 5153.0 / 4769.0;
    let r = ((n / t - 1.0) * 5281.0 / 4.0_f64).round() as i64;
    assert_eq!(r, 35); // 34.87
    assert_eq!(v["R"], r);
    // The same position as its own root: no ratio change, the pawns the same.
    let after = "rnbk1bnr/4pppp/8/8/8/8/PPP1PPPP/RNB1KBNR w KQ - 0 2";
    let w = json(&["eval", "--json", "--fen", after]);
    assert_eq!(w["R"], 0);
    assert_eq!(w["P"], v["P"]);
    let s: i64 = ["B", "R", "P", "K", "C"]
        .iter()
        .map(|k| v[*k].as_i64().unwrap())
        .sum();
    assert_eq!(v["S"], s);
}

#[test]
fn human_output_lists_verdicts_and_ends_with_s() {
    let (code, out, _) = machack(&["eval", "--fen", "4k3/8/8/3p4/2N1N3/8/8/4K3 w - - 0 1"]);
    assert_eq!(code, 0);
    assert!(out.contains("d5 black"), "{out}");
    assert!(out.contains("en prise        white: Nc4 Ne4"), "{out}");
    assert!(out.contains("feedover    yes, case 2"), "{out}");
    assert!(
        out.trim_end().lines().last().unwrap().starts_with("S "),
        "{out}"
    );
}

#[test]
fn bad_input_exits_1() {
    let (code, _, err) = machack(&["eval", "--fen", "not a fen"]);
    assert_eq!(code, 1);
    assert!(err.contains("error"), "{err}");
    let (code, _, err) = machack(&["eval", "--moves", "e4", "e4"]);
    assert_eq!(code, 1);
    assert!(err.contains("move 2"), "{err}");
}
