//! `machack epd FILE`: runs a test suite of EPD positions with `bm` (best move) or `am`
//! (avoid move) operations, prints every failure and `solved K of N` last.
//!
//! The EPD reader is ours: the first four fields are the position, then operations
//! `opcode operand ...;` with operands that may be quoted strings.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;
use shakmaty::{Chess, Move};

use super::CliError;
use super::search::SettingsArgs;
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

/// One EPD record: the position and its operations, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EpdRecord {
    /// The position's four fields as they appear.
    pub fen: String,
    /// Operations: opcode and operands (quotes removed).
    pub ops: Vec<(String, Vec<String>)>,
}

impl EpdRecord {
    /// The operands of the first operation `opcode`, if present.
    pub fn op(&self, opcode: &str) -> Option<&[String]> {
        self.ops
            .iter()
            .find(|(o, _)| o == opcode)
            .map(|(_, v)| v.as_slice())
    }
}

/// Reads one EPD line; `None` for a blank line or a comment (`#`).
pub fn parse_epd_line(line: &str) -> Result<Option<EpdRecord>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut rest = line;
    let mut fields = Vec::with_capacity(4);
    for _ in 0..4 {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            return Err("fewer than four position fields".into());
        }
        fields.push(&rest[..end]);
        rest = &rest[end..];
    }
    let mut ops = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = rest.chars().peekable();
    let mut word = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut s = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(c) => s.push(c),
                        None => return Err("unterminated string".into()),
                    }
                }
                tokens.push(s);
            }
            ';' => {
                if !word.is_empty() {
                    tokens.push(std::mem::take(&mut word));
                }
                if !tokens.is_empty() {
                    let opcode = tokens.remove(0);
                    ops.push((opcode, std::mem::take(&mut tokens)));
                }
            }
            c if c.is_whitespace() => {
                if !word.is_empty() {
                    tokens.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        tokens.push(word);
    }
    if !tokens.is_empty() {
        let opcode = tokens.remove(0);
        ops.push((opcode, tokens));
    }
    Ok(Some(EpdRecord {
        fen: fields.join(" "),
        ops,
    }))
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
    let bad = |what: String| CliError::Usage(format!("EPD line {line}: {what}"));
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
        .map_err(|e| CliError::Usage(format!("cannot read '{}': {e}", args.file.display())))?;
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let rec = parse_epd_line(line)
            .map_err(|e| CliError::Usage(format!("EPD line {}: {e}", i + 1)))?;
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
    fn reads_operations_with_quoted_operands() {
        let r = parse_epd_line(
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6 Qh4; id \"WAC 001\";",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            r.fen,
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -"
        );
        assert_eq!(r.op("bm").unwrap(), ["Qg6", "Qh4"]);
        assert_eq!(r.op("id").unwrap(), ["WAC 001"]);
        assert!(r.op("am").is_none());
    }

    #[test]
    fn blank_comment_and_bad_lines() {
        assert_eq!(parse_epd_line("   "), Ok(None));
        assert_eq!(parse_epd_line("# comment"), Ok(None));
        assert!(parse_epd_line("8/8/8 w").is_err());
        assert!(parse_epd_line("8/8/8/8/8/8/8/8 w - - id \"open").is_err());
    }

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
