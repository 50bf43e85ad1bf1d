//! `machack convert-data GAMES.pgn... [--out FILE] [--format text|bullet]`: the games an
//! OpenBench datagen workload returns (scores in the move comments; decompress its `.bz2`
//! first) turned into machack's training data, text lines or bullet records.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::datagen::data_out;
use crate::train::data::Format;
use crate::train::openbench::convert;

#[derive(Debug, Args)]
pub struct ConvertDataArgs {
    /// PGN files of scored games.
    #[arg(required = true)]
    pgn: Vec<PathBuf>,
    /// Write the positions here (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Text lines or bullet records (default: bullet for an `--out` named `*.bin`).
    #[arg(long, value_enum)]
    format: Option<Format>,
}

pub fn run(args: &ConvertDataArgs) -> Result<(), CliError> {
    let format = args
        .format
        .unwrap_or_else(|| args.out.as_deref().map_or(Format::Text, Format::of_path));
    let shown = || {
        args.out
            .as_ref()
            .map_or("stdout".into(), |p| p.display().to_string())
    };
    let mut out = data_out(args.out.as_deref(), format)?;
    let (mut positions, mut games) = (0usize, 0usize);
    for path in &args.pgn {
        let in_file =
            |e: &dyn std::fmt::Display| CliError::Input(format!("{}: {e}", path.display()));
        let file = std::fs::File::open(path).map_err(|e| in_file(&e))?;
        games += convert(std::io::BufReader::new(file), |p| {
            positions += 1;
            out.write(&p.pos, p.result, p.white_cp)
        })
        .map_err(|e| in_file(&e))?;
    }
    out.flush()
        .map_err(|e| CliError::Input(format!("{}: {e}", shown())))?;
    eprintln!("machack: {positions} positions from {games} games");
    Ok(())
}
