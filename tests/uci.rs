//! UCI sessions driven over pipes: the handshake, every `go` form, `isready` and `stop`
//! while searching, `go infinite` and `go ponder` holding their answer, and malformed lines
//! each answered with `info string error` while the engine keeps answering `isready`.

#[path = "uci/pipe.rs"]
mod pipe;

use std::time::{Duration, Instant};

use pipe::{Engine, secs};

const LONG: Duration = Duration::from_secs(30);

fn ready(e: &mut Engine) {
    e.send("isready");
    e.expect_prefix("readyok", LONG);
}

fn started() -> Engine {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    e.expect_prefix("uciok", LONG);
    ready(&mut e);
    e
}

/// Waits for the bestmove of a `go` and checks that no second one follows.
fn one_bestmove(e: &mut Engine, timeout: Duration) -> String {
    let (line, _) = e.expect_prefix("bestmove", timeout);
    e.send("isready");
    e.expect("readyok", LONG, |l| {
        assert!(!l.starts_with("bestmove"), "a second bestmove: {l}");
        l == "readyok"
    });
    line
}

#[test]
fn handshake_announces_every_option() {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    let (_, _) = e.expect_prefix("id name machack", LONG);
    e.expect_prefix("uciok", LONG);
    for name in [
        "Hash",
        "Clear Hash",
        "Threads",
        "Ponder",
        "Move Overhead",
        "Profile",
        "Depth",
        "Widths",
        "Contempt",
        "OwnBook",
        "BookFile",
    ] {
        let wanted = format!("option name {name} type");
        assert!(
            e.seen.iter().any(|l| l.starts_with(&wanted)),
            "{name} missing: {:?}",
            e.seen
        );
    }
    let profile = e.seen.iter().find(|l| l.contains("name Profile")).unwrap();
    assert!(
        profile.contains("default modern")
            && ["1967", "1967-tournament", "modern"].iter().all(|p| profile
                .split(" var ")
                .any(|v| v.split(' ').next() == Some(p))),
        "{profile}"
    );
    assert!(
        e.seen
            .iter()
            .any(|l| l == "option name OwnBook type check default true")
    );
    assert!(
        e.seen
            .iter()
            .any(|l| l.starts_with("option name Move Overhead type spin default 30"))
    );
    ready(&mut e);
    e.quit("quit");
}

#[test]
fn a_bare_machack_speaks_uci_when_the_first_line_is_uci() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.expect_prefix("uciok", LONG);
    e.send("position startpos moves e2e4");
    e.send("go depth 1");
    one_bestmove(&mut e, LONG);
    e.quit("quit");
}

#[test]
fn every_go_form_answers_once_with_a_legal_move() {
    let mut e = started();
    e.send("setoption name OwnBook value false");
    let forms = [
        "go depth 2",
        "go nodes 2000",
        "go movetime 100",
        "go wtime 2000 btime 2000",
        "go wtime 2000 btime 2000 winc 20 binc 20",
        "go wtime 5000 btime 5000 movestogo 3",
        "go mate 1",
        "go depth 2 searchmoves a2a3 h2h3",
        "go",
    ];
    for form in forms {
        e.send("position startpos moves e2e4 e7e5");
        e.send(form);
        let line = one_bestmove(&mut e, LONG);
        let mv = line.split_whitespace().nth(1).unwrap_or("");
        assert!(mv.len() >= 4 && mv != "(none)", "{form}: {line}");
        if form.contains("searchmoves") {
            assert!(mv == "a2a3" || mv == "h2h3", "{form}: {line}");
        }
    }
    e.quit("quit");
}

#[test]
fn info_lines_come_in_the_uci_order() {
    let mut e = started();
    e.send("setoption name OwnBook value false");
    e.send("position startpos");
    e.send("go depth 2");
    one_bestmove(&mut e, LONG);
    let infos: Vec<&String> = e
        .seen
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty(), "{:?}", e.seen);
    let order = [
        "depth", "seldepth", "score", "nodes", "nps", "hashfull", "time", "pv",
    ];
    for info in infos {
        let words: Vec<&str> = info.split_whitespace().collect();
        let at: Vec<usize> = order
            .iter()
            .filter_map(|k| words.iter().position(|w| w == k))
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{info}");
        assert!(words.contains(&"cp") || words.contains(&"mate"), "{info}");
    }
    e.quit("quit");
}

#[test]
fn a_depth_limited_search_reports_each_line_once() {
    for multipv in ["1", "3"] {
        let mut e = started();
        e.send("setoption name OwnBook value false");
        e.send(&format!("setoption name MultiPV value {multipv}"));
        e.send("position startpos moves e2e4");
        e.send("go depth 6");
        one_bestmove(&mut e, LONG);
        let infos: Vec<&String> = e
            .seen
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        let last = infos.last().unwrap();
        assert!(last.starts_with("info depth 6 "), "{last}");
        let mut seen = std::collections::HashSet::new();
        for info in &infos {
            // The time and nps may differ between two reports of one line; the rest not.
            let line: Vec<&str> = info.split(" time ").collect();
            let key = (
                line[0].split(" nps ").next(),
                line.get(1).and_then(|r| r.split(" pv ").nth(1)),
            );
            assert!(seen.insert(key), "reported twice: {info}\n{infos:?}");
        }
        e.quit("quit");
    }
}

#[test]
fn timed_searches_answer_within_their_time() {
    let mut e = started();
    e.send("setoption name OwnBook value false");
    e.send("position startpos");
    let t = e.send("go movetime 200");
    let (_, at) = e.expect_prefix("bestmove", LONG);
    assert!(at - t < secs(0.6), "movetime 200 took {:?}", at - t);
    let t = e.send("go wtime 300 btime 300");
    let (_, at) = e.expect_prefix("bestmove", LONG);
    assert!(at - t < secs(0.3), "300 ms on the clock took {:?}", at - t);
    e.quit("quit");
}

#[test]
fn a_deep_fixed_depth_search_still_answers_when_the_clock_demands() {
    let mut e = started();
    // Depth 12 of the 1967 search takes minutes; the clock allows well under a second.
    e.send("setoption name Depth value 12");
    e.send("setoption name OwnBook value false");
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
    for (go, limit) in [
        ("go wtime 600 btime 600", 0.6),
        ("go wtime 1000 btime 1000 movestogo 1", 1.0),
        ("go movetime 300", 0.6),
        ("go wtime 100 btime 100 winc 10 binc 10", 0.1),
    ] {
        let t = e.send(go);
        let (_, at) = e.expect_prefix("bestmove", LONG);
        assert!(at - t < secs(limit), "{go}: {:?}", at - t);
        one_bestmove_after(&mut e);
    }
    e.quit("quit");
}

#[test]
fn go_mate_finds_the_mate() {
    let mut e = started();
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go mate 1");
    let line = one_bestmove(&mut e, LONG);
    assert!(line.starts_with("bestmove a1a8"), "{line}");
    assert!(
        e.seen.iter().any(|l| l.contains("score mate 1 ")),
        "{:?}",
        e.seen
    );
    e.quit("quit");
}

#[test]
fn go_infinite_never_ends_on_its_own_and_stop_answers_fast() {
    let mut e = started();
    // Deep enough that the search is still running when stop comes.
    e.send("setoption name Depth value 12");
    e.send("position startpos moves d2d4");
    let mut stops = Vec::new();
    for _ in 0..3 {
        e.send("go infinite");
        e.expect_none("bestmove before stop", secs(1.0), |l| {
            l.starts_with("bestmove")
        });
        let t = e.send("stop");
        let (_, at) = e.expect_prefix("bestmove", LONG);
        stops.push(at - t);
        one_bestmove_after(&mut e);
    }
    stops.sort();
    eprintln!("stop -> bestmove: {stops:?}");
    // The real figure is measured by scripts/latency.py; here a bound a loaded CI survives.
    assert!(stops[0] < secs(0.05), "{stops:?}");
    assert!(stops.iter().all(|&d| d < secs(0.5)), "{stops:?}");
    e.quit("quit");
}

fn one_bestmove_after(e: &mut Engine) {
    e.send("isready");
    e.expect("readyok", LONG, |l| {
        assert!(!l.starts_with("bestmove"), "a second bestmove: {l}");
        l == "readyok"
    });
}

#[test]
fn isready_is_answered_at_once_mid_search() {
    let mut e = started();
    e.send("position startpos");
    e.send("go infinite");
    let mut waits = Vec::new();
    for _ in 0..5 {
        std::thread::sleep(secs(0.1));
        let t = e.send("isready");
        let (_, at) = e.expect("readyok", LONG, |l| {
            assert!(!l.starts_with("bestmove"), "{l}");
            l == "readyok"
        });
        waits.push(at - t);
    }
    waits.sort();
    eprintln!("isready -> readyok mid-search: {waits:?}");
    assert!(waits[2] < secs(0.05), "{waits:?}");
    e.send("stop");
    e.expect_prefix("bestmove", LONG);
    e.quit("quit");
}

#[test]
fn ponder_holds_its_answer_until_ponderhit_or_stop() {
    let mut e = started();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 1000 btime 1000");
    e.expect_none("bestmove while pondering", secs(1.0), |l| {
        l.starts_with("bestmove")
    });
    let t = e.send("ponderhit");
    let (_, at) = e.expect_prefix("bestmove", LONG);
    assert!(at - t < secs(0.6), "after ponderhit {:?}", at - t);
    one_bestmove_after(&mut e);
    // A ponder miss: the GUI stops, takes the answer, and searches the real position.
    e.send("go ponder wtime 1000 btime 1000");
    e.expect_none("bestmove while pondering", secs(0.3), |l| {
        l.starts_with("bestmove")
    });
    e.send("stop");
    e.expect_prefix("bestmove", LONG);
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go wtime 1000 btime 1000");
    one_bestmove(&mut e, LONG);
    e.quit("quit");
}

#[test]
fn book_moves_are_announced_with_a_value_and_infinite_searches_never_use_the_book() {
    let mut e = started();
    e.send("position startpos");
    e.send("go wtime 10000 btime 10000");
    let (book, _) = e.expect_prefix("info string book move", LONG);
    let mv = book.rsplit(' ').next().unwrap().to_string();
    // The value comes first, as a search's would, its line the book move.
    let valued = e.seen.iter().rev().nth(1).unwrap();
    assert!(
        valued.starts_with("info depth ")
            && valued.contains(" score cp ")
            && valued.ends_with(&format!(" pv {mv}")),
        "{valued}"
    );
    assert_eq!(one_bestmove(&mut e, LONG), format!("bestmove {mv}"));
    e.send("go infinite");
    e.expect_prefix("info depth", LONG);
    e.send("stop");
    one_bestmove(&mut e, LONG);
    e.quit("quit");
}

#[test]
fn a_long_1967_search_names_the_move_it_is_searching_every_second() {
    let mut e = started();
    e.send("setoption name Profile value 1967");
    e.send("setoption name OwnBook value false");
    e.send("position startpos moves e2e4 e7e5");
    // Depth 13 spends many seconds on its first top-level move.
    let t = e.send("go depth 13");
    let (line, at) = e.expect_prefix("info depth 13 currmove ", LONG);
    assert!(at - t < secs(1.5), "first report after {:?}", at - t);
    assert!(
        line.contains(" currmovenumber ") && line.contains(" nodes "),
        "{line}"
    );
    let (_, again) = e.expect_prefix("info depth 13 currmove ", LONG);
    assert!(again - at < secs(1.5), "next report after {:?}", again - at);
    e.send("stop");
    one_bestmove(&mut e, LONG);
    e.quit("quit");
}

#[test]
fn checkmated_or_stalemated_root_answers_none() {
    let mut e = started();
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 2");
    let line = one_bestmove(&mut e, LONG);
    assert_eq!(line, "bestmove (none)");
    e.quit("quit");
}

#[test]
fn malformed_lines_are_answered_and_the_engine_carries_on() {
    let mut e = started();
    let bad = [
        "position fen garbage",
        "position startpos moves e2e4 e2e4",
        "position",
        "setoption name Hash value lots",
        "setoption name NoSuchOption value 3",
        "setoption name Profile value 2026",
        "",
        "xyzzy plugh",
    ];
    for line in bad {
        e.send(line);
        e.expect("an error", LONG, |l| l.starts_with("info string error"));
        ready(&mut e);
    }
    // A go with bad fields still searches (a go must have its bestmove).
    e.send("go depth x searchmoves zz");
    e.expect("an error", LONG, |l| {
        l.starts_with("info string error go: depth")
    });
    one_bestmove(&mut e, LONG);
    // A negative clock is reported, taken as 0, and answered at once.
    e.send("position startpos");
    e.send("go wtime -5 btime -5");
    e.expect("an error", LONG, |l| {
        l.starts_with("info string error go: wtime -5")
    });
    one_bestmove(&mut e, secs(2.0));
    // A megabyte of junk on one line.
    let mut junk = vec![b'q'; 1 << 20];
    junk.push(b'\n');
    e.send_raw(&junk);
    e.expect("an error", LONG, |l| l.starts_with("info string error"));
    ready(&mut e);
    // Junk bytes that are not UTF-8.
    e.send_raw(b"\xff\xfe\x00go\n");
    e.expect("an error", LONG, |l| l.starts_with("info string error"));
    ready(&mut e);
    // The position after an illegal move keeps the moves before it.
    e.send("position startpos moves e2e4 e7e5 e1e3");
    e.expect("an error", LONG, |l| l.contains("move 3"));
    e.send("go depth 1 searchmoves g1f3");
    let line = one_bestmove(&mut e, LONG);
    assert!(line.starts_with("bestmove g1f3"), "{line}");
    e.quit("quit");
}

#[test]
fn a_go_during_a_search_is_refused_and_quit_ends_a_search() {
    let mut e = started();
    e.send("position startpos");
    e.send("go infinite");
    e.send("go depth 1");
    e.expect("an error", LONG, |l| l.starts_with("info string error go:"));
    let t = Instant::now();
    e.quit("quit");
    assert!(t.elapsed() < secs(2.0));
}

#[test]
fn threads_can_change_and_every_search_answers() {
    let mut e = started();
    e.send("setoption name OwnBook value false");
    e.send("position startpos moves e2e4");
    for threads in [2, 1, 3, 2] {
        e.send(&format!("setoption name Threads value {threads}"));
        e.send("go depth 8");
        let line = one_bestmove(&mut e, LONG);
        assert!(line.len() > "bestmove ".len(), "{line}");
        e.send("go infinite");
        e.expect_none("bestmove before stop", secs(0.3), |l| {
            l.starts_with("bestmove")
        });
        let t = e.send("stop");
        let (_, at) = e.expect_prefix("bestmove", LONG);
        assert!(at - t < secs(0.5), "{threads} threads: {:?}", at - t);
        one_bestmove_after(&mut e);
    }
    e.quit("quit");
}
