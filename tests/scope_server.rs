//! The scope's server (issue 22): its HTTP routes, its WebSocket messages, what it does
//! with bad ones, the Origin and Host checks, one game per tab, and a closed tab's search
//! stopped. Each test starts a server in-process on a free loopback port.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use machack::scope::MAX_MESSAGE;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

mod scope_common;
use scope_common::start;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn connect(addr: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    ws
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// The next reply of type `kind`, skipping others (at most 60 s).
async fn next(ws: &mut Ws, kind: &str) -> Value {
    let wait = async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    if v["type"] == kind {
                        return v;
                    }
                }
                Some(Ok(_)) => {}
                other => panic!("socket ended waiting for {kind}: {other:?}"),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(60), wait)
        .await
        .unwrap_or_else(|_| panic!("no {kind} reply"))
}

/// A plain HTTP GET: status line and the whole response.
async fn get(addr: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_files_are_served_and_nothing_else() {
    let (addr, _) = start().await;
    let page = get(&addr, "/").await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("text/html"));
    assert!(page.contains("content-security-policy"));
    for id in [
        "board", "moves", "thinking", "tree", "eval", "status", "fen",
    ] {
        assert!(page.contains(&format!("id=\"{id}\"")), "region {id}");
    }
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/board.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/pieces.svg", "image/svg+xml"),
    ] {
        let r = get(&addr, path).await;
        assert!(r.starts_with("HTTP/1.1 200") && r.contains(kind), "{path}");
    }
    assert!(get(&addr, "/secret").await.starts_with("HTTP/1.1 404"));
    assert!(
        get(&addr, "/ws").await.starts_with("HTTP/1.1 4"),
        "no upgrade"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_gets_a_reply_with_live_lines_and_a_record() {
    let (addr, _) = start().await;
    let mut ws = connect(&addr).await;
    let hello = next(&mut ws, "hello").await;
    assert!(hello["profiles"].as_array().unwrap().len() >= 2);
    let state = next(&mut ws, "state").await;
    assert_eq!(state["legal"].as_array().unwrap().len(), 20);
    send(
        &mut ws,
        json!({"type": "settings", "profile": "1967", "book": false}),
    )
    .await;
    send(&mut ws, json!({"type": "move", "move": "e2e4"})).await;
    let info = next(&mut ws, "info").await;
    assert!(info["nodes"].as_u64().unwrap() > 0);
    assert!(!info["pv"].as_array().unwrap().is_empty());
    assert_eq!(info["root"].as_array().unwrap().len(), 20);
    let done = next(&mut ws, "done").await;
    assert_eq!(done["source"], "search");
    assert_eq!(done["played"], true);
    assert_eq!(done["record"].as_array().unwrap().len(), 20);
    assert!(done["stats"]["nodes"].as_u64().unwrap() > 0);
    assert_eq!(done["pv_end_terms"]["evaluator"], "1967");
    let state = loop {
        let s = next(&mut ws, "state").await;
        if s["moves"].as_array().unwrap().len() == 2 {
            break s;
        }
    };
    assert_eq!(state["moves"][1]["uci"], done["best"]["uci"]);
    assert!(state["pgn"].as_str().unwrap().contains("1. e4"));
    // The debugging aids of the position now on the board.
    send(
        &mut ws,
        json!({"type": "inspect", "ply": 1, "path": ["e7e5"]}),
    )
    .await;
    let v = next(&mut ws, "inspect").await;
    assert_eq!(v["path"][0]["san"], "e5");
    assert!(v["moves"][0]["factors"].as_array().is_some());
    assert!(v["terms"]["s"].is_i64());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_errors_and_the_session_goes_on() {
    let (addr, _) = start().await;
    let mut ws = connect(&addr).await;
    next(&mut ws, "state").await;
    for bad in [
        "nonsense",
        r#"{"type":"fly"}"#,
        r#"{"type":"move"}"#,
        r#"{"type":"move","move":"e2e5"}"#,
        r#"{"type":"set_fen","fen":"8/8/8 w - - 0 1"}"#,
        r#"{"type":"load_pgn","pgn":"1. e4 Ke7 2. Qh5 Qxh5"}"#,
        r#"{"type":"inspect","ply":9}"#,
        r#"{"type":"settings","profile":"1968"}"#,
        r#"{"type":"settings","level":"blitz"}"#,
        r#"{"type":"claim_draw"}"#,
        r#"{"type":"undo"}"#,
    ] {
        ws.send(Message::Text(bad.into())).await.unwrap();
        let e = next(&mut ws, "error").await;
        assert!(!e["message"].as_str().unwrap().is_empty(), "{bad}");
    }
    ws.send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    next(&mut ws, "error").await;
    // Still serving: a FEN sets up its position.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    send(&mut ws, json!({"type": "set_fen", "fen": fen})).await;
    let s = next(&mut ws, "state").await;
    assert_eq!(s["fen"], fen);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_message_closes_only_its_own_connection() {
    let (addr, _) = start().await;
    let mut ws = connect(&addr).await;
    next(&mut ws, "state").await;
    // Just over the cap, and far over it: each closed with 1009 and a reason.
    for size in [MAX_MESSAGE + 1, 5 * MAX_MESSAGE] {
        let huge = format!(r#"{{"type":"load_pgn","pgn":"{}"}}"#, "x".repeat(size));
        let _ = ws.send(Message::Text(huge.into())).await;
        let closed = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                match ws.next().await {
                    Some(Ok(Message::Close(frame))) => return frame,
                    None | Some(Err(_)) => return None,
                    Some(Ok(_)) => {}
                }
            }
        })
        .await
        .expect("the connection is closed");
        let frame = closed.unwrap_or_else(|| panic!("{size} bytes: no close frame"));
        assert_eq!(u16::from(frame.code), 1009, "{size} bytes");
        assert!(
            frame.reason.contains("message too long"),
            "{}",
            frame.reason
        );
        ws = connect(&addr).await;
        next(&mut ws, "state").await;
    }
    let mut again = connect(&addr).await;
    next(&mut again, "state").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upgrades_from_other_origins_or_hosts_are_refused() {
    let (addr, _) = start().await;
    let port = addr.rsplit(':').next().unwrap();
    let refused = |host: String, origin: Option<String>| {
        let url = format!("ws://{addr}/ws");
        async move {
            let mut req = url.into_client_request().unwrap();
            req.headers_mut().insert("host", host.parse().unwrap());
            if let Some(o) = origin {
                req.headers_mut().insert("origin", o.parse().unwrap());
            }
            match tokio_tungstenite::connect_async(req).await {
                Err(WsError::Http(r)) => r.status().as_u16() == 403,
                _ => false,
            }
        }
    };
    assert!(refused(addr.clone(), Some("http://evil.example".into())).await);
    assert!(refused(format!("evil.example:{port}"), None).await);
    assert!(refused(addr.clone(), Some(format!("http://localhost:{port}"))).await);
    assert!(
        !refused(
            format!("localhost:{port}"),
            Some(format!("http://localhost:{port}"))
        )
        .await
    );
    assert!(!refused(addr.clone(), Some(format!("http://{addr}"))).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_tab_has_its_own_game_and_a_closed_tab_stops_its_search() {
    let (addr, sessions) = start().await;
    let mut a = connect(&addr).await;
    let mut b = connect(&addr).await;
    next(&mut a, "state").await;
    next(&mut b, "state").await;
    assert_eq!(sessions.open(), 2);
    let middlegame = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";
    send(&mut a, json!({"type": "set_fen", "fen": middlegame})).await;
    next(&mut a, "state").await;
    send(&mut b, json!({"type": "undo"})).await;
    next(&mut b, "error").await;
    send(&mut b, json!({"type": "inspect"})).await;
    let v = next(&mut b, "inspect").await;
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        20,
        "b is still at the start"
    );
    // A search that would run for minutes, then the tab closes.
    send(&mut a, json!({"type": "analyse", "depth": 9})).await;
    let s = next(&mut a, "state").await;
    assert_eq!(s["thinking"], "analyse");
    tokio::time::sleep(Duration::from_millis(200)).await;
    a.close(None).await.unwrap();
    drop(a);
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        while sessions.open() > 1 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    assert!(ended.is_ok(), "the closed tab's session and search ended");
    assert_eq!(sessions.open(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_run_and_a_flag_falls() {
    let (addr, _) = start().await;
    let mut ws = connect(&addr).await;
    next(&mut ws, "state").await;
    // Two seconds each: machack, playing White, moves in time; the human never does.
    send(
        &mut ws,
        json!({"type": "settings", "level": "level 0 0:02 0", "book": false, "profile": "1967"}),
    )
    .await;
    send(&mut ws, json!({"type": "new_game", "human": "black"})).await;
    let over = loop {
        let s = next(&mut ws, "state").await;
        assert!(s["clocks"]["white_ms"].as_u64().unwrap() <= 2000);
        if !s["status"]["result"].is_null() {
            break s;
        }
    };
    assert_eq!(over["moves"].as_array().unwrap().len(), 1, "machack moved");
    assert_eq!(over["status"]["result"], "1-0");
    assert_eq!(over["status"]["reason"], "Black's flag fell");
    assert!(over["legal"].as_array().unwrap().is_empty());
    send(&mut ws, json!({"type": "move", "move": "e7e5"})).await;
    assert!(
        next(&mut ws, "error").await["message"]
            .as_str()
            .unwrap()
            .contains("over")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pasted_game_is_reviewed_move_by_move() {
    let (addr, _) = start().await;
    let mut ws = connect(&addr).await;
    next(&mut ws, "state").await;
    // No move yet: nothing to review, and the session goes on.
    send(&mut ws, json!({"type": "review"})).await;
    let err = next(&mut ws, "error").await;
    assert!(
        err["message"].as_str().unwrap().contains("no move"),
        "{err}"
    );
    send(&mut ws, json!({"type": "settings", "profile": "1967"})).await;
    let pgn = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
    send(&mut ws, json!({"type": "review", "pgn": pgn, "depth": 3})).await;
    // The game is loaded (a state for the settings may come first).
    while next(&mut ws, "state").await["moves"]
        .as_array()
        .unwrap()
        .len()
        != 7
    {}
    let begun = next(&mut ws, "review_start").await;
    assert_eq!(
        (begun["profile"].as_str(), begun["moves"].as_u64()),
        (Some("1967"), Some(7))
    );
    let mut notes = Vec::new();
    for ply in 0..7 {
        let n = next(&mut ws, "review_move").await;
        assert_eq!(n["ply"], ply);
        assert!(n["rank"].as_u64().unwrap() >= 1 && n["rank"].as_u64() <= n["legal"].as_u64());
        assert!(!n["comment"].as_str().unwrap().is_empty());
        notes.push(n);
    }
    // 3... Nf6 allows mate; machack sees it and would not play it.
    assert_eq!(notes[5]["played"], "Nf6");
    assert_eq!(notes[5]["matches"], false);
    assert_eq!(notes[5]["played_score"], "White mates in 1");
    assert_eq!(notes[6]["machack"], "Qxf7#");
    let done = next(&mut ws, "review_done").await;
    assert_eq!(done["stopped"], false);
    let summary = done["summary"].as_str().unwrap();
    assert!(
        summary.starts_with("White matches ") && summary.contains(" of 4, Black matches "),
        "{summary}"
    );
    // The note's position is the game's: stepping to it inspects the game at that ply.
    send(&mut ws, json!({"type": "inspect", "ply": 5, "path": []})).await;
    let v = next(&mut ws, "inspect").await;
    assert_eq!(v["fen"], notes[5]["fen"]);
    // A PGN that does not read is an error, not a review.
    send(&mut ws, json!({"type": "review", "pgn": "1. e4 e5 2. Ke3"})).await;
    let err = next(&mut ws, "error").await;
    assert!(
        err["message"].as_str().unwrap().contains("not legal"),
        "{err}"
    );
}

/// The next `state` reply.
async fn state_after(ws: &mut Ws, v: Value) -> Value {
    send(ws, v).await;
    next(ws, "state").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_chooses_profile_strength_and_lines_and_bad_values_are_refused() {
    let (addr, _) = start().await;
    let mut ws = connect(&addr).await;
    let first = next(&mut ws, "state").await;
    assert_eq!(first["profile"], "1967-tournament");
    assert_eq!(first["multipv"], 1);
    assert!(first["strength"].is_null());
    let s = state_after(
        &mut ws,
        json!({"type": "settings", "profile": "modern", "limit_strength": true, "elo": 1400}),
    )
    .await;
    assert_eq!(
        (s["profile"].as_str(), s["strength"].as_u64()),
        (Some("modern"), Some(1400))
    );
    for (bad, said) in [
        (
            json!({"type": "settings", "elo": 999}),
            "strength 999 is outside 1000-2500",
        ),
        (
            json!({"type": "settings", "elo": 2501, "multipv": 2}),
            "outside 1000-2500",
        ),
        (json!({"type": "settings", "multipv": 0}), "1 to 5"),
        (json!({"type": "settings", "multipv": 6}), "1 to 5"),
        (
            json!({"type": "settings", "elo": "strong"}),
            "not a message the scope knows",
        ),
        (
            json!({"type": "settings", "elo": -1}),
            "not a message the scope knows",
        ),
        (
            json!({"type": "settings", "profile": "1967", "limit_strength": true}),
            "plays the modern profile",
        ),
        (
            json!({"type": "settings", "profile": "1968"}),
            "unknown profile '1968'",
        ),
    ] {
        send(&mut ws, bad.clone()).await;
        let e = next(&mut ws, "error").await;
        let message = e["message"].as_str().unwrap();
        assert!(message.contains(said), "{bad}: {message}");
    }
    // Nothing of a refused message was applied.
    let s = state_after(&mut ws, json!({"type": "settings", "book": false})).await;
    assert_eq!(
        (s["profile"].as_str(), s["strength"].as_u64()),
        (Some("modern"), Some(1400))
    );
    assert_eq!(s["multipv"], 1);
    // The 1967 profiles play at their one strength: the page is told none.
    let s = state_after(&mut ws, json!({"type": "settings", "profile": "1967"})).await;
    assert!(s["strength"].is_null());

    // Three lines: each report carries all three, best first, each its own first move.
    let s = state_after(
        &mut ws,
        json!({"type": "settings", "profile": "modern", "limit_strength": false, "multipv": 3}),
    )
    .await;
    assert_eq!(
        (s["multipv"].as_u64(), s["strength"].as_u64()),
        (Some(3), None)
    );
    send(&mut ws, json!({"type": "analyse", "depth": 6})).await;
    let mut widest = Vec::new();
    let done = loop {
        let m: Value = match tokio::time::timeout(Duration::from_secs(60), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str(&t).unwrap(),
            other => panic!("no reply: {other:?}"),
        };
        match m["type"].as_str() {
            Some("info") => {
                let lines = m["lines"].as_array().unwrap().clone();
                assert_eq!(lines[0]["pv"], m["pv"], "line 1 is the line");
                if lines.len() > widest.len() {
                    widest = lines;
                }
            }
            Some("done") => break m,
            _ => {}
        }
    };
    assert_eq!(done["played"], false);
    let numbers: Vec<u64> = widest
        .iter()
        .map(|l| l["multipv"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3], "{widest:?}");
    let firsts: std::collections::HashSet<&str> = widest
        .iter()
        .map(|l| l["pv"][0]["uci"].as_str().unwrap())
        .collect();
    assert_eq!(firsts.len(), 3, "{widest:?}");
}

#[test]
fn every_address_prints_a_url_for_other_machines_too() {
    use std::io::BufRead;
    let (mut child, mut out, first) = spawn_scope_with(&["--host", "0.0.0.0", "--port", "0"]);
    let port = first
        .trim()
        .strip_prefix("machack scope: http://localhost:")
        .and_then(|p| p.strip_suffix('/'))
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    // On a machine with a route out, the second line names its address, which serves the page.
    let other = machack::scope::outbound_ip("0.0.0.0".parse().unwrap());
    if let Some(ip) = other {
        let mut second = String::new();
        out.read_line(&mut second).unwrap();
        assert_eq!(
            second.trim(),
            format!("machack scope from other machines: http://{ip}:{port}/")
        );
        let page = std::thread::spawn(move || {
            use std::io::{Read, Write};
            let mut s = std::net::TcpStream::connect((ip, port.parse::<u16>().unwrap())).unwrap();
            write!(
                s,
                "GET / HTTP/1.1\r\nHost: {ip}:{port}\r\nConnection: close\r\n\r\n"
            )
            .unwrap();
            let mut text = String::new();
            s.read_to_string(&mut text).unwrap();
            text
        })
        .join()
        .unwrap();
        assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The resident memory of process `pid` in kB (VmRSS of /proc/PID/status).
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .unwrap_or_else(|| panic!("no VmRSS in {status}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// `machack scope` started with `args`: the child, its output, and the first line it
/// printed (the page's address).
fn spawn_scope_with(
    args: &[&str],
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStdout>,
    String,
) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_machack"))
        .arg("scope")
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    (child, out, first)
}

/// A scope binary on a free loopback port: the child and its address.
fn spawn_scope() -> (std::process::Child, String) {
    let (child, _, first) = spawn_scope_with(&["--port", "0"]);
    let addr = first
        .trim()
        .strip_prefix("machack scope: http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    (child, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_tabs_give_their_memory_back() {
    let (mut child, addr) = spawn_scope();
    let pid = child.id();
    // The start: one tab opened and closed, so that what every server keeps is counted.
    let mut ws = connect(&addr).await;
    next(&mut ws, "state").await;
    ws.close(None).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let start = rss_kb(pid);
    // Thirty tabs open at once: a tab that has not searched holds little (its 1967
    // search's tables, no modern hash table).
    let mut tabs = Vec::new();
    for _ in 0..30 {
        let mut ws = connect(&addr).await;
        next(&mut ws, "state").await;
        tabs.push(ws);
    }
    let idle = rss_kb(pid);
    assert!(
        idle < start + 30 * 4 * 1024,
        "30 idle tabs hold {} kB",
        idle - start
    );
    // Each with a search of each profile.
    for (i, ws) in tabs.iter_mut().enumerate() {
        let profile = if i % 2 == 0 { "modern" } else { "1967" };
        send(
            ws,
            json!({"type": "settings", "profile": profile, "book": false}),
        )
        .await;
        send(ws, json!({"type": "analyse", "depth": 4})).await;
    }
    for ws in &mut tabs {
        next(ws, "done").await;
    }
    let peak = rss_kb(pid);
    for mut ws in tabs {
        ws.close(None).await.unwrap();
    }
    // The sessions end on their own threads: wait for the memory to come back.
    let mut end = rss_kb(pid);
    for _ in 0..50 {
        if end <= start + 50 * 1024 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        end = rss_kb(pid);
    }
    let _ = child.kill();
    let _ = child.wait();
    eprintln!("RSS start {start} kB, 30 idle tabs {idle} kB, searching {peak} kB, after {end} kB");
    assert!(
        end <= start + 50 * 1024,
        "an idle server holds {end} kB after 30 tabs, {start} kB at its start"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyse_searches_a_book_position_and_names_the_book_move() {
    let (addr, _) = start().await;
    let mut ws = connect(&addr).await;
    let s = next(&mut ws, "state").await;
    assert_eq!(
        (s["profile"].as_str(), s["book"].as_bool()),
        (Some("1967-tournament"), Some(true))
    );
    send(&mut ws, json!({"type": "analyse", "depth": 2})).await;
    let done = next(&mut ws, "done").await;
    assert_eq!(done["source"], "search", "{done}");
    assert!(done["depth"].as_u64().unwrap() >= 1, "{done}");
    assert!(done["nodes"].as_u64().unwrap() > 0, "{done}");
    assert_eq!(done["record"].as_array().unwrap().len(), 20);
    let book: Vec<String> = machack::book::Book::builtin()
        .moves(&shakmaty::Chess::default())
        .iter()
        .map(|m| machack::notation::uci(m.mv))
        .collect();
    let named = done["book"]["uci"]
        .as_str()
        .unwrap_or_else(|| panic!("{done}"));
    assert!(book.iter().any(|m| m == named), "{named} not in {book:?}");
    // Play still answers from the book, and names no book move beside it.
    send(&mut ws, json!({"type": "move", "move": "e2e4"})).await;
    let done = next(&mut ws, "done").await;
    assert_eq!(done["source"], "book", "{done}");
    assert!(done["book"].is_null(), "{done}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_modern_search_tells_one_story_in_headline_record_and_lines() {
    let (addr, _) = start().await;
    let mut ws = connect(&addr).await;
    next(&mut ws, "state").await;
    let middlegame = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";
    send(
        &mut ws,
        json!({"type": "settings", "profile": "modern", "book": false}),
    )
    .await;
    send(&mut ws, json!({"type": "set_fen", "fen": middlegame})).await;
    // Stopped at different moments, most often part-way through an iteration.
    for wait in [150, 300, 450, 600] {
        send(&mut ws, json!({"type": "analyse", "depth": 40})).await;
        tokio::time::sleep(Duration::from_millis(wait)).await;
        send(&mut ws, json!({"type": "stop"})).await;
        let mut last_info = None;
        let done = loop {
            let m = next_any(&mut ws).await;
            match m["type"].as_str() {
                Some("info") => last_info = Some(m),
                Some("done") => break m,
                _ => {}
            }
        };
        let record = done["record"].as_array().unwrap();
        let best_rows: Vec<&Value> = record
            .iter()
            .filter(|r| r["verdict"] == "the best move")
            .collect();
        assert_eq!(best_rows.len(), 1, "{done}");
        let row = best_rows[0];
        assert_eq!(row, &record[0], "the best row is the tree's first");
        assert_eq!(row["move"]["uci"], done["best"]["uci"], "{done}");
        assert_eq!(row["value"], done["score"], "{done}");
        assert_eq!(row["pv"], done["pv"], "{done}");
        // The rows are the last completed iteration's, but the first may come from the
        // iteration cut short, one deeper, and says so.
        let depth = done["depth"].as_u64().unwrap();
        assert!([depth, depth + 1].contains(&row["depth"].as_u64().unwrap()));
        assert!(
            record[1..]
                .iter()
                .all(|r| r["depth"].as_u64() == Some(depth))
        );
        let info = last_info.expect("a line was shown");
        assert_eq!(info["score"], done["score"], "line 1: {info}");
        assert_eq!(info["pv"], done["pv"], "line 1: {info}");
        assert_eq!(info["depth"], done["depth"], "line 1: {info}");
    }
}

/// The next reply of any type (at most 60 s).
async fn next_any(ws: &mut Ws) -> Value {
    match tokio::time::timeout(Duration::from_secs(60), ws.next()).await {
        Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str(&t).unwrap(),
        other => panic!("no reply: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_watch_pace_shows_a_1967_search_one_top_level_move_at_a_time() {
    let (addr, _) = start().await;
    let mut ws = connect(&addr).await;
    assert_eq!(next(&mut ws, "state").await["watch"], false, "off at first");
    let s = state_after(
        &mut ws,
        json!({"type": "settings", "profile": "1967", "book": false, "watch": true}),
    )
    .await;
    assert_eq!(s["watch"], true);
    send(&mut ws, json!({"type": "analyse", "depth": 2})).await;
    let began = std::time::Instant::now();
    let mut steps = Vec::new();
    let done = loop {
        let m = next_any(&mut ws).await;
        match m["type"].as_str() {
            Some("info") if !m["replay"].is_null() => steps.push((began.elapsed(), m)),
            Some("done") => break m,
            _ => {}
        }
    };
    let searched: Vec<&Value> = done["record"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["searched"] == true)
        .collect();
    assert!(searched.len() >= 2, "{done}");
    assert_eq!(steps.len(), searched.len(), "one step a searched move");
    for (k, ((_, step), row)) in steps.iter().zip(&searched).enumerate() {
        assert_eq!(step["replay"]["step"], k + 1);
        assert_eq!(step["replay"]["of"], searched.len());
        assert_eq!(step["replay"]["move"]["uci"], row["move"]["uci"]);
        let live = step["root"].as_array().unwrap();
        let shown = live
            .iter()
            .find(|l| l["move"]["uci"] == row["move"]["uci"])
            .unwrap();
        assert_eq!(shown["value"], row["value"], "step {}", k + 1);
        let valued = live.iter().filter(|l| !l["value"].is_null()).count();
        assert_eq!(
            valued,
            k + 1,
            "the moves shown so far, and only they, have values"
        );
    }
    let paced = steps.last().unwrap().0 - steps[0].0;
    let least = machack::scope::WATCH_STEP * (steps.len() as u32 - 1);
    assert!(
        paced >= least.mul_f64(0.9),
        "{paced:?} for {} steps",
        steps.len()
    );
    // The last step is the search's answer.
    let last = &steps.last().unwrap().1;
    assert_eq!(last["pv"][0]["uci"], done["best"]["uci"]);
    assert_eq!(last["score"], done["score"]);

    // Stop ends the show: the answer comes at once.
    send(&mut ws, json!({"type": "analyse", "depth": 2})).await;
    let first = loop {
        let m = next(&mut ws, "info").await;
        if !m["replay"].is_null() {
            break m;
        }
    };
    assert_eq!(first["replay"]["step"], 1);
    let asked = std::time::Instant::now();
    send(&mut ws, json!({"type": "stop"})).await;
    let again = next(&mut ws, "done").await;
    assert!(asked.elapsed() < machack::scope::WATCH_STEP * 2);
    assert_eq!(again["best"], done["best"], "the same search's answer");

    // A search stopped while it runs answers at once, not at the watch pace.
    send(&mut ws, json!({"type": "set_fen", "fen": "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"})).await;
    send(&mut ws, json!({"type": "analyse", "depth": 12})).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    send(&mut ws, json!({"type": "stop"})).await;
    loop {
        let m = next_any(&mut ws).await;
        match m["type"].as_str() {
            Some("info") => assert!(m["replay"].is_null(), "{m}"),
            Some("done") => break,
            _ => {}
        }
    }

    // The modern profile is shown as it searches: no replay.
    send(&mut ws, json!({"type": "settings", "profile": "modern"})).await;
    send(&mut ws, json!({"type": "analyse", "depth": 4})).await;
    loop {
        let m = next_any(&mut ws).await;
        match m["type"].as_str() {
            Some("info") => assert!(m["replay"].is_null()),
            Some("done") => break,
            _ => {}
        }
    }
}
