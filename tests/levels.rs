//! Strength levels over UCI: `UCI_LimitStrength` and `UCI_Elo` are announced, out-of-range
//! labels are clamped rather than refused, a level holds the search to its node budget
//! whatever the clock allows, and even the weakest level still sees a mate in one.

#[path = "uci/pipe.rs"]
mod pipe;

use std::time::Duration;

use machack::search::modern::level::level;
use machack::search::{MAX_ELO, MIN_ELO};
use pipe::Engine;

const LONG: Duration = Duration::from_secs(30);

/// Plays `go movetime` from `position` and returns the last `info` line's nodes and the
/// bestmove line; fails on any error reported on the way.
fn nodes_and_best(e: &mut Engine, position: &str, ms: u32) -> (u64, String) {
    e.send(position);
    e.send(&format!("go movetime {ms}"));
    let (best, _) = e.expect_prefix("bestmove", LONG);
    assert!(
        !e.seen.iter().any(|l| l.starts_with("info string error")),
        "{:?}",
        e.seen
    );
    let nodes = e
        .seen
        .iter()
        .rev()
        .filter_map(|l| {
            let mut words = l.split_whitespace().skip_while(|w| *w != "nodes");
            words.nth(1)?.parse().ok()
        })
        .next()
        .expect("an info line with nodes");
    (nodes, best)
}

#[test]
fn the_options_are_announced_with_their_range() {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    e.expect_prefix("uciok", LONG);
    let elo = format!("option name UCI_Elo type spin default 1500 min {MIN_ELO} max {MAX_ELO}");
    assert!(e.seen.contains(&elo), "{:?}", e.seen);
    assert!(
        e.seen
            .contains(&"option name UCI_LimitStrength type check default false".to_string())
    );
}

#[test]
fn a_label_below_the_range_plays_the_weakest_level_within_its_budget() {
    let mut e = Engine::uci_with(&[("UCI_LimitStrength", "true"), ("UCI_Elo", "100")]);
    let (nodes, best) = nodes_and_best(&mut e, "position startpos moves e2e4 e7e5", 3000);
    assert!(nodes <= level(MIN_ELO).nodes, "{nodes} nodes");
    assert!(best.starts_with("bestmove "), "{best}");
}

#[test]
fn a_label_above_the_range_is_clamped_to_the_strongest_level() {
    let mut e = Engine::uci_with(&[("UCI_LimitStrength", "true"), ("UCI_Elo", "99999")]);
    let (nodes, _) = nodes_and_best(&mut e, "position startpos", 20_000);
    assert!(nodes <= level(MAX_ELO).nodes, "{nodes} nodes");
    assert!(
        nodes > level(2000).nodes,
        "{nodes} nodes: not the strongest level"
    );
}

#[test]
fn without_limit_strength_the_label_changes_nothing() {
    let mut e = Engine::uci_with(&[("UCI_Elo", "1000")]);
    let (nodes, _) = nodes_and_best(&mut e, "position startpos", 500);
    assert!(nodes > 10 * level(MIN_ELO).nodes, "{nodes} nodes");
}

#[test]
fn the_weakest_level_still_mates_in_one() {
    let mut e = Engine::uci_with(&[("UCI_LimitStrength", "true"), ("UCI_Elo", "1000")]);
    // The back-rank mate Rd8#.
    let (_, best) = nodes_and_best(
        &mut e,
        "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        3000,
    );
    assert_eq!(best.split_whitespace().nth(1), Some("d1d8"), "{best}");
}
