//! Syzygy tablebases end to end: the engine, given `SyzygyPath`, plays KQvK, KRvK and KPvK
//! out against itself from won table positions and mates within the fifty-move rule, holds
//! a drawn KPvK, and over UCI reports a tablebase score and `tbhits`.

#[path = "uci/pipe.rs"]
mod pipe;

use std::time::Duration;

use machack::engine::{Engine, Go, Source};
use machack::rules::{Game, parse_fen};
use machack::search::Score;
use machack::tablebase::{MAX_PIECES, TB_WIN, Tablebases};
use shakmaty::{Color, Position};
use shakmaty_syzygy::Wdl;

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

fn engine_at(fen: &str) -> Engine {
    let mut e = Engine::new();
    e.set_option("SyzygyPath", Some(TABLES)).unwrap();
    e.set_option("OwnBook", Some("false")).unwrap();
    e.set_game(Game::new(parse_fen(fen).unwrap().0));
    e
}

/// Plays the engine against itself from `fen` for at most `plies`; returns the side
/// mated, if any. Every move must come from the tables and the fifty-move counter must
/// never reach 100.
fn self_play(fen: &str, plies: usize) -> Option<Color> {
    let mut e = engine_at(fen);
    for _ in 0..plies {
        if e.position().is_checkmate() {
            return Some(e.position().turn());
        }
        let best = e.think(Go::default()).unwrap();
        assert!(
            matches!(best.source, Source::Tablebase { .. }),
            "{:?}",
            best.source
        );
        e.play(best.best.unwrap()).unwrap();
        assert!(e.position().halfmoves() < 100, "fifty-move rule reached");
    }
    e.position().is_checkmate().then(|| e.position().turn())
}

#[test]
fn won_endings_are_converted_within_the_fifty_move_rule() {
    let tables = Tablebases::open(TABLES, MAX_PIECES).unwrap();
    for fen in [
        "8/8/3k4/8/8/8/8/Q6K w - - 0 1",
        "8/8/3k4/8/8/8/8/R6K w - - 0 1",
        "4k3/8/8/8/8/4K3/4P3/8 w - - 0 1",
        "7r/8/8/8/8/1k6/8/K7 b - - 0 1",
    ] {
        let pos = parse_fen(fen).unwrap().0;
        assert_eq!(tables.wdl(&pos), Some(Wdl::Win), "{fen}");
        let winner = pos.turn();
        assert_eq!(self_play(fen, 300), Some(!winner), "{fen}");
    }
}

#[test]
fn a_drawn_ending_is_held() {
    let tables = Tablebases::open(TABLES, MAX_PIECES).unwrap();
    let mut e = engine_at("8/8/8/8/8/k7/P7/K7 b - - 0 1");
    for _ in 0..60 {
        assert_eq!(tables.wdl(e.position()), Some(Wdl::Draw));
        if e.position().legal_moves().is_empty() {
            break;
        }
        let best = e.think(Go::default()).unwrap();
        assert_eq!(best.score, Some(Score::Value(0)));
        e.play(best.best.unwrap()).unwrap();
    }
}

#[test]
fn uci_reports_a_tablebase_score_and_tbhits() {
    let mut e = pipe::Engine::start(&["uci"]);
    let long = Duration::from_secs(30);
    e.send("uci");
    e.expect_prefix("uciok", long);
    assert!(
        e.seen
            .iter()
            .any(|l| l.starts_with("option name SyzygyPath type string"))
    );
    e.send(&format!("setoption name SyzygyPath value {TABLES}"));
    e.send("setoption name SyzygyPath value /no/such/directory");
    e.expect_prefix("info string error setoption", long);
    e.send("position fen 8/8/3k4/8/8/8/8/R6K w - - 0 1");
    e.send("go wtime 10000 btime 10000");
    let (info, _) = e.expect_prefix("info depth", long);
    let cp: i32 = info
        .split(" score cp ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{info}"));
    assert!(cp > (TB_WIN - 100) * 100 / 128, "{info}");
    e.expect_prefix("info tbhits", long);
    e.expect_prefix("bestmove", long);
    e.quit("quit");
}

/// A UCI engine with the test tables, the book off, and these options.
fn uci_with(options: &[(&str, &str)]) -> pipe::Engine {
    let mut e = pipe::Engine::start(&["uci"]);
    e.send("uci");
    e.expect_prefix("uciok", Duration::from_secs(30));
    e.send("setoption name OwnBook value false");
    e.send(&format!("setoption name SyzygyPath value {TABLES}"));
    for (name, value) in options {
        e.send(&format!("setoption name {name} value {value}"));
    }
    e
}

/// The last `info depth` line before the bestmove of `go` from `fen`, and its `tbhits`
/// and `score cp`.
fn last_info(e: &mut pipe::Engine, fen: &str, go: &str) -> (String, u64, i32) {
    e.seen.clear();
    e.send(&format!("position fen {fen}"));
    e.send(go);
    e.expect_prefix("bestmove", Duration::from_secs(60));
    let info = e
        .seen
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .cloned()
        .unwrap();
    let after = |key: &str| {
        info.split(key)
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no{key}in {info}"))
    };
    let tbhits = after(" tbhits ").parse().unwrap();
    let cp = after(" score cp ").parse().unwrap();
    (info, tbhits, cp)
}

#[test]
fn the_modern_search_probes_after_a_capture_into_the_tables() {
    // Four pieces (no table here), and Qxa4 leaves a won KQvK: the search probes it and
    // scores a tablebase win, short of a mate.
    let fen = "7k/8/8/8/n7/8/8/3Q2K1 w - - 0 1";
    let mut e = uci_with(&[]);
    let (info, tbhits, cp) = last_info(&mut e, fen, "go depth 6");
    assert!(tbhits > 0, "{info}");
    let tb_win = TB_WIN * 100 / 128;
    assert!(cp > tb_win - 100 && cp < tb_win, "{info}");
    assert!(info.contains(" pv d1a4"), "{info}");
    e.quit("quit");
    // Probed only this many plies from the leaves: at 100, never.
    let mut e = uci_with(&[("SyzygyProbeDepth", "100")]);
    let (info, tbhits, cp) = last_info(&mut e, fen, "go depth 6");
    assert_eq!(tbhits, 0, "{info}");
    assert!(cp < 5000, "{info}");
    e.quit("quit");
}

#[test]
fn a_mate_is_preferred_to_a_tablebase_win() {
    // Rh8# mates at once; Rxd1 only wins by the tables.
    let fen = "k7/8/1K6/8/8/8/8/3n3R w - - 0 1";
    let mut e = uci_with(&[]);
    e.seen.clear();
    e.send(&format!("position fen {fen}"));
    e.send("go depth 4");
    let (best, _) = e.expect_prefix("bestmove", Duration::from_secs(60));
    assert!(best.starts_with("bestmove h1h8"), "{best}");
    assert!(
        e.seen.iter().any(|l| l.contains(" score mate 1 ")),
        "{:?}",
        e.seen
    );
    e.quit("quit");
}

#[test]
fn the_fifty_move_rule_option_decides_a_cursed_win() {
    // KRvK is won, but with the halfmove clock at 90 not before the fifty-move rule: a
    // cursed win. The 3- and 4-piece tables have no cursed win after a capture, so the
    // search's own probes (always right after one) never meet one; the root does.
    let fen = "8/8/8/4k3/8/8/8/KR6 w - - 90 100";
    let tables = Tablebases::open(TABLES, MAX_PIECES).unwrap();
    assert_eq!(tables.wdl(&parse_fen(fen).unwrap().0), Some(Wdl::Win));
    let mut e = uci_with(&[]);
    let (info, _, cp) = last_info(&mut e, fen, "go depth 4");
    assert_eq!(cp, 0, "a draw under the rule: {info}");
    e.quit("quit");
    let mut e = uci_with(&[("Syzygy50MoveRule", "false")]);
    let (info, _, cp) = last_info(&mut e, fen, "go depth 4");
    assert!(cp > (TB_WIN - 100) * 100 / 128, "a win without it: {info}");
    e.quit("quit");
}
