//! The command line (docs/design.md §11): one binary, one subcommand per debugging aid or tool.
//!
//! Each subcommand lives in its own file and only parses, calls the library and prints.
//! Errors go to stderr with exit status 2.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use shakmaty::Chess;
use thiserror::Error;

use crate::engine::Engine;
use crate::notation::{self, NotationError};
use crate::protocol;
use crate::rules::{self, FenError, Game};

mod annotate;
mod bench;
mod book;
mod convert;
mod epd;
mod eval;
mod perft;
mod plausible;
mod scope;
mod search;
mod settings;
mod status;
mod suite;
mod tune;

/// Mac Hack VI (Greenblatt, MIT 1967), brought back.
#[derive(Debug, Parser)]
#[command(name = "machack", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Console: draw the board in ASCII (the default when the terminal cannot show Unicode).
    #[arg(long)]
    ascii: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (prints `nodes N` last).
    Perft(perft::PerftArgs),
    /// Search the position with the 1967 search (prints the best move last).
    Search(search::SearchArgs),
    /// Run a bm/am test suite (prints `solved K of N` last).
    Epd(epd::EpdArgs),
    /// Search fixed positions to a fixed depth (prints `N nodes M nps` last).
    Bench(bench::BenchArgs),
    /// Convert a game score on stdin (any notation) to SAN, UCI or descriptive, one move
    /// per line.
    Convert(convert::ConvertArgs),
    /// The 1967 static board evaluation, term by term (prints `S N` last).
    Eval(eval::EvalArgs),
    /// Every legal move ranked by plausibility, with its factors (`--trace MOVE`: one move's
    /// factors with comments).
    Plausible(plausible::PlausibleArgs),
    /// What the FIDE rules say: outcome, draw claims, occurrences, halfmove clock; or
    /// check every game of a PGN file (`--pgn`).
    Status(status::StatusArgs),
    /// Speak the Universal Chess Interface on stdin/stdout (GUIs, cutechess, python-chess).
    Uci,
    /// Speak the xboard/WinBoard protocol (CECP v2) on stdin/stdout.
    Xboard,
    /// The opening book: `show` a position's book moves, `stats`, `build` a Polyglot book.
    Book(book::BookArgs),
    /// Fit the modern evaluation's weights to game results (Texel's method).
    Tune(tune::TuneArgs),
    /// Annotate every move of a PGN game with machack's view (PGN or `--format table`).
    Annotate(annotate::AnnotateArgs),
    /// Rank a suite's best moves by plausibility and by MVV-LVA + checks (first, top 6, top 15).
    PlausibleSuite(suite::SuiteArgs),
    /// Serve the web page that shows machack thinking (`--open` opens it).
    Scope(scope::ScopeArgs),
}

/// The position a subcommand works on: `--fen` (default: the start position), then
/// `--moves` in any notation. `--moves` takes the rest of the line.
#[derive(Debug, Clone, Args, Default)]
pub struct PositionArgs {
    /// Starting position as FEN (default: the standard start).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves in any notation (descriptive, SAN or coordinates), applied after the FEN;
    /// takes every remaining argument.
    #[arg(long, num_args = 1.., allow_hyphen_values = true)]
    pub moves: Vec<String>,
}

/// An error that ends a subcommand: printed on stderr, exit status 2.
#[derive(Debug, Error)]
pub enum CliError {
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A move of `--moves` or of the input could not be played.
    #[error("move {number} of --moves: {source}")]
    Move {
        number: usize,
        text: String,
        source: NotationError,
    },
    /// A move of a game score could not be played; `label` is its number and side.
    #[error("move {label}: {source}")]
    GameMove {
        label: String,
        source: NotationError,
    },
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Usage(String),
}

impl PositionArgs {
    /// The root position (the `--fen` or the start), warnings printed on stderr.
    pub fn root(&self) -> Result<Chess, CliError> {
        match &self.fen {
            None => Ok(Chess::default()),
            Some(fen) => {
                let (pos, warnings) = rules::parse_fen(fen)?;
                for w in warnings {
                    eprintln!("machack: warning: {w}");
                }
                Ok(pos)
            }
        }
    }

    /// The game: the root position with `--moves` played. The moves are read like a game
    /// score, so `--moves 1. P-K4 P-K4 2. B-N5 ch` works too.
    pub fn game(&self) -> Result<Game, CliError> {
        let mut game = Game::new(self.root()?);
        let moves = notation::score::moves(&self.moves.join(" "));
        for (i, text) in moves.iter().enumerate() {
            play_text(&mut game, i + 1, text)?;
        }
        Ok(game)
    }
}

/// Reads `text` as a move in the game's position and plays it; `number` (1-based, in
/// the order given) goes into the error.
pub fn play_text(game: &mut Game, number: usize, text: &str) -> Result<(), CliError> {
    let m = notation::read_move(game.position(), text).map_err(|source| CliError::Move {
        number,
        text: text.to_string(),
        source,
    })?;
    game.play(m);
    Ok(())
}

/// Runs the command line; the binary's `main`.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Search(args)) => search::run(&args),
        Some(Command::Epd(args)) => epd::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Convert(args)) => convert::run(&args),
        Some(Command::Eval(args)) => eval::run(&args),
        Some(Command::Plausible(args)) => plausible::run(&args),
        Some(Command::Status(args)) => status::run(&args),
        Some(Command::Uci) => {
            let input = protocol::Input::stdin();
            protocol::uci::run(Engine::new(), input, protocol::Out::stdout(), None);
            Ok(())
        }
        Some(Command::Xboard) => {
            let input = protocol::Input::stdin();
            protocol::xboard::run(Engine::new(), input, protocol::Out::stdout(), None);
            Ok(())
        }
        Some(Command::Book(args)) => book::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::Scope(args)) => scope::run(&args),
        Some(Command::PlausibleSuite(args)) => suite::run(&args),
        Some(Command::Annotate(args)) => annotate::run(&args),
        None => {
            protocol::console::set_ascii(cli.ascii);
            protocol::console::start(Engine::new());
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("machack: error: {e}");
            ExitCode::from(2)
        }
    }
}
