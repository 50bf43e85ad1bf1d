//! `machack epd FILE`: runs a test suite of EPD positions with `bm` (best move) or `am`
//! (avoid move) operations, prints every failure and `solved K of N` last.
//!
//! The EPD records are read by `crate::epd`.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;
use shakmaty::{Chess, Move};

use super::CliError;
use super::settings::SettingsArgs;
use crate::epd::{EpdRecord, parse_epd_line};
use crate::notation::{self, Notation, write_move};
use crate::rules::{Game, parse_fen};
use crate::search::Limits;

#[derive(Debug, Args)]
pub struct EpdArgs {
    /// The EPD file.
    file: PathBuf,
    #[command(flatten)]
    settings: SettingsArgs,
    /// Stop each search after this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
}

/// One problem of a suite, ready to search.
struct Problem {
    line: usize,
    id: String,
    pos: Chess,
    best: Vec<Move>,
    avoid: Vec<Move>,
}

fn problem(line: usize, rec: &EpdRecord) -> Result<Problem, CliError> {
    let bad = |what: String| CliError::Input(format!("EPD line {line}: {what}"));
    let (pos, _) = parse_fen(&rec.fen).map_err(|e| bad(e.to_string()))?;
    let moves = |op: &str| -> Result<Vec<Move>, CliError> {
        rec.op(op)
            .unwrap_or(&[])
            .iter()
            .map(|t| notation::read_move(&pos, t).map_err(|e| bad(format!("{op}: {e}"))))
            .collect()
    };
    let best = moves("bm")?;
    let avoid = moves("am")?;
    if best.is_empty() && avoid.is_empty() {
        return Err(bad("no bm or am operation".into()));
    }
    let id = rec
        .op("id")
        .and_then(|v| v.first().cloned())
        .unwrap_or_else(|| format!("line {line}"));
    Ok(Problem {
        line,
        id,
        pos,
        best,
        avoid,
    })
}

pub fn run(args: &EpdArgs) -> Result<(), CliError> {
    let mut searcher = args.settings.search()?;
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| CliError::Input(format!("cannot read '{}': {e}", args.file.display())))?;
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let rec = parse_epd_line(line)
            .map_err(|e| CliError::Input(format!("EPD line {}: {e}", i + 1)))?;
        if let Some(rec) = rec {
            problems.push(problem(i + 1, &rec)?);
        }
    }
    let depth = args.settings.depth_limit(args.movetime.is_some())?;
    let stop = AtomicBool::new(false);
    let mut solved = 0;
    let mut times = Vec::with_capacity(problems.len());
    let mut nodes = 0u64;
    for p in &problems {
        let game = Game::new(p.pos.clone());
        let limits = Limits {
            depth,
            deadline: args
                .movetime
                .map(|ms| Instant::now() + Duration::from_millis(ms)),
            ..Limits::default()
        };
        let Ok(r) = searcher.search(&game, &limits, &stop, &mut |_| {}) else {
            println!("{} (line {}): no legal move", p.id, p.line);
            continue;
        };
        times.push(r.time);
        nodes += r.nodes;
        let ok = (p.best.is_empty() || p.best.contains(&r.best)) && !p.avoid.contains(&r.best);
        if ok {
            solved += 1;
        } else {
            let san = |ms: &[Move]| {
                ms.iter()
                    .map(|&m| write_move(&p.pos, m, Notation::San))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let wanted = if p.best.is_empty() {
                format!("am {}", san(&p.avoid))
            } else {
                format!("bm {}", san(&p.best))
            };
            println!(
                "failed {}: played {} ({}), {wanted}",
                p.id,
                write_move(&p.pos, r.best, Notation::San),
                r.score
            );
        }
    }
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let total: Duration = times.iter().sum();
    println!(
        "median {} ms per position, total {:.1} s, {} nodes",
        median.as_millis(),
        total.as_secs_f64(),
        nodes
    );
    println!("solved {solved} of {}", problems.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_needs_legal_bm_or_am() {
        let rec = parse_epd_line("4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id \"castle\";")
            .unwrap()
            .unwrap();
        let p = problem(1, &rec).unwrap();
        assert_eq!(p.best.len(), 1);
        assert_eq!(p.id, "castle");
        let rec = parse_epd_line("4k3/8/8/8/8/8/8/4K2R w K - bm Qh5;")
            .unwrap()
            .unwrap();
        assert!(problem(1, &rec).is_err());
        let rec = parse_epd_line("4k3/8/8/8/8/8/8/4K2R w K - id \"x\";")
            .unwrap()
            .unwrap();
        assert!(problem(1, &rec).is_err());
    }
}
