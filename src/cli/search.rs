//! `machack search`: one search of the position, printing the best move, its value, the
//! principal variation, the statistics (debugging aid 6), the record of every top-level
//! move (aid 5) and the evaluation terms at the end of the principal variation (aid 3),
//! as `crate::aids` gives them.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;
use serde_json::{Value, json};
use shakmaty::{Chess, Color, Move, Position};

use super::settings::SettingsArgs;
use super::{CliError, PositionArgs};
use crate::aids::{self, EndTerms, PointOfView};
use crate::notation::{Notation, uci, write_move};
use crate::search::{Bound, Limits, RootMove, Score, SearchResult};

#[derive(Debug, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    settings: SettingsArgs,
    /// Stop after this many milliseconds (with a fixed depth: whichever comes first).
    #[arg(long)]
    movetime: Option<u64>,
    /// Stop after this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Notation of the moves printed.
    #[arg(long, value_enum, default_value_t = Notation::San)]
    notation: Notation,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    position: PositionArgs,
}

pub fn run(args: &SearchArgs) -> Result<(), CliError> {
    let mut searcher = args.settings.search()?;
    let game = args.position.game()?;
    let pos = game.position().clone();
    let limits = Limits {
        depth: args
            .settings
            .depth_limit(args.movetime.is_some() || args.nodes.is_some())?,
        deadline: args
            .movetime
            .map(|ms| Instant::now() + Duration::from_millis(ms)),
        nodes: args.nodes,
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let result = searcher
        .search(&game, &limits, &stop, &mut |_| {})
        .map_err(|e| CliError::Input(e.to_string()))?;
    if args.json {
        println!("{}", to_json(&pos, &result));
    } else {
        print_text(&pos, &result, args.notation);
    }
    Ok(())
}

/// `moves` played from `pos`, written in `notation`, separated by spaces.
pub fn line_text(pos: &Chess, moves: &[Move], notation: Notation) -> String {
    let line = aids::line(pos, moves);
    let texts: Vec<&str> = line.iter().map(|m| m.text(notation)).collect();
    texts.join(" ")
}

/// The evaluation terms at the end of the principal variation, the evaluator's that the
/// search used: the 1967 program's B R P K C and their sum S (pawn = 128), or the modern
/// evaluator's, one per field of its weight table (centipawns).
fn end_terms_json(pos: &Chess, r: &SearchResult) -> Value {
    match aids::pv_end_terms(pos, r) {
        EndTerms::Board(t) => {
            json!({"evaluator": "1967", "B": t.b, "R": t.r, "P": t.p, "K": t.k, "C": t.c, "S": t.s})
        }
        modern => serde_json::to_value(&modern).unwrap_or(Value::Null),
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64
}

/// A value of the side to move from White's side (pawn = 128; a mate as its moves, in
/// `mate`, positive when White mates).
fn white(s: Score, mover: Color) -> Score {
    PointOfView::White.value(s, None, mover).0
}

fn to_json(pos: &Chess, r: &SearchResult) -> Value {
    let mut stats = serde_json::to_value(r.stats).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut stats {
        map.insert("time_ms".into(), json!(r.time.as_millis() as u64));
        map.insert("nps".into(), json!(nps(r.nodes, r.time)));
    }
    let mover = pos.turn();
    let score = white(r.score, mover);
    json!({
        "point_of_view": PointOfView::White,
        "bestmove": uci(r.best),
        "bestmove_san": write_move(pos, r.best, Notation::San),
        "score": score.value(),
        "mate": match score { Score::Mate(n) => Some(n), Score::Value(_) => None },
        "pv": uci_line(&r.pv),
        "lines": r.lines.iter().map(|l| json!({
            "score": white(l.score, mover).value(),
            "pv": uci_line(&l.pv),
        })).collect::<Vec<_>>(),
        "depth": r.depth,
        "stats": stats,
        "root_moves": r.root_moves.iter().map(|rm| root_move_json(pos, rm)).collect::<Vec<_>>(),
        "pv_end_terms": end_terms_json(pos, r),
    })
}

fn uci_line(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| uci(m)).collect()
}

/// One top-level move of the record (aid 5), with what its search knows of it: the
/// plausibility, or the place in the search's own move ordering.
fn root_move_json(pos: &Chess, rm: &RootMove) -> Value {
    let told = rm
        .score
        .map(|s| PointOfView::White.value(s, rm.bound, pos.turn()));
    let mut v = json!({
        "uci": uci(rm.mv),
        "san": write_move(pos, rm.mv, Notation::San),
        "score": told.map(|(s, _)| s.value()),
        "bound": told.and_then(|(_, b)| b).map(Bound::name),
        "pv": uci_line(&rm.pv),
    });
    if let Value::Object(map) = &mut v {
        if let Some(p) = rm.plausibility {
            map.insert("plausibility".into(), json!(p));
            map.insert("searched".into(), json!(rm.searched));
            let secondary = rm.secondary.map(|s| white(s, pos.turn()).value());
            map.insert("secondary".into(), json!(secondary));
        }
        if let Some(order) = rm.order {
            map.insert("order".into(), json!(order));
            map.insert("depth".into(), json!(rm.depth));
            map.insert("nodes".into(), json!(rm.nodes));
        }
    }
    v
}

fn print_text(pos: &Chess, r: &SearchResult, notation: Notation) {
    let told = |s: Score, bound: Option<Bound>| PointOfView::White.text(s, bound, pos.turn());
    if r.root_moves.iter().any(|rm| rm.order.is_some()) {
        print_ordered_record(pos, &r.root_moves, r.score, notation);
    } else {
        print_record(pos, &r.root_moves, r.score, notation);
    }
    print_end_terms(&aids::pv_end_terms(pos, r));
    println!("statistics:");
    for (name, value) in aids::stats_rows(r) {
        println!("  {name:<27} {value}");
    }
    println!(
        "depth {}{}",
        r.depth,
        if r.stopped { " (stopped)" } else { "" }
    );
    let score = white(r.score, pos.turn());
    println!(
        "value {} ({}; White's point of view)",
        told(r.score, None),
        score.value()
    );
    println!("pv {}", line_text(pos, &r.pv, notation));
    if r.lines.len() > 1 {
        for (k, line) in r.lines.iter().enumerate() {
            let pv = line_text(pos, &line.pv, notation);
            println!("line {} value {} pv {pv}", k + 1, told(line.score, None));
        }
    }
    println!("bestmove {}", write_move(pos, r.best, notation));
}

/// Aid 5 of a search that orders its moves itself, one line a root move, best first.
fn print_ordered_record(pos: &Chess, moves: &[RootMove], best: Score, notation: Notation) {
    let depth = moves.first().and_then(|rm| rm.depth).unwrap_or(0);
    println!(
        "root moves at depth {depth} (best first; order: the move ordering's rank; values from White's point of view):"
    );
    for (i, rm) in moves.iter().enumerate() {
        let value = rm.score.map_or_else(String::new, |s| {
            PointOfView::White.row_text(s, rm.bound, best, pos.turn())
        });
        println!(
            "{:3}. {:<10} order {:3}  value {value:<8}  nodes {:8}  {}",
            i + 1,
            write_move(pos, rm.mv, notation),
            rm.order.unwrap_or_default(),
            rm.nodes.unwrap_or_default(),
            line_text(pos, &rm.pv, notation),
        );
    }
}

/// Aid 3 at the end of the principal variation: the 1967 terms on one line, or the modern
/// evaluator's, one line a field of its weight table.
fn print_end_terms(end: &EndTerms) {
    let t = match end {
        EndTerms::Board(t) => {
            println!(
                "evaluation at the end of the variation (White's view): B {} R {} P {} K {} C {} S {}",
                t.b, t.r, t.p, t.k, t.c, t.s
            );
            return;
        }
        EndTerms::Modern(t) => t,
    };
    println!(
        "evaluation at the end of the variation (White's view, modern evaluator, centipawns; phase {} of {}, endgame scale {} of {}):",
        t.phase, t.max_phase, t.scale, t.full_scale
    );
    for term in &t.terms {
        println!(
            "  {:<26} mg {:>5}  eg {:>5}  value {:>8.1}",
            term.name, term.mg, term.eg, term.value
        );
    }
    println!("  = the evaluation {}", t.eval);
}

/// Aid 5 of a search that ranks its moves by plausibility, one line a top-level move.
fn print_record(pos: &Chess, moves: &[RootMove], best: Score, notation: Notation) {
    println!("top-level moves (plausibility order; values from White's point of view):");
    let told = |s: Score, bound: Option<Bound>| PointOfView::White.text(s, bound, pos.turn());
    for (i, rm) in moves.iter().enumerate() {
        let mv = write_move(pos, rm.mv, notation);
        let plausibility = rm.plausibility.unwrap_or_default();
        match rm.score {
            Some(score) => {
                let value = PointOfView::White.row_text(score, rm.bound, best, pos.turn());
                let secondary = rm
                    .secondary
                    .map(|x| format!("  secondary {}", told(x, None)))
                    .unwrap_or_default();
                println!(
                    "{:3}. {mv:<10} plausibility {plausibility:6}  value {value:<12}  {}{secondary}",
                    i + 1,
                    line_text(pos, &rm.pv, notation),
                );
            }
            None => println!(
                "{:3}. {mv:<10} plausibility {plausibility:6}  not searched",
                i + 1
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::search::{Settings, profile};

    fn modern(depth: u32) -> SearchResult {
        let limits = Limits::to_depth(depth);
        let mut search = (profile("modern").unwrap().make)();
        search.configure(&Settings::default());
        search
            .search(
                &Game::default(),
                &limits,
                &AtomicBool::new(false),
                &mut |_| {},
            )
            .unwrap()
    }

    #[test]
    fn the_json_of_a_modern_search_has_its_own_statistics() {
        let r = modern(6);
        let v = to_json(&Chess::default(), &r);
        let stats = &v["stats"];
        assert_eq!(stats["nodes"], r.nodes);
        assert!(stats["tt_hits"].as_u64().unwrap() > 0, "{stats}");
        assert!(stats["null_move_tries"].is_u64() && stats["time_ms"].is_u64());
        assert!(stats.get("feedovers_two_en_prise").is_none(), "{stats}");
    }

    #[test]
    fn the_json_of_a_modern_search_records_every_root_move() {
        let r = modern(5);
        let v = to_json(&Chess::default(), &r);
        let rows = v["root_moves"].as_array().unwrap();
        assert_eq!(rows.len(), 20);
        assert_eq!(rows[0]["uci"], v["bestmove"]);
        assert_eq!(rows[0]["bound"], "exact");
        for row in rows {
            assert_eq!(row["depth"], 5);
            assert!(row["nodes"].as_u64().unwrap() > 0, "{row}");
            assert!(row["order"].as_u64().is_some_and(|o| (1..=20).contains(&o)));
            assert_eq!(row["pv"][0], row["uci"]);
        }
    }
}
