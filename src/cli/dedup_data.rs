//! `machack dedup-data FILE... --out FILE [--format text|bullet]`: training data (text
//! lines, or bullet records in files named `*.bin`) written with each position once, the
//! first time it comes, with its score and result (`train::dedup`). Prints
//! `read N positions from K files, wrote M, dropped D repeated`. The output is written to
//! `FILE.part` beside it and renamed at the end, so bad input leaves no output behind (and
//! an input may be the output).

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use crate::train::data::{DataError, Format, Writer, count, in_file};
use crate::train::dedup::{DedupError, Tally, dedup};

#[derive(Debug, Args)]
pub struct DedupDataArgs {
    /// Positions with results and scores: `FEN RESULT cp=N` on each line, or bullet's
    /// records in a file named `*.bin`.
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Write the distinct positions here.
    #[arg(long)]
    out: PathBuf,
    /// Text lines or bullet records (default: bullet for an `--out` named `*.bin`).
    #[arg(long, value_enum)]
    format: Option<Format>,
}

pub fn run(args: &DedupDataArgs) -> Result<(), CliError> {
    let format = args.format.unwrap_or_else(|| Format::of_path(&args.out));
    let files: Vec<(PathBuf, Format)> = args
        .data
        .iter()
        .map(|p| (p.clone(), Format::of_path(p)))
        .collect();
    // A missing file or a cut bullet file is refused before anything is written.
    for (path, format) in &files {
        check_input(path, *format).map_err(|e| CliError::Input(e.to_string()))?;
    }
    let part = part_path(&args.out);
    let done = write(&files, &part, format).and_then(|tally| {
        std::fs::rename(&part, &args.out)
            .map_err(|e| CliError::Input(format!("{}: {e}", args.out.display())))?;
        Ok(tally)
    });
    if done.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    let tally = done?;
    let files = match args.data.len() {
        1 => "1 file".to_string(),
        n => format!("{n} files"),
    };
    println!(
        "read {} positions from {files}, wrote {}, dropped {} repeated",
        tally.read,
        tally.written,
        tally.dropped()
    );
    Ok(())
}

/// Checks that the file at `path` opens and, for bullet's records, holds whole records.
fn check_input(path: &Path, format: Format) -> Result<(), DataError> {
    match format {
        Format::Bullet => count(path, format).map(drop),
        Format::Text => File::open(path).map(drop).map_err(Into::into),
    }
    .map_err(|e| in_file(path, e))
}

/// `out` with `.part` after its name: where the output grows until it is whole.
fn part_path(out: &Path) -> PathBuf {
    let mut part = out.as_os_str().to_os_string();
    part.push(".part");
    PathBuf::from(part)
}

/// Writes the distinct positions of `files` to the file `part` in `format`.
fn write(files: &[(PathBuf, Format)], part: &Path, format: Format) -> Result<Tally, CliError> {
    let in_part = |e: &dyn std::fmt::Display| CliError::Input(format!("{}: {e}", part.display()));
    let file = File::create(part).map_err(|e| in_part(&e))?;
    let mut out = Writer::new(BufWriter::new(file), format);
    let tally = dedup(files, &mut out).map_err(|e| match e {
        DedupError::Input(e) => CliError::Input(e.to_string()),
        DedupError::Output(e) => in_part(&e),
    })?;
    out.flush().map_err(|e| in_part(&e))?;
    Ok(tally)
}
