//! The lab's data: positions with the result of the game they came from, as `machack
//! datagen` writes them and `machack tune` and `machack train-net` read them, in one of two
//! [`Format`]s.
//!
//! A text line is a FEN (four to six fields), the game's result for White (`1-0`, `0-1`,
//! `1/2-1/2`, or `1.0`, `0.5`, `0.0`, possibly in an EPD `c9` field's punctuation) and
//! optionally the search's score of the position for White as `cp=N`. Blank lines and
//! lines starting with `#` are skipped. The binary format is bullet's (`super::bullet`).
//! Files are read as streams ([`stream`]), so a data set need not fit in memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::Path;

use shakmaty::{Chess, EnPassantMode, fen::Fen};
use thiserror::Error;

use super::bullet::{self, RECORD, RecordError};
pub use super::labelled::Labelled;
use crate::fide::Outcome;
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
    /// A position without a score, the `position`-th of its file, is to go where a score
    /// is needed (a bullet record).
    #[error("position {position}: no score (cp=N), which a bullet record needs")]
    NoScore { position: u64 },
    /// The data has no position at all.
    #[error("no positions in the data")]
    Empty,
    /// A binary record does not read.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The file could not be read.
    #[error("{0}")]
    Io(String),
    /// What went wrong in a file, with its name.
    #[error("{path}: {source}")]
    InFile {
        path: String,
        source: Box<DataError>,
    },
}

impl From<io::Error> for DataError {
    fn from(e: io::Error) -> DataError {
        DataError::Io(e.to_string())
    }
}

/// `e` said of the file at `path`.
pub fn in_file(path: &Path, e: DataError) -> DataError {
    DataError::InFile {
        path: path.display().to_string(),
        source: Box::new(e),
    }
}

/// How positions are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `FEN RESULT cp=N`, one a line.
    Text,
    /// bullet's 32-byte `ChessBoard` records.
    Bullet,
}

impl Format {
    /// The format a file's name says: `.bin` is bullet's, anything else text.
    pub fn of_path(path: &Path) -> Format {
        match path.extension() {
            Some(e) if e.eq_ignore_ascii_case("bin") => Format::Bullet,
            _ => Format::Text,
        }
    }
}

/// Reads every line of `text` into what `sample` makes of its position, the game's result
/// for White (1, ½ or 0) and the search's score for White in centipawns when the line has
/// one. Data without a position is an error.
pub fn read<T>(
    text: &str,
    mut sample: impl FnMut(&Chess, f64, Option<i32>) -> T,
) -> Result<Vec<T>, DataError> {
    let samples = text
        .lines()
        .enumerate()
        .filter_map(|(n, line)| parse_line(n + 1, line))
        .map(|line| line.map(|l| sample(&l.pos, l.result, l.score)))
        .collect::<Result<Vec<T>, DataError>>()?;
    if samples.is_empty() {
        return Err(DataError::Empty);
    }
    Ok(samples)
}

/// Whether a text line holds a position (not blank, not a `#` comment).
fn is_data(line: &str) -> bool {
    let line = line.trim();
    !line.is_empty() && !line.starts_with('#')
}

/// The position of text line number `line_no`, or None for a blank or comment line.
fn parse_line(line_no: usize, line: &str) -> Option<Result<Labelled, DataError>> {
    is_data(line).then(|| {
        let line = line.trim();
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
        Ok(Labelled { pos, result, score })
    })
}

/// A file's positions, one at a time.
pub type Stream = Box<dyn Iterator<Item = Result<Labelled, DataError>> + Send>;

/// The positions of the file at `path` in `format`, after the first `skip`.
pub fn stream(path: &Path, format: Format, skip: u64) -> Result<Stream, DataError> {
    let mut file = File::open(path)?;
    Ok(match format {
        Format::Bullet => {
            file.seek(SeekFrom::Start(skip * RECORD as u64))?;
            let records = bullet::Records::new(BufReader::new(file), skip + 1);
            Box::new(records.map(|r| r.map_err(DataError::from)))
        }
        Format::Text => {
            let lines = BufReader::new(file).lines().enumerate();
            let mut skipped = 0;
            Box::new(lines.filter_map(move |(n, line)| match line {
                Err(e) => Some(Err(DataError::from(e))),
                Ok(line) if skipped < skip => {
                    skipped += u64::from(is_data(&line));
                    None
                }
                Ok(line) => parse_line(n + 1, &line),
            }))
        }
    })
}

/// The number of positions in the file at `path`, without reading them (a text file's
/// lines are counted, not checked).
pub fn count(path: &Path, format: Format) -> Result<u64, DataError> {
    match format {
        Format::Bullet => {
            let bytes = std::fs::metadata(path)?.len();
            match bytes % RECORD as u64 {
                0 => Ok(bytes / RECORD as u64),
                rest => Err(RecordError::Truncated {
                    record: bytes / RECORD as u64 + 1,
                    left: rest as usize,
                }
                .into()),
            }
        }
        Format::Text => {
            let mut n = 0;
            for line in BufReader::new(File::open(path)?).lines() {
                n += u64::from(is_data(&line?));
            }
            Ok(n)
        }
    }
}

/// Writes positions in a format.
pub struct Writer<W: Write> {
    out: W,
    format: Format,
}

impl<W: Write> Writer<W> {
    pub fn new(out: W, format: Format) -> Writer<W> {
        Writer { out, format }
    }

    /// The format it writes.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Writes `pos`, from a game White scored `result` (1, ½ or 0), with the search's
    /// score for White.
    pub fn write(&mut self, pos: &Chess, result: f64, white_cp: i32) -> io::Result<()> {
        match self.format {
            Format::Bullet => bullet::write(&mut self.out, pos, white_cp, result),
            Format::Text => self.write_line(pos, result, Some(white_cp)),
        }
    }

    /// Writes a position as it was read ([`stream`]): a text line without a score has no
    /// `cp=`. A bullet record cannot go without a score, so one without is refused
    /// (`InvalidInput`).
    pub fn write_labelled(&mut self, l: &Labelled) -> io::Result<()> {
        match (self.format, l.score) {
            (_, Some(cp)) => self.write(&l.pos, l.result, cp),
            (Format::Text, None) => self.write_line(&l.pos, l.result, None),
            (Format::Bullet, None) => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a bullet record needs the position's score",
            )),
        }
    }

    /// Writes the text line `FEN RESULT cp=N`, or `FEN RESULT` without a score.
    fn write_line(&mut self, pos: &Chess, result: f64, white_cp: Option<i32>) -> io::Result<()> {
        let fen = Fen::from_position(pos, EnPassantMode::Legal);
        let outcome = match result {
            r if r > 0.75 => Outcome::WhiteWins,
            r if r < 0.25 => Outcome::BlackWins,
            _ => Outcome::Draw,
        };
        write!(self.out, "{fen} {}", outcome.as_str())?;
        match white_cp {
            Some(cp) => writeln!(self.out, " cp={cp}"),
            None => writeln!(self.out),
        }
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
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
