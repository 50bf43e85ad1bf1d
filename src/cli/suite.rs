//! `machack plausible-suite FILE.epd`: how often the 1967 plausible generator ranks a
//! suite's best move first, in the top 6 and in the top 15 (and the STS points of its
//! first move), beside the MVV-LVA + checks ordering. The figures come from
//! `crate::annotate::suite`.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::annotate::suite::{self, Ordering};

#[derive(Debug, Args)]
pub struct SuiteArgs {
    /// The EPD file: records with `bm`, and STS's `c8`/`c9` points when it has them.
    file: PathBuf,
}

pub fn run(args: &SuiteArgs) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| CliError::Input(format!("cannot read '{}': {e}", args.file.display())))?;
    let cases = suite::read(&text).map_err(|e| CliError::Input(e.to_string()))?;
    if cases.is_empty() {
        return Err(CliError::Input(format!(
            "'{}' has no record with a bm operation",
            args.file.display()
        )));
    }
    for ordering in [Ordering::Plausible, Ordering::MvvLvaChecks] {
        println!("{}", suite::measure(&cases, ordering).line(ordering.name()));
    }
    Ok(())
}
