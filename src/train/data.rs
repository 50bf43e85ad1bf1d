//! The lab's data: positions with the result of the game they came from, one a line, as
//! `machack datagen` writes them and `machack tune` and `machack train-net` read them.
//!
//! A line is a FEN (four to six fields), the game's result for White (`1-0`, `0-1`,
//! `1/2-1/2`, or `1.0`, `0.5`, `0.0`, possibly in an EPD `c9` field's punctuation) and
//! optionally the search's score of the position for White as `cp=N`. Blank lines and
//! lines starting with `#` are skipped.

use shakmaty::Chess;
use thiserror::Error;

use crate::rules::parse_fen;

/// Why a data file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DataError {
    /// A line holds no result after its FEN.
    #[error("line {line}: no result (1-0, 0-1 or 1/2-1/2) after the position")]
    NoResult { line: usize },
    /// A line's `cp=` score is not a whole number.
    #[error("line {line}: the score {score:?} is not a whole number of centipawns")]
    BadScore { line: usize, score: String },
    /// A line's position does not read or cannot be played.
    #[error("line {line}: {reason}")]
    BadPosition { line: usize, reason: String },
    /// The data has no position at all.
    #[error("no positions in the data")]
    Empty,
}

/// Reads every line of `text` into what `sample` makes of its position, the game's result
/// for White (1, ½ or 0) and the search's score for White in centipawns when the line has
/// one. Data without a position is an error.
pub fn read<T>(
    text: &str,
    mut sample: impl FnMut(&Chess, f64, Option<i32>) -> T,
) -> Result<Vec<T>, DataError> {
    let samples = lines(text)
        .map(|line| line.map(|(pos, result, score)| sample(&pos, result, score)))
        .collect::<Result<Vec<T>, DataError>>()?;
    if samples.is_empty() {
        return Err(DataError::Empty);
    }
    Ok(samples)
}

/// The positions of `text`, one a line, with their results and scores.
fn lines(text: &str) -> impl Iterator<Item = Result<(Chess, f64, Option<i32>), DataError>> + '_ {
    text.lines()
        .enumerate()
        .map(|(n, line)| (n + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(line_no, line)| {
            let (mut fen, mut last) = line.rsplit_once(char::is_whitespace).unwrap_or(("", line));
            let mut score = None;
            if let Some(cp) = last.strip_prefix("cp=") {
                score = Some(cp.parse::<i32>().map_err(|_| DataError::BadScore {
                    line: line_no,
                    score: cp.to_string(),
                })?);
                (fen, last) = fen.rsplit_once(char::is_whitespace).unwrap_or(("", fen));
            }
            let result = parse_result(last).ok_or(DataError::NoResult { line: line_no })?;
            let (pos, _) = parse_fen(&fen_fields(fen)).map_err(|e| DataError::BadPosition {
                line: line_no,
                reason: e.to_string(),
            })?;
            Ok((pos, result, score))
        })
}

/// The result a token spells (`1-0`, `0-1`, `1/2-1/2`, `1.0`, `0.5`, `0.0`, possibly
/// wrapped in quotes, brackets or an EPD `c9` field's punctuation).
fn parse_result(token: &str) -> Option<f64> {
    match token.trim_matches(|c| matches!(c, '"' | '[' | ']' | ';' | '(' | ')')) {
        "1-0" | "1.0" | "1" => Some(1.0),
        "0-1" | "0.0" | "0" => Some(0.0),
        "1/2-1/2" | "0.5" | "½-½" => Some(0.5),
        _ => None,
    }
}

/// The FEN at the start of `text`: its four fields and the move counters if present
/// (anything after, such as an EPD `c9` opcode or a separator, is dropped).
pub fn fen_fields(text: &str) -> String {
    let mut words = text.split_whitespace();
    let mut fields: Vec<&str> = words.by_ref().take(4).collect();
    fields.extend(words.take(2).take_while(|w| w.parse::<u32>().is_ok()));
    fields.join(" ")
}
