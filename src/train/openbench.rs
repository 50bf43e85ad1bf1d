//! Training data from the games an OpenBench datagen workload returns (`machack
//! convert-data`). Its PGNs, as fastchess writes them and OpenBench's client compresses
//! them, carry the engine's score of each move in the move's comment, `{+0.35/12 0.210s,
//! n=5000, sd=15}` or `{-M5/20 ...}` in pawns for the side that moved, and `{book}` on the
//! opening's moves. Each position before a scored move becomes a data position with the
//! game's result, kept by the same rule as `datagen`'s: the side to move not in check and
//! the move played (the engine's best) neither a capture nor a promotion. Games without a
//! result (`*`) give nothing.

use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Color, Position};
use thiserror::Error;

use super::selfplay::MATE_CP;
use crate::rules;
use crate::search::modern::is_quiet;

/// One kept position: its game's result for White and the engine's score for White.
#[derive(Debug, Clone)]
pub struct Scored {
    pub pos: Chess,
    pub result: f64,
    pub white_cp: i32,
}

/// Why a game could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    #[error("game {game}: FEN tag: {reason}")]
    Fen { game: usize, reason: String },
    #[error("game {game}: move {san} is not legal here")]
    Illegal { game: usize, san: String },
    #[error("game {game}: {reason}")]
    Syntax { game: usize, reason: String },
}

/// The engine's score in a move comment, centipawns for the side that moved (a mate as
/// ±[`MATE_CP`]); None for `book`, `unknown` or anything without `SCORE/DEPTH`.
pub fn comment_score(comment: &str) -> Option<i32> {
    let word = comment
        .split(|c: char| c.is_whitespace() || c == ',')
        .find(|w| w.contains('/'))?;
    let (score, depth) = word.split_once('/')?;
    depth.parse::<u32>().ok()?;
    let (sign, magnitude) = match score.as_bytes().first()? {
        b'-' => (-1, &score[1..]),
        b'+' => (1, &score[1..]),
        _ => (1, score),
    };
    if let Some(moves) = magnitude.strip_prefix('M') {
        moves.parse::<u32>().ok()?;
        return Some(sign * MATE_CP);
    }
    let pawns: f64 = magnitude.parse().ok()?;
    Some(sign * ((pawns * 100.0).round() as i32).min(MATE_CP))
}

/// What the reader gathers from one game.
#[derive(Default)]
struct Raw {
    fen: Option<String>,
    moves: Vec<(SanPlus, Option<i32>)>,
    result: Option<f64>,
}

struct Collect;

impl Visitor for Collect {
    type Tags = Raw;
    type Movetext = Raw;
    type Output = Raw;

    fn begin_tags(&mut self) -> ControlFlow<Raw, Raw> {
        ControlFlow::Continue(Raw::default())
    }

    fn tag(&mut self, raw: &mut Raw, name: &[u8], value: RawTag<'_>) -> ControlFlow<Raw> {
        if name == b"FEN" {
            raw.fen = Some(value.decode_utf8_lossy().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, raw: Raw) -> ControlFlow<Raw, Raw> {
        ControlFlow::Continue(raw)
    }

    fn san(&mut self, raw: &mut Raw, san: SanPlus) -> ControlFlow<Raw> {
        raw.moves.push((san, None));
        ControlFlow::Continue(())
    }

    fn comment(&mut self, raw: &mut Raw, comment: RawComment<'_>) -> ControlFlow<Raw> {
        if let Some(last) = raw.moves.last_mut() {
            last.1 = comment_score(&String::from_utf8_lossy(comment.as_bytes()));
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, raw: &mut Raw, outcome: Outcome) -> ControlFlow<Raw> {
        raw.result = match outcome {
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => Some(1.0),
            Outcome::Known(KnownOutcome::Decisive { .. }) => Some(0.0),
            Outcome::Known(KnownOutcome::Draw) => Some(0.5),
            Outcome::Unknown => None,
        };
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, raw: Raw) -> Raw {
        raw
    }
}

/// Reads every game of the PGN `input`, giving each kept position to `each`; returns
/// the number of games read. A game that does not read stops the conversion.
pub fn convert(
    input: impl std::io::Read,
    mut each: impl FnMut(Scored) -> std::io::Result<()>,
) -> Result<usize, ConvertError> {
    let mut reader = Reader::new(input);
    let mut games = 0;
    loop {
        let game = games + 1;
        let raw = match reader.read_game(&mut Collect) {
            Ok(Some(raw)) => raw,
            Ok(None) => return Ok(games),
            Err(e) => {
                return Err(GameError::Syntax {
                    game,
                    reason: e.to_string(),
                }
                .into());
            }
        };
        games = game;
        let mut pos = match &raw.fen {
            None => Chess::default(),
            Some(fen) => {
                rules::parse_fen(fen)
                    .map_err(|e| GameError::Fen {
                        game,
                        reason: e.to_string(),
                    })?
                    .0
            }
        };
        for (san, score) in raw.moves {
            let m = san.san.to_move(&pos).map_err(|_| GameError::Illegal {
                game,
                san: san.to_string(),
            })?;
            if let (Some(cp), Some(result)) = (score, raw.result)
                && !pos.is_check()
                && is_quiet(m)
            {
                let white_cp = pos.turn().fold_wb(cp, -cp);
                each(Scored {
                    pos: pos.clone(),
                    result,
                    white_cp,
                })?;
            }
            pos.play_unchecked(m);
        }
    }
}

/// Why a conversion stopped.
#[derive(Debug, Error)]
pub enum ConvertError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_from_fastchess_and_openbench_comments() {
        assert_eq!(comment_score("+0.35/12 0.210s, n=5000, sd=15"), Some(35));
        assert_eq!(comment_score("-1.07/9"), Some(-107));
        assert_eq!(comment_score("0.00/1 0.001s"), Some(0));
        assert_eq!(comment_score("-M5/20 0.1s"), Some(-MATE_CP));
        assert_eq!(comment_score("+M1/1, line=e2e4"), Some(MATE_CP));
        assert_eq!(comment_score("book"), None);
        assert_eq!(comment_score("unknown"), None);
        assert_eq!(comment_score("+x/3"), None);
    }
}
