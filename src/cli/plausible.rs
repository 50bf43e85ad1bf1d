//! `machack plausible [--trace MOVE] [--json]`: the paper's debugging aids 4 and 5 — every
//! legal move ranked with its plausibility and factors, or one move's factors with their
//! comments.

use std::io::Write;

use clap::Args;
use serde::Serialize;
use shakmaty::Position;

use super::{CliError, PositionArgs};
use crate::aids::{Factor, Generator};
use crate::notation::{self, Notation};

#[derive(Debug, Args)]
pub struct PlausibleArgs {
    /// Show only this move's factors, with comments (any notation).
    #[arg(long)]
    trace: Option<String>,
    /// Print JSON: a list of {uci, san, descriptive, score, factors}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    position: PositionArgs,
}

#[derive(Serialize)]
struct Entry {
    uci: String,
    san: String,
    descriptive: String,
    score: i32,
    factors: Vec<Factor>,
}

pub fn run(args: &PlausibleArgs) -> Result<(), CliError> {
    match print(args) {
        // A closed pipe (`| head`) ends the listing quietly.
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

fn print(args: &PlausibleArgs) -> Result<(), CliError> {
    let game = args.position.game()?;
    let pos = game.position();
    if let Some(outcome) = no_move(pos) {
        return Err(CliError::Input(outcome));
    }
    let generator = Generator::root(pos, game.moves().len() as u32);
    let list = generator.ranked();
    let entries: Vec<(Entry, Vec<&str>)> = match &args.trace {
        None => list
            .iter()
            .map(|r| {
                (
                    entry(pos, &generator, r.mv, r.plausibility),
                    r.flags.clone(),
                )
            })
            .collect(),
        Some(text) => {
            let m = notation::read_move(pos, text)
                .map_err(|source| CliError::Input(format!("--trace {text}: {source}")))?;
            let r = list
                .iter()
                .find(|r| r.mv == m)
                .ok_or_else(|| CliError::Input(format!("--trace {text}: not a legal move here")))?;
            vec![(
                entry(pos, &generator, r.mv, r.plausibility),
                r.flags.clone(),
            )]
        }
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let plain: Vec<&Entry> = entries.iter().map(|(e, _)| e).collect();
        let text = serde_json::to_string_pretty(&plain)
            .map_err(|e| CliError::Input(format!("cannot write JSON: {e}")))?;
        writeln!(out, "{text}")?;
        return Ok(());
    }
    for (rank, (e, flag_text)) in entries.iter().enumerate() {
        if args.trace.is_some() {
            writeln!(
                out,
                "{} ({}, {}): plausibility {} [{}]",
                e.descriptive,
                e.san,
                e.uci,
                e.score,
                flag_text.join(" ")
            )?;
            for f in &e.factors {
                writeln!(
                    out,
                    "  {:<28} {:>6}  {:<5}  {}",
                    f.name, f.value, f.source, f.comment
                )?;
            }
        } else {
            let names: Vec<String> = e
                .factors
                .iter()
                .filter(|f| f.name != "base_constant")
                .map(|f| format!("{} {:+}", f.name, f.value))
                .collect();
            writeln!(
                out,
                "{:>3}. {:<12} {:<8} {:>6}  [{}]  {}",
                rank + 1,
                e.descriptive,
                e.san,
                e.score,
                flag_text.join(" "),
                names.join(", ")
            )?;
        }
    }
    Ok(())
}

/// Why a position has no move to rank: checkmate or stalemate, said as a player would.
fn no_move(pos: &shakmaty::Chess) -> Option<String> {
    if !pos.legal_moves().is_empty() {
        return None;
    }
    let side = if pos.turn() == shakmaty::Color::White {
        "White"
    } else {
        "Black"
    };
    Some(if pos.is_check() {
        format!("checkmate: {side} is mated and has no move to rank")
    } else {
        format!("stalemate: {side} has no legal move to rank (the game is drawn)")
    })
}

fn entry(pos: &shakmaty::Chess, generator: &Generator, m: shakmaty::Move, score: i32) -> Entry {
    Entry {
        uci: notation::write_move(pos, m, Notation::Uci),
        san: notation::write_move(pos, m, Notation::San),
        descriptive: notation::write_move(pos, m, Notation::Descriptive),
        score,
        factors: generator.factors(m),
    }
}
