//! `machack search`: one search of the position, printing the best move, its value, the
//! principal variation, the statistics (debugging aid 6), the record of every top-level
//! move (aid 5) and the evaluation terms at the end of the principal variation (aid 3).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;
use serde_json::{Value, json};
use shakmaty::{Chess, Move, Position};

use super::settings::SettingsArgs;
use super::{CliError, PositionArgs};
use crate::notation::{Notation, uci, write_move};
use crate::search::modern::EndTerms;
use crate::search::modern::eval::{FULL_SCALE, MAX_PHASE};
use crate::search::{Bound, Limits, ModernRootMove, ModernStats, Score, SearchResult};

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
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        if !p.is_legal(m) {
            break;
        }
        out.push(write_move(&p, m, notation));
        p.play_unchecked(m);
    }
    out.join(" ")
}

/// The evaluation terms at the end of the principal variation, the evaluator's that the
/// search used: the 1967 program's B R P K C and their sum S (pawn = 128), or the modern
/// evaluator's, one per field of its weight table (centipawns).
fn end_terms_json(r: &SearchResult) -> Value {
    match &r.modern {
        Some(m) => {
            let mut v = serde_json::to_value(&m.pv_end_terms).unwrap_or(Value::Null);
            if let Value::Object(map) = &mut v {
                map.insert("evaluator".into(), json!("modern"));
            }
            v
        }
        None => {
            let t = &r.pv_end_terms;
            json!({"evaluator": "1967", "B": t.b, "R": t.r, "P": t.p, "K": t.k, "C": t.c, "S": t.s()})
        }
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64
}

fn to_json(pos: &Chess, r: &SearchResult) -> Value {
    let stats = match &r.modern {
        Some(m) => serde_json::to_value(m.stats),
        None => serde_json::to_value(r.stats),
    };
    let mut stats = stats.unwrap_or(Value::Null);
    if let Value::Object(map) = &mut stats {
        map.insert("time_ms".into(), json!(r.time.as_millis() as u64));
        map.insert("nps".into(), json!(nps(r.nodes, r.time)));
    }
    let root_moves = match &r.modern {
        Some(m) => modern_record_json(pos, &m.root_moves),
        None => record_json(pos, r),
    };
    json!({
        "bestmove": uci(r.best),
        "bestmove_san": write_move(pos, r.best, Notation::San),
        "score": r.score.value(),
        "mate": match r.score { Score::Mate(n) => Some(n), Score::Value(_) => None },
        "pv": uci_line(&r.pv),
        "lines": r.lines.iter().map(|l| json!({
            "score": l.score.value(),
            "pv": uci_line(&l.pv),
        })).collect::<Vec<_>>(),
        "depth": r.depth,
        "stats": stats,
        "root_moves": root_moves,
        "pv_end_terms": end_terms_json(r),
    })
}

fn uci_line(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| uci(m)).collect()
}

/// Aid 5 of the 1967 search: every top-level move in plausibility order.
fn record_json(pos: &Chess, r: &SearchResult) -> Vec<Value> {
    r.root_moves
        .iter()
        .map(|rm| {
            json!({
                "uci": uci(rm.mv),
                "san": write_move(pos, rm.mv, Notation::San),
                "plausibility": rm.plausibility,
                "searched": rm.searched,
                "score": rm.score.map(Score::value),
                "bound": rm.bound.map(Bound::name),
                "pv": uci_line(&rm.pv),
                "secondary": rm.secondary.map(Score::value),
            })
        })
        .collect()
}

/// Aid 5 of the modern search: the root moves of its last completed iteration, best first.
fn modern_record_json(pos: &Chess, moves: &[ModernRootMove]) -> Vec<Value> {
    moves
        .iter()
        .map(|rm| {
            json!({
                "uci": uci(rm.mv),
                "san": write_move(pos, rm.mv, Notation::San),
                "order": rm.order,
                "score": rm.score.value(),
                "bound": rm.bound.name(),
                "depth": rm.depth,
                "nodes": rm.nodes,
                "pv": uci_line(&rm.pv),
            })
        })
        .collect()
}

fn print_text(pos: &Chess, r: &SearchResult, notation: Notation) {
    match &r.modern {
        Some(m) => print_modern_record(pos, &m.root_moves, notation),
        None => print_record(pos, r, notation),
    }
    match &r.modern {
        Some(m) => print_modern_end_terms(&m.pv_end_terms),
        None => {
            let t = &r.pv_end_terms;
            println!(
                "evaluation at the end of the variation (White's view): B {} R {} P {} K {} C {} S {}",
                t.b,
                t.r,
                t.p,
                t.k,
                t.c,
                t.s()
            );
        }
    }
    match &r.modern {
        Some(m) => print_modern_stats(r, &m.stats),
        None => print_stats(r),
    }
    println!(
        "depth {}{}",
        r.depth,
        if r.stopped { " (stopped)" } else { "" }
    );
    println!("value {} ({})", r.score, r.score.value());
    println!("pv {}", line_text(pos, &r.pv, notation));
    if r.lines.len() > 1 {
        for (k, line) in r.lines.iter().enumerate() {
            let pv = line_text(pos, &line.pv, notation);
            println!("line {} value {} pv {pv}", k + 1, line.score);
        }
    }
    println!("bestmove {}", write_move(pos, r.best, notation));
}

/// Aid 5 of the modern search, one line a root move.
fn print_modern_record(pos: &Chess, moves: &[ModernRootMove], notation: Notation) {
    let depth = moves.first().map_or(0, |rm| rm.depth);
    println!("root moves at depth {depth} (best first; order: the move ordering's rank):");
    for (i, rm) in moves.iter().enumerate() {
        println!(
            "{:3}. {:<10} order {:3}  value {:<2}{:<10}  nodes {:8}  {}",
            i + 1,
            write_move(pos, rm.mv, notation),
            rm.order,
            rm.bound.sign(),
            rm.score,
            rm.nodes,
            line_text(pos, &rm.pv, notation),
        );
    }
}

/// Aid 3 of the modern search: its evaluator's terms at the end of the principal
/// variation, one line a field of its weight table.
fn print_modern_end_terms(t: &EndTerms) {
    println!(
        "evaluation at the end of the variation (White's view, modern evaluator, centipawns; phase {} of {MAX_PHASE}, endgame scale {} of {FULL_SCALE}):",
        t.phase, t.scale
    );
    for term in &t.terms {
        println!(
            "  {:<26} mg {:>5}  eg {:>5}  value {:>8.1}",
            term.name, term.mg, term.eg, term.value
        );
    }
    println!("  = the evaluation {}", t.eval);
}

/// Aid 5 of the 1967 search, one line a top-level move.
fn print_record(pos: &Chess, r: &SearchResult, notation: Notation) {
    println!("top-level moves (plausibility order):");
    for (i, rm) in r.root_moves.iter().enumerate() {
        let mv = write_move(pos, rm.mv, notation);
        match rm.score {
            Some(score) => {
                let bound = format!("{:<2}", rm.bound.map_or("", Bound::sign));
                let secondary = rm
                    .secondary
                    .map(|x| format!("  secondary {x}"))
                    .unwrap_or_default();
                println!(
                    "{:3}. {mv:<10} plausibility {:6}  value {bound}{score:<10}  {}{secondary}",
                    i + 1,
                    rm.plausibility,
                    line_text(pos, &rm.pv, notation),
                );
            }
            None => println!(
                "{:3}. {mv:<10} plausibility {:6}  not searched",
                i + 1,
                rm.plausibility
            ),
        }
    }
}

/// The first line of the statistics, every search's.
fn print_stats_head(r: &SearchResult, seldepth: u32) {
    println!(
        "statistics: time {} ms, nodes {}, {} nps, seldepth {seldepth}",
        r.time.as_millis(),
        r.nodes,
        nps(r.nodes, r.time),
    );
}

/// The 1967 search's statistics (aid 6).
fn print_stats(r: &SearchResult) {
    let s = &r.stats;
    print_stats_head(r, s.seldepth);
    println!(
        "  plausible generations {}, static evaluations {}, capture-search nodes {}",
        s.plausible_generations, s.static_evaluations, s.capture_nodes
    );
    println!(
        "  feedovers {} (en prise and constrained {}, two en prise {}, opponent's cannot escape {})",
        s.feedovers(),
        s.feedovers_en_prise_constrained,
        s.feedovers_two_en_prise,
        s.feedovers_opponent_cannot_escape
    );
    println!(
        "  hash probes {}, hits {}; secondary searches {}, changed the value {}, changed the move {}",
        s.hash_probes,
        s.hash_hits,
        s.secondary_searches,
        s.secondary_changed_value,
        s.secondary_changed_move
    );
}

/// The modern search's statistics (its aid 6).
fn print_modern_stats(r: &SearchResult, s: &ModernStats) {
    print_stats_head(r, s.seldepth);
    println!(
        "  quiescence nodes {}, evaluations {}, tablebase hits {}, hash full {} per mille",
        s.quiescence_nodes, s.evaluations, s.tbhits, s.hashfull
    );
    println!(
        "  table probes {}, hits {}, cut-offs {}; beta cut-offs {}, on the first move {}",
        s.tt_probes, s.tt_hits, s.tt_cutoffs, s.beta_cutoffs, s.first_move_cutoffs
    );
    println!(
        "  null move tries {}, cut-offs {}; reductions {}, searched again {}; check extensions {}",
        s.null_move_tries,
        s.null_move_cutoffs,
        s.lmr_reductions,
        s.lmr_re_searches,
        s.check_extensions
    );
    println!(
        "  pruned: reverse futility {}, razoring {}, futility {}, late moves {}, static exchange {}; aspiration fails high {}, low {}",
        s.reverse_futility_prunes,
        s.razor_prunes,
        s.futility_prunes,
        s.late_move_prunes,
        s.see_prunes,
        s.aspiration_fails_high,
        s.aspiration_fails_low
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::search::modern::Searcher;

    fn modern(depth: u32) -> SearchResult {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        Searcher::new(1)
            .run(
                &Game::default(),
                &limits,
                0,
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
