//! The `search`, `epd` and `bench` subcommands, run as the binary.

#[path = "common/cli.rs"]
mod cli;
use cli::run as machack;

#[test]
fn search_json_has_the_contract_fields() {
    let (code, out, err) = machack(&[
        "search",
        "--profile",
        "1967",
        "--depth",
        "3",
        "--json",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["bestmove"], "a1a8");
    assert_eq!(v["bestmove_san"], "Ra8#");
    assert_eq!(v["mate"], 1);
    assert_eq!(v["pv"][0], "a1a8");
    assert_eq!(v["depth"], 3);
    for key in [
        "nodes",
        "plausible_generations",
        "static_evaluations",
        "capture_nodes",
        "hash_probes",
        "hash_hits",
        "secondary_searches",
        "feedovers_two_en_prise",
        "time_ms",
    ] {
        assert!(v["stats"][key].is_u64(), "stats.{key}");
    }
    assert!(v["root_moves"].as_array().unwrap().len() > 5);
    assert_eq!(v["pv_end_terms"]["evaluator"], "1967");
    let t = &v["pv_end_terms"];
    let sum: i64 = ["B", "R", "P", "K", "C"]
        .map(|k| t[k].as_i64().unwrap())
        .iter()
        .sum();
    assert_eq!(t["S"].as_i64(), Some(sum), "{t}");
}

/// The position at the end of the principal variation `pv` (coordinates) from `fen`.
fn pv_end(fen: &str, pv: &serde_json::Value) -> shakmaty::Chess {
    use shakmaty::Position;
    let (mut pos, _) = machack::rules::parse_fen(fen).unwrap();
    for m in pv.as_array().unwrap() {
        let m = machack::notation::read_move(&pos, m.as_str().unwrap()).unwrap();
        pos.play_unchecked(m);
    }
    pos
}

#[test]
fn a_modern_search_gives_its_own_evaluators_terms_at_the_end_of_the_variation() {
    use shakmaty::Position;
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let (code, out, err) = machack(&[
        "search",
        "--profile",
        "modern",
        "--depth",
        "7",
        "--json",
        "--fen",
        fen,
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let t = &v["pv_end_terms"];
    assert_eq!(t["evaluator"], "modern", "{t}");
    assert!(t.get("S").is_none(), "{t}");
    let end = pv_end(fen, &v["pv"]);
    let eval = machack::search::modern::eval::evaluate(&end);
    let white = end.turn().fold_wb(eval, -eval);
    assert_eq!(t["eval"].as_i64(), Some(i64::from(white)), "{t}");
    let terms = t["terms"].as_array().unwrap();
    assert!(terms.len() > 3, "{t}");
    let mut sum = 0.0;
    for term in terms {
        assert!(!term["name"].as_str().unwrap().is_empty());
        assert!(term["mg"].is_i64() && term["eg"].is_i64(), "{term}");
        sum += term["value"].as_f64().unwrap();
    }
    // The blend rounds once for the phase and once for the endgame scale.
    assert!((sum - f64::from(white)).abs() <= 2.0, "{sum} vs {white}");
    assert!(t["phase"].as_u64().unwrap() <= 24 && t["scale"].as_u64().unwrap() <= 128);
    assert_eq!(
        (t["max_phase"].as_u64(), t["full_scale"].as_u64()),
        (Some(24), Some(128))
    );

    let (code, out, err) = machack(&[
        "search",
        "--profile",
        "modern",
        "--depth",
        "5",
        "--fen",
        fen,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("evaluation at the end of the variation (White's view, modern evaluator"),
        "{out}"
    );
    assert!(out.contains("  = the evaluation "), "{out}");
    assert!(!out.contains("): B "), "no 1967 terms: {out}");
}

#[test]
fn search_text_ends_with_the_best_move_in_the_chosen_notation() {
    let (code, out, err) = machack(&[
        "search",
        "--profile",
        "1967",
        "--depth",
        "2",
        "--widths",
        "6,4",
        "--hash",
        "1000",
        "--notation",
        "uci",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("statistics:"), "{out}");
    assert!(
        out.contains("evaluation at the end of the variation"),
        "{out}"
    );
    assert_eq!(out.lines().last(), Some("bestmove a1a8"));
}

#[test]
fn bad_settings_exit_2_bad_input_1_with_a_message() {
    let (code, _, err) = machack(&["search", "--profile", "1968"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown profile '1968'"), "{err}");
    let (code, _, err) = machack(&["search", "--widths", "15,0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--widths"), "{err}");
    let (code, _, err) = machack(&["search", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no legal move"), "{err}");
    let (code, _, err) = machack(&["epd", "tests/data/does-not-exist.epd"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn epd_reports_failures_and_the_solved_count() {
    let (code, out, err) = machack(&[
        "epd",
        "tests/data/search_mates.epd",
        "--depth",
        "3",
        "--profile",
        "1967",
        "--widths",
        "99",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some("solved 3 of 3"), "{out}");
    // Without secondary search and at depth 1 the poisoned pawn is taken: a failure line.
    let (code, out, _) = machack(&[
        "epd",
        "tests/data/search_mates.epd",
        "--depth",
        "1",
        "--profile",
        "1967",
        "--secondary",
        "0",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("failed poisoned pawn: played Rxa7"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("solved "));
}

#[test]
fn the_modern_profile_benches_deterministically_and_searches() {
    let bench = || {
        let (code, out, err) = machack(&["bench", "--profile", "modern", "--depth", "8"]);
        assert_eq!(code, 0, "{err}");
        let last = out.lines().last().unwrap_or_default().to_string();
        let fields: Vec<&str> = last.split_whitespace().collect();
        assert!(
            fields.len() == 4 && fields[1] == "nodes" && fields[3] == "nps",
            "{last}"
        );
        fields[0].parse::<u64>().expect("a node count")
    };
    let first = bench();
    assert!(first > 0);
    assert_eq!(
        first,
        bench(),
        "a single-threaded bench counts the same nodes"
    );
    let (code, out, err) = machack(&[
        "search",
        "--profile",
        "modern",
        "--depth",
        "6",
        "--json",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"mate\":1"), "{out}");
    // Without a depth, time or node limit it searches to the profile's bench depth.
    let (code, out, err) = machack(&["search", "--profile", "modern", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"depth\":12"), "{out}");
    let (code, out, err) = machack(&[
        "epd",
        "tests/data/search_mates.epd",
        "--depth",
        "6",
        "--profile",
        "modern",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some("solved 3 of 3"), "{out}");
}

/// Black to move, a queen down: the values are White's, and say so; beside a mate in one,
/// the moves that only failed low are "no better", not "at most mate in 1".
#[test]
fn search_values_are_whites_and_say_so() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    for profile in ["1967", "modern"] {
        let (code, out, err) = machack(&[
            "search",
            "--profile",
            profile,
            "--depth",
            "4",
            "--json",
            "--fen",
            fen,
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["point_of_view"], "white");
        assert!(
            v["score"].as_i64().unwrap() > 500,
            "{profile}: {}",
            v["score"]
        );
        assert!(v["lines"][0]["score"].as_i64().unwrap() > 500);
        for row in v["root_moves"].as_array().unwrap() {
            if let Some(score) = row["score"].as_i64() {
                assert!(score > 300, "{profile}: {row}");
            }
        }
        let (_, text, _) = machack(&["search", "--profile", profile, "--depth", "4", "--fen", fen]);
        let value = text.lines().find(|l| l.starts_with("value ")).unwrap();
        assert!(
            value.starts_with("value +") && value.ends_with("White's point of view)"),
            "{value}"
        );
    }
    let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let (_, text, _) = machack(&["search", "--depth", "6", "--fen", mate]);
    assert!(text.contains("value White mates in 1"), "{text}");
    assert!(text.contains("value no better"), "{text}");
    assert!(!text.contains("<=White mates"), "{text}");
}
