//! `machack book show|stats|build`: the opening book from the command line.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use serde::Serialize;

use super::{CliError, PositionArgs, limits};
use crate::book::build::{BuildOptions, BuildReport, build_from_pgn};
use crate::book::{Book, BookError, builtin, polyglot};
use crate::notation::{Notation, write_move};

#[derive(Debug, Args)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Debug, Subcommand)]
enum BookCommand {
    /// The book moves of a position, with weights and line names.
    #[command(after_help = example!("machack book show --moves e4 c5"))]
    Show(ShowArgs),
    /// Book statistics (prints a line `entries N`).
    #[command(after_help = example!("machack book stats --file book.bin"))]
    Stats(StatsArgs),
    /// Build a Polyglot book from PGN games (or from the built-in book).
    #[command(after_help = example!("machack book build games.pgn --out book.bin --min-games 2"))]
    Build(BuildArgs),
}

#[derive(Debug, Args)]
struct ShowArgs {
    /// A Polyglot `.bin` book to read instead of the built-in book.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    position: PositionArgs,
}

#[derive(Debug, Args)]
struct StatsArgs {
    /// A Polyglot `.bin` book to count instead of the built-in book.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct BuildArgs {
    /// The PGN games to build from.
    #[arg(required_unless_present = "builtin")]
    games: Option<PathBuf>,
    /// Write the built-in book instead of building from games.
    #[arg(long, conflicts_with = "games")]
    builtin: bool,
    /// The `.bin` file to write.
    #[arg(long)]
    out: PathBuf,
    /// Plies of each game taken into the book.
    #[arg(long, default_value_t = 20, value_parser = limits::at_least_one::<usize>())]
    max_ply: usize,
    /// Leave out moves played in fewer games than this.
    #[arg(long, default_value_t = 1, value_parser = limits::at_least_one::<u32>())]
    min_games: u32,
}

impl From<BookError> for CliError {
    fn from(e: BookError) -> Self {
        CliError::Input(e.to_string())
    }
}

/// Opens a Polyglot book (a PGN file given by mistake is named as such by the reader).
fn open(path: &Path) -> Result<Book, CliError> {
    Ok(Book::open(path)?)
}

pub fn run(args: &BookArgs) -> Result<(), CliError> {
    match &args.command {
        BookCommand::Show(a) => show(a),
        BookCommand::Stats(a) => stats(a),
        BookCommand::Build(a) => build(a),
    }
}

#[derive(Serialize)]
struct ShownMove {
    uci: String,
    san: String,
    weight: u32,
    names: Vec<String>,
}

fn show(args: &ShowArgs) -> Result<(), CliError> {
    let book = match &args.file {
        Some(path) => open(path)?,
        None => Book::builtin(),
    };
    let game = args.position.game()?;
    let pos = game.position();
    let moves: Vec<ShownMove> = book
        .moves(pos)
        .into_iter()
        .map(|m| ShownMove {
            uci: crate::notation::uci(m.mv),
            san: write_move(pos, m.mv, Notation::San),
            weight: m.weight,
            names: m.names,
        })
        .collect();
    if args.json {
        let text = serde_json::to_string(&moves).map_err(|e| CliError::Input(e.to_string()))?;
        println!("{text}");
        return Ok(());
    }
    if moves.is_empty() {
        println!("out of book");
        return Ok(());
    }
    let total: u32 = moves.iter().map(|m| m.weight).sum();
    for m in &moves {
        let share = if total > 0 {
            f64::from(m.weight) * 100.0 / f64::from(total)
        } else {
            0.0
        };
        let mut names = m
            .names
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ");
        if m.names.len() > 3 {
            names.push_str(&format!("; and {} more", m.names.len() - 3));
        }
        println!(
            "{:<8} {:<6} weight {:>5} ({share:5.1}%)  {names}",
            m.san, m.uci, m.weight
        );
    }
    Ok(())
}

fn stats(args: &StatsArgs) -> Result<(), CliError> {
    if let Some(path) = &args.file {
        let Book::Polyglot(book) = open(path)? else {
            unreachable!("Book::open reads a Polyglot book");
        };
        if args.json {
            println!(
                "{}",
                serde_json::json!({"entries": book.entries().len(), "positions": book.positions()})
            );
        } else {
            println!("positions {}", book.positions());
            println!("entries {}", book.entries().len());
        }
        return Ok(());
    }
    let book = builtin();
    for p in book.problems() {
        eprintln!("machack: warning: skipped {p}");
    }
    let s = book.stats();
    if args.json {
        println!(
            "{}",
            serde_json::json!({
                "entries": s.entries,
                "positions": s.positions,
                "lines": s.lines,
                "deepest": s.deepest.as_ref().map(|(name, plies)| serde_json::json!({"name": name, "plies": plies})),
                "skipped": s.problems,
            })
        );
        return Ok(());
    }
    println!("lines {}", s.lines);
    println!("positions {}", s.positions);
    if let Some((name, plies)) = &s.deepest {
        println!("deepest {plies} plies ({name})");
    }
    if s.problems > 0 {
        println!("skipped {}", s.problems);
    }
    println!("entries {}", s.entries);
    Ok(())
}

/// Why a PGN gave no book entries: no games at all, none readable, or all filtered out.
fn empty_book_reason(path: &Path, report: &BuildReport, args: &BuildArgs) -> String {
    let why = if report.games == 0 {
        "no games were read (is it a PGN file?)".to_string()
    } else if report.bad_games == report.games {
        format!(
            "all {} games had an unreadable FEN or an illegal first move",
            report.games
        )
    } else {
        format!(
            "no move of the {} game(s) read was played in at least --min-games {} game(s) \
             and scored (a move from lost games or games with Result `*` weighs 0)",
            report.games, args.min_games
        )
    };
    format!(
        "{}: the book would be empty: {why}; nothing written",
        path.display()
    )
}

fn build(args: &BuildArgs) -> Result<(), CliError> {
    let mut entries = match &args.games {
        Some(path) if !args.builtin => {
            let file = File::open(path)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
            let options = BuildOptions {
                max_ply: args.max_ply,
                min_games: args.min_games,
            };
            let (entries, report) = build_from_pgn(BufReader::new(file), options)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
            println!("games {}", report.games);
            if report.bad_games > 0 {
                eprintln!(
                    "machack: warning: {} games had an unreadable FEN or an illegal move (used up to it)",
                    report.bad_games
                );
            }
            if entries.is_empty() {
                return Err(CliError::Input(empty_book_reason(path, &report, args)));
            }
            entries
        }
        _ => builtin().polyglot_entries(),
    };
    polyglot::write(&args.out, &mut entries)?;
    println!("entries {}", entries.len());
    Ok(())
}
