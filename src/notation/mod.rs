//! Move notation: reading a move typed in any notation, and writing one in the notation
//! the user chose (docs/design.md §2).
//!
//! SAN and UCI coordinate text come from shakmaty. English descriptive notation, the
//! notation of the 1967 program, is ours: see `descriptive`. Game scores (move numbers,
//! comments, results around the moves) are split into moves by `score`.

use clap::ValueEnum;
use shakmaty::fen::Fen;
use shakmaty::san::{SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};
use thiserror::Error;

pub mod descriptive;
pub mod score;

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

/// Reads a move in any notation: UCI coordinates, English descriptive, or SAN.
///
/// Descriptive text is matched against the descriptions of every legal move: no match is
/// `Illegal`, several are `Ambiguous` (candidates listed in SAN). Letter case does not
/// matter in descriptive; SAN keeps its case (`b4` is a pawn, `Bb4` a bishop).
///
/// ```
/// use machack::notation::{Notation, read_move, write_move};
/// use shakmaty::{Chess, Position};
///
/// let mut pos = Chess::default();
/// let m = read_move(&pos, "P-K4").unwrap();
/// assert_eq!(write_move(&pos, m, Notation::San), "e4");
/// pos.play_unchecked(m);
/// // Black's ranks count from Black's side: P-K4 is now e5.
/// let m = read_move(&pos, "p-k4").unwrap();
/// assert_eq!(write_move(&pos, m, Notation::Uci), "e7e5");
/// pos.play_unchecked(m);
/// assert!(read_move(&pos, "N-B3").is_err()); // Nf3 or Nc3: ambiguous
/// let m = read_move(&pos, "Nf3").unwrap();
/// assert_eq!(write_move(&pos, m, Notation::Descriptive), "N-KB3");
/// ```
pub fn read_move(pos: &Chess, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    let illegal = || NotationError::Illegal {
        text: text.to_string(),
        fen: fen_of(pos),
    };
    let ambiguous = |moves: &[Move]| NotationError::Ambiguous {
        text: text.to_string(),
        candidates: moves
            .iter()
            .map(|&m| write_move(pos, m, Notation::San))
            .collect(),
    };
    // SAN and coordinates have no blanks; a scoresheet's `e.p.`, `!` or `?` means
    // nothing to their parsers.
    let mut compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    while let Some(stem) = ["!", "?", "e.p.", "e.p", "ep"].iter().find_map(|end| {
        let cut = compact.len().checked_sub(end.len())?;
        (compact.is_char_boundary(cut) && compact[cut..].eq_ignore_ascii_case(end)).then_some(cut)
    }) {
        compact.truncate(stem);
    }
    let compact = compact.as_str();
    if let Ok(uci) = compact.parse::<UciMove>() {
        return uci.to_move(pos).map_err(|_| illegal());
    }
    if let Some(reading) = descriptive::parse(text) {
        return match descriptive::candidates(pos, &reading).as_slice() {
            [] => Err(illegal()),
            [m] => Ok(*m),
            many => Err(ambiguous(many)),
        };
    }
    match compact.parse::<SanPlus>() {
        Ok(san) => san.san.to_move(pos).map_err(|e| match e {
            SanError::AmbiguousSan => {
                let many: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&m| san.san.matches(m))
                    .collect();
                ambiguous(&many)
            }
            _ => illegal(),
        }),
        Err(_) => Err(NotationError::Unreadable {
            text: text.to_string(),
        }),
    }
}

/// The UCI coordinate text of a move, castling as the king's two-square move (`e1g1`).
pub fn uci(m: Move) -> String {
    uci_in(m, CastlingMode::Standard)
}

/// The UCI coordinate text of a move under `mode`: in Chess960 castling is written as the
/// king taking its own rook (`e1h1`), as Chess960 GUIs expect.
pub fn uci_in(m: Move, mode: CastlingMode) -> String {
    m.to_uci(mode).to_string()
}

/// Writes a legal move in the chosen notation, with check and mate marks: `+`/`#` in SAN,
/// `ch`/` mate` (and ` e.p.`) in descriptive, none in UCI.
pub fn write_move(pos: &Chess, m: Move, notation: Notation) -> String {
    match notation {
        Notation::San => SanPlus::from_move(pos.clone(), m).to_string(),
        Notation::Uci => uci(m),
        Notation::Descriptive => descriptive::write(pos, m),
    }
}

/// Helpers for the crate's unit tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::rules::Game;

    /// The game from the start after `moves`, each legal and in any notation
    /// [`super::read_move`] reads.
    pub fn game(moves: &[&str]) -> Game {
        let mut g = Game::default();
        for m in moves {
            let mv = super::read_move(g.position(), m).unwrap();
            assert!(g.play(mv), "{m}");
        }
        g
    }
}
