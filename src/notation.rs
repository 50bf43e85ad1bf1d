//! Move notation: reading a move typed in any notation, and writing one in the notation
//! the user chose (SPEC §2).
//!
//! SAN and UCI coordinate text come from shakmaty. English descriptive notation, the
//! notation of the 1967 program, is ours: see `descriptive`.

use clap::ValueEnum;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move};
use thiserror::Error;

/// The notations machack writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Notation {
    /// Standard algebraic (`Nf3`, `exd5`, `e8=Q+`).
    #[default]
    San,
    /// UCI coordinates (`g1f3`, `e7e8q`, castling as `e1g1`).
    Uci,
    /// English descriptive (`N-KB3`, `PxP`, `P-K8=Q`).
    Descriptive,
}

/// Why a move could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    /// The text is no move in any notation machack reads.
    #[error("'{text}' is not a move in any notation machack reads")]
    Unreadable { text: String },
    /// The text reads as a move, but no legal move matches it.
    #[error("'{text}' is not a legal move in {fen}")]
    Illegal { text: String, fen: String },
    /// The text fits several legal moves.
    #[error("'{text}' is ambiguous: it could be {}", candidates.join(", "))]
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

/// The FEN of a position, for messages.
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Reads a move in any notation: UCI coordinates, SAN, or English descriptive.
pub fn read_move(pos: &Chess, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if let Ok(Ok(m)) = text.parse::<UciMove>().map(|uci| uci.to_move(pos)) {
        return Ok(m);
    }
    match text.parse::<San>() {
        Ok(san) => san.to_move(pos).map_err(|_| NotationError::Illegal {
            text: text.to_string(),
            fen: fen_of(pos),
        }),
        Err(_) => Err(NotationError::Unreadable {
            text: text.to_string(),
        }),
    }
}

/// Writes a legal move in the chosen notation (SAN and descriptive with check and mate
/// suffixes).
pub fn write_move(pos: &Chess, m: Move, notation: Notation) -> String {
    match notation {
        Notation::San => shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string(),
        Notation::Uci => m.to_uci(CastlingMode::Standard).to_string(),
        Notation::Descriptive => shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string(),
    }
}
