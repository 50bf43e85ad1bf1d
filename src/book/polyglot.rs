//! Polyglot `.bin` books: reading, and writing the entries `build` makes.
//!
//! A Polyglot book is a flat file of 16-byte big-endian entries sorted by key: the
//! position's Polyglot key (u64), the move (u16), its weight (u16) and a "learn" field
//! (u32, unused here). The move packs the target square in bits 0–5, the origin in bits
//! 6–11 (file + 8 × rank, a1 = 0) and the promotion piece in bits 12–14 (0 none, 1 knight,
//! 2 bishop, 3 rook, 4 queen); castling is written as the king taking its own rook (e1h1).
//!
//! A file is checked whole when it is opened: a length that is not a multiple of 16, keys
//! out of order, or a move field no move can have is a [`BookError`] naming the path and
//! the byte offset. A move is decoded by matching it against the legal moves of the
//! position, so a stored move that is not legal there is never returned.

use std::path::{Path, PathBuf};

use shakmaty::{Chess, Move, Position, Role, Square};
use thiserror::Error;

use super::{BookMove, polyglot_key};

/// Bytes in one Polyglot entry.
pub const ENTRY_SIZE: usize = 16;

/// Why a Polyglot book could not be read or written.
#[derive(Debug, Error)]
pub enum BookError {
    /// The file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The file is PGN text, a common slip for a book: it says how to make a book of it.
    #[error(
        "{}: this looks like PGN, not a Polyglot book; make a book from it with \
         `machack book build {} --out book.bin`",
        path.display(),
        path.display()
    )]
    Pgn { path: PathBuf },
    /// The file ends in the middle of an entry.
    #[error(
        "{}: truncated Polyglot book: {len} bytes is not a whole number of 16-byte entries; \
         the last entry starts at offset {offset}",
        path.display()
    )]
    Truncated {
        path: PathBuf,
        len: u64,
        offset: u64,
    },
    /// The entries are not a Polyglot book (keys out of order, impossible moves).
    #[error("{}: corrupt Polyglot book at offset {offset}: {reason}", path.display())]
    Corrupt {
        path: PathBuf,
        offset: u64,
        reason: String,
    },
}

/// One entry of a Polyglot book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// The Polyglot key of the position.
    pub key: u64,
    /// The move, Polyglot-encoded.
    pub raw_move: u16,
    /// The weight.
    pub weight: u16,
    /// The learn field (kept, not used).
    pub learn: u32,
}

impl Entry {
    /// The 16 big-endian bytes of the entry.
    pub fn to_bytes(self) -> [u8; ENTRY_SIZE] {
        let mut b = [0u8; ENTRY_SIZE];
        b[0..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..16].copy_from_slice(&self.learn.to_be_bytes());
        b
    }

    /// Reads an entry from its 16 bytes.
    pub fn from_bytes(b: &[u8; ENTRY_SIZE]) -> Entry {
        let mut key = [0u8; 8];
        key.copy_from_slice(&b[0..8]);
        let mut learn = [0u8; 4];
        learn.copy_from_slice(&b[12..16]);
        Entry {
            key: u64::from_be_bytes(key),
            raw_move: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes(learn),
        }
    }
}

/// A Polyglot book held in memory, sorted by key.
#[derive(Debug, Clone)]
pub struct PolyglotBook {
    path: PathBuf,
    entries: Vec<Entry>,
}

impl PolyglotBook {
    /// Reads and checks a book file.
    pub fn open(path: &Path) -> Result<PolyglotBook, BookError> {
        let bytes = std::fs::read(path).map_err(|source| BookError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let entries = parse(path, &bytes)?;
        Ok(PolyglotBook {
            path: path.to_path_buf(),
            entries,
        })
    }

    /// A book from entries already in memory (sorted here).
    pub fn from_entries(mut entries: Vec<Entry>) -> PolyglotBook {
        entries.sort_by(|a, b| a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)));
        PolyglotBook {
            path: PathBuf::new(),
            entries,
        }
    }

    /// The file the book was read from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every entry, sorted by key.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries of one key.
    pub fn entries_for(&self, key: u64) -> &[Entry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let end = self.entries.partition_point(|e| e.key <= key);
        &self.entries[start..end]
    }

    /// The book moves of a position; entries whose move is not legal there are skipped.
    pub fn moves(&self, pos: &Chess) -> Vec<BookMove> {
        let legal = pos.legal_moves();
        self.entries_for(polyglot_key(pos))
            .iter()
            .filter_map(|e| {
                let mv = legal
                    .iter()
                    .copied()
                    .find(|&m| encode_move(m) == Some(e.raw_move))?;
                Some(BookMove {
                    mv,
                    weight: u32::from(e.weight),
                    names: Vec::new(),
                })
            })
            .collect()
    }

    /// The number of distinct positions (keys).
    pub fn positions(&self) -> usize {
        let mut n = 0;
        let mut last = None;
        for e in &self.entries {
            if last != Some(e.key) {
                n += 1;
                last = Some(e.key);
            }
        }
        n
    }
}

/// Checks and reads the entries of a book file's bytes.
pub fn parse(path: &Path, bytes: &[u8]) -> Result<Vec<Entry>, BookError> {
    if looks_like_pgn(bytes) {
        return Err(BookError::Pgn {
            path: path.to_path_buf(),
        });
    }
    let whole = bytes.len() - bytes.len() % ENTRY_SIZE;
    if whole != bytes.len() {
        return Err(BookError::Truncated {
            path: path.to_path_buf(),
            len: bytes.len() as u64,
            offset: whole as u64,
        });
    }
    let mut entries = Vec::with_capacity(bytes.len() / ENTRY_SIZE);
    for (i, chunk) in bytes.chunks_exact(ENTRY_SIZE).enumerate() {
        let offset = (i * ENTRY_SIZE) as u64;
        let mut b = [0u8; ENTRY_SIZE];
        b.copy_from_slice(chunk);
        let e = Entry::from_bytes(&b);
        let corrupt = |reason: String| BookError::Corrupt {
            path: path.to_path_buf(),
            offset,
            reason,
        };
        if let Some(prev) = entries.last().map(|p: &Entry| p.key)
            && e.key < prev
        {
            return Err(corrupt(format!(
                "key {:016x} is smaller than the key {prev:016x} before it (entries must be sorted)",
                e.key
            )));
        }
        if let Some(reason) = impossible_move(e.raw_move) {
            return Err(corrupt(format!("move field {:#06x}: {reason}", e.raw_move)));
        }
        entries.push(e);
    }
    Ok(entries)
}

/// Whether a file's bytes are PGN text: after a byte-order mark and whitespace, a tag
/// pair, a move number or a comment, and the first line all text. A Polyglot book starts
/// with a binary key, the smallest of the book, which is not text for even one line.
fn looks_like_pgn(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = text.trim_ascii_start();
    let line = text.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = &line[..line.len().min(80)];
    let starts = [&b"["[..], b"1.", b"{"].iter().any(|m| line.starts_with(m));
    starts && line.iter().all(|&b| b == b'\t' || b == b'\r' || b >= b' ')
}

/// Why a move field can be no move at all, if it cannot.
fn impossible_move(raw: u16) -> Option<&'static str> {
    let to = raw & 0x3f;
    let from = (raw >> 6) & 0x3f;
    let promotion = (raw >> 12) & 0x7;
    if raw >> 15 != 0 {
        Some("bit 15 is set")
    } else if from == to {
        Some("origin and target are the same square")
    } else if promotion > 4 {
        Some("no such promotion piece")
    } else {
        None
    }
}

/// Writes entries (sorted by key here) to a `.bin` file.
pub fn write(path: &Path, entries: &mut [Entry]) -> Result<(), BookError> {
    entries.sort_by(|a, b| {
        a.key
            .cmp(&b.key)
            .then(b.weight.cmp(&a.weight))
            .then(a.raw_move.cmp(&b.raw_move))
    });
    let mut bytes = Vec::with_capacity(entries.len() * ENTRY_SIZE);
    for e in entries.iter() {
        bytes.extend_from_slice(&e.to_bytes());
    }
    std::fs::write(path, bytes).map_err(|source| BookError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// The Polyglot encoding of a move (castling as king takes own rook); `None` for a drop.
pub fn encode_move(m: Move) -> Option<u16> {
    let (from, to, promotion) = match m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => (from, to, promotion),
        Move::EnPassant { from, to } => (from, to, None),
        Move::Castle { king, rook } => (king, rook, None),
        Move::Put { .. } => return None,
    };
    let promotion_bits: u16 = match promotion {
        None => 0,
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(Role::Queen) => 4,
        Some(_) => return None,
    };
    Some(square_bits(to) | (square_bits(from) << 6) | (promotion_bits << 12))
}

/// Polyglot numbers squares as shakmaty does: file + 8 × rank, a1 = 0.
fn square_bits(sq: Square) -> u16 {
    (sq.file().to_u32() | (sq.rank().to_u32() << 3)) as u16
}

/// The legal move of `pos` that a Polyglot move field stands for, if any.
pub fn decode_move(pos: &Chess, raw: u16) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&m| encode_move(m) == Some(raw))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::tests::after;
    use crate::notation::read_move;

    #[test]
    fn moves_encode_as_polyglot_does() {
        let pos = Chess::default();
        // e2e4: from e2 = 12, to e4 = 28.
        let e4 = read_move(&pos, "e4").unwrap();
        assert_eq!(encode_move(e4), Some((12 << 6) | 28));
        // White short castling is e1h1: from 4, to 7.
        let pos = after("e4 e5 Nf3 Nc6 Bc4 Bc5");
        let castle = read_move(&pos, "O-O").unwrap();
        assert_eq!(encode_move(castle), Some((4 << 6) | 7));
        assert_eq!(decode_move(&pos, (4 << 6) | 7), Some(castle));
        // e1g1 is not how Polyglot writes castling: no legal move has that field.
        assert_eq!(decode_move(&pos, (4 << 6) | 6), None);
        // Black long castling is e8a8.
        let pos = after("d4 d5 c4 Nc6 Nc3 Bf5 Nf3 Qd7 e3");
        let castle = read_move(&pos, "O-O-O").unwrap();
        assert_eq!(encode_move(castle), Some((60 << 6) | 56));
    }

    #[test]
    fn promotions_round_trip() {
        let (pos, _) = crate::rules::parse_fen("8/1P6/8/8/8/8/6k1/4K3 w - - 0 1").unwrap();
        for (text, bits) in [("b8=N", 1u16), ("b8=B", 2), ("b8=R", 3), ("b8=Q", 4)] {
            let m = read_move(&pos, text).unwrap();
            let raw = encode_move(m).unwrap();
            assert_eq!(raw >> 12, bits, "{text}");
            assert_eq!(raw & 0x3f, 57);
            assert_eq!((raw >> 6) & 0x3f, 49);
            assert_eq!(decode_move(&pos, raw), Some(m));
        }
    }

    #[test]
    fn entries_round_trip_through_bytes() {
        let e = Entry {
            key: 0x463b96181691fc9c,
            raw_move: 0x031c,
            weight: 65535,
            learn: 0xdeadbeef,
        };
        let b = e.to_bytes();
        assert_eq!(&b[0..8], &[0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c]);
        assert_eq!(Entry::from_bytes(&b), e);
    }

    #[test]
    fn bad_files_are_typed_errors_with_offsets() {
        let path = Path::new("x.bin");
        let good = Entry {
            key: 5,
            raw_move: (12 << 6) | 28,
            weight: 1,
            learn: 0,
        };
        let mut bytes = good.to_bytes().to_vec();
        bytes.extend_from_slice(&[1, 2, 3]);
        match parse(path, &bytes) {
            Err(BookError::Truncated { offset, len, .. }) => {
                assert_eq!((offset, len), (16, 19));
            }
            other => panic!("expected truncation, got {other:?}"),
        }
        let smaller = Entry { key: 4, ..good };
        let mut bytes = good.to_bytes().to_vec();
        bytes.extend_from_slice(&smaller.to_bytes());
        match parse(path, &bytes) {
            Err(BookError::Corrupt { offset, .. }) => assert_eq!(offset, 16),
            other => panic!("expected corruption, got {other:?}"),
        }
        let same_square = Entry {
            raw_move: (12 << 6) | 12,
            ..good
        };
        let err = parse(path, &same_square.to_bytes()).unwrap_err();
        assert!(err.to_string().contains("x.bin"), "{err}");
        assert!(err.to_string().contains("offset 0"), "{err}");
    }

    #[test]
    fn pgn_text_is_named_as_pgn_not_a_broken_book() {
        let path = Path::new("games.pgn");
        for text in [
            "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
            "\u{feff}\n  [Event \"x\"]\n",
            "1. e4 e5 2. Nf3 Nc6 *\n",
            "{ a comment }\n1. d4 *\n",
        ] {
            let err = parse(path, text.as_bytes()).unwrap_err();
            assert!(matches!(err, BookError::Pgn { .. }), "{text:?}: {err:?}");
            let said = err.to_string();
            assert!(said.contains("this looks like PGN"), "{said}");
            assert!(said.contains("machack book build games.pgn"), "{said}");
        }
        // A book whose first key happens to start with '[' is still a book.
        let entry = Entry {
            key: 0x5b00_0000_0000_0000,
            raw_move: (12 << 6) | 28,
            weight: 1,
            learn: 0,
        };
        assert_eq!(parse(path, &entry.to_bytes()).unwrap(), vec![entry]);
    }

    /// A cheap stand-in for a fuzz target: random bytes, random truncations and random
    /// move fields never panic, and a file that parses only yields legal moves.
    #[test]
    fn random_bytes_never_panic() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let path = Path::new("fuzz.bin");
        for round in 0..500 {
            let len = (next() % 200) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            let _ = parse(path, &bytes);
            // Sorted entries with random move fields, all keyed to the start position.
            let key = polyglot_key(&Chess::default());
            let entries: Vec<Entry> = (0..8)
                .map(|_| Entry {
                    key,
                    raw_move: next() as u16,
                    weight: next() as u16,
                    learn: 0,
                })
                .collect();
            let mut bytes = Vec::new();
            for e in &entries {
                bytes.extend_from_slice(&e.to_bytes());
            }
            if let Ok(parsed) = parse(path, &bytes) {
                let book = PolyglotBook::from_entries(parsed);
                let pos = Chess::default();
                for m in book.moves(&pos) {
                    assert!(pos.is_legal(m.mv), "round {round}");
                }
            }
        }
    }

    #[test]
    fn lookup_skips_illegal_stored_moves() {
        let pos = Chess::default();
        let key = polyglot_key(&pos);
        let book = PolyglotBook::from_entries(vec![
            Entry {
                key,
                raw_move: (12 << 6) | 28, // e2e4
                weight: 10,
                learn: 0,
            },
            Entry {
                key,
                raw_move: (12 << 6) | 36, // e2e5: not legal
                weight: 50,
                learn: 0,
            },
        ]);
        let moves = book.moves(&pos);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].mv, read_move(&pos, "e4").unwrap());
    }
}
