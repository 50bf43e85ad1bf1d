//! `machack annotate GAME.pgn`: every move of every game with the move machack (a
//! profile) would have played, the played move's plausibility rank, the value difference
//! and a comment, as PGN (comments and variations) or a table; `White matches K of N,
//! Black matches K of N` per game. The work is `crate::annotate`'s.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::{CliError, limits};
use crate::annotate::{self, Budget, Matches, write};
use crate::pgn;
use crate::search::Settings;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Pgn,
    Table,
}

#[derive(Debug, Args)]
pub struct AnnotateArgs {
    /// The PGN file.
    file: PathBuf,
    /// The profile whose view is given (1967, 1967-tournament, modern).
    #[arg(long, default_value = "1967-tournament")]
    profile: String,
    /// Search every position to this depth (default: the profile's bench depth).
    #[arg(long, conflicts_with = "movetime", value_parser = limits::search_depth())]
    depth: Option<u32>,
    /// Search every position for this many milliseconds instead.
    #[arg(long, value_parser = limits::at_least_one::<u64>())]
    movetime: Option<u64>,
    /// PGN with comments and variations, or a table.
    #[arg(long, value_enum, default_value = "pgn")]
    format: Format,
    /// Only this game of the file (from 1).
    #[arg(long, value_parser = limits::at_least_one::<usize>())]
    game: Option<usize>,
}

pub fn run(args: &AnnotateArgs) -> Result<(), CliError> {
    let profile = super::profile(&args.profile)?;
    let budget = match (args.depth, args.movetime) {
        (_, Some(ms)) => Budget {
            depth: None,
            movetime: Some(Duration::from_millis(ms)),
        },
        (depth, None) => Budget {
            depth: Some(depth.unwrap_or(profile.bench_depth)),
            movetime: None,
        },
    };
    let annotator = match budget.movetime {
        Some(t) => format!("machack {} {} ms a move", profile.name, t.as_millis()),
        None => format!(
            "machack {} depth {}",
            profile.name,
            budget.depth.unwrap_or(0)
        ),
    };
    let games = pgn::read_file(&args.file).map_err(|e| CliError::Input(e.to_string()))?;
    if games.is_empty() {
        return Err(CliError::Input(format!(
            "'{}': no game",
            args.file.display()
        )));
    }
    let mut search = (profile.make)();
    search.configure(&Settings::default());
    let stop = AtomicBool::new(false);
    let mut total = Matches::default();
    let mut out = std::io::stdout().lock();
    let (count, mut done) = (games.len(), 0);
    for (i, game) in games.into_iter().enumerate() {
        if args.game.is_some_and(|n| n != i + 1) {
            continue;
        }
        let game = game.map_err(|e| CliError::Input(e.to_string()))?;
        let notes = annotate::annotate(&game.game, search.as_mut(), budget, &stop, &mut |_| {});
        let matches = Matches::of(&notes);
        done += 1;
        total.add(matches);
        match args.format {
            Format::Pgn => {
                let text = write::pgn(
                    &game.tags,
                    game.game.start(),
                    &notes,
                    &annotator,
                    &game.result,
                );
                write!(out, "{text}")?;
                // The summary goes where a PGN reader does not look.
                eprintln!("game {}: {}", i + 1, matches.line());
            }
            Format::Table => {
                let who = |tag| game.tag(tag).unwrap_or("?").to_string();
                writeln!(
                    out,
                    "game {}: {} - {} ({annotator})",
                    i + 1,
                    who("White"),
                    who("Black")
                )?;
                write!(out, "{}", write::table(&notes))?;
            }
        }
    }
    if done == 0 {
        return Err(CliError::Input(format!(
            "--game: '{}' holds {count} games",
            args.file.display()
        )));
    }
    if done > 1 {
        match args.format {
            Format::Pgn => eprintln!("total: {}", total.line()),
            Format::Table => writeln!(out, "total: {}", total.line())?,
        }
    }
    Ok(())
}
