//! `machack datagen --games N [--nodes N] [--random-plies N] [--seed S] [--threads N]
//! [--out FILE] [--syzygy DIR]`: the modern search plays itself at a fixed node budget and
//! writes every quiet position with its game's result and the search's score of it for
//! White (`FEN RESULT cp=N` a line), the data `machack tune` reads; or, with `--format
//! bullet`, bullet's 32-byte records, which `machack train-net` and bullet read. With
//! `--syzygy`, a game ends with the tables' result as soon as it reaches a position they
//! know, and no such position is written.

use std::io::Write;
use std::path::Path;

use clap::Args;
use clap::builder::RangedU64ValueParser;

use super::{CliError, limits};
use crate::search::interface::MAX_THREADS;
use crate::tablebase::{MAX_PIECES, Tablebases};
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
    /// Syzygy tables (a directory, or several separated by ':' as in SyzygyPath): a game
    /// ends with the tables' result as soon as a move reaches a position they hold, and no
    /// such position is written (a cursed win or blessed loss counts as a draw).
    #[arg(long, value_name = "DIR")]
    syzygy: Option<String>,
}

pub fn run(args: &DatagenArgs) -> Result<(), CliError> {
    let in_out = |e: &dyn std::fmt::Display| {
        CliError::Input(format!("{}: {e}", args.out.as_deref().unwrap_or("stdout")))
    };
    let tables = args.syzygy.as_deref().map(open_tables).transpose()?;
    let mut out = data_out(args.out.as_deref().map(Path::new), args.format)?;
    let plan = Plan {
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
        tablebases: tables.as_ref(),
    };
    let tally = generate(
        &plan,
        args.games,
        args.threads,
        &mut out,
        &mut |index, played| {
            eprintln!(
                "game {}/{}: {} in {} plies{}, {} positions",
                index + 1,
                args.games,
                played.outcome.as_str(),
                played.plies,
                if played.by_tables { " (tablebase)" } else { "" },
                played.positions.len()
            );
        },
    )
    .map_err(|e| in_out(&e))?;
    out.flush().map_err(|e| in_out(&e))?;
    let ended = match tables {
        Some(_) => format!(", {} ended by the tablebases", tally.by_tables),
        None => String::new(),
    };
    eprintln!(
        "machack: {} positions from {} games (+{} ={} -{} for White){ended}",
        tally.positions, args.games, tally.wins, tally.draws, tally.losses
    );
    Ok(())
}

/// The tables of `--syzygy`, every directory read and holding tables, or the reason not.
fn open_tables(dirs: &str) -> Result<Tablebases, CliError> {
    if dirs.trim().is_empty() {
        return Err(CliError::Usage("--syzygy: no directory given".into()));
    }
    Tablebases::open(dirs, MAX_PIECES).map_err(|e| CliError::Input(format!("--syzygy: {e}")))
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
