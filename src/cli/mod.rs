//! The command line (docs/design.md §11): one binary, one subcommand per debugging aid or tool.
//!
//! Each subcommand lives in its own file and only parses, calls the library and prints.
//! Errors go to stderr; the exit status says which kind (`exit_status!`): 0 done, 1 bad
//! input, 2 usage.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use shakmaty::Chess;
use thiserror::Error;

use crate::engine::Engine;
use crate::notation::{self, NotationError};
use crate::protocol;
use crate::rules::{self, FenError, Game};
use crate::search::Profile;

/// The exit statuses, shown at the end of every `--help` (a macro: `concat!` takes
/// literals only). Defined before the `mod` lines so the subcommands' files see it.
macro_rules! exit_status {
    () => {
        "Exit status: 0 done, 1 bad input (a FEN, a move, a file), 2 usage (an unknown flag, \
         flags that do not go together, a value out of range)."
    };
}

/// The end of a subcommand's `--help`: examples, then the exit statuses.
macro_rules! example {
    ($($line:expr),+) => {
        concat!("Example:", $("\n  ", $line),+, "\n\n", exit_status!())
    };
}

mod annotate;
mod bench;
mod book;
mod convert;
mod convert_data;
mod datagen;
mod dedup_data;
mod epd;
mod eval;
mod limits;
mod manual;
mod net;
mod perft;
mod plausible;
mod scope;
mod search;
mod settings;
mod spsa;
mod status;
mod suite;
mod train_net;
mod tune;

/// Mac Hack VI (Greenblatt, MIT 1967), brought back. With no subcommand: play it at the
/// console. Arguments that start with a UCI command are run as UCI commands, one each,
/// then the program ends (`machack "go depth 10" quit`, as OpenBench runs engines).
#[derive(Debug, Parser)]
#[command(
    name = "machack",
    version,
    about,
    after_help = example!("machack                # play at the console (`help` lists its commands)", "machack perft 5        # nodes 4865609", "machack \"position startpos moves e2e4\" \"go depth 10\" quit")
)]
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
    #[command(after_help = example!("machack perft 4 --moves e4 e5   # nodes 728887"))]
    Perft(perft::PerftArgs),
    /// Search the position, with the modern profile unless `--profile 1967` or
    /// `--profile 1967-tournament` asks for the 1967 search (prints the best move last).
    #[command(after_help = example!("machack search --profile 1967 --moves e4 e5 Nf3"))]
    Search(search::SearchArgs),
    /// Run a bm/am test suite (prints `solved K of N` last).
    #[command(after_help = example!("machack epd tests/data/wac.epd --movetime 1000"))]
    Epd(epd::EpdArgs),
    /// Search fixed positions to a fixed depth with the modern profile, or `--profile`
    /// (prints `N nodes M nps` last: the bench signature).
    #[command(after_help = example!("machack bench                             # the modern bench: N nodes M nps", "machack bench --profile 1967-tournament   # the 1967 program's bench"))]
    Bench(bench::BenchArgs),
    /// Print the modern search's tunables as OpenBench SPSA input (`name, int, default,
    /// min, max, c_end, r_end`); each is a UCI option of that name.
    #[command(after_help = example!("machack spsa > spsa.txt"))]
    Spsa,
    /// Print the name of the modern evaluation's network (the first eight hex digits of its
    /// SHA-256, as OpenBench names networks), or check a network file and print its name;
    /// `net import` converts a network trained with bullet.
    #[command(after_help = example!("machack net                   # the embedded network's name", "machack net candidate.nnue    # check a file, print its name", "machack net import quantised.bin --out bullet.nnue"))]
    Net(net::NetArgs),
    /// Convert a game score on stdin (any notation) to SAN, UCI or descriptive, one move
    /// per line.
    #[command(after_help = example!("echo '1. P-K4 P-K4 2. N-KB3' | machack convert --to uci"))]
    Convert(convert::ConvertArgs),
    /// The 1967 static board evaluation, term by term (prints `S N` last).
    #[command(after_help = example!("machack eval --moves e4 d5 exd5"))]
    Eval(eval::EvalArgs),
    /// Every legal move ranked by plausibility, with its factors (`--trace MOVE`: one move's
    /// factors with comments).
    #[command(after_help = example!("machack plausible --moves e4 e5 --trace Nf3"))]
    Plausible(plausible::PlausibleArgs),
    /// What the FIDE rules say: outcome, draw claims, occurrences, halfmove clock; or
    /// check every game of a PGN file (`--pgn`).
    #[command(after_help = example!("machack status --moves Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 --intend Ng8"))]
    Status(status::StatusArgs),
    /// Speak the Universal Chess Interface on stdin/stdout (GUIs, cutechess, python-chess).
    #[command(after_help = example!("printf 'uci\\nisready\\ngo depth 6\\n' | machack uci"))]
    Uci,
    /// Speak the xboard/WinBoard protocol (CECP v2) on stdin/stdout.
    #[command(after_help = example!("xboard -fcp 'machack xboard'"))]
    Xboard,
    /// The opening book: `show` a position's book moves, `stats`, `build` a Polyglot book.
    #[command(after_help = example!("machack book show --moves e4 c5"))]
    Book(book::BookArgs),
    /// Self-play at a fixed node budget: quiet positions with their game's result, for `tune`.
    #[command(after_help = example!("machack datagen --games 200 --nodes 5000 --threads 2 --out positions.txt"))]
    Datagen(datagen::DatagenArgs),
    /// Turn the scored games of an OpenBench datagen workload (PGN) into training data.
    #[command(after_help = example!("machack convert-data games.pgn --out positions.bin"))]
    ConvertData(convert_data::ConvertDataArgs),
    /// Write training data with each position once, the first time it comes (with its
    /// score and result), from the files of many datagen rounds.
    #[command(after_help = example!("machack dedup-data round-*.bin --out distinct.bin"))]
    DedupData(dedup_data::DedupDataArgs),
    /// Fit the modern evaluation's weights to game results (Texel's method).
    #[command(after_help = example!("machack tune --data positions.txt --epochs 50 --out weights.rs"))]
    Tune(tune::TuneArgs),
    /// Train the modern profile's evaluation network on datagen positions.
    #[command(after_help = example!("machack train-net positions.txt --out nets/modern.nnue --checkpoint-every 5"))]
    TrainNet(train_net::TrainNetArgs),
    /// Annotate every move of a PGN game with machack's view (PGN or `--format table`).
    #[command(after_help = example!("machack annotate game.pgn --format table"))]
    Annotate(annotate::AnnotateArgs),
    /// Rank a suite's best moves by plausibility and by MVV-LVA + checks (first, top 6, top 15).
    #[command(after_help = example!("machack plausible-suite tests/data/sts-train.epd"))]
    PlausibleSuite(suite::SuiteArgs),
    /// Serve the web page that shows machack thinking (`--open` opens it).
    #[command(after_help = example!("machack scope --open"))]
    Scope(scope::ScopeArgs),
    /// Print the man page (roff) of machack or of one subcommand, or write them all.
    #[command(after_help = example!("machack man > machack.1 && man ./machack.1", "machack man perft > machack-perft.1", "machack man --dir man1   # every page"))]
    Man(manual::ManArgs),
    /// Print a shell completion script.
    #[command(after_help = example!("machack completions bash > ~/.local/share/bash-completion/completions/machack"))]
    Completions(manual::CompletionsArgs),
}

/// The position a subcommand works on: `--fen` (default: the start position), then
/// `--moves` in any notation. `--moves` takes the rest of the line.
#[derive(Debug, Clone, Args, Default)]
pub struct PositionArgs {
    /// Starting position as FEN (default: the standard start).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves in any notation (descriptive, SAN or coordinates), applied after the FEN;
    /// takes the arguments up to the next flag.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
}

impl Command {
    /// Whether the subcommand prints its answer and ends, so a reader that closes the pipe
    /// early (`| head`) has simply seen enough. The console, the protocols and the scope
    /// talk to a peer and handle a closed stream themselves.
    fn prints_and_ends(&self) -> bool {
        !matches!(self, Command::Uci | Command::Xboard | Command::Scope(_))
    }
}

/// Restores the default action of SIGPIPE, which Rust's runtime ignores: a write to a
/// closed pipe then ends the process quietly with the conventional status 141, as `cat` or
/// `grep` would, instead of `println!` panicking with "Broken pipe".
fn die_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// An error that ends a subcommand: printed on stderr, exit status 2 for [`CliError::Usage`]
/// and 1 for the others (bad input).
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
    /// The input named on the command line is wrong (a file, a position, a move).
    #[error("{0}")]
    Input(String),
    /// The command line itself is wrong (flags that do not go together).
    #[error("{0}")]
    Usage(String),
}

impl CliError {
    /// 2 for a usage error, 1 for bad input.
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            _ => 1,
        }
    }
}

/// The search profile `--profile` names, or a usage error that lists them.
pub fn profile(name: &str) -> Result<&'static Profile, CliError> {
    crate::search::profile(name).ok_or_else(|| {
        CliError::Usage(format!(
            "--profile: unknown profile '{name}' (known: {})",
            crate::search::profile_names()
        ))
    })
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
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if protocol::uci::is_command_line(&args) {
        protocol::uci::run_lines(Engine::new(), &args, protocol::Out::stdout());
        return ExitCode::SUCCESS;
    }
    let cli = Cli::parse();
    if cli.command.as_ref().is_some_and(Command::prints_and_ends) {
        die_quietly_on_closed_pipe();
    }
    let result = match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Search(args)) => search::run(&args),
        Some(Command::Epd(args)) => epd::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Spsa) => spsa::run(),
        Some(Command::Net(args)) => net::run(&args),
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
        Some(Command::Datagen(args)) => datagen::run(&args),
        Some(Command::ConvertData(args)) => convert_data::run(&args),
        Some(Command::DedupData(args)) => dedup_data::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::TrainNet(args)) => train_net::run(&args),
        Some(Command::Scope(args)) => scope::run(&args),
        Some(Command::PlausibleSuite(args)) => suite::run(&args),
        Some(Command::Man(args)) => manual::man(&args),
        Some(Command::Completions(args)) => manual::completions(&args),
        Some(Command::Annotate(args)) => annotate::run(&args),
        None => {
            protocol::console::set_ascii(cli.ascii);
            protocol::console::start(Engine::new());
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`| head`) ends the output quietly.
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("machack: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
