//! Analysis as GUIs drive it, over pipes: `go infinite` and xboard `analyze` deepen past
//! the profile's depth until stopped, a book position gets a scored line, `UCI_ShowWDL`
//! adds win/draw/loss chances that sum to 1000, and the `Deepen` option lets timed play
//! go deeper than the paper's fixed depth.

#[path = "uci/pipe.rs"]
mod pipe;

use std::time::Duration;

use pipe::{Engine, secs};

const LONG: Duration = Duration::from_secs(60);

/// A UCI session with the 1967 tournament profile (the one these features are for; the
/// modern profile deepens on its own).
fn started() -> Engine {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    e.expect_prefix("uciok", LONG);
    e.send("setoption name Profile value 1967-tournament");
    e.send("isready");
    e.expect_prefix("readyok", LONG);
    e
}

/// The value after `key` in an `info` line.
fn field(line: &str, key: &str) -> Option<i64> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == key)?;
    words.get(at + 1)?.parse().ok()
}

/// The last `info depth` line read.
fn last_info(e: &Engine) -> String {
    let found = e.seen.iter().rev().find(|l| l.starts_with("info depth"));
    found.expect("an info line").clone()
}

fn depth_at_least(n: i64) -> impl Fn(&str) -> bool {
    move |l: &str| l.starts_with("info depth") && field(l, "depth").is_some_and(|d| d >= n)
}

#[test]
fn infinite_analysis_goes_past_depth_5_until_stopped() {
    let mut e = started();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go infinite");
    let (line, _) = e.expect("depth 6", LONG, depth_at_least(6));
    assert!(
        line.contains(" score cp ") && line.contains(" pv "),
        "{line}"
    );
    for key in ["seldepth", "nodes", "nps", "hashfull", "time"] {
        assert!(field(&line, key).is_some(), "{key} missing: {line}");
    }
    assert!(
        !e.seen.iter().any(|l| l.starts_with("bestmove")),
        "an answer before stop"
    );
    e.send("stop");
    let (best, _) = e.expect_prefix("bestmove", LONG);
    let last = last_info(&e);
    let pv_first = last
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(best.split(' ').nth(1), Some(pv_first), "{last} / {best}");
    e.quit("quit");
}

#[test]
fn a_book_position_under_analysis_gets_a_score_and_a_line() {
    let mut e = started();
    e.send("setoption name OwnBook value true");
    e.send("position startpos");
    e.send("go infinite");
    let (line, _) = e.expect("depth 3", LONG, depth_at_least(3));
    assert!(line.contains(" score cp "), "{line}");
    let pv: Vec<&str> = line.split(" pv ").nth(1).unwrap().split(' ').collect();
    assert!(pv.len() >= 2, "a line, not one move: {line}");
    e.send("stop");
    e.expect_prefix("bestmove", LONG);
    assert!(
        !e.seen.iter().any(|l| l.starts_with("info string book")),
        "{:?}",
        e.seen
    );
    e.quit("quit");
}

#[test]
fn show_wdl_adds_chances_that_sum_to_1000() {
    let mut e = started();
    e.send("setoption name UCI_ShowWDL value true");
    e.send("position fen 4k3/8/8/8/8/8/3PPP2/4K3 w - - 0 1");
    e.send("go depth 3");
    e.expect_prefix("bestmove", LONG);
    let infos: Vec<&String> = e
        .seen
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty());
    for line in infos {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "wdl").expect(line);
        let wdl: Vec<u32> = words[at + 1..at + 4]
            .iter()
            .map(|w| w.parse().unwrap())
            .collect();
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{line}");
        assert!(
            wdl[0] > wdl[2],
            "three pawns up wins more than it loses: {line}"
        );
    }
    e.send("setoption name UCI_ShowWDL value false");
    e.send("go depth 1");
    e.expect_prefix("bestmove", LONG);
    let last = last_info(&e);
    assert!(!last.contains(" wdl "), "{last}");
    e.quit("quit");
}

#[test]
fn deepen_lets_timed_play_go_past_the_fixed_depth() {
    let deepest = |deepen: bool| {
        let mut e = started();
        e.send("setoption name Profile value 1967-tournament");
        e.send("setoption name OwnBook value false");
        e.send(&format!("setoption name Deepen value {deepen}"));
        e.send("position startpos moves d2d4 d7d5");
        e.send("go movetime 3000");
        e.expect_prefix("bestmove", LONG);
        let d = e
            .seen
            .iter()
            .filter_map(|l| field(l, "depth"))
            .max()
            .unwrap();
        e.quit("quit");
        d
    };
    assert_eq!(deepest(false), 5, "the paper's tournament depth");
    assert!(deepest(true) > 5);
}

#[test]
fn xboard_analyze_deepens_until_exit() {
    let mut e = Engine::start(&["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("done=1", LONG, |l| l == "feature done=1");
    e.send("new");
    e.send("option Profile=1967-tournament");
    e.send("force");
    e.send("analyze");
    // Thinking lines: depth score time nodes pv.
    e.expect("a depth 6 line", LONG, |l| {
        l.split_whitespace()
            .next()
            .and_then(|d| d.parse::<u32>().ok())
            .is_some_and(|d| d >= 6)
    });
    e.send("exit");
    e.send("ping 1");
    e.expect("pong", secs(10.0), |l| l == "pong 1");
    e.quit("quit");
}

#[test]
fn with_deepen_a_ponder_search_deepens_and_answers_on_the_clock_after_ponderhit() {
    let mut e = started();
    e.send("setoption name OwnBook value false");
    e.send("setoption name Deepen value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 3000 btime 3000");
    e.expect("depth 6 while pondering", LONG, depth_at_least(6));
    assert!(!e.seen.iter().any(|l| l.starts_with("bestmove")));
    let t = e.send("ponderhit");
    let (_, at) = e.expect_prefix("bestmove", LONG);
    assert!(at - t < secs(1.5), "after ponderhit {:?}", at - t);
    e.quit("quit");
}
