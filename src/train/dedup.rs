//! Training data with each position once (`machack dedup-data`). Rounds of `datagen`
//! repeat positions, the openings above all, and a set built over many rounds should count
//! each position once. The files are read as streams ([`super::data::stream`]) and each
//! position is written as it comes, the first time it is met, with that occurrence's score
//! and result; only a 64-bit key a position is held, never the positions themselves.
//!
//! Two positions are the same when the output holds them alike: the same board, side to
//! move, castling rights and en-passant capture (the repetition key, `rules::position_key`)
//! for text lines; the board and side to move alone for bullet's records, which keep
//! neither castling rights nor the en-passant square. Move counters never count. Two
//! different positions share a 64-bit key with a chance of about n² / 2⁶⁵ among n positions,
//! one in 15,000 for 50 million: the second would be dropped. Left out: keeping the last
//! occurrence, or merging the results of a position's occurrences.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::PathBuf;

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Position};
use thiserror::Error;

use super::data::{DataError, Format, Writer, in_file, stream};
use crate::rules::position_key;

/// What a run read and wrote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions read, over every file.
    pub read: u64,
    /// Positions written: the distinct ones.
    pub written: u64,
}

impl Tally {
    /// Positions dropped as repeats of one written before.
    pub fn dropped(&self) -> u64 {
        self.read - self.written
    }
}

/// Why a run stopped.
#[derive(Debug, Error)]
pub enum DedupError {
    /// An input file is missing or holds a bad line or record (the file named).
    #[error(transparent)]
    Input(#[from] DataError),
    /// The output could not be written.
    #[error("{0}")]
    Output(#[from] io::Error),
}

/// The key of `pos` in output of `format`: what tells it from other positions there.
pub fn key(pos: &Chess, format: Format) -> u64 {
    let mut key = Zobrist64(position_key(pos));
    if format == Format::Bullet {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if pos.castles().has(color, side) {
                    key ^= Zobrist64::zobrist_for_castling_right(color, side);
                }
            }
        }
        if let Some(sq) = pos.ep_square(EnPassantMode::Legal) {
            key ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
        }
    }
    key.0
}

/// Writes the positions of `files` (each in its format), file by file in order, to `out`,
/// each only the first time it comes.
pub fn dedup<W: Write>(
    files: &[(PathBuf, Format)],
    out: &mut Writer<W>,
) -> Result<Tally, DedupError> {
    let format = out.format();
    let mut seen = HashSet::new();
    let mut tally = Tally::default();
    for (path, from) in files {
        let positions = stream(path, *from, 0).map_err(|e| in_file(path, e))?;
        for (n, l) in (0u64..).zip(positions) {
            let l = l.map_err(|e| in_file(path, e))?;
            tally.read += 1;
            if !seen.insert(key(&l.pos, format)) {
                continue;
            }
            if format == Format::Bullet && l.score.is_none() {
                let e = DataError::NoScore { position: n + 1 };
                return Err(in_file(path, e).into());
            }
            out.write_labelled(&l)?;
            tally.written += 1;
        }
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    fn pos(fen: &str) -> Chess {
        parse_fen(fen).unwrap().0
    }

    #[test]
    fn bullet_keys_forget_castling_and_en_passant_as_its_records_do() {
        let castling = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let none = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 5 9");
        assert_ne!(key(&castling, Format::Text), key(&none, Format::Text));
        assert_eq!(key(&castling, Format::Bullet), key(&none, Format::Bullet));
        assert_eq!(key(&none, Format::Text), key(&none, Format::Bullet));
        // A legal en-passant capture, and the same board without it.
        let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        let no_ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
        assert_ne!(key(&ep, Format::Text), key(&no_ep, Format::Text));
        assert_eq!(key(&ep, Format::Bullet), key(&no_ep, Format::Bullet));
        // The side to move always counts.
        let black = pos("4k3/8/8/3pP3/8/8/8/4K3 b - - 0 2");
        assert_ne!(key(&black, Format::Bullet), key(&no_ep, Format::Bullet));
    }

    #[test]
    fn the_first_occurrence_is_kept_with_its_score_and_a_line_without_one_stays_so() {
        let dir = std::env::temp_dir().join(format!("machack-dedup-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
        std::fs::write(
            &a,
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1-0 cp=120\n\
             # a comment\n\
             4k3/8/8/8/8/8/4P3/4K3 w - - 7 40 0-1 cp=-5\n\
             4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 1/2-1/2\n",
        )
        .unwrap();
        std::fs::write(&b, "4k3/8/8/8/8/8/4P3/4K3 b - - 3 3 1-0 cp=9\n").unwrap();
        let files = [(a, Format::Text), (b.clone(), Format::Text)];
        let mut text = Vec::new();
        let tally = dedup(&files, &mut Writer::new(&mut text, Format::Text));
        assert_eq!(
            tally.unwrap(),
            Tally {
                read: 4,
                written: 2
            }
        );
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1-0 cp=120\n\
             4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 1/2-1/2\n"
        );
        // Bullet's records need the score the second line lacks.
        let mut bytes = Vec::new();
        let err = dedup(&files, &mut Writer::new(&mut bytes, Format::Bullet))
            .unwrap_err()
            .to_string();
        assert!(
            err.ends_with("a.txt: position 3: no score (cp=N), which a bullet record needs"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
