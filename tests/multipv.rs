//! `MultiPV` and `currmove` over UCI, driven over pipes as a GUI drives them: the K best
//! root moves at each depth, distinct and best first, in the modern and the 1967
//! profiles; no more lines than legal moves; a mate stays line 1.

#[path = "uci/pipe.rs"]
mod pipe;

use std::collections::BTreeMap;
use std::time::Duration;

use pipe::Engine;

const LONG: Duration = Duration::from_secs(60);

/// One reported line: its score in centipawns (mates far beyond) and its first move.
#[derive(Debug, Clone)]
struct Line {
    score: i64,
    first: String,
}

/// The value of `word` after `key` in an info line.
fn field<'a>(words: &[&'a str], key: &str) -> Option<&'a str> {
    let at = words.iter().position(|w| *w == key)?;
    words.get(at + 1).copied()
}

/// Runs `go` from `fen` and returns the lines reported at each depth, by multipv index
/// (the last report of each), and the bestmove line.
fn lines(e: &mut Engine, fen: &str, go: &str) -> (BTreeMap<u32, BTreeMap<u32, Line>>, String) {
    e.send(&format!("position fen {fen}"));
    e.send(go);
    let (best, _) = e.expect_prefix("bestmove", LONG);
    let mut by_depth: BTreeMap<u32, BTreeMap<u32, Line>> = BTreeMap::new();
    for info in e.seen.iter().filter(|l| l.starts_with("info depth")) {
        let words: Vec<&str> = info.split_whitespace().collect();
        let (Some(depth), Some(k), Some(first)) = (
            field(&words, "depth"),
            field(&words, "multipv"),
            field(&words, "pv"),
        ) else {
            continue;
        };
        let score = match (field(&words, "cp"), field(&words, "mate")) {
            (Some(cp), _) => cp.parse::<i64>().unwrap(),
            (None, Some(m)) => {
                let n = m.parse::<i64>().unwrap();
                if n > 0 { 100_000 - n } else { -100_000 - n }
            }
            _ => panic!("no score: {info}"),
        };
        by_depth.entry(depth.parse().unwrap()).or_default().insert(
            k.parse().unwrap(),
            Line {
                score,
                first: first.to_string(),
            },
        );
    }
    e.seen.clear();
    (by_depth, best)
}

/// Every depth reported `k` lines (1..=k), with distinct first moves and non-increasing
/// scores; line 1 of the deepest is the bestmove.
fn assert_lines(by_depth: &BTreeMap<u32, BTreeMap<u32, Line>>, best: &str, k: u32) {
    assert!(!by_depth.is_empty());
    for (depth, lines) in by_depth {
        let ks: Vec<u32> = lines.keys().copied().collect();
        assert_eq!(ks, (1..=k).collect::<Vec<_>>(), "depth {depth}: {lines:?}");
        let mut firsts: Vec<&str> = lines.values().map(|l| l.first.as_str()).collect();
        firsts.sort_unstable();
        firsts.dedup();
        assert_eq!(firsts.len(), k as usize, "depth {depth}: {lines:?}");
        let scores: Vec<i64> = lines.values().map(|l| l.score).collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "depth {depth}: {lines:?}"
        );
    }
    let deepest = by_depth.values().last().unwrap();
    assert_eq!(
        best.split_whitespace().nth(1),
        Some(deepest[&1].first.as_str())
    );
}

const ITALIAN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

#[test]
fn three_lines_in_the_modern_profile() {
    let mut e = Engine::uci_with(&[("MultiPV", "3")]);
    let (by_depth, best) = lines(&mut e, ITALIAN, "go depth 7");
    assert_eq!(by_depth.keys().last(), Some(&7));
    assert_lines(&by_depth, &best, 3);
    e.quit("quit");
}

#[test]
fn three_lines_in_both_1967_profiles_at_a_fixed_depth() {
    for profile in ["1967", "1967-tournament"] {
        let mut e = Engine::uci_with(&[("Profile", profile), ("MultiPV", "3")]);
        let (by_depth, best) = lines(&mut e, ITALIAN, "go depth 3");
        assert_eq!(by_depth.keys().last(), Some(&3), "{profile}");
        assert_lines(&by_depth, &best, 3);
        e.quit("quit");
    }
}

#[test]
fn no_more_lines_than_legal_moves() {
    // Five legal moves: Ne2, Nf3, Nxh3, gxh3, hxg3.
    let fen = "k7/8/8/8/8/6pp/6PP/6NK w - - 0 1";
    for profile in ["modern", "1967"] {
        let mut e = Engine::uci_with(&[("Profile", profile), ("MultiPV", "64")]);
        let (by_depth, best) = lines(&mut e, fen, "go depth 3");
        let legal = 5;
        let deepest = by_depth.values().last().unwrap();
        assert_eq!(deepest.len(), legal, "{profile}: {deepest:?}");
        assert_lines(&by_depth, &best, legal as u32);
        e.quit("quit");
    }
}

#[test]
fn a_mate_in_one_is_line_one() {
    // Back-rank mate: Rd8#.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    for profile in ["modern", "1967-tournament"] {
        let mut e = Engine::uci_with(&[("Profile", profile), ("MultiPV", "4")]);
        let (by_depth, best) = lines(&mut e, fen, "go depth 3");
        assert_lines(&by_depth, &best, 4);
        let deepest = by_depth.values().last().unwrap();
        assert_eq!(deepest[&1].first, "d1d8", "{profile}: {deepest:?}");
        assert_eq!(deepest[&1].score, 100_000 - 1, "{profile}: {deepest:?}");
        assert!(deepest[&2].score < 100_000 - 1, "{profile}: {deepest:?}");
        e.quit("quit");
    }
}

/// The `currmove` reports of a `go movetime 2500` from the start position: each names a
/// legal root move and its number, none comes in the first second, and the modern search
/// and the deepening 1967 search both send them.
#[test]
fn currmove_after_the_first_second() {
    for (profile, go) in [("modern", "go movetime 2500"), ("1967", "go infinite")] {
        let mut e = Engine::uci_with(&[("Profile", profile)]);
        e.send("position startpos");
        let sent = e.send(go);
        if go == "go infinite" {
            std::thread::sleep(Duration::from_millis(2500));
            e.send("stop");
        }
        let (_, first) = e.expect("currmove", LONG, |l| l.contains(" currmove "));
        assert!(
            first - sent >= Duration::from_millis(900),
            "{profile}: currmove after {:?}",
            first - sent
        );
        e.expect_prefix("bestmove", LONG);
        let moves: Vec<&String> = e.seen.iter().filter(|l| l.contains(" currmove ")).collect();
        assert!(!moves.is_empty(), "{profile}");
        for line in moves {
            let words: Vec<&str> = line.split_whitespace().collect();
            let mv = field(&words, "currmove").unwrap();
            let n: u32 = field(&words, "currmovenumber").unwrap().parse().unwrap();
            assert!((1..=20).contains(&n), "{line}");
            assert_eq!(mv.len(), 4, "{line}");
            assert!(!line.contains(" pv "), "{line}");
        }
        e.quit("quit");
    }
}
