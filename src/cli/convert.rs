//! `machack convert [--to san|uci|descriptive]`: a game score on stdin, in any notation,
//! written out one move per line in the notation asked for. `--fen` and `--moves` set the
//! position the score starts from; only the moves read from stdin are printed.

use std::io::{Read, Write};

use clap::Args;
use shakmaty::{Color, Position};

use super::{CliError, PositionArgs};
use crate::notation::{self, Notation};

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The notation to write.
    #[arg(long, value_enum, default_value_t = Notation::San)]
    to: Notation,
    #[command(flatten)]
    position: PositionArgs,
}

/// How a scoresheet numbers the move about to be played: `12.` for White, `12...` for
/// Black, with the side named.
pub fn move_label(pos: &shakmaty::Chess) -> String {
    let n = pos.fullmoves();
    match pos.turn() {
        Color::White => format!("{n}. (white)"),
        Color::Black => format!("{n}... (black)"),
    }
}

pub fn run(args: &ConvertArgs) -> Result<(), CliError> {
    let mut game = args.position.game()?;
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text)?;
    // Moves are printed as they are read, so a bad move still leaves the good ones before
    // it on stdout.
    let mut out = std::io::stdout().lock();
    for word in notation::score::moves(&text) {
        let pos = game.position();
        let m = notation::read_move(pos, &word).map_err(|source| CliError::GameMove {
            label: move_label(pos),
            source,
        })?;
        writeln!(out, "{}", notation::write_move(pos, m, args.to))?;
        game.play(m);
    }
    Ok(())
}
