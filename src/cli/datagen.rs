//! `machack datagen --games N [--nodes N] [--random-plies N] [--seed S] [--threads N]
//! [--out FILE]`: the modern search plays itself at a fixed node budget and writes every quiet position with
//! its game's result and the search's score of it for White (`FEN RESULT cp=N` a line),
//! the data `machack tune` reads; or, with `--format bullet`, bullet's 32-byte records,
//! which `machack train-net` and bullet read.

use std::io::Write;
use std::path::Path;

use clap::Args;
use clap::builder::RangedU64ValueParser;

use super::{CliError, limits};
use crate::search::interface::MAX_THREADS;
use crate::train::data::{Format, Writer};
use crate::train::selfplay::{Plan, generate};

#[derive(Debug, Args)]
pub struct DatagenArgs {
    /// Games to play.
    #[arg(long, value_parser = limits::at_least_one::<u64>())]
    games: u64,
    /// Nodes each move may search.
    #[arg(long, default_value_t = 5000, value_parser = limits::at_least_one::<u64>())]
    nodes: u64,
    /// Random moves that open each game (0 to 40).
    #[arg(long, default_value_t = 8,
          value_parser = RangedU64ValueParser::<usize>::new().range(0..=40))]
    random_plies: usize,
    /// Picks the random openings: the same seed gives the same data.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, each thread with its own search and 16 MiB table; the data
    /// are the same, in the same order, whatever the number.
    #[arg(long, default_value_t = 1,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64))]
    threads: usize,
    /// Write the positions here (default: standard output).
    #[arg(long)]
    out: Option<String>,
    /// Text lines, or bullet's binary records (only to a file given by `--out`).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(args: &DatagenArgs) -> Result<(), CliError> {
    let in_out = |e: &dyn std::fmt::Display| {
        CliError::Input(format!("{}: {e}", args.out.as_deref().unwrap_or("stdout")))
    };
    let mut out = data_out(args.out.as_deref().map(Path::new), args.format)?;
    let plan = Plan {
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
    };
    let tally = generate(
        &plan,
        args.games,
        args.threads,
        &mut out,
        &mut |index, played| {
            eprintln!(
                "game {}/{}: {} in {} plies, {} positions",
                index + 1,
                args.games,
                played.outcome.as_str(),
                played.plies,
                played.positions.len()
            );
        },
    )
    .map_err(|e| in_out(&e))?;
    out.flush().map_err(|e| in_out(&e))?;
    eprintln!(
        "machack: {} positions from {} games (+{} ={} -{} for White)",
        tally.positions, args.games, tally.wins, tally.draws, tally.losses
    );
    Ok(())
}

/// The writer of data in `format` to the file `out` (created) or, for text, to standard
/// output; bullet's binary records go only to a file.
pub(super) fn data_out(
    out: Option<&Path>,
    format: Format,
) -> Result<Writer<Box<dyn Write>>, CliError> {
    let out: Box<dyn Write> = match out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?,
        )),
        None if format == Format::Bullet => {
            return Err(CliError::Usage(
                "--format bullet writes binary records: name a file with --out".into(),
            ));
        }
        None => Box::new(std::io::stdout().lock()),
    };
    Ok(Writer::new(out, format))
}
