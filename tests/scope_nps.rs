//! What watching costs (issue 22): the bench positions searched to the bench depth by the
//! engine alone, and by a scope session whose page watches every live line, in turns;
//! the nodes per second of each. Ignored in `cargo test` (it wants a quiet machine); run
//!
//! ```sh
//! cargo test --release --test scope_nps -- --ignored --nocapture
//! ```
//!
//! and see docs/performance.md for the figures.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use machack::engine::{Engine, Go};
use machack::rules::{Game, parse_fen};
use machack::search::bench::BENCH_POSITIONS;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

mod scope_common;

/// Rounds of each way, taken in turns so a change in the machine's load hits both.
const ROUNDS: usize = 6;
/// The bench depth of the 1967-tournament profile.
const DEPTH: u32 = 5;

/// The bench by the engine alone: (nodes, seconds of search).
fn alone() -> (u64, f64) {
    let mut e = Engine::new();
    e.set_option("Profile", Some("1967-tournament")).unwrap();
    e.set_option("OwnBook", Some("false")).unwrap();
    let (mut nodes, mut secs) = (0, 0.0);
    for fen in BENCH_POSITIONS {
        e.set_game(Game::new(parse_fen(fen).unwrap().0));
        let b = e
            .think(Go {
                depth: Some(DEPTH),
                ..Go::default()
            })
            .unwrap();
        nodes += b.nodes;
        secs += b.time.as_secs_f64();
    }
    (nodes, secs)
}

/// The bench through a scope session, a client reading every reply as the page does
/// (and asking for the position's aids, as the page does when the position changes).
async fn watched(addr: &str) -> (u64, f64, usize) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let send = async |ws: &mut _, v: Value| {
        let ws: &mut tokio_tungstenite::WebSocketStream<_> = ws;
        ws.send(Message::Text(v.to_string().into())).await.unwrap();
    };
    send(&mut ws, json!({"type": "settings", "book": false})).await;
    let (mut nodes, mut secs, mut infos) = (0, 0.0, 0);
    for fen in BENCH_POSITIONS {
        send(&mut ws, json!({"type": "set_fen", "fen": fen})).await;
        send(&mut ws, json!({"type": "inspect"})).await;
        send(&mut ws, json!({"type": "analyse", "depth": DEPTH})).await;
        loop {
            let Some(Ok(Message::Text(t))) = ws.next().await else {
                panic!("the socket ended");
            };
            let v: Value = serde_json::from_str(&t).unwrap();
            match v["type"].as_str() {
                Some("info") => infos += 1,
                Some("done") => {
                    nodes += v["nodes"].as_u64().unwrap();
                    secs += v["time_ms"].as_f64().unwrap() / 1000.0;
                    break;
                }
                Some("error") => panic!("{v}"),
                _ => {}
            }
        }
    }
    (nodes, secs, infos)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run it on a quiet machine"]
async fn watching_costs_the_search_little() {
    let (addr, _) = scope_common::start().await;
    let (mut without, mut with) = (Vec::new(), Vec::new());
    for round in 1..=ROUNDS {
        // Which goes first alternates, so neither always runs on a warmer machine.
        let (n, s, wn, ws, infos) = if round % 2 == 1 {
            let (n, s) = tokio::task::spawn_blocking(alone).await.unwrap();
            let (wn, ws, infos) = watched(&addr).await;
            (n, s, wn, ws, infos)
        } else {
            let (wn, ws, infos) = watched(&addr).await;
            let (n, s) = tokio::task::spawn_blocking(alone).await.unwrap();
            (n, s, wn, ws, infos)
        };
        println!(
            "round {round}: alone {n} nodes in {s:.3} s = {:.0} nps; watched {wn} nodes in \
             {ws:.3} s = {:.0} nps, {infos} live lines",
            n as f64 / s,
            wn as f64 / ws
        );
        assert_eq!(n, wn, "the same searches");
        without.push(n as f64 / s);
        with.push(wn as f64 / ws);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (a, w) = (median(without), median(with));
    println!(
        "median: alone {a:.0} nps, watched {w:.0} nps: {:.1}%",
        100.0 * w / a
    );
    assert!(w >= 0.9 * a, "watching costs more than 10%");
}
