//! xboard (CECP v2) sessions driven over pipes: the feature handshake, playing in every
//! time control, force/go/playother, analysis, `ping` answered mid-search, draw offers,
//! claims and results by rule, and malformed lines answered with `Error (...)` while the
//! engine keeps answering `ping`.

#[path = "uci/pipe.rs"]
mod pipe;

use std::time::Duration;

use pipe::{Engine, secs};

const LONG: Duration = Duration::from_secs(30);

fn ping(e: &mut Engine, n: u32) {
    e.send(&format!("ping {n}"));
    let want = format!("pong {n}");
    e.expect(&want.clone(), LONG, move |l| l == want);
}

fn started() -> Engine {
    let mut e = Engine::start(&["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("done=1", LONG, |l| l == "feature done=1");
    e.send("new");
    ping(&mut e, 0);
    e
}

/// Waits for a `move` line; checks the move is coordinates.
fn engine_move(e: &mut Engine, timeout: Duration) -> String {
    let (line, _) = e.expect_prefix("move ", timeout);
    let mv = line[5..].to_string();
    assert!(mv.len() >= 4 && mv.is_ascii(), "{line}");
    mv
}

#[test]
fn a_book_move_comes_with_a_thinking_line() {
    let mut e = started();
    e.send("post");
    e.send("level 0 5 0");
    e.send("time 30000");
    e.send("otim 30000");
    e.send("usermove e2e4");
    let mv = engine_move(&mut e, LONG);
    let before = &e.seen[e.seen.len() - 2];
    let fields: Vec<&str> = before.split_whitespace().collect();
    assert!(
        fields.len() >= 5 && fields[..4].iter().all(|w| w.parse::<i64>().is_ok()),
        "no thinking line before the book move {mv}: {before}"
    );
    e.quit("quit");
}

#[test]
fn handshake_declares_the_features() {
    let mut e = Engine::start(&["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("done=1", LONG, |l| l == "feature done=1");
    assert_eq!(e.seen[0], "feature done=0");
    let features = e.seen.join(" ");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "sigint=0",
        "sigterm=0",
        "analyze=1",
        "colors=0",
        "myname=\"machack ",
    ] {
        assert!(features.contains(f), "{f} missing: {features}");
    }
    assert!(
        features.contains("option=\"Profile -combo 1967 /// 1967-tournament /// *modern\""),
        "{features}"
    );
    ping(&mut e, 7);
    e.quit("quit");
}

#[test]
fn a_bare_machack_speaks_xboard_when_the_first_line_is_xboard() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("done=1", LONG, |l| l == "feature done=1");
    e.send("new");
    e.send("sd 2");
    e.send("usermove e2e4");
    engine_move(&mut e, LONG);
    e.quit("quit");
}

#[test]
fn plays_in_every_time_control_with_thinking_output() {
    let mut e = started();
    e.send("option OwnBook=0");
    e.send("post");
    let controls: [&[&str]; 5] = [
        &["sd 2"],
        &["st 1"],
        &["level 0 0:02 0", "time 200", "otim 200"],
        &["level 40 1 0.5", "time 3000", "otim 3000"],
        // The 1967 rule: 50 moves in 2 hours; with a depth cap so the test stays short.
        &["level 50 120 0", "sd 2", "time 720000", "otim 720000"],
    ];
    for control in controls {
        e.send("new");
        for line in control {
            e.send(line);
        }
        let t = e.send("usermove e2e4");
        engine_move(&mut e, LONG);
        if control[0] == "st 1" {
            assert!(t.elapsed() < secs(1.6), "st 1 took {:?}", t.elapsed());
        }
        if control[0].starts_with("level 0 0:02") {
            assert!(
                t.elapsed() < secs(1.0),
                "2 s on the clock took {:?}",
                t.elapsed()
            );
        }
        ping(&mut e, 1);
    }
    let thinking = e
        .seen
        .iter()
        .filter(|l| {
            l.split_whitespace()
                .take(4)
                .all(|w| w.parse::<i64>().is_ok())
        })
        .count();
    assert!(thinking > 0, "no thinking output: {:?}", e.seen);
    e.quit("quit");
}

#[test]
fn a_deep_fixed_depth_search_still_moves_in_time() {
    let mut e = started();
    e.send("option Depth=12");
    e.send("option OwnBook=0");
    e.send("level 0 0:01 0");
    e.send("time 60");
    e.send("otim 60");
    let t = e.send("usermove e2e4");
    engine_move(&mut e, LONG);
    assert!(t.elapsed() < secs(0.6), "{:?}", t.elapsed());
    // The 1967 control with little left before the 50th move.
    e.send("new");
    e.send("level 50 120 0");
    e.send("time 80");
    e.send("otim 80");
    let t = e.send("usermove e2e4");
    engine_move(&mut e, LONG);
    assert!(t.elapsed() < secs(0.8), "{:?}", t.elapsed());
    e.quit("quit");
}

#[test]
fn force_go_playother_undo_and_remove() {
    let mut e = started();
    e.send("sd 2");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.expect_none("a move in force mode", secs(0.3), |l| {
        l.starts_with("move ")
    });
    e.send("go");
    let white = engine_move(&mut e, LONG);
    assert!(!white.is_empty());
    e.send("usermove b8c6");
    engine_move(&mut e, LONG);
    e.send("force");
    e.send("remove");
    e.send("undo");
    e.send("playother");
    // After remove + undo White is to move; playother gives the engine Black: no move yet.
    e.expect_none("a move for the wrong side", secs(0.3), |l| {
        l.starts_with("move ")
    });
    e.send("usermove d2d4");
    engine_move(&mut e, LONG);
    // Bare moves work too.
    e.send("g1f3");
    engine_move(&mut e, LONG);
    e.quit("quit");
}

#[test]
fn analyze_runs_until_exit_and_ping_is_answered_at_once() {
    let mut e = started();
    e.send("force");
    e.send("usermove e2e4");
    e.send("post");
    e.send("analyze");
    let mut waits = Vec::new();
    for n in 0..5 {
        std::thread::sleep(secs(0.1));
        let t = e.send(&format!("ping {n}"));
        let want = format!("pong {n}");
        let (_, at) = e.expect("pong", LONG, move |l| {
            assert!(!l.starts_with("move "), "a move in analyze mode: {l}");
            l == want
        });
        waits.push(at - t);
    }
    waits.sort();
    eprintln!("ping -> pong mid-analysis: {waits:?}");
    assert!(waits[2] < secs(0.05), "{waits:?}");
    e.send("usermove e7e5");
    e.expect_none("a move in analyze mode", secs(0.5), |l| {
        l.starts_with("move ")
    });
    e.send("exit");
    ping(&mut e, 9);
    e.quit("quit");
}

#[test]
fn move_now_answers_at_once() {
    let mut e = started();
    e.send("st 20");
    let t = e.send("usermove e2e4");
    std::thread::sleep(secs(0.3));
    e.send("?");
    engine_move(&mut e, LONG);
    assert!(t.elapsed() < secs(5.0), "{:?}", t.elapsed());
    e.quit("quit");
}

#[test]
fn results_by_rule_are_announced() {
    let mut e = started();
    e.send("sd 3");
    // The engine mates.
    e.send("setboard 7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    e.send("go");
    assert_eq!(engine_move(&mut e, LONG), "a1a8");
    e.expect("the result", LONG, |l| l == "1-0 {White mates}");
    // The opponent mates.
    e.send("new");
    e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("usermove a1a8");
    e.expect("the result", LONG, |l| l == "1-0 {White mates}");
    e.expect_none("a move after mate", secs(0.3), |l| l.starts_with("move "));
    // Stalemate by the opponent's move.
    e.send("new");
    e.send("setboard 7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    e.send("usermove e7f7");
    e.expect("the result", LONG, |l| l == "1/2-1/2 {Stalemate}");
    e.quit("quit");
}

#[test]
fn draw_offers_follow_the_rule() {
    let mut e = started();
    e.send("sd 2");
    // A dead draw: accepted at once.
    e.send("setboard 4k3/8/8/8/8/8/2n5/4KB2 w - - 0 1");
    e.send("draw");
    e.expect("offer draw", LONG, |l| l == "offer draw");
    // A queen up: declined silently, the engine just moves.
    e.send("new");
    e.send("setboard 4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    let before = e.seen.len();
    e.send("draw");
    e.send("go");
    engine_move(&mut e, LONG);
    ping(&mut e, 2);
    assert!(
        !e.seen[before..].iter().any(|l| l == "offer draw"),
        "{:?}",
        e.seen
    );
    // A queen down: accepted, before the move.
    e.send("new");
    e.send("setboard 4k3/8/8/8/8/8/8/Q3K3 b - - 0 1");
    e.send("draw");
    e.send("go");
    e.expect("offer draw", LONG, |l| {
        assert!(!l.starts_with("move "), "moved before accepting");
        l == "offer draw"
    });
    e.quit("quit");
}

#[test]
fn a_threefold_repetition_is_claimed_when_the_draw_is_welcome() {
    let mut e = started();
    // A draw worth ten pawns to us: always welcome.
    e.send("option Contempt=-1280");
    e.send("sd 2");
    e.send("force");
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        e.send(&format!("usermove {m}"));
    }
    e.send("go");
    e.expect("a claim", LONG, |l| {
        assert!(!l.starts_with("move "), "moved instead of claiming: {l}");
        l == "1/2-1/2 {Draw by repetition}"
    });
    e.quit("quit");
}

#[test]
fn pondering_keeps_one_move_per_turn() {
    let mut e = started();
    e.send("hard");
    e.send("level 0 0:05 0");
    e.send("time 500");
    e.send("otim 500");
    e.send("usermove e2e4");
    engine_move(&mut e, LONG);
    // Whatever the engine expected, a reply gets exactly one move back.
    for reply in ["d2d4", "g1f3"] {
        std::thread::sleep(secs(0.2));
        e.send("time 450");
        e.send("otim 450");
        e.send(&format!("usermove {reply}"));
        engine_move(&mut e, LONG);
        ping(&mut e, 3);
        let moves = e.seen.iter().filter(|l| l.starts_with("move ")).count();
        assert_eq!(moves, if reply == "d2d4" { 2 } else { 3 }, "{:?}", e.seen);
    }
    e.send("easy");
    e.send("force");
    ping(&mut e, 4);
    e.quit("quit");
}

#[test]
fn malformed_lines_are_answered_and_the_engine_carries_on() {
    let mut e = started();
    for line in [
        "setboard garbage",
        "level x y z",
        "st soon",
        "sd deep",
        "time -",
        "memory lots",
        "cores many",
        "cores 0",
        "option Hash=lots",
        "option NoSuchOption=3",
        "variant crazyhouse",
        "",
        "xyzzy plugh",
    ] {
        e.send(line);
        e.expect("an error", LONG, |l| l.starts_with("Error ("));
        ping(&mut e, 5);
    }
    e.send("usermove e2e5");
    e.expect("an illegal move", LONG, |l| l == "Illegal move: e2e5");
    e.send("e2e6");
    e.expect("an illegal move", LONG, |l| l == "Illegal move: e2e6");
    ping(&mut e, 6);
    let mut junk = vec![b'z'; 1 << 20];
    junk.push(b'\n');
    e.send_raw(&junk);
    e.expect("an error", LONG, |l| l.starts_with("Error ("));
    ping(&mut e, 7);
    // Still plays, on the cores it was given.
    e.send("cores 2");
    ping(&mut e, 8);
    assert!(
        !e.seen.iter().any(|l| l.ends_with(": cores 2")),
        "{:?}",
        e.seen
    );
    e.send("sd 2");
    e.send("usermove e2e4");
    engine_move(&mut e, LONG);
    e.quit("quit");
}
